#pragma once
#include <optional>
#include <string>

#include "schedules/schedule.hpp"

namespace schedcert::schedules::transforms {

// The multinode problem a single-node problem becomes when every node runs it:
// broadcast -> multinode-broadcast, scatter -> total-exchange, gather -> total-exchange,
// accumulation -> multinode-accumulation.
ProblemKind multinode_kind(ProblemKind single);

// Maps an item of the root-0 problem to the item of the translate rooted at t.
Item translate_item(const Network& net, const Problem& single, Item i, Node t);

// Replicates a schedule rooted at node 0 to every root t by the translation v -> v + t (XOR on
// Q_d, digit-wise addition mod k on tori and K_n). Within a step, root t's copies come in
// increasing t, each in the order of the root schedule. Throws InputError when the network is
// not translation invariant (a path factor), the root is not 0, or the problem is not
// single-node.
Schedule translate_to_all_roots(const Schedule& rooted_at_0);

// The reverse, for a schedule file (issue 29: `verify FILE --engine symmetric` refused every
// file): the root-0 single-node schedule R with translate_to_all_roots(R) equal to s,
// transmission for transmission and in the same order, which is what `generate` writes for a
// construction built as a translate. R is root 0's copies (the first 1/n of every step) with
// their items mapped back; the equality is checked by building the translate and comparing.
// A total exchange is tried as translated scatters, then as translated gathers. nullopt, with
// the reason in *why, when s is not such a schedule.
std::optional<Schedule> root_of_translate(const Schedule& s, std::string* why);

}  // namespace schedcert::schedules::transforms
