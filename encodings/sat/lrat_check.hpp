// The verified half of an UNSAT certificate: runs `schedcert-lrat`, the LRAT checker proved
// sound in Coq (coq/lrat/LratFast.v, theorem fcheck_proof_sound, since issue 27; before it
// coq/lrat/Lrat.v, check_proof_sound, still `schedcert-lrat --slow`: a CNF for which the checker
// accepts a proof ending in the empty clause is unsatisfiable) and extracted to OCaml, on a DIMACS file
// and an LRAT proof, and reads its verdict and the SHA-256 of the CNF it states.
// certify_unsat is the one call for "believe this UNSAT": CaDiCaL's DRAT proof is checked by our
// forward checker (drat.hpp), which writes the LRAT proof with the hints it found, and the
// verified checker then re-checks that LRAT proof against the same CNF file.
// The checker's path: $SCHEDCERT_LRAT_CHECKER, else the one the build made
// (SCHEDCERT_LRAT_CHECKER). Either way, the binary that runs must be the one the build made (issue
// 25): its SHA-256 was recorded at build time (coq/lrat/checker_sha256.cmake writes it into
// schedcert_lib), and before every run the file is opened, hashed and executed through the same
// descriptor (fexecve); any other binary is refused with an InputError (exit 2) naming both hashes.
// The CNF's identity (issue 25): the checker prints the SHA-256 of the file bytes it parsed
// ("c cnf-sha256") and of the clause list it parsed, rendered canonically ("c cnf-clauses-sha256",
// see clauses_sha256); check_cnf_identity compares both with what the C++ side wrote or read and
// the clauses its solver saw, and throws EnginesDisagree (exit 4) naming both hashes on a mismatch.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "encodings/sat/drat.hpp"

