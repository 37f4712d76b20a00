// The native verifier's violations and their one-sentence messages (steps numbered from 1).
#include "verifier/native_detail.hpp"

namespace schedcert::verifier::detail {

namespace {

std::string tx_label(const Schedule& s, std::size_t k, std::size_t step) {
  std::string items;
  auto pk = s.packet(k);
  for (std::size_t j = 0; j < pk.size() && j < 4; ++j)
    items += (j ? "," : "") + std::to_string(pk[j]);
  if (pk.size() > 4) items += ",...";
  return "step " + std::to_string(step + 1) + ", transmission " + std::to_string(k) + " (" +
         std::to_string(s.from(k)) + " -> " + std::to_string(s.to(k)) + ", item" +
         (pk.size() > 1 ? "s " : " ") + items + ")";
}

}  // namespace

Violation make(Rule r, const Schedule& s, std::size_t k, std::size_t step, Item item, Node node,
               const std::string& what) {
  Violation v;
  v.rule = r;
  v.transmission = static_cast<std::int64_t>(k);
  v.step = static_cast<std::int64_t>(step);
  v.from = s.from(k);
  v.to = s.to(k);
  v.item = item;
  v.node = node;
  v.message = tx_label(s, k, step) + ": " + to_string(r) + ": " + what;
  return v;
}

Violation completion_violation(const Schedule& s, Item i, Node node) {
  const std::uint64_t n = s.network().size();
  Violation c;
  c.rule = Rule::Completion;
  c.item = i;
  c.node = node;
  c.message = "completion: node " + std::to_string(node) + " never receives " +
              s.problem().describe_item(i, n) + " (after " + std::to_string(s.num_steps()) +
              " steps)";
  return c;
}

Violation causality_violation(const Schedule& s, std::size_t k, std::size_t st, Item i,
                              const std::string& when) {
  const std::uint64_t n = s.network().size();
  const Node f = s.from(k);
  return make(Rule::Causality, s, k, st, i, f,
              "node " + std::to_string(f) + " sends " + s.problem().describe_item(i, n) +
                  " but does not hold it at the start of step " + std::to_string(st + 1) + " (" +
                  when + "; store-and-forward)");
}

}  // namespace schedcert::verifier::detail
