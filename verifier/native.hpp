// The native verifier: checks every rule of the model over a schedule held in memory.
// See native.cpp for the algorithm; verdict.hpp for the order that defines "first violation".
#pragma once
#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::verifier {

// How the item rules are checked: Auto picks the bitset path (step order over a nodes x items
// bitset) when the problem is neither combining nor ordered and the bitset has at most 2^31
// bits, else the bucket path (item by item, O(nodes + transmissions) memory). Both must give
// the same verdict; tests force each to compare them.
enum class NativePath { Auto, Buckets, Bitset };

Verdict verify_native(const schedules::Schedule& s, NativePath path = NativePath::Auto);

// Only the per-step rules (adjacency, packet, link capacity, port limits): the first violation
// of those in the order of verdict.hpp, ignoring causality, ordering and completion. Used by
// the symmetric check to locate a collision exactly inside one step of a translated schedule.
std::optional<Violation> first_step_rule_violation(const schedules::Schedule& s);

}  // namespace schedcert::verifier
