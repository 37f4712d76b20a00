#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

#include <algorithm>
#include <bit>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
bool adjacent(Node a, Node b) { return std::popcount(a ^ b) == 1; }
std::string str(Node v) { return std::to_string(v); }
}  // namespace

void check_dim_root(int dim, Node root, int max_dim, const std::string& who) {
  if (dim < 1 || dim > max_dim)
    throw InputError("--dim: " + who + " takes n in [1, " + std::to_string(max_dim) + "], not " +
                     std::to_string(dim));
  if (root >= (Node{1} << dim))
    throw InputError("--root: node " + str(root) + " is out of range for Q" + std::to_string(dim));
}

StructuralCheck materialise(const std::string& what, int dim, Node root, const ParentFn& parent,
                            SpanningTree& out) {
  StructuralCheck c;
  c.property = what + ": parent function defines a spanning tree rooted at " + str(root);
  const Node n = Node{1} << dim;
  out.dim = dim;
  out.root = root;
  out.parent.assign(n, kNone);
  out.depth.assign(n, 0);
  out.height = 0;
  auto fail = [&](const std::string& why) {
    c.holds = false;
    c.counterexample = why;
    return c;
  };
  for (Node v = 0; v < n; ++v) {
    const Node p = parent(v);
    out.parent[v] = p;
    if (v == root && p != kNone) return fail("the root " + str(v) + " has parent " + str(p));
    if (v != root && p == kNone) return fail("node " + str(v) + " has no parent");
    if (v != root && (p >= n || !adjacent(v, p)))
      return fail("parent " + str(p) + " of node " + str(v) + " is not a neighbour");
  }
  // Depths by walking up to a node of known depth; a walk longer than N means a cycle.
  std::vector<std::uint8_t> known(n, 0);
  known[root] = 1;
  std::vector<Node> path;
  for (Node v = 0; v < n; ++v) {
    path.clear();
    Node u = v;
    while (!known[u]) {
      path.push_back(u);
      if (path.size() > n) return fail("parent pointers from node " + str(v) + " cycle");
      u = out.parent[u];
    }
    std::uint32_t d = out.depth[u];
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      out.depth[*it] = ++d;
      known[*it] = 1;
    }
  }
  for (Node v = 0; v < n; ++v) out.height = std::max(out.height, static_cast<int>(out.depth[v]));
  c.measured = "height " + std::to_string(out.height);
  return c;
}

StructuralCheck check_consistency(const std::string& what, int dim, Node root,
                                  const ParentFn& parent, const ChildrenFn& children) {
  SpanningTree t;
  StructuralCheck c = materialise(what, dim, root, parent, t);
  c.property = what + ": parent and children functions are consistent and span Q" +
               std::to_string(dim);
  if (!c.holds) return c;
  const Node n = Node{1} << dim;
  std::uint64_t total = 0;
  for (Node v = 0; v < n; ++v) {
    std::vector<Node> ch = children(v);
    total += ch.size();
    std::vector<Node> sorted = ch;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      c.holds = false;
      c.counterexample = "children(" + str(v) + ") lists a node twice";
      return c;
    }
    for (Node q : ch)
      if (q >= n || !adjacent(q, v) || t.parent[q] != v) {
        c.holds = false;
        c.counterexample = "children(" + str(v) + ") contains " + str(q) + " but parent(" +
                           str(q) + ") = " +
                           (q < n && t.parent[q] != kNone ? str(t.parent[q]) : "phi");
        return c;
      }
  }
  if (total != n - 1) {
    c.holds = false;
    c.counterexample = "the children lists hold " + std::to_string(total) + " nodes, not N-1 = " +
                       std::to_string(n - 1) + " (some node is missing from its parent's list)";
    return c;
  }
  return c;
}

std::vector<std::vector<Node>> children_lists(const SpanningTree& t) {
  std::vector<std::vector<Node>> ch(t.parent.size());
  for (Node v = 0; v < t.parent.size(); ++v)
    if (t.parent[v] != kNone) ch[t.parent[v]].push_back(v);
  return ch;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
