// Pipelined broadcast of Q packets down one spanning tree with a fixed period: the common
// mechanism behind the SBT, Hamiltonian-path and TCBT broadcasts of Ho-Johnsson 1986 (§3.3.1,
// §3.4, Tables 1-3).
//
// A node v first receives at step T(v) = T(parent) + offset(v) (T(root) = 0) and packet p at
// step T(v) + period * p. With the children of every node ordered (offsets 1, 2, ..., deg):
//   all-port:          every offset 1, period 1: a packet moves one level per step;
//   single-port-full:  period = largest out-degree: a node's sends fall on distinct residues;
//   single-port-half:  period = max over nodes of out-degree + (1 if it receives): a node's
//                      receive and its sends fall on distinct residues mod the period.
// Hence T = max_v T(v) + period * (Q - 1) steps; the propagation delay is max_v T(v) and the
// number of cycles per packet is the period (Ho-Johnsson's Tables 1 and 2).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// Children of v in the order they are served; the default orders by decreasing subtree height,
// then by decreasing subtree size, then by node id.
using ChildOrder = std::function<std::vector<Node>(Node v, const std::vector<Node>& children)>;

struct TimedTree {
  SpanningTree tree;
  std::vector<std::uint32_t> offset;  // T(v) - T(parent(v)); 0 at the root
  std::uint32_t period = 1;
};

TimedTree time_tree(SpanningTree tree, Model model, const ChildOrder& order = nullptr);

Schedule periodic_tree_broadcast(const TimedTree& t, Model model, std::uint32_t M,
                                 std::uint32_t B);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
