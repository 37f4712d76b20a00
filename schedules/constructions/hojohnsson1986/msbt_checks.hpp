// Structural claims of Ho-Johnsson 1986 about the MSBT graph, checked exhaustively for one n, s:
//   §3.2: the children and parent functions of every ERSBT are consistent (and span Q_n);
//   §3.2: the n directed ERSBTs are edge-disjoint, and the only directed edges they leave unused
//         are the n edges s ^ 2^j -> s;
//   §3.2: every ERSBT has height n + 1 ("the diameter of the MSBT graph is log N + 1");
//   §3.3.2: the labelling f satisfies the three conditions (1. the least output label of a node in
//         a subtree exceeds its input label; 2. a node's input labels are distinct mod n; 3. its
//         output labels are distinct mod n), and the largest label is 2n - 1.
// Each function returns one StructuralCheck per claim with the first counterexample.
#pragma once
#include <vector>

#include "schedules/constructions/hojohnsson1986/structural_check.hpp"
#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// Consistency, edge-disjointness (+ the unused edges), heights. n in [1, 20].
std::vector<StructuralCheck> check_msbt_trees(int n, Node s);

// The three labelling conditions and the largest label. n in [1, 20].
std::vector<StructuralCheck> check_msbt_labelling(int n, Node s);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
