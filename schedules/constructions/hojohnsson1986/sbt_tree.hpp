// The spanning binomial tree of Ho-Johnsson 1986, §3.1, for any source s.
//
// With c = i XOR s and k the highest set bit of c (k = -1 for c = 0):
//   children_SBT(i, s) = { i with bit m complemented : m in M_SBT = {k+1, ..., n-1} }
//   parent_SBT(i, s)   = phi for i = s, else i with bit k complemented.
// The depth of i is |i XOR s|. The subtree of the root's child s ^ 2^m holds the nodes whose
// relative address has lowest set bit m (2^(n-1-m) nodes): dimension 0 leads to the largest.
// (Bertsekas et al. 1991 use the mirror image, complementing trailing zeroes; see
// ../sbt_broadcast.cpp.)
#pragma once
#include <vector>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

Node sbt_parent(int n, Node i, Node s);
std::vector<Node> sbt_children(int n, Node i, Node s);

// §3.1 "It is easy to verify that the parent and children functions are consistent": checked.
StructuralCheck check_sbt_consistency(int n, Node s);

SpanningTree sbt_tree(int n, Node s);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
