// A greedy list schedule used only as phase hints for the exact time-indexed query (issue 19:
// "phase/decision hints from a greedy schedule"). It proves nothing and decides nothing: the SAT
// solver starts its search from the greedy's choices (CaDiCaL `phase`), every answer is still the
// solver's, every Found schedule is still verified natively, every UNSAT still proof-checked.
//
// Scope: items of one packet each (B = 1, not combining, not ordered) under all-port or single-port
// full duplex. Each step the planner moves items along shortest paths (a personalised item by one
// hop towards its target, one copy; an item every node needs to any neighbour lacking it), the
// items with the most distance left first, ties broken at random, obeying link multiplicities
// (all-port) or one send and one receive per node (single-port). Several randomised tries; the
// plan that delivers the most (item, node) pairs by step T is kept.
#pragma once
#include <cstdint>
#include <vector>

#include "encodings/synth_flow.hpp"
#include "schedules/model.hpp"

namespace schedcert::encodings::synth {

struct GreedyPlan {
  // sends[t]: (item index, link) moved in step t, t < T.
  std::vector<std::vector<std::pair<std::size_t, std::uint32_t>>> sends;
  std::uint64_t delivered = 0, needed = 0;  // (item, node) pairs held at T, and required
  bool complete() const { return delivered == needed; }
};

// False when the problem is outside the planner's scope.
bool greedy_applicable(schedules::Model m, const schedules::Problem& p);
GreedyPlan greedy_plan(const Topology& topo, schedules::Model m, const std::vector<FlowItem>& items,
                       unsigned steps, unsigned tries, std::uint64_t seed = 1);

}  // namespace schedcert::encodings::synth
