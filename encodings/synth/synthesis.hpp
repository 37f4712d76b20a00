// Bounded synthesis (issue 4): "a schedule of T steps exists" for a network, model and problem.
//
// synthesize() answers Found (with a schedule re-checked by verifier::verify_native in a fresh
// check; a rejected model is a bug and throws std::logic_error), Impossible (with a certificate:
// a counting/cut argument in words, or "UNSAT of query ..." of the exact time-indexed encoding)
// or Unknown (timeout / solver gave up; never reported as impossible or optimal).
// The pipeline, cheapest first (details and proofs in docs/synthesis.md):
//   1. counting and cut lower bounds (bounds.hpp) - impossible without a solver;
//   2. combining problems become their reversed broadcasts (reverse.hpp);
//   3. multinode broadcast / total exchange on translation-invariant networks: the
//      translation-invariant restricted search (cayley.hpp) - SAT only;
//   3c. problems with personalised items (total exchange, scatter, gather): the time-indexed
//      encoding restricted to balanced shortest-path routes (routes.hpp) - SAT only;
//   4. the exact time-indexed encoding with symmetry breaking (timeindexed.hpp,
//      symmetry.hpp), solved by Z3 (QF_FD by default).
// minimize_steps() walks T upwards from max(lo, best lower bound) and reports the optimum with
// the proof for T - 1. Each T is a fresh query (not incremental: the pruning of the encoding
// depends on T).
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <string>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

// The largest T the time-indexed encodings take (a larger T is an InputError naming it, so the
// variable counts items x (T + 1) x nodes and the loops over T never wrap; issue 13).
inline constexpr unsigned kMaxSynthesisSteps = 1u << 16;
void check_synthesis_steps(std::uint64_t steps, const char* what);

struct SynthesisOptions {
  unsigned timeout_ms = 600000;  // wall-clock budget for the solver calls of one synthesize()
  bool quiet = true;             // false: progress lines on stderr
  bool symmetry_breaking = true;
  // Write the exact query (phase 4) as standalone SMT-LIB2 (z3 and cvc5 both read it). Written
  // whenever phase 4 is built; for a counting certificate the query is built only to be written.
  std::string emit_smt2_path;
  // Extensions (defaults are the measured best):
  // "auto": Z3's QF_FD solver for the small restricted queries of phase 3 and Z3's default
  // solver for the exact query (measured in docs/synthesis.md); "QF_FD" or "" (Z3's default
  // solver) force one for every phase; "cadical": CaDiCaL for every phase, each UNSAT answer's
  // DRAT proof checked (and its LRAT by the checker proved in Coq) before it is reported.
  std::string solver_logic = "auto";
  bool cayley_first = true;            // phase 3
  bool routes_first = true;            // phase 3c
  bool reverse_combining = true;       // phase 2
  bool counting_bounds = true;         // phase 1 (off: every answer comes from the solver)
  bool slack_rules = true;             // implied capacity constraints in phase 4 (slack.hpp)
  bool count_rules = true;             // per-node reception counts per step in phase 4
  bool cds_rules = true;               // sender counts of broadcast items in phase 4 (timeindexed.hpp)
  bool lex_leader = false;             // phase 4: lex-leader over Aut(network) (lex_leader.hpp)
  bool bisect = false;                 // minimize_steps: binary search over T instead of upwards
  // Allreduce (allreduce.hpp): a packet carries the sender's current partial sum of each
  // chunk it names (true), or any contributions the sender holds (false: the verifier's rule).
  bool allreduce_whole_values = true;
};

enum class SynthesisStatus { Found, Impossible, Unknown };
std::string to_string(SynthesisStatus s);

struct SynthesisResult {
  SynthesisStatus status = SynthesisStatus::Unknown;
  std::optional<schedules::Schedule> schedule;  // Found: verified natively
  std::string certificate;  // Impossible: the argument, or "UNSAT of query <file>"
  double seconds = 0.0;     // wall-clock seconds of this call, of which:
  double search_seconds = 0.0;  // the solvers' searches (every query this call ran)
  double check_seconds = 0.0;   // checking UNSAT proofs (the rest: encoding, decoding, checks)
  std::string stats;        // phases run, query sizes, solver statistics
  std::string reason;       // Unknown in a walk over T: the budget that ran out (issue 18)
};

// The estimated size of the exact time-indexed query at `steps`, without building it (issue 18).
std::uint64_t estimate_exact_query_bytes(const schedules::Network& net, schedules::Model model,
                                         const schedules::Problem& problem, unsigned steps);

SynthesisResult synthesize(const schedules::Network& net, schedules::Model model,
                           const schedules::Problem& problem, unsigned steps,
                           const SynthesisOptions& options = {});

// Smallest T in [lo, hi] with a schedule: `at_optimum` is that Found result, `below` the result
// for T - 1 (an Impossible with its certificate, unless T = 0). Without an optimum (Unknown on
// the way, or nothing in range) `optimum` is empty and `below`/`at_optimum` hold the last results.
// With emit_smt2_path, the file holds the query of the `below` step when that was solved.
struct OptimumResult {
  std::optional<unsigned> optimum;
  SynthesisResult at_optimum;
  SynthesisResult below;
  bool from_upper = false;   // the optimum is the known schedule's step count
  std::string upper_label;   // the known schedule, when one was given
  // No optimum established (a bisection ended on an unknown T): the shortest schedule the walk
  // found, verified natively like every found schedule, with its step count. It narrows the gap
  // below the known upper bound, so it is reported and written, never dropped.
  std::optional<std::pair<unsigned, SynthesisResult>> best_found;
};

// A schedule known before the walk (a construction, a derived schedule, --upper-from FILE): the
// walk asks only T < its steps, and when every such T from the bound up is impossible, its step
// count is the optimum (issue 27, item 3). It is verified natively before use.
struct KnownUpper {
  schedules::Schedule schedule;
  std::string label;
};

// With options.bisect, a binary search over [lo, hi] (fewer queries when the gap is wide; an
// optimum still needs T found and T - 1 impossible).
OptimumResult minimize_steps(const schedules::Network& net, schedules::Model model,
                             const schedules::Problem& problem, unsigned lo, unsigned hi,
                             const SynthesisOptions& options = {}, const KnownUpper* upper = nullptr);

}  // namespace schedcert::encodings::synth
