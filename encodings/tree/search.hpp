// Objectives over rooted spanning trees of a network, answered with a witness or a certificate
// (`schedcert search tree`; issue 4 "Search for better trees").
//
// Objectives: max-leaves (the alpha of Desprez et al. 1993 Prop. 2, on any network), balanced
// (minimise the largest subtree of a root child: Bertsekas et al. 1991 §3's scatter tree has
// every subtree <= ceil((N - 1)/d); Ho-Johnsson 1986 §4.1's BST), min-height. Constraints
// (max height, max subtree, min leaves) combine with any objective, e.g. "max root subtree <= m
// and height <= h" is Ho-Johnsson's BST question. `than` asks whether some tree is strictly
// better than a given one (a construction's tree, extract.hpp).
// Design note and soundness arguments: search.cpp (search loop) and encode.cpp
// (formula, symmetry breaking).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "encodings/tree/check.hpp"

namespace schedcert::encodings::tree {

enum class TreeObjective { MaxLeaves, Balanced, MinHeight };

TreeObjective parse_tree_objective(const std::string& s);  // throws InputError
std::string to_string(TreeObjective o);

// The objective's value of a checked tree (leaves, max root subtree or height).
std::uint32_t objective_value(TreeObjective o, const TreeMetrics& m);

struct TreeQuery {
  std::string network;  // spec for Network::parse
  Node root = 0;
  TreeObjective objective = TreeObjective::MaxLeaves;
  std::optional<std::uint32_t> max_height, max_subtree, min_leaves;
  std::optional<RootedTree> than;  // compare with this tree (same network and root)
  std::string than_name;           // how to call it in the report
  std::vector<RootedTree> seeds;   // more starting trees (e.g. another construction's)
  unsigned timeout_ms = 60000;     // 0: no limit
  bool symmetry = true;            // root-stabiliser symmetry breaking (encode.cpp)
  std::string emit_smt2;           // write the certificate query (or the last query) here
};

struct TreeQueryLog {
  std::string question;  // "leaves >= 7, height <= 4"
  std::string answer;    // sat / unsat / unknown
  double seconds = 0;
};

enum class TreeStatus {
  Optimal,     // best tree found and certified optimal (UNSAT or a bound argument)
  Infeasible,  // no tree meets the constraints (certified)
  Gap,         // the time budget ended between `lower` and `upper`
};

struct TreeAnswer {
  TreeStatus status = TreeStatus::Gap;
  std::string network;
  Node root = 0;
  TreeObjective objective = TreeObjective::MaxLeaves;
  // Proven range of the optimum: best found and the proven bound (for max-leaves lower = best,
  // upper = bound; for the minimisations lower = bound, upper = best).
  std::uint32_t lower = 0, upper = 0;
  std::optional<RootedTree> best;  // a tree meeting the constraints, re-checked natively
  TreeMetrics best_metrics;
  std::string certificate;         // why nothing better exists (or what is left open)
  std::string certificate_smt2;    // file written for the certificate, if any
  std::string symmetry;            // symmetry breaking used in the queries
  std::vector<TreeQueryLog> queries;
  // --than: the compared tree's metrics and verdict.
  std::optional<TreeMetrics> than_metrics;
  bool than_meets_constraints = true;
  bool than_beaten = false;        // best is strictly better (or than misses a constraint)
  double seconds = 0;
};

// Runs the search. Throws InputError for bad input (network, root, inconsistent options).
TreeAnswer search_tree(const TreeQuery& q);

}  // namespace schedcert::encodings::tree
