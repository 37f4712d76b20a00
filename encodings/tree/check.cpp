// Solver-free check of a rooted spanning tree (check.hpp has the design note).
#include "encodings/tree/check.hpp"

#include <algorithm>
#include <queue>

namespace schedcert::encodings::tree {

std::optional<TreeMetrics> check_tree(const Network& net, const RootedTree& t, std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<TreeMetrics> {
    if (why) *why = w;
    return std::nullopt;
  };
  const std::uint64_t n64 = net.size();
  if (n64 > (std::uint64_t{1} << 24)) return fail("network too large for a tree check");
  const Node n = static_cast<Node>(n64);
  if (t.parent.size() != n)
    return fail("the tree has " + std::to_string(t.parent.size()) + " parent entries, the network " +
                std::to_string(n) + " nodes");
  if (t.root >= n) return fail("root " + std::to_string(t.root) + " is not a node");
  if (t.parent[t.root] != kNoParent) return fail("the root " + std::to_string(t.root) + " has a parent");
  std::vector<std::uint32_t> children(n, 0);
  for (Node v = 0; v < n; ++v) {
    if (v == t.root) continue;
    const Node p = t.parent[v];
    if (p == kNoParent) return fail("node " + std::to_string(v) + " has no parent but is not the root");
    if (p >= n) return fail("node " + std::to_string(v) + ": parent " + std::to_string(p) + " is not a node");
    if (!net.adjacent(v, p))
      return fail("node " + std::to_string(v) + ": parent " + std::to_string(p) + " is not a neighbour in " +
                  net.name());
    ++children[p];
  }
  // Depths by walking up; a walk longer than n - 1 steps means a cycle.
  constexpr std::uint32_t kUnknown = ~std::uint32_t{0};
  TreeMetrics m;
  m.nodes = n;
  m.depth.assign(n, kUnknown);
  m.depth[t.root] = 0;
  std::vector<Node> path;
  for (Node v = 0; v < n; ++v) {
    path.clear();
    Node u = v;
    while (m.depth[u] == kUnknown) {
      path.push_back(u);
      if (path.size() > n) return fail("the parent pointers from node " + std::to_string(v) + " cycle");
      u = t.parent[u];
    }
    std::uint32_t d = m.depth[u];
    for (auto it = path.rbegin(); it != path.rend(); ++it) m.depth[*it] = ++d;
  }
  for (Node v = 0; v < n; ++v) {
    const std::uint32_t degree = children[v] + (v == t.root ? 0 : 1);
    if (degree == 1) ++m.leaves;
    m.height = std::max(m.height, m.depth[v]);
  }
  // Subtree of each root child: the depth-1 ancestor of every node.
  std::vector<std::uint32_t> size(n, 0);
  for (Node v = 0; v < n; ++v) {
    if (v == t.root) continue;
    Node u = v;
    while (t.parent[u] != t.root) u = t.parent[u];
    ++size[u];
  }
  for (Node v = 0; v < n; ++v)
    if (v != t.root && t.parent[v] == t.root) {
      m.root_subtrees.emplace_back(v, size[v]);
      m.max_subtree = std::max(m.max_subtree, size[v]);
    }
  return m;
}

RootedTree bfs_tree(const Network& net, Node root) {
  const Node n = net.num_nodes();
  RootedTree t{root, std::vector<Node>(n, kNoParent)};
  std::vector<bool> seen(n, false);
  std::queue<Node> q;
  q.push(root);
  seen[root] = true;
  while (!q.empty()) {
    const Node u = q.front();
    q.pop();
    net.for_each_neighbour(u, [&](Node v, int) {
      if (seen[v]) return;
      seen[v] = true;
      t.parent[v] = u;
      q.push(v);
    });
  }
  return t;
}

RootedTree translate_tree(const Network& net, const RootedTree& t, Node by) {
  RootedTree out{net.translate(t.root, by), std::vector<Node>(t.parent.size(), kNoParent)};
  for (Node v = 0; v < t.parent.size(); ++v)
    if (t.parent[v] != kNoParent) out.parent[net.translate(v, by)] = net.translate(t.parent[v], by);
  return out;
}

std::string tree_edges_text(const RootedTree& t) {
  std::string s;
  for (Node v = 0; v < t.parent.size(); ++v) {
    if (t.parent[v] == kNoParent) continue;
    if (!s.empty()) s += ' ';
    s += std::to_string(t.parent[v]) + "<-" + std::to_string(v);
  }
  return s;
}

}  // namespace schedcert::encodings::tree
