// Native spanning-tree check for alpha (alpha.hpp): a fresh, solver-independent re-check of
// the tree the max-leaf search returns. It takes nothing from the search: it checks that every
// edge joins two hypercube neighbours, that there are exactly 2^d - 1 distinct edges and that
// they connect all 2^d nodes (union-find), then counts the nodes of degree 1.
#include <algorithm>
#include <numeric>
#include <set>

#include "encodings/alpha/alpha.hpp"
#include "schedules/io/check_log.hpp"

namespace schedcert::encodings::alpha {

std::optional<unsigned> spanning_tree_leaves(int d, const std::vector<std::pair<Node, Node>>& edges,
                                             std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<unsigned> {
    if (why) *why = w;
    schedules::io::note_check("tree", false, w);
    return std::nullopt;
  };
  if (d < 1 || d > 20) return fail("dimension out of range");
  const Node n = Node{1} << d;
  if (edges.size() != n - 1)
    return fail("a spanning tree of Q" + std::to_string(d) + " has " + std::to_string(n - 1) +
                " edges, not " + std::to_string(edges.size()));
  std::vector<Node> parent(n);
  std::iota(parent.begin(), parent.end(), Node{0});
  auto find = [&](Node v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  std::vector<unsigned> degree(n, 0);
  std::set<std::pair<Node, Node>> seen;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    auto [u, v] = edges[i];
    const std::string at = "edge " + std::to_string(i) + " (" + std::to_string(u) + ", " +
                           std::to_string(v) + ")";
    if (u >= n || v >= n) return fail(at + ": node out of range");
    const Node x = u ^ v;
    if (x == 0 || (x & (x - 1)) != 0) return fail(at + ": not a hypercube edge");
    if (!seen.insert({std::min(u, v), std::max(u, v)}).second) return fail(at + ": repeated");
    const Node a = find(u), b = find(v);
    if (a == b) return fail(at + ": closes a cycle");
    parent[a] = b;
    ++degree[u];
    ++degree[v];
  }
  // n - 1 edges without a cycle: a spanning tree.
  const auto leaves = static_cast<unsigned>(std::count(degree.begin(), degree.end(), 1u));
  schedules::io::note_check("tree", true,
                            "Q" + std::to_string(d) + ", " + std::to_string(leaves) + " leaves");
  return leaves;
}

}  // namespace schedcert::encodings::alpha
