// Conquering one cube (design note in family.hpp): a fresh CaDiCaL on base + cube clauses +
// the worker's pool of extra clauses, a lazy-refinement loop, and the certificate of the answer.
//
// UNSAT: CaDiCaL traces a binary DRAT proof during the whole loop (frozen variables keep it
// consistent when clauses arrive later, as in encodings/alpha/cds.cpp); the proof is checked
// against the final CNF by encodings/sat/drat.hpp. If that check fails, a fresh CaDiCaL run on
// the final CNF writes a new proof, which is checked. Unchecked: the cube stays unknown.
// Batched (issue 27): with a DeferredCheck, the verified LRAT check waits for finish_deferred,
// which runs the verified checker once for a batch of cubes (encodings/sat/lrat_batch.hpp);
// until then the cube's result is open. The MPI ranks (mpi/) check each cube alone.
// SAT: the family's refine() returns a witness it verified natively (or lazy clauses, each
// re-validated by validate_extra before it is added: a bad one is an internal error).
// Time: CPU of the calling thread (CLOCK_THREAD_CPUTIME_ID), so per-cube times stay meaningful
// with several worker threads.
#pragma once
#include <cstdint>
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
  bool keep_drat = true;       // false: only the LRAT proofs of a Family::keeps_lrat family stay
  std::string keep_relative;   // keep_dir as recorded in results (relative to the run dir)
  std::string worker;          // recorded in the result
};

// A cube whose DRAT proof our checker accepted and whose LRAT proof waits for the verified
// checker, run once for a batch of such cubes (encodings/sat/lrat_batch.hpp, issue 27). Until
// finish_deferred completes it, its result says "unknown" (it claims nothing).
struct DeferredCheck {
  bool pending = false;
  std::vector<Clause> rest;     // the non-base clauses of the cube's CNF
  std::size_t first_extra = 0;  // rest[first_extra..]: lazy extra clauses
  std::string proof, lrat;      // the DRAT proof (scratch) and the LRAT proof our checker wrote
  std::string drat_message;     // our checker's verdict
  std::size_t lrat_bytes = 0;
  // A hash of the cube's clauses other than units (family side clauses): cubes that share them
  // are batched together, so that the batch CNF holds those clauses once (lrat_batch.hpp's S).
  std::uint64_t group = 0;
};

// pool: the worker's extra clauses (grown by this call when the family pools them).
// defer (optional): when a verified checker is configured and our DRAT check accepts, the
// verified check is left to finish_deferred (defer->pending) and the result is returned open.
CubeResult conquer(const Family& f, const Cube& c, std::vector<Clause>& pool, const ConquerOptions& o,
                   DeferredCheck* defer = nullptr);

// Runs the verified checker once for the whole batch (check_lrat_batch: one run on the batch
// CNF; each cube alone if that run rejects, so a failing cube is named) and completes each
// result: UNSAT only if its LRAT proof was accepted; the checker's CPU is shared among the cubes
// in proportion to their LRAT sizes, the batch's own building CPU equally. `stem`: scratch path.
void finish_deferred(const Family& f, std::vector<std::pair<CubeResult, DeferredCheck>>& batch,
                     const ConquerOptions& o, const std::string& stem);

// Re-checks a kept proof: rebuilds base + cube clauses + the kept extra clauses (each
// re-validated) and runs the DRAT checker. Returns "" or why it fails.
std::string recheck_proof(const Family& f, const Cube& c, const std::string& proof_path,
                          const std::string& extra_path, ProofRecord* rec = nullptr);

// Extra clauses file: one clause per line, DIMACS literals ending in 0.
void write_clauses(const std::string& path, const std::vector<Clause>& clauses);
std::vector<Clause> read_clauses(const std::string& path);

double thread_cpu_seconds();

}  // namespace schedcert::search
