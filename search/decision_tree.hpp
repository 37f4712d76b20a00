// The decision-tree splitter shared by the synthesis families (formula_cubes.hpp: the production
// encoders; coq_cubes.hpp: the CNF generated in Coq, issue 26 item 5), and the coverage proof
// read off its tree.
//
// Branch points, in order: an exactly-one group (one child per literal of the group, e.g. "which
// node broadcasts value j") or a variable (two children, v and -v). A node's next branch point is
// the first one its assignment (after unit propagation on the base CNF) leaves open; a child
// that propagation refutes is dropped. make_cubes expands the tree level by level until it has
// about `target` leaves (the cubes).
// coverage_lemmas rebuilds the tree from a cube list and returns a DRUP proof of
// base + negated cubes: a refuted child's negation is RUP by propagation on the base; an inner
// node's negation is RUP once its children's negations are there (binary: v and -v; a group:
// through its at-least-one clause, which the base must contain). A child that is neither a cube
// prefix nor refuted by propagation within a small budget is a missing cube: the proof is not
// returned and `missing` names the node. The proof's checks (our DRAT checker and the verified
// LRAT checker) are the caller's (coverage.hpp); this file only proposes the lemmas.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "search/cube.hpp"

namespace schedcert::search {

struct BranchPoint {
  bool one_of = false;    // children: each literal true (an exactly-one group) / v and -v
  std::vector<int> lits;  // one_of: the group; binary: {v}
  int alloc_j = -1;       // allocation group of value j (successive broadcasts, free allocation)
};

struct TreeCoverage {
  std::vector<Clause> lemmas;  // the DRUP proof, in order (empty clause not included)
  std::string missing;         // non-empty: a branch with no cube that is not refuted (its label)
};

class DecisionTree {
 public:
  // base, points: kept by reference (they must outlive the tree); total_vars: every variable of base.
  DecisionTree(const std::vector<Clause>& base, int total_vars, const std::vector<BranchPoint>& points,
               std::function<std::string(const std::vector<int>&)> label);

  // The leaves of the tree (the literals of each cube, in decision order); a base refuted by
  // propagation gives the single cube "whole query".
  std::vector<Cube> make_cubes(std::size_t target) const;

  TreeCoverage coverage_lemmas(const std::vector<Cube>& cubes) const;

 private:
  const std::vector<Clause>& base_;
  int total_vars_;
  const std::vector<BranchPoint>& points_;
  std::function<std::string(const std::vector<int>&)> label_;
};

}  // namespace schedcert::search
