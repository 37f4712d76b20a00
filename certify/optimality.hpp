// Optimality certification (issue 4): is a valid schedule of T steps optimal? If T equals the
// computed lower bound, the bound's argument is the certificate. Otherwise Z3 decides T - 1
// (encodings/synthesis): impossible -> optimal, with the certificate; found -> a shorter
// schedule, verified natively, is a counterexample to optimality; unknown -> the gap stays open.
// The certificate's kind says what a reader has to trust: the bound's proof
// (docs/lower-bounds.md), synthesis' counting argument (docs/synthesis.md), the UNSAT of an
// exact query (re-answerable by `z3 FILE` / `cvc5 FILE` when it was exported), or the witness.
#pragma once
#include <optional>
#include <string>

#include "schedules/schedule.hpp"

namespace schedcert::certify {

enum class Optimality { Optimal, NotOptimal, Unknown };
std::string to_string(Optimality o);

enum class CertificateKind {
  LowerBound,  // the schedule meets verifier::lower_bounds (argument in words)
  Counting,    // synthesis phase 1: a counting / cut argument rules out T - 1 (no solver)
  Unsat,       // Z3 answered unsat on the exact time-indexed query for T - 1
  Witness,     // a shorter schedule, verified natively (the certificate of non-optimality)
  None,        // unknown: nothing proven
};
std::string to_string(CertificateKind k);
// The kind of an encodings::synth::synthesize Impossible certificate (UNSAT of a query, possibly
// via the reversal duality, or a counting argument).
CertificateKind impossible_kind(const std::string& certificate);

struct OptimalityResult {
  Optimality verdict = Optimality::Unknown;
  CertificateKind kind = CertificateKind::None;
  std::uint64_t steps = 0;        // of the schedule examined
  std::uint64_t lower_bound = 0;  // computed (verifier/bounds)
  std::string certificate;        // the bound's argument, or the UNSAT / counting certificate
  std::optional<schedules::Schedule> shorter;  // NotOptimal: the (steps - 1)-step schedule
  std::string smt2_path;          // the T - 1 query file, when one was asked for and written
  double seconds = 0;             // solver time (0 when the bound decides)
};

// s must be valid (the caller has verified it). emit_smt2: where the T - 1 query goes.
OptimalityResult certify_optimality(const schedules::Schedule& s, unsigned timeout_ms,
                                    const std::string& emit_smt2 = "");

}  // namespace schedcert::certify
