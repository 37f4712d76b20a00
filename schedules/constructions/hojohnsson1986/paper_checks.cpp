// Collects the structural checks of this folder (see paper_checks.hpp).
#include "schedules/constructions/hojohnsson1986/paper_checks.hpp"

#include <cstdio>

#include "schedules/constructions/hojohnsson1986/bst_tree.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_checks.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_tree.hpp"
#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"
#include "schedules/constructions/hojohnsson1986/tcbt.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

std::vector<StructuralCheck> paper_checks(int n, Node s) {
  check_dim_root(n, s, 16, "the Ho-Johnsson checks");
  std::vector<StructuralCheck> out{check_sbt_consistency(n, s)};
  // The MSBT claims (height n + 1, largest label 2n - 1) are for n >= 2: Q1 has one edge, and
  // its single ERSBT has height 1 (docs/hojohnsson1986.md, "Degenerate small cubes"; the
  // registry starts the MSBT at n = 2 for the same reason). n = 1 is still checked and shown.
  const auto msbt = [&](StructuralCheck c) {
    if (n == 1) c.outside_claim = "n = 1 is degenerate; the MSBT claims are for n >= 2, docs/hojohnsson1986.md";
    out.push_back(std::move(c));
  };
  for (auto& c : check_msbt_trees(n, s)) msbt(std::move(c));
  for (auto& c : check_msbt_labelling(n, s)) msbt(std::move(c));
  for (auto& c : check_bst_properties(n, s)) out.push_back(std::move(c));
  if (n >= 2) out.push_back(check_tcbt(n, s));
  return out;
}

std::vector<BstSubtreeSizes> table5(int from, int to) {
  if (from < 1 || to > 20 || from > to)
    throw InputError("--dim: Table 5 covers n in [1, 20], not " + std::to_string(from) + ".." +
                     std::to_string(to));
  std::vector<BstSubtreeSizes> rows;
  for (int n = from; n <= to; ++n) rows.push_back(bst_subtree_sizes(n));
  return rows;
}

std::string format_table5(const std::vector<BstSubtreeSizes>& rows) {
  std::string out = "Table 5: maximum BST subtree size vs (N-1)/log N (computed from the tree)\n";
  char line[160];
  std::snprintf(line, sizeof line, "%4s %10s %14s %7s %10s\n", "n", "BST(max)", "(N-1)/log N",
                "ratio", "BST(min)");
  out += line;
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "%4d %10llu %14.2f %7.2f %10llu\n", r.n,
                  static_cast<unsigned long long>(r.max), r.ideal, r.ratio,
                  static_cast<unsigned long long>(r.min));
    out += line;
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
