// An independent DRAT / DRUP proof checker (forward checking), so that an UNSAT answer of the
// CaDiCaL backend (sat_cadical.hpp) is believed only after its clausal proof has been checked.
// It shares no code with the solvers: its own DIMACS and proof parsers, its own clause database
// and unit propagation. Design note in sat_drat.cpp.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace schedcert::encodings {

using Clause = std::vector<int>;  // DIMACS literals: +v / -v, v >= 1

struct DratReport {
  bool verified = false;  // every lemma checked and the empty clause derived
  std::string message;    // why not (names the lemma index) or a short summary
  std::size_t lemmas = 0, deletions = 0;
  std::size_t rat_lemmas = 0;          // lemmas that needed the RAT check (not RUP)
  std::size_t ignored_deletions = 0;   // deletions of root-level reason clauses, ignored (sound)
  std::size_t missing_deletions = 0;   // deletions of clauses not in the database, ignored
};

// Parses DIMACS CNF ("p cnf V C", clauses ending in 0, "c" comments). Throws std::runtime_error
// naming the line on malformed input.
std::vector<Clause> read_dimacs(const std::string& path, int* num_vars = nullptr);

// Checks the DRAT proof in `proof_path` (text or binary DRAT, detected from the first bytes)
// against `cnf`. With a non-empty `lrat_path`, the checked proof is also written there as an
// LRAT proof (text; the hints are the unit chains the checker found, sat_lrat_writer.hpp), for
// the checker proved in Coq (lrat_check.hpp). The LRAT file is complete only when verified.
DratReport check_drat(const std::vector<Clause>& cnf, const std::string& proof_path,
                      const std::string& lrat_path = "");

// Same, proof given as text (tests, tiny hand-made proofs).
DratReport check_drat_text(const std::vector<Clause>& cnf, const std::string& proof_text,
                           const std::string& lrat_path = "");

inline DratReport check_drat_files(const std::string& cnf_path, const std::string& proof_path,
                                   const std::string& lrat_path = "") {
  return check_drat(read_dimacs(cnf_path), proof_path, lrat_path);
}

}  // namespace schedcert::encodings
