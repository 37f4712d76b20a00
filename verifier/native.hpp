// The native verifier: checks every rule of the model over a schedule held in memory.
// See native.cpp for the algorithm; verdict.hpp for the order that defines "first violation".
#pragma once
#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::verifier {

// How the rules are checked. All paths must give the same verdict; tests force each to compare.
//  Bitset:  item rules in step order over a nodes x items bitset (neither combining nor
//           ordered problems, at most 2^31 bits).
//  Buckets: item rules item by item, O(nodes + items + transmissions) memory.
//  Compact: the bucket algorithm over the nodes and items the schedule touches, renumbered
//           densely: memory proportional to the schedule, not to the network (one edge on Q31).
//  Auto:    Compact when the network and its items are much larger than the schedule (more
//           than 2^22 node and item cells and more than 4 per transmission and item slot), else
//           Bitset when it applies and fits, else Buckets.
enum class NativePath { Auto, Buckets, Bitset, Compact };

Verdict verify_native(const schedules::Schedule& s, NativePath path = NativePath::Auto);

// Only the per-step rules (adjacency, packet, link capacity, port limits): the first violation
// of those in the order of verdict.hpp, ignoring causality, ordering and completion. Used by
// the symmetric check to locate a collision exactly inside one step of a translated schedule.
std::optional<Violation> first_step_rule_violation(const schedules::Schedule& s);

}  // namespace schedcert::verifier
