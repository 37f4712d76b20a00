// Pass 2 of the native verifier, step by step over a nodes x items bitset: the fast path for
// problems whose only item rule is causality (neither combining nor ordered) when the bitset is
// small (at most 2^31 bits). Receptions of a step are applied at its end (store-and-forward).
// Completion: lowest item first; broadcast-type items by an AND over nodes, word by word.
#include "verifier/native_detail.hpp"

namespace schedcert::verifier::detail {

using schedules::kAllNodes;

ItemPass item_pass_bitset(const Schedule& s, std::size_t limit) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  const std::uint64_t items = prob.num_items(n);
  const std::uint64_t words = (items + 63) / 64;
  std::vector<std::uint64_t> holds(n * words, 0);
  auto bit = [&](Node v, Item i) -> bool { return (holds[v * words + (i >> 6)] >> (i & 63)) & 1; };
  auto set = [&](Node v, Item i) { holds[v * words + (i >> 6)] |= std::uint64_t{1} << (i & 63); };
  for (Item i = 0; i < items; ++i) set(prob.origin(i, n), i);
  ItemPass out;
  std::vector<std::pair<Node, Item>> pending;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::size_t end = std::min(s.step_end(st), limit);
    for (std::size_t k = s.step_begin(st); k < end; ++k) {
      const Node f = s.from(k), t = s.to(k);
      std::optional<Item> missing;
      for (Item i : s.packet(k)) {
        if (i >= items) continue;
        if (!bit(f, i)) {
          if (!missing || i < *missing) missing = i;
        } else {
          pending.emplace_back(t, i);
        }
      }
      if (missing) {
        std::string when = "it never receives it before";
        for (auto [v, i] : pending)
          if (v == f && i == *missing) when = "it only receives it in step " + std::to_string(st + 1);
        out.first_tx = causality_violation(s, k, st, *missing, when);
        return out;
      }
    }
    for (auto [v, i] : pending) set(v, i);
    pending.clear();
  }
  if (limit != s.num_transmissions()) return out;
  // Completion, lowest item first: broadcast-type items by AND over nodes, word by word.
  std::vector<std::uint64_t> all(words, ~std::uint64_t{0});
  bool every_node = false;
  for (Item i = 0; i < items && !every_node; ++i) every_node = prob.target(i, n) == kAllNodes;
  if (every_node)
    for (Node v = 0; v < n; ++v)
      for (std::uint64_t w = 0; w < words; ++w) all[w] &= holds[v * words + w];
  for (Item i = 0; i < items; ++i) {
    const Node target = prob.target(i, n);
    if (target == kAllNodes) {
      if ((all[i >> 6] >> (i & 63)) & 1) continue;
      Node v = 0;
      while (bit(v, i)) ++v;
      out.completion = completion_violation(s, i, v);
      break;
    }
    if (!bit(target, i)) {
      out.completion = completion_violation(s, i, target);
      break;
    }
  }
  return out;
}

}  // namespace schedcert::verifier::detail
