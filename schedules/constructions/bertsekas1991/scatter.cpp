// Single-node scatter (Bertsekas et al. 1991, §3, "Single Node Scatter Under the MLA
// Assumption" and "... Under the SLA Assumption").
//
// Rule of §3: "continuously send packets to distinct nodes in the subtree (using only links in
// T), giving priority to nodes furthest away from s". farthest_first_scatter() sorts the
// destinations of each group (one group per root subtree under MLA, one group of all nodes under
// SLA) by decreasing depth, ties by node id; the r-th packet of a group leaves the root at step r
// and crosses the j-th link of its path at step r + j - 1. Within a group two packets on the
// same link in one step would have the same r, so link capacity holds; under SLA a node at depth
// j - 1 sends only the packet with r = step - j + 1, so one send and one receive per node per
// step. Time: the paper's argument gives max N_i (MLA) and sum N_i = 2^d - 1 (SLA). On a
// shortest-path tree the transmissions are sum of distances = d 2^(d-1).
#include "schedules/constructions/bertsekas1991/scatter.hpp"

#include <algorithm>
#include <bit>

#include "schedules/constructions/bertsekas1991/scatter_tree.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

Schedule farthest_first_scatter(int d, Node root, Model model, const std::vector<Node>& parent) {
  const std::uint64_t n = std::uint64_t{1} << d;
  if (root >= n)
    throw InputError("--root: node " + std::to_string(root) + " is out of range for Q" +
                     std::to_string(d));
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError("--model: the §3 scatter is built for all-port and single-port-full, not " +
                     to_string(model));
  // Depth and root subtree of every node (parents may come in any order: memoised walk).
  std::vector<int> depth(n, -1);
  std::vector<Node> top(n, 0);
  depth[0] = 0;
  std::vector<Node> stack;
  for (Node t = 1; t < n; ++t) {
    Node x = t;
    while (depth[x] < 0) {
      stack.push_back(x);
      x = parent[x];
    }
    while (!stack.empty()) {
      const Node y = stack.back();
      stack.pop_back();
      depth[y] = depth[parent[y]] + 1;
      top[y] = parent[y] == 0 ? y : top[parent[y]];
    }
  }
  std::vector<Node> order;
  order.reserve(n - 1);
  for (Node t = 1; t < n; ++t) order.push_back(t);
  const bool per_subtree = model == Model::AllPort;
  std::stable_sort(order.begin(), order.end(), [&](Node a, Node b) {
    if (per_subtree && top[a] != top[b]) return top[a] < top[b];
    return depth[a] > depth[b];
  });
  struct Hop {
    Node from, to;
    Item item;
  };
  std::vector<std::vector<Hop>> by_step;
  std::uint64_t turn = 0;
  std::vector<Node> path;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Node v = order[k];
    turn = (per_subtree && k > 0 && top[order[k - 1]] != top[v]) ? 1 : turn + 1;
    path.clear();
    for (Node x = v; x != 0; x = parent[x]) path.push_back(x);
    std::reverse(path.begin(), path.end());
    Node from = 0;
    for (std::size_t j = 0; j < path.size(); ++j) {
      const std::uint64_t st = turn + j;  // 1-based step of the (j+1)-th link
      if (by_step.size() <= st) by_step.resize(st + 1);
      by_step[st].push_back({from ^ root, path[j] ^ root, Item{v ^ root}});
      from = path[j];
    }
  }
  Problem p;
  p.kind = ProblemKind::Scatter;
  p.root = root;
  Schedule s(Network::hypercube(d), model, p);
  for (std::size_t st = 1; st < by_step.size(); ++st) {
    s.begin_step();
    for (const Hop& h : by_step[st]) s.add(h.from, h.to, h.item);
  }
  return s;
}

Schedule scatter_mla(int d, Node root) {
  return farthest_first_scatter(d, root, Model::AllPort, scatter_tree(d).parent);
}

Schedule scatter_sla(int d, Node root, const std::string& variant) {
  if (variant.empty() || variant == "sbt")
    return farthest_first_scatter(d, root, Model::SinglePortFull, sbt_parents(d));
  if (variant == "fig7")
    return farthest_first_scatter(d, root, Model::SinglePortFull, scatter_tree(d).parent);
  throw InputError("--variant: the SLA scatter takes 'sbt' (default) or 'fig7', not '" + variant +
                   "'");
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
