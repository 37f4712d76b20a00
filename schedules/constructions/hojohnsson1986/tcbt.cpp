// Two-rooted complete binary tree (TCBT) broadcast. Ho-Johnsson 1986 cite [2, 3] for the TCBT
// but do not define its embedding; this file uses the standard inductive embedding of the
// "double-rooted complete binary tree" in Q_n (Bhatt and Ipsen 1985, YALEU/CSD/RR-443;
// Leighton 1992, §3.1.3), in the following explicit form.
//
// D_n has roots a1 - a2; a1 is the parent of alpha1, a2 of alpha2, each the root of a complete
// binary tree of 2^(n-1) - 1 nodes. Base D_2: the path 1 - 0 - 2 - 3 (alpha1 a1 a2 alpha2).
// Step D_n -> D_{n+1}: let p = dim(a1, a2), q = dim(a2, alpha2) and phi the automorphism of Q_n
// fixing a2 and swapping dimensions p and q (so phi(a1) = alpha2, phi(alpha2) = a1). Copy A is
// D_n; copy B is phi(D_n) with bit n set (b = phi(.) | 2^n). Remove edges a2-alpha2 and b2-beta2;
// add a2-b2, a1-beta2 (beta2 = a1 | 2^n) and b1-alpha2 (b1 = alpha2 | 2^n), all across dimension n.
// Then a2 - b2 are the new roots, a1 (children alpha1, beta2) and b1 (children beta1, alpha2)
// their children, each the root of a complete binary tree of 2^n - 1 nodes. Edges stay cube
// edges (dilation 1). check_tcbt verifies the shape; any source s: XOR translation.
//
// Broadcast: periodic_tree_broadcast rooted at r1, children by decreasing subtree height
// (r2 before c1): period 1 / 2 / 3 under all-port / one send and one receive / one send or one
// receive; the delay is n (all-port) and 2n - 2 (one port): Tables 1 and 2.
#include "schedules/constructions/hojohnsson1986/tcbt.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include "schedules/constructions/hojohnsson1986/tree_broadcast.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
struct Double {
  std::vector<std::pair<Node, Node>> edges;
  Node a1, a2, alpha1, alpha2;
};

Node swap_dims(Node x, int p, int q) {
  const Node bp = (x >> p) & 1u, bq = (x >> q) & 1u;
  x &= ~((Node{1} << p) | (Node{1} << q));
  return x | (bp << q) | (bq << p);
}

Double build(int n) {
  Double d{{{1, 0}, {0, 2}, {2, 3}}, 0, 2, 1, 3};
  for (int m = 2; m < n; ++m) {
    const int p = std::countr_zero(d.a1 ^ d.a2), q = std::countr_zero(d.a2 ^ d.alpha2);
    const Node hi = Node{1} << m;
    auto phi = [&](Node x) { return (d.a2 ^ swap_dims(x ^ d.a2, p, q)) | hi; };
    const Node b1 = phi(d.a1), b2 = phi(d.a2), beta2 = phi(d.alpha2);
    Double e;
    auto same = [](std::pair<Node, Node> a, Node u, Node v) {
      return (a.first == u && a.second == v) || (a.first == v && a.second == u);
    };
    for (auto ed : d.edges)
      if (!same(ed, d.a2, d.alpha2)) e.edges.push_back(ed);
    for (auto ed : d.edges) {
      std::pair<Node, Node> b{phi(ed.first), phi(ed.second)};
      if (!same(b, b2, beta2)) e.edges.push_back(b);
    }
    e.edges.emplace_back(d.a2, b2);
    e.edges.emplace_back(d.a1, beta2);
    e.edges.emplace_back(b1, d.alpha2);
    e.a1 = d.a2;
    e.a2 = b2;
    e.alpha1 = d.a1;
    e.alpha2 = b1;
    d = std::move(e);
  }
  return d;
}
}  // namespace

TcbtEmbedding tcbt_embedding(int n, Node s) {
  check_dim_root(n, s, 20, "the TCBT");
  if (n < 2) throw InputError("--dim: the TCBT needs n >= 2");
  Double d = build(n);
  const Node shift = d.a1 ^ s;
  const Node N = Node{1} << n;
  std::vector<std::vector<Node>> adj(N);
  for (auto [u, v] : d.edges) {
    adj[u ^ shift].push_back(v ^ shift);
    adj[v ^ shift].push_back(u ^ shift);
  }
  // Root at s by a traversal over the tree edges.
  std::vector<Node> parent(N, kNone), stack{s};
  std::vector<char> seen(N, 0);
  seen[s] = 1;
  while (!stack.empty()) {
    const Node u = stack.back();
    stack.pop_back();
    for (Node v : adj[u])
      if (!seen[v]) {
        seen[v] = 1;
        parent[v] = u;
        stack.push_back(v);
      }
  }
  TcbtEmbedding t;
  t.n = n;
  t.r1 = s;
  t.r2 = d.a2 ^ shift;
  materialise("TCBT", n, s, [&](Node v) { return parent[v]; }, t.tree);
  return t;
}

StructuralCheck check_tcbt(int n, Node s) {
  TcbtEmbedding t = tcbt_embedding(n, s);
  const std::vector<Node> parent = t.tree.parent;
  StructuralCheck c = materialise("TCBT n=" + std::to_string(n) + " s=" + std::to_string(s), n,
                                  s, [&](Node v) { return parent[v]; }, t.tree);
  c.property += "; r1-r2 adjacent, two complete binary trees of height n-2";
  if (!c.holds) return c;
  auto kids = children_lists(t.tree);
  auto fail = [&](const std::string& why) {
    c.holds = false;
    c.counterexample = why;
    return c;
  };
  if (t.tree.parent[t.r2] != t.r1) return fail("r2 is not a child of r1");
  if (kids[t.r1].size() != 2 || kids[t.r2].size() != 1)
    return fail("r1 must have 2 children and r2 one");
  const Node c1 = kids[t.r1][0] == t.r2 ? kids[t.r1][1] : kids[t.r1][0];
  const Node c2 = kids[t.r2][0];
  for (Node v = 0; v < (Node{1} << n); ++v) {
    if (v == t.r1 || v == t.r2) continue;
    Node top = v;  // c1 or c2, the root of v's complete binary tree
    while (top != c1 && top != c2) top = t.tree.parent[top];
    const int d = static_cast<int>(t.tree.depth[v]) - static_cast<int>(t.tree.depth[top]);
    const bool leaf = kids[v].empty();
    if (leaf && d != n - 2)
      return fail("leaf " + std::to_string(v) + " at depth " + std::to_string(d) +
                  " below its complete tree's root, not n-2");
    if (!leaf && kids[v].size() != 2)
      return fail("internal node " + std::to_string(v) + " has " +
                  std::to_string(kids[v].size()) + " children");
  }
  return c;
}

Schedule tcbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B) {
  if (model == Model::ShoutWhisper)
    throw InputError("--model: hj-tcbt-broadcast is built for all-port, single-port-full and "
                     "single-port-half");
  TcbtEmbedding t = tcbt_embedding(n, s);
  return periodic_tree_broadcast(time_tree(std::move(t.tree), model), model, M, B);
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
