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

enum class AlphaEngine { Cadical, Z3, Z3Layered };

struct AlphaOptions {
  int d = 0;
  double timeout_s = 60;  // whole run, certificate included; 0: no limit
  AlphaEngine engine = AlphaEngine::Cadical;
  std::string cert_dir;   // where the CNF, DRAT proof and SMT-LIB2 go ("": a temporary dir)
  int symmetry = 1;       // alpha_cnf::add_symmetry_breaking level (1 measured fastest, docs/alpha.md)
  bool progress = false;  // bound / elapsed / cuts on stderr
  bool check_proof = true;  // re-derive UNSAT with CaDiCaL + DRAT and check the proof
  unsigned probe = 0;  // > 0: first ask |S| <= probe (an upper-bound probe) instead of 2^(d-1) - 1
};

struct AlphaResult {
  int d = 0;
  std::optional<unsigned> alpha;  // set when lower == upper (certified exact)
  unsigned lower = 0, upper = 0;  // best tree found (leaves), proven bound on alpha
  std::vector<std::pair<Node, Node>> tree_edges;  // the best tree (re-checked natively)
  std::string certificate;  // how `upper` is proven (UNSAT query, its file) and the tree check
  std::string unsat_smt2;   // path of the exported UNSAT query ("" when none written)
  double seconds = 0;
  // Filled by search_alpha (the CNF-with-cuts search):
  std::string engine;
  double cpu_seconds = 0;     // user + sys of this process during the search
  unsigned cuts = 0, solves = 0;
  std::string cnf_path, drat_path;  // the final UNSAT CNF and its DRAT proof ("" when none)
  bool proof_checked = false;       // the DRAT proof was verified by sat_drat's checker
  std::string proof_report;         // the checker's message
  double proof_cpu_seconds = 0;     // CPU spent on the certificate (fresh proof run if any + check)
  std::string lrat_path;            // the LRAT proof written by the DRAT checker ("" when none kept)
  bool lrat_verified = false;       // accepted by the Coq-verified checker (schedcert-lrat)
  std::string lrat_report;          // its verdict line
  std::string cnf_sha256;           // SHA-256 of the CNF file, as that checker states it
  double lrat_cpu_seconds = 0;      // CPU of the verified checker
};

// alpha(d) as 2^d - (min connected dominating set): clauses for domination, cardinality and
// symmetry breaking, connectivity by lazily added separator cuts (alpha_cnf.hpp), solved by
// the engine chosen; an UNSAT answer is re-checked as a DRAT proof when check_proof is set.
// Engine Z3Layered runs max_leaf_spanning_tree below. Design note in alpha_cds.cpp.
AlphaResult search_alpha(const AlphaOptions& opts);

// Searches non-leaf sets S (connected dominating sets, alpha = 2^d - min |S| for d >= 2) with
// Z3's QF_FD solver; total time budget timeout_ms (0: no limit). If emit_smt2_dir is not empty,
// every query is written there as standalone SMT-LIB2 (portable cardinality, for z3 and cvc5).
// Throws InputError for d outside [1, 10].
AlphaResult max_leaf_spanning_tree(int d, unsigned timeout_ms, const std::string& emit_smt2_dir);

// A spanning tree whose leaves include every node outside S, for a connected dominating set S
// containing node 0 (BFS tree of G[S] from 0, then each other node hangs from a neighbour in S).
std::vector<std::pair<Node, Node>> tree_from_set(int d, const std::vector<bool>& in_s);

// Native check, independent of the solver: are `edges` a spanning tree of Q_d (2^d - 1 hypercube
// edges, no repeats, connected)? Returns the number of leaves, or nullopt with *why set.
std::optional<unsigned> spanning_tree_leaves(int d, const std::vector<std::pair<Node, Node>>& edges,
                                             std::string* why = nullptr);

}  // namespace schedcert::encodings
