// Coq sink for alpha(d) (schedcert search alpha --coq DIR): writes DIR/alpha_<d>.v, whose theorems
// state max_leaf_number d m over the definitions of coq/alpha/Graph.v, proved from the witness
// tree (checked in Coq by check_tree, leaves counted by vm_compute) and a premise on alpha_cnf d
// level extras (the CNF generated in Coq, coq/alpha/AlphaCnf.v, with the bounds and separator
// cuts as data in the file, checked there by vm_compute): alpha_<d>_from_unsat "it is
// unsatisfiable", what the default schedcert-lrat --alpha run established (LratFast.v's
// fcheck_proof accepted the proof; fcheck_proof_sound, with the PArray/Uint63 axioms of
// docs/trust.md), and alpha_<d> "Lrat.v's check_proof accepts some proof on it", what
// schedcert-lrat --slow --alpha re-establishes. It copies the Coq files it needs to DIR.
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
  // The UNSAT CNF as coq/alpha/AlphaCnf.v generates it: symmetry level (0 or 1) and the bounds
  // and cuts in order ({K}: the bound |S| <= K; otherwise a cut clause). With them the file
  // states alpha_<d>_from_unsat (alpha_from_unsat) and alpha_<d> (premise "check_proof accepts
  // a proof on alpha_cnf d level extras"); without them (level 2, or none) only alpha_<d>_from_cds.
  int level = -1;
  std::vector<std::vector<int>> extras;
  // Optional: the accepted LRAT proof (text). Then the file also proves, premise-free,
  // alpha_<d>_closed : max_leaf_number d m, by running check_proof with vm_compute.
  std::string lrat_text;
};

// The LRAT text as a Coq list of Lrat.step ("Add id [lits]%Z [hints]%Z" / "Del [ids]%positive").
// Throws InputError on a malformed line.
std::string lrat_coq_steps(const std::string& lrat_text);

// alpha_<d>_lower.v: only the lower bound, alpha(d) >= m, from a witness tree checked in Coq by
// check_tree (coq/alpha/Alpha.v) with its leaves counted by vm_compute; no premise. `how_found`
// goes into the header comment. The writer copies Graph.v and Alpha.v from `coq_src` (the
// repository's coq/alpha) to DIR/alpha/ and returns the path of DIR/alpha_<d>_lower.v.
std::string alpha_lower_coq_text(int d, unsigned leaves,
                                 const std::vector<std::pair<schedules::Node, schedules::Node>>& tree,
                                 const std::string& how_found);
std::string write_alpha_lower_coq(int d, unsigned leaves,
                                  const std::vector<std::pair<schedules::Node, schedules::Node>>& tree,
                                  const std::string& how_found, const std::string& dir, const std::string& coq_src);

// The text of alpha_<d>.v (edges re-ordered breadth-first from node 0, as check_tree wants).
std::string alpha_coq_text(const AlphaCoqInput& in);

// Writes DIR/alpha_<d>.v and copies Graph.v, Alpha.v, AlphaCnf.v from `coq_src` (the
// repository's coq/alpha) to DIR/alpha/ and Cnf.v, Lrat.v from coq_src/../lrat to DIR/lrat/.
// Returns the path of alpha_<d>.v. Throws InputError when DIR cannot be written.
std::string write_alpha_coq(const AlphaCoqInput& in, const std::string& dir, const std::string& coq_src);

}  // namespace schedcert::witnesses
