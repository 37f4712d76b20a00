// Spanning binomial tree broadcast (Bertsekas et al. 1991, §2, Fig. 4; the same tree as
// Ho-Johnsson 1986 §3.1 up to relabelling of dimensions).
//
// Tree rooted at 0: the children of x are x with one bit j set, for every j below the lowest
// set bit of x (for the root, every j < d). Written with the most significant bit on the left,
// as in Fig. 4, root 00..0 sends to 10..0, 01..0, ..., 00..1.
// All-port (MLA): node x receives at step popcount(x), its depth.
// Single-port (SLA): the priority rule "larger identity numbers first": node x, which receives at
// step d - low(x), sends to its children in decreasing j, one per step, so child x|2^j receives
// at step d - j. Every node sends at most once and receives at most once per step.
// Any root r: the XOR translate by r, an automorphism of Q_d.
#include "schedules/constructions/sbt_broadcast.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions {

int sbt_receive_step(int d, Node x, Model model) {
  if (x == 0) return 0;
  if (model == Model::AllPort) return std::popcount(x);
  return d - std::countr_zero(x);
}

Schedule sbt_broadcast(int d, Node root, Model model) {
  Network net = Network::hypercube(d);
  if (root >= net.size())
    throw InputError("--root: node " + std::to_string(root) + " is out of range for Q" +
                     std::to_string(d));
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError("--model: sbt-broadcast is built for all-port and single-port-full");
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.root = root;
  Schedule s(net, model, p);
  const Node n = static_cast<Node>(net.size());
  // Bucket the tree edges (parent -> child) by the step at which the child receives.
  std::vector<std::vector<std::pair<Node, Node>>> by_step(static_cast<std::size_t>(d) + 1);
  for (Node x = 1; x < n; ++x) {
    const int low = std::countr_zero(x);
    const Node parent = x & ~(Node{1} << low);
    by_step[static_cast<std::size_t>(sbt_receive_step(d, x, model))].emplace_back(parent, x);
  }
  s.reserve(n - 1);
  for (int t = 1; t <= d; ++t) {
    s.begin_step();
    for (auto [u, v] : by_step[static_cast<std::size_t>(t)]) s.add(u ^ root, v ^ root, Item{0});
  }
  return s;
}

}  // namespace schedcert::schedules::constructions
