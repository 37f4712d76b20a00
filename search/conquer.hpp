// Conquering one cube (design note in family.hpp): a fresh CaDiCaL on base + cube clauses +
// the worker's pool of extra clauses, a lazy-refinement loop, and the certificate of the answer.
//
// UNSAT: CaDiCaL traces a binary DRAT proof during the whole loop (frozen variables keep it
// consistent when clauses arrive later, as in encodings/alpha/cds.cpp); the proof is checked
// against the final CNF by encodings/sat/drat.hpp. If that check fails, a fresh CaDiCaL run on
// the final CNF writes a new proof, which is checked. Unchecked: the cube stays unknown.
// SAT: the family's refine() returns a witness it verified natively (or lazy clauses, each
// re-validated by validate_extra before it is added: a bad one is an internal error).
// Time: CPU of the calling thread (CLOCK_THREAD_CPUTIME_ID), so per-cube times stay meaningful
// with several worker threads.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "search/family.hpp"

namespace schedcert::search {

struct ConquerOptions {
  std::function<bool()> stop;  // polled by the solver: early stop on SAT, run deadline
  double cube_timeout_s = 0;   // 0: none
  std::string scratch_dir;     // proofs are written here while checked
  std::string keep_dir;        // non-empty: the checked proof and the extra clauses stay here
  std::string keep_relative;   // keep_dir as recorded in results (relative to the run dir)
  std::string worker;          // recorded in the result
};

// pool: the worker's extra clauses (grown by this call when the family pools them).
CubeResult conquer(const Family& f, const Cube& c, std::vector<Clause>& pool, const ConquerOptions& o);

// Re-checks a kept proof: rebuilds base + cube clauses + the kept extra clauses (each
// re-validated) and runs the DRAT checker. Returns "" or why it fails.
std::string recheck_proof(const Family& f, const Cube& c, const std::string& proof_path,
                          const std::string& extra_path, ProofRecord* rec = nullptr);

// Extra clauses file: one clause per line, DIMACS literals ending in 0.
void write_clauses(const std::string& path, const std::vector<Clause>& clauses);
std::vector<Clause> read_clauses(const std::string& path);

double thread_cpu_seconds();

}  // namespace schedcert::search
