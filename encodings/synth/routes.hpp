// Balanced shortest-path routes for personalised items: the routes phase of synthesis.hpp.
//
// Idea (route first, schedule second, as in oblivious routing and the job-shop view of packet
// scheduling; issue 19): a personalised item (one origin, one target) needs a single path, and a
// schedule of T steps exists for fixed paths exactly when the unit-time job shop they define
// (one job per item, one machine per directed link, operations in path order) fits in T steps.
// balanced_routes() picks, for every personalised item, a shortest path that keeps the link
// loads level: paths are chosen one item at a time on the shortest-path DAG, each link costing
// the growth of (load / multiplicity)^2, then every item is ripped up and re-routed for a few
// rounds while the sum of squares falls. The order and tie-breaks come from a fixed seed, so a
// run is reproducible.
// The time-indexed encoding restricted to these links (EncodeFlags::routes) is a restricted
// search like the Cayley phase: SAT gives a schedule (checked natively like every other), UNSAT
// proves nothing and the exact query follows. On a tight instance (the Q4 and C4xC4 total
// exchanges at T = 8 fill every link in every step) the restricted query is a small job shop the
// solver answers at once while the exact query is not answered in minutes (docs/synthesis.md).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"

namespace schedcert::encodings::synth {

// routes[i]: the sorted links flow item i may use; empty: item i is not restricted.
using Routes = std::vector<std::vector<std::uint32_t>>;

struct RoutePlan {
  Routes routes;
  std::uint32_t restricted = 0;  // items given a path
  double max_load = 0;           // the most packets a link must carry, over its multiplicity
  unsigned rounds = 0;           // rip-up-and-re-route rounds run
  // Empty when the restricted query may be tried; else why it is not: it cannot succeed in
  // `steps` steps (a route longer than that, a link or a port with more packets than the steps
  // can carry), or the routing itself is beyond the phase's work limit.
  std::string hopeless;
  std::string summary() const;
};

// Routes for the personalised, unordered items of `items` (a problem with none gets an empty
// plan: restricted == 0). `steps` and `model` only decide `hopeless`.
RoutePlan balanced_routes(const Topology& topo, const std::vector<FlowItem>& items,
                          schedules::Model model, unsigned steps, std::uint64_t seed = 1);

}  // namespace schedcert::encodings::synth
