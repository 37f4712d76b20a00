#pragma once
#include <vector>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// The two-rooted complete binary tree D_n (2^n nodes: roots r1 - r2, each the parent of a complete
// binary tree of 2^(n-1) - 1 nodes) embedded in Q_n with dilation 1, rooted at r1 = s.
// n in [2, 20].
struct TcbtEmbedding {
  int n = 0;
  Node r1 = 0, r2 = 0;     // the two roots
  SpanningTree tree;      // rooted at r1: r1 -> {r2, c1}, r2 -> {c2}
};
TcbtEmbedding tcbt_embedding(int n, Node s);

// The shape of D_n: a spanning tree of Q_n, r1 and r2 adjacent, c1 and c2 roots of complete
// binary trees of height n - 2.
StructuralCheck check_tcbt(int n, Node s);

// Broadcast of M items in packets of B down the TCBT from r1 = s (Ho-Johnsson 1986, §3.4,
// Tables 1-3, row TCBT). Steps: Q + n - 1 (all-port), 2(Q + n - 2) (single-port-full),
// 3Q + 2n - 5 (single-port-half).
Schedule tcbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
