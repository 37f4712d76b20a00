// Ho-Johnsson 1986 §4.1: base, parent and children of the balanced spanning tree (formulas in
// bst_tree.hpp).
#include "schedules/constructions/hojohnsson1986/bst_tree.hpp"

#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

Node rotate_right(Node c, int j, int n) {
  const Node mask = n >= 32 ? ~Node{0} : (Node{1} << n) - 1;
  j %= n;
  if (j == 0) return c & mask;
  // In 64 bits: the bits shifted past the n-bit word are masked off, not wrapped (n <= 32).
  const std::uint64_t w = c & mask;
  return static_cast<Node>(((w >> j) | (w << (n - j))) & mask);
}

int period(Node c, int n) {
  for (int j = 1; j < n; ++j)
    if (rotate_right(c, j, n) == c) return j;
  return n;
}

int bst_base(Node c, int n) {
  if (c == 0) return -1;
  int best = 0;
  Node least = c;
  for (int j = 1; j < n; ++j) {
    const Node r = rotate_right(c, j, n);
    if (r < least) {
      least = r;
      best = j;
    }
  }
  return best;
}

Node bst_parent(int n, Node i, Node s) {
  const Node c = i ^ s;
  if (c == 0) return kNone;
  return i ^ (Node{1} << msbt_k(n, c, bst_base(c, n)));
}

std::vector<Node> bst_children(int n, Node i, Node s) {
  const Node c = i ^ s;
  std::vector<Node> out;
  if (c == 0) {
    for (int m = 0; m < n; ++m) out.push_back(i ^ (Node{1} << m));
    return out;
  }
  const int j = bst_base(c, n);
  const int k = msbt_k(n, c, j);
  for (int m = (k + 1) % n; m != j; m = (m + 1) % n) {
    const Node q = i ^ (Node{1} << m);
    if (bst_base(q ^ s, n) == j) out.push_back(q);
  }
  return out;
}

SpanningTree bst_tree(int n, Node s) {
  check_dim_root(n, s, 20, "the BST");
  SpanningTree t;
  materialise("BST", n, s, [&](Node i) { return bst_parent(n, i, s); }, t);
  return t;
}

std::vector<StructuralCheck> check_bst_consistency(int n, Node s) {
  check_dim_root(n, s, 20, "the BST check");
  const std::string tag = "BST n=" + std::to_string(n) + " s=" + std::to_string(s);
  StructuralCheck cons = check_consistency(
      tag, n, s, [&](Node i) { return bst_parent(n, i, s); },
      [&](Node i) { return bst_children(n, i, s); });
  StructuralCheck keep{tag + ": parent_BST preserves the base", true, "", "", ""};
  const Node N = Node{1} << n;
  for (Node c = 1; c < N && keep.holds; ++c) {
    const Node p = bst_parent(n, c ^ s, s) ^ s;
    if (p != 0 && bst_base(p, n) != bst_base(c, n)) {
      keep.holds = false;
      keep.counterexample = "relative address " + std::to_string(c) + " has base " +
                            std::to_string(bst_base(c, n)) + " but its parent " +
                            std::to_string(p) + " has base " + std::to_string(bst_base(p, n));
    }
  }
  return {cons, keep};
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
