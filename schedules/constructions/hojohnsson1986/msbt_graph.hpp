// The MSBT graph of Ho-Johnsson 1986, §3.2: n edge-reversed spanning binomial trees (ERSBTs),
// the j-th rooted at the source s with the single child s ^ 2^j, and the labelling f of §3.3.2.
//
// For node i, tree j and c = i XOR s: k = msbt_k(n, c, j) is the first set bit of c cyclically to
// the right of bit j (scanning j-1, j-2, ... mod n); k = j when bit j is the only set bit;
// k = -1 for c = 0. M(i, j) = {k+1, ..., j-1} (mod n); for k = j it is every bit but j.
//   parent(i, j, s)   = phi if k = -1; i ^ 2^j if c_j = 0; i ^ 2^k if c_j = 1.
//   children(i, j, s) = {i ^ 2^j} if k = -1; flip M u {j} if c_j = 1, k != j;
//                       flip M if c_j = 1, k = j; {} if c_j = 0 (a leaf).
//   f(i, j)           = phi if k = -1; j + n if c_j = 0; k if c_j = 1, k >= j; k + n if k < j.
// f(i, j) labels the edge INTO i in tree j; the labelled routing sends round r of packets
// (one per tree) over that edge at step f(i, j) + r*n (0-based), see msbt_broadcast.cpp.
#pragma once
#include <vector>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

inline constexpr int kNoLabel = -1;

int msbt_k(int n, Node c, int j);
Node msbt_parent(int n, Node i, int j, Node s);
std::vector<Node> msbt_children(int n, Node i, int j, Node s);
int msbt_label(int n, Node i, int j, Node s);  // kNoLabel for i = s

// The j-th ERSBT, materialised (n <= 20).
SpanningTree msbt_tree(int n, int j, Node s);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
