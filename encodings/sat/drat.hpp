// An independent DRAT / DRUP proof checker, so that an UNSAT answer of the CaDiCaL backend
// (cadical_backend.cpp) is believed only after its clausal proof has been checked. It shares no code
// with the solvers: its own DIMACS and proof parsers, its own clause databases and unit
// propagation (drat_db.hpp for the backward check, drat_checker.hpp for the forward one). Two methods: backward, core-first (the default; checks only
// the lemmas the refutation needs and writes a trimmed LRAT proof; drat_backward.cpp) and
// forward (checks every lemma; drat.cpp). Design notes in those files.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace schedcert::encodings::sat {

using Clause = std::vector<int>;  // DIMACS literals: +v / -v, v >= 1

struct DratReport {
  bool verified = false;  // every lemma checked and the empty clause derived
  std::string message;    // why not (names the lemma index) or a short summary
  std::size_t lemmas = 0, deletions = 0;
  std::size_t rat_lemmas = 0;          // lemmas that needed the RAT check (not RUP)
  std::size_t ignored_deletions = 0;   // deletions of root-level reason clauses, ignored (sound)
  std::size_t missing_deletions = 0;   // deletions of clauses not in the database, ignored
  std::size_t core_lemmas = 0;         // backward: the lemmas of the refutation's core (each checked)
  std::string mode;                    // the method whose verdict this is: "backward" or "forward"
  std::string backward_message;        // DratMode::Auto after a backward rejection: its message
};

// Which checker check_drat runs. Auto (the default): backward, core-first; if that rejects the
// proof, the forward checker runs as a fallback and its verdict is the answer (both are sound,
// so this only costs time on a bad proof). Backward / Forward: that one alone.
// DratMode::Default reads $SCHEDCERT_DRAT_CHECK: "auto" (or unset), "backward", "forward".
enum class DratMode { Default, Auto, Backward, Forward };
DratMode drat_mode_from_env();  // throws InputError for another value
const char* to_string(DratMode m);

// Parses DIMACS CNF ("p cnf V C", clauses ending in 0, "c" comments). Throws std::runtime_error
// naming the line on malformed input.
std::vector<Clause> read_dimacs(const std::string& path, int* num_vars = nullptr);

// Checks the DRAT proof in `proof_path` (text or binary DRAT, detected from the first bytes)
// against `cnf`. With a non-empty `lrat_path`, the checked proof is also written there as an
// LRAT proof (text; the hints are the unit chains the checker found, lrat_writer.hpp), for
// the checker proved in Coq (lrat_check.hpp): backward, only the core lemmas (trimmed); forward,
// every lemma. The LRAT file is complete only when verified.
DratReport check_drat(const std::vector<Clause>& cnf, const std::string& proof_path,
                      const std::string& lrat_path = "", DratMode mode = DratMode::Default);

// Same, proof given as text (tests, tiny hand-made proofs).
DratReport check_drat_text(const std::vector<Clause>& cnf, const std::string& proof_text,
                           const std::string& lrat_path = "", DratMode mode = DratMode::Default);

inline DratReport check_drat_files(const std::string& cnf_path, const std::string& proof_path,
                                   const std::string& lrat_path = "") {
  return check_drat(read_dimacs(cnf_path), proof_path, lrat_path);
}

}  // namespace schedcert::encodings::sat
