// alpha(d): the maximum number of leaves of a spanning tree of Q_d (Desprez et al. 1993,
// Proposition 2), found and certified with Z3. Design note in alpha.cpp.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::encodings {

using schedules::Node;

struct AlphaResult {
  int d = 0;
  std::optional<unsigned> alpha;  // set when lower == upper (certified exact)
  unsigned lower = 0, upper = 0;  // best tree found (leaves), proven bound on alpha
  std::vector<std::pair<Node, Node>> tree_edges;  // the best tree (re-checked natively)
  std::string certificate;  // how `upper` is proven (UNSAT query, its file) and the tree check
  std::string unsat_smt2;   // path of the exported UNSAT query ("" when none written)
  double seconds = 0;
};

// Searches non-leaf sets S (connected dominating sets, alpha = 2^d - min |S| for d >= 2) with
// Z3's QF_FD solver; total time budget timeout_ms (0: no limit). If emit_smt2_dir is not empty,
// every query is written there as standalone SMT-LIB2 (portable cardinality, for z3 and cvc5).
// Throws InputError for d outside [1, 10].
AlphaResult max_leaf_spanning_tree(int d, unsigned timeout_ms, const std::string& emit_smt2_dir);

// Native check, independent of the solver: are `edges` a spanning tree of Q_d (2^d - 1 hypercube
// edges, no repeats, connected)? Returns the number of leaves, or nullopt with *why set.
std::optional<unsigned> spanning_tree_leaves(int d, const std::vector<std::pair<Node, Node>>& edges,
                                             std::string* why = nullptr);

}  // namespace schedcert::encodings
