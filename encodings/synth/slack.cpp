// Slack rules (design note in slack.hpp).
#include "encodings/synth/slack.hpp"

namespace schedcert::encodings::synth {

std::int64_t add_slack_rule(Formula& f, const SlackResource& r, std::uint64_t max_slack) {
  const std::uint64_t slots = r.slots.size();
  if (r.needed > slots) {
    f.add_clause(std::vector<Lit>{});  // the counting bound already refutes this
    return 0;
  }
  const std::uint64_t slack = slots - r.needed;
  if (slack > max_slack) return -1;
  if (slack == 0) {
    for (const auto& s : r.slots) f.add_clause(s);
    for (Lit x : r.extra) f.add_clause({-x});
    return 0;
  }
  std::vector<Lit> lits;
  lits.reserve(slots + r.extra.size());
  for (const auto& s : r.slots) lits.push_back(-f.make_or(s));
  lits.insert(lits.end(), r.extra.begin(), r.extra.end());
  f.at_most(std::move(lits), static_cast<unsigned>(slack));
  return static_cast<std::int64_t>(slack);
}

}  // namespace schedcert::encodings::synth