namespace schedcert::encodings::sat {

struct LratVerdict {
  bool verified = false;    // the checker printed "s VERIFIED UNSAT" and exited 0
  std::string cnf_sha256;   // SHA-256 of the CNF file, as the checker states it
  std::string cnf_clauses_sha256;  // SHA-256 of the clauses it parsed (clauses_sha256's rendering)
  std::string checker_path, checker_sha256;  // the binary that ran, and its hash (= the build's)
  std::string verdict;      // its "s ..." line, or why it could not run
  std::string output;       // everything it printed
  int exit_code = -1;       // 0 verified, 1 rejected, 2 input error, -1 did not run
  double seconds = 0, cpu_seconds = 0;  // wall; user + sys of the checker process
  // run_lrat_alpha only: the CNF the extracted Coq function alpha_cnf generated (its DIMACS
  // rendering's SHA-256) and how it compares with the DIMACS file the C++ encoder wrote.
  std::string coq_cnf_sha256;
  std::string cnf_comparison;  // "identical", or where they differ
  bool cnf_identical = false;
};

// The checker executable ("" if none is configured or found).
std::string lrat_checker_path();

// The SHA-256 of the schedcert-lrat binary the build made, recorded at build time ("" in a build
// without it).
std::string built_lrat_checker_sha256();

// SHA-256 of the clause list rendered as "l1 l2 ... lk 0\n" per clause (no header, no comments):
// what schedcert-lrat prints as "c cnf-clauses-sha256" for the clauses it parsed.
std::string clauses_sha256(const std::vector<Clause>& cnf);

// Throws EnginesDisagree (exit 4) unless the CNF the checker read is the CNF the solver saw: its
// clause hash equals clauses_sha256(*solver_clauses) (unless solver_clauses is null: a file with
// no parsed clauses on this side, check-unsat --lrat-only) and, when file_sha256 is not empty,
// its file hash equals file_sha256 (the SHA-256 of the bytes the C++ side wrote or read). A hash
// the checker did not print (it did not run, or stopped at an input error) is not compared,
// except that a checker that accepted must have printed both. `what` names the CNF.
void check_cnf_identity(const LratVerdict& v, const std::vector<Clause>* solver_clauses,
                        const std::string& file_sha256, const std::string& what);

// Runs the verified checker on the two files.
LratVerdict run_lrat_checker(const std::string& cnf_path, const std::string& lrat_path);

// `schedcert-lrat --alpha D LEVEL EXTRAS LRAT [CNF]`: the checker generates the alpha CNF itself
// with the function extracted from coq/alpha/AlphaCnf.v (alpha_cnf D LEVEL extras; every cut
// of EXTRAS must pass the extracted check_cut), checks LRAT against it, and compares it with
// the DIMACS file CNF (clause by clause). Format of EXTRAS: one line per item in CNF order,
// "b K" (the bound |S| <= K) or "x l1 ... lm 0" (a separator cut).
LratVerdict run_lrat_alpha(int d, int level, const std::string& extras_path, const std::string& lrat_path,
                           const std::string& cnf_path);

// `schedcert-lrat --synth SPEC LRAT [CNF]` (issue 26): the checker generates the time-indexed
// synthesis CNF itself with the function extracted from coq/synth/SynthCnf.v (synth_cnf of the
// instance in SPEC, encodings/synth/coq_cnf.hpp's synth_coq_spec), checks LRAT against it and
// compares it with the DIMACS file CNF clause by clause (cnf_comparison).
LratVerdict run_lrat_synth(const std::string& spec_path, const std::string& lrat_path, const std::string& cnf_path);

// A run of the verified checker on a CNF file and an LRAT proof. certify_unsat takes one so that
// a caller whose checker regenerates the CNF (schedcert-lrat --synth with a cube or the coverage:
// search/coq_cubes.hpp) runs that instead of the plain `schedcert-lrat CNF LRAT` (the default,
// when empty). Either way the result goes through check_cnf_identity.
using LratRunner = std::function<LratVerdict(const std::string& cnf_path, const std::string& lrat_path)>;

struct UnsatCertificate {
  DratReport drat;            // our forward DRAT checker on the solver's proof (writes the LRAT)
  LratVerdict lrat;           // the verified checker on CNF + LRAT
  double drat_cpu_seconds = 0;  // CPU of the DRAT check + LRAT writing (this process)
  std::string cnf_path, lrat_path;
  std::size_t lrat_bytes = 0;
  bool verified() const { return drat.verified && lrat.verified; }
  // One line: both checkers' verdicts, the CNF hash, the times.
  std::string summary() const;
};

// Writes `cnf` (DIMACS, with `comment` lines) to stem + ".cnf", checks `drat_path` against it
// with check_drat writing stem + ".lrat", and runs the verified checker on both files. The
// LRAT file is removed afterwards unless keep_lrat. The empty clause is appended to the DRAT
// file first (CaDiCaL omits it when the input propagates to a conflict; the checker must still
// find it RUP, so this is sound).
UnsatCertificate certify_unsat(const std::vector<Clause>& cnf, const std::string& drat_path,
                               const std::string& stem, const std::string& comment = "",
                               bool keep_lrat = true, const LratRunner& runner = {});

// The first half of certify_unsat_file: appends the empty clause to the DRAT file and checks
// it against `cnf` with check_drat, writing the LRAT proof to lrat_path (drat, drat_cpu_seconds,
// lrat_path, lrat_bytes filled; the verified checker is not run: lrat_batch.hpp runs it).
UnsatCertificate check_drat_for_lrat(const std::vector<Clause>& cnf, const std::string& drat_path,
                                     const std::string& lrat_path);

// Same, for a CNF already written: `cnf` must be the clauses of the DIMACS file `cnf_path`, and
// `cnf_sha256` the SHA-256 of its bytes as the caller wrote or read them. Both are compared with
// what the verified checker read (check_cnf_identity: EnginesDisagree on a mismatch).
UnsatCertificate certify_unsat_file(const std::vector<Clause>& cnf, const std::string& cnf_path,
                                    const std::string& cnf_sha256, const std::string& drat_path,
                                    const std::string& lrat_path, bool keep_lrat = true,
                                    const LratRunner& runner = {});

// DIMACS text for a plain clause list ("p cnf V C", `comment` lines first).
std::string render_dimacs(const std::vector<Clause>& cnf, const std::string& comment = "");
// Writes render_dimacs(cnf, comment) to path; returns the SHA-256 of the bytes written.
std::string write_dimacs(const std::vector<Clause>& cnf, const std::string& path, const std::string& comment = "");

}  // namespace schedcert::encodings::sat
