// Slack rules: implied constraints for nearly saturated resources (the "throughput-bound" cases
// of issue 4, where the counting bound is tight: total exchange on Q_d in 2^(d-1) steps uses
// every directed link in every step, Bertsekas et al. 1991 §4).
//
// A resource is a set of slots (a directed link in a step, an edge type in a step of a Cayley
// pattern, a node's receive port in a step, ...). Each slot holds at most one transmission, each
// transmission of interest occupies exactly one slot, and the normalised schedule (flow.hpp)
// needs at least `needed` + (number of `extra` transmissions) of them, where the extras are
// transmissions beyond the minimum: a personalised item moving to a node that is not closer to
// its target (its path is then at least one hop longer than the distance), or a node receiving
// an item it only forwards. Hence
//     #idle slots + #extras <= #slots - needed           (the slack S)
// With S = 0 this is a clause per slot (it must be busy) and every extra is false; otherwise one
// at-most-S cardinality constraint. Proof in docs/synthesis.md ("Slack rules").
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "encodings/synth/formula.hpp"

namespace schedcert::encodings::synth {

struct SlackResource {
  std::vector<std::vector<Lit>> slots;  // per slot: the send literals that would occupy it
  std::vector<Lit> extra;               // transmissions beyond the minimum (see above)
  std::uint64_t needed = 0;             // transmissions every normalised schedule needs
};

// Adds the rule when the slack is at most max_slack. Returns the slack (or -1 if not added).
std::int64_t add_slack_rule(Formula& f, const SlackResource& r, std::uint64_t max_slack);

}  // namespace schedcert::encodings::synth
