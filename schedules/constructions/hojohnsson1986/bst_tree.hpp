// The balanced spanning tree (BST) of Ho-Johnsson 1986, §4.1, for any source s.
//
// With c = i XOR s: R^j(c) is c rotated right j places (bit j moves to bit 0). base(c) is the
// least j for which R^j(c) is the least rotation of c; node i belongs to subtree base(c), the
// subtree of the root's child s ^ 2^base. Bit base(c) of c is always set (a least rotation ends
// in a 1). k = msbt_k(n, c, base) is the first set bit cyclically right of the base (k = base
// when the base bit is the only one), i.e. the highest set bit of R^base(c).
//   parent_BST(i, s)   = phi if c = 0, else i with bit k complemented;
//   children_BST(i, s) = every neighbour if c = 0, else { q_m = i ^ 2^m : m in M(k, base),
//                        base(q_m ^ s) = base(c) }.
// The period P_c is the least j >= 1 with R^j(c) = c; c is cyclic when P_c < n.
// Since parent clears a set bit, the level of i is |c| and parent(i) < i relative to s.
#pragma once
#include <vector>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

Node rotate_right(Node c, int j, int n);  // R^j on n-bit numbers
int period(Node c, int n);                // P_c (1 for c = 0)
int bst_base(Node c, int n);              // base(c) for c != 0; -1 for c = 0

Node bst_parent(int n, Node i, Node s);
std::vector<Node> bst_children(int n, Node i, Node s);

SpanningTree bst_tree(int n, Node s);  // n in [1, 20]

// §4.1 "the parent_BST and children_BST functions are consistent", and the parent preserves
// the base ("complementing this bit cannot change the base").
std::vector<StructuralCheck> check_bst_consistency(int n, Node s);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
