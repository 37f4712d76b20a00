// Total exchange of Bertsekas et al. 1991, §4: the recursive three-phase construction (MLA,
// phase two overlapping phases one and three) and the sequential one (SLA, MTADEA of [SaS85]).
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// The routes of node 0's packets in the d-cube algorithm T_d. By induction T_d commutes with
// XOR translation (phase two's order depends only on s(i, j, d) = s(0, i xor j, d)), so the
// packet from i to j follows i xor (route of 0 -> i xor j) at the same steps.
struct TeRoutes {
  int d = 0;
  Model model = Model::AllPort;
  std::uint64_t steps = 0;               // T_d
  std::vector<std::uint64_t> begin;      // hops of the packet 0 -> u: [begin[u], begin[u + 1])
  std::vector<std::uint32_t> step;       // 1-based step of each hop, in path order
  std::vector<std::uint8_t> dim;         // dimension crossed by each hop
  std::uint32_t first_step(Node u) const { return step[begin[u]]; }  // s(0, u, d)
};

// all-port: T_(d+1) = 2 T_d, phase two rules (a) and (b) of §4 (ties in s broken by the smaller
// first-hop dimension, the "left to right" order of the Implementation tables).
// single-port-full: phases one after the other, T_(d+1) = 2 T_d + 2^d. Throws InputError for
// d outside 1..kMaxTeDim or another model.
inline constexpr int kMaxTeDim = 22;
TeRoutes te_routes(int d, Model model);

// The root-0 scatter whose translates are the total exchange (one step per step of T_d).
Schedule te_root_schedule(const TeRoutes& routes);
// The total exchange itself: te_root_schedule translated to every root.
Schedule total_exchange(int d, Model model);

// The induction property (6) of §4: N_d(i, n) <= 2^(d-1) + n - 1 for n = 1..2^(d-1), where
// N_d(i, n) counts the packets of its own that node i has transmitted in steps 1..n.
struct InductionReport {
  int d = 0;
  bool holds = false;
  std::int64_t min_slack = 0;  // min over i, n of 2^(d-1) + n - 1 - N_d(i, n) (>= 0 iff holds)
  Node node = 0;               // where the minimum is reached first (the counterexample if < 0)
  std::uint64_t n = 0;
  std::uint64_t count = 0;     // N_d(node, n)
};
// Measured on an explicit total exchange schedule on Q_d (any construction): own packets are
// transmissions whose sender is the item's origin.
InductionReport induction_property(const Schedule& total_exchange);
// Measured on the root routes; by translation N_d(i, n) = N_d(0, n) for every i.
InductionReport induction_property(const TeRoutes& routes);

}  // namespace schedcert::schedules::constructions::bertsekas1991
