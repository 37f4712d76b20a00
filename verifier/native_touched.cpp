// What the compact path of the native verifier needs beyond the passes: the touched nodes and
// items of a schedule, the completion of the items no transmission carries, and the number of
// directed links computed from the factors (so no loop runs over 2^31 nodes).
#include "verifier/native_detail.hpp"

namespace schedcert::verifier::detail {

using schedules::kAllNodes;
using schedules::ProblemKind;

Touched Touched::of(const Schedule& s) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  const std::uint64_t items = prob.num_items(n);
  Touched t;
  t.nodes.reserve(2 * s.num_transmissions() + 1);
  t.nodes.insert(t.nodes.end(), s.from_array().begin(), s.from_array().end());
  t.nodes.insert(t.nodes.end(), s.to_array().begin(), s.to_array().end());
  for (std::size_t k = 0; k < s.num_transmissions(); ++k)
    for (Item i : s.packet(k))
      if (i < items) t.items.push_back(i);
  std::sort(t.items.begin(), t.items.end());
  t.items.erase(std::unique(t.items.begin(), t.items.end()), t.items.end());
  for (Item i : t.items) {
    t.nodes.push_back(prob.origin(i, n));
    const Node target = prob.target(i, n);
    if (target != kAllNodes) t.nodes.push_back(target);
    if (prob.ordered() && i > 0) t.nodes.push_back(prob.origin(i - 1, n));
  }
  std::sort(t.nodes.begin(), t.nodes.end());
  t.nodes.erase(std::unique(t.nodes.begin(), t.nodes.end()), t.nodes.end());
  return t;
}

namespace {

// The end of the run of items sharing item i's origin and target (problem.hpp numbering): the M
// messages of one (source, destination) group, or the item alone.
Item run_end(const Problem& p, Item i) {
  const std::uint64_t m = std::max<std::uint64_t>(p.messages, 1);
  switch (p.kind) {
    case ProblemKind::Broadcast:
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce:
    case ProblemKind::TotalExchange: return (i / m + 1) * m;
    case ProblemKind::Accumulation:
    case ProblemKind::MultinodeAccumulation:
    case ProblemKind::SuccessiveBroadcast: return i + 1;
  }
  return i + 1;
}

}  // namespace

// An untouched item is held by its origin alone, so it is complete iff its only target is its
// origin (a single node network: every item). Runs of such items are skipped whole; consecutive
// runs never both qualify in the numbering of problem.hpp, so the loop is O(touched items).
std::optional<std::pair<Item, Node>> first_incomplete_untouched(const Problem& p, std::uint64_t n,
                                                                const std::vector<Item>& touched) {
  if (n <= 1) return std::nullopt;
  const std::uint64_t items = p.num_items(n);
  std::size_t j = 0;
  for (Item i = 0; i < items;) {
    while (j < touched.size() && touched[j] < i) ++j;
    if (j < touched.size() && touched[j] == i) {
      ++i;
      continue;
    }
    const Node origin = p.origin(i, n), target = p.target(i, n);
    if (target == kAllNodes) return std::make_pair(i, Node{origin == 0 ? 1u : 0u});
    if (target != origin) return std::make_pair(i, target);
    i = run_end(p, i);
  }
  return std::nullopt;
}

// Sum over nodes of the degree, factor by factor: degree(v) = sum_i g_i(digit_i(v)), so the
// total is sum_i (n / s_i) * sum_a g_i(a). With v_a the node whose digits are 0 except a in
// dimension i, g_i(a) = degree(v_a) - degree(0) + g_i(0), and sum_i g_i(0) = degree(0); hence
// total = n * degree(0) + sum_i (n / s_i) * sum_a (degree(v_a) - degree(0)).
std::uint64_t directed_links(const Network& net) {
  const std::uint64_t n = net.size();
  const std::int64_t d0 = net.degree(0);
  std::int64_t total = static_cast<std::int64_t>(n) * d0;
  for (int i = 0; i < net.dims(); ++i) {
    const std::uint32_t size = net.factors()[static_cast<std::size_t>(i)].size;
    std::int64_t sum = 0;
    for (std::uint32_t a = 0; a < size; ++a)
      sum += static_cast<std::int64_t>(net.degree(net.with_digit(0, i, a))) - d0;
    total += static_cast<std::int64_t>(n / size) * sum;
  }
  return static_cast<std::uint64_t>(total);
}

}  // namespace schedcert::verifier::detail
