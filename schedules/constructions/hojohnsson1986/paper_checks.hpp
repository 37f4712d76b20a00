// Every structural claim of Ho-Johnsson 1986 that this folder checks, in one call, plus Table 5;
// what `schedcert` prints for the paper's trees. Each check carries its own counterexample.
#pragma once
#include <string>
#include <vector>

#include "schedules/constructions/hojohnsson1986/bst_checks.hpp"
#include "schedules/constructions/hojohnsson1986/structural_check.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// For Q_n and source s: SBT consistency (§3.1); the ERSBTs' consistency, edge-disjointness,
// unused edges and heights (§3.2); the labelling's conditions 1-3 (§3.3.2); the BST's consistency,
// base preservation and properties 1-6 (§4.1, n <= 16); the TCBT's shape (n >= 2).
// n in [1, 16].
std::vector<StructuralCheck> paper_checks(int n, Node s = 0);

// Table 5 for n = from..to (each in [1, 20]): BST(max), (N-1)/log N, ratio, and the smallest
// subtree. format_table5 prints it in the paper's layout with the min column added.
std::vector<BstSubtreeSizes> table5(int from, int to);
std::string format_table5(const std::vector<BstSubtreeSizes>& rows);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
