// Coq sink for alpha(d) (schedcert search alpha --coq DIR): writes DIR/alpha_<d>.v, whose theorem
// alpha_<d> states max_leaf_number d m over the definitions of coq/alpha/Graph.v, proved from
// the witness tree (checked in Coq by check_tree, leaves counted by vm_compute) and the premise
// "Q_d has no connected dominating set of at most 2^d - m - 1 vertices" (the UNSAT query,
// checked outside Coq by the Coq-verified LRAT checker; see docs/lrat.md), and copies
// coq/alpha/Graph.v and Alpha.v to DIR/alpha/ so that `coqc -Q DIR Schedcert` finds them.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::witnesses {

struct AlphaCoqInput {
  int d = 0;
  unsigned leaves = 0;                                          // m
  std::vector<std::pair<schedules::Node, schedules::Node>> tree;  // a spanning tree of Q_d with m leaves
  std::string unsat_note;  // how "no CDS of at most 2^d - m - 1 vertices" was checked (CNF hash, ...)
};

// The text of alpha_<d>.v (edges re-ordered breadth-first from node 0, as check_tree wants).
std::string alpha_coq_text(const AlphaCoqInput& in);

// Writes DIR/alpha_<d>.v and copies Graph.v, Alpha.v from `coq_src` (the repository's coq/alpha)
// to DIR/alpha/. Returns the path of alpha_<d>.v. Throws InputError when DIR cannot be written.
std::string write_alpha_coq(const AlphaCoqInput& in, const std::string& dir, const std::string& coq_src);

}  // namespace schedcert::witnesses
