// The optimality sweep (issue 4): for every network x model x problem asked for, is the best
// known schedule optimal, and can Z3 tell?
//
// Per combination (problem parameters: root 0, M = 1, B = 1; successive broadcasts from every
// node, in binary-reflected Gray-code order on hypercubes and in id order on other networks):
//   * every registered construction that generates exactly this network, model and problem
//     (found by trying its parameters: --dim d on Q_d, --dim n --radix k on C_k^n, --network SPEC;
//     each construction's default variant) is generated, verified natively, and handed to
//     certify_optimality: bound met / T - 1 impossible (counting or UNSAT) / a shorter schedule
//     (re-verified natively, saved) / unknown with the gap lower bound .. T;
//   * when no construction exists for the model, an upper bound first: every verified schedule
//     of the combination under another model (constructions, optima synthesised earlier in the
//     sweep, shorter schedules found) is re-bound to this model, kept or split per step into
//     sub-steps where each node sends or receives at most once (parity split on hypercubes,
//     greedy otherwise), and re-verified natively; the shortest valid one is the upper bound H
//     ("derived:<source>/<its model>+<split>"). Then synthesis walks T upwards from the computed
//     lower bound (the walk of encodings::synth::minimize_steps, but each T is one query with its
//     own timeout, so a hard T does not starve the others) up to min(H - 1, bound + max_extra): the
//     first Found is the optimum (T - 1 was proven impossible, or T is the bound); all impossible
//     up to H - 1 makes the derived schedule optimal; an Unknown leaves the gap T..H.
// A construction's successive-broadcast rows keep the construction's own source order (the row's
// problem field says which). Nothing here knows an expected answer: every verdict comes from the
// bound, the solver, or the native verifier.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "certify/optimality.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::certify {

enum class SweepVerdict {
  OptimalByBound,  // steps == computed lower bound
  OptimalByProof,  // T - 1 proven impossible (counting argument or UNSAT; see kind)
  ShorterFound,    // a construction beaten: a shorter schedule, verified natively (a finding)
  Unknown,         // gap lower..upper stays open within the time given
  Invalid,         // the construction's schedule failed the native verifier (a finding)
  Error,           // the pipeline threw (a bug, message in `note`)
};
std::string to_string(SweepVerdict v);
bool closed(SweepVerdict v);  // OptimalByBound, OptimalByProof, ShorterFound

struct SweepRow {
  std::string network, model, problem;  // problem: Problem::describe()
  std::vector<schedules::Node> sources;  // successive broadcasts: the order used
  std::string source;                    // construction name, or "synthesis"
  std::optional<std::uint64_t> steps;    // the construction's, or the synthesised optimum/best
  std::optional<std::uint64_t> claimed_steps;  // the paper's formula (registry), when it has one
  std::uint64_t lower_bound = 0;         // verifier::lower_bounds
  SweepVerdict verdict = SweepVerdict::Unknown;
  std::optional<std::uint64_t> shorter_steps;  // ShorterFound
  std::uint64_t gap_lo = 0;                    // proven: no schedule below gap_lo steps
  std::optional<std::uint64_t> gap_hi;         // a valid schedule of gap_hi steps is known
  CertificateKind kind = CertificateKind::None;
  std::string certificate;              // the argument / query / witness, in words
  std::string witness_file;             // shorter or synthesised schedule, when saved
  std::string smt2_file;                // the T - 1 query, when saved
  std::string note;                     // e.g. the Unknown's reason, an error message
  double seconds = 0;                   // wall clock of the row
  double cpu_seconds = 0;               // process CPU time of the row
};

// The problems a sweep closes by synthesis: every kind but allreduce, which synthesize refuses
// (docs/allreduce.md); `--problems allreduce` still asks for it and gets that refusal.
std::vector<schedules::ProblemKind> default_sweep_problems();

struct SweepOptions {
  std::vector<std::string> networks{"Q2", "Q3", "Q4", "C3xC3"};
  std::vector<schedules::ProblemKind> problems = default_sweep_problems();
  std::vector<schedules::Model> models = schedules::all_models();
  unsigned timeout_ms = 60000;  // per solver query
  unsigned max_extra = 8;       // synthesis walks T up to lower bound + max_extra
  std::string out_dir;          // witnesses (*.json) and T - 1 queries (*.smt2); "" = none,
                                // except shorter schedules (findings): findings_dir
  // Where a shorter schedule (a finding) is saved without out_dir: a finding is never left only
  // in a table. "" (the default): a new directory $TMPDIR/schedcert-sweep-XXXXXX (the system's
  // temporary directory) made by run_sweep and removed again when no finding was saved; the
  // rows name the files (witness_file). Issue 29: it was ./schedcert-sweep-witnesses.
  std::string findings_dir;
  std::function<void(const SweepRow&)> on_row;           // progress (called after each row)
  std::function<void(const std::string&)> on_start;      // progress (before each row)
};

// The problem of a combination with the sweep's parameters (root 0, M = 1, sources as above).
schedules::Problem sweep_problem(const schedules::Network& net, schedules::ProblemKind k);

// Throws InputError for a bad network spec.
std::vector<SweepRow> run_sweep(const SweepOptions& o);

struct SweepSummary {
  std::size_t rows = 0, closed = 0, unknown = 0, findings = 0, errors = 0;
  double seconds = 0, cpu_seconds = 0;
};
SweepSummary summarize(const std::vector<SweepRow>& rows);
// 0: every row closed; 1: an invalid construction or an error; 3: some row unknown (and none 1).
int sweep_exit_code(const std::vector<SweepRow>& rows);

// The sweep as JSON: one object with "format" ("schedcert-optimality-sweep"), "version" (1),
// "options" (when opts is given), "summary" and "rows" (every SweepRow field; absent optionals
// are null). read_sweep_json reads it back (InputError naming the row and field otherwise), so
// a saved sweep can be re-rendered (`schedcert sweep --from-json FILE --format markdown`).
void write_sweep_json(const std::vector<SweepRow>& rows, std::ostream& out,
                      const SweepOptions* opts = nullptr);
std::vector<SweepRow> read_sweep_json(std::istream& in, const std::string& source);
// The verdict column in words, e.g. "optimal by UNSAT", "unknown, gap 3..5".
std::string verdict_cell(const SweepRow& r);

}  // namespace schedcert::certify
