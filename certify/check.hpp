// Certification: runs the chosen engines on a schedule, compares them, and sets the result
// against the computed lower bounds and the construction's claim. The engines never see each
// other's answers; this layer only compares them.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedules/registry.hpp"
#include "schedules/schedule.hpp"
#include "verifier/bounds.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::certify {

enum class Engine { Native, Smt, Symmetric };
std::string to_string(Engine e);
// "native", "smt", "symmetric", "both" (native and smt), "all", or "auto" (native, plus smt
// when the schedule is small: see CheckOptions::smt_auto_limit). Throws InputError.
std::vector<Engine> parse_engines(const std::string& s);

// Exit codes of the command line, shared by every command (README, `--help`).
enum class Outcome {
  Valid = 0,         // every engine accepted (and a construction met its claim)
  Invalid = 1,       // an engine rejected, or a construction missed its claim (a finding)
  Unknown = 3,       // an engine gave up (Z3 unknown or timeout); never reported as valid
  Disagreement = 4,  // engines disagree: a bug in one of them, never silently resolved
};
std::string to_string(Outcome o);

struct EngineRun {
  Engine engine = Engine::Native;
  std::optional<verifier::Verdict> verdict;  // empty when the engine gave up
  std::string unknown_reason;
  double seconds = 0;
};

// A known, documented finding (certify/expected.hpp): the report keeps its outcome; exit codes
// treat it as passing and every sink shows the reason and the document.
struct Expectation {
  std::string reason, docs;
};

struct Report {
  std::string subject;  // construction_subject(...) or the file name
  std::string file;     // the schedule file checked (verify, a ci file job); "" otherwise
  // A construction row's, or what a file's provenance says (the registry's paper and section
  // for the construction it names, its "dim"): metadata, not checked against the schedule.
  std::string construction, paper, section;
  std::string network, model, problem;
  int dim = 0;
  std::vector<EngineRun> runs;
  verifier::Metrics metrics;
  verifier::LowerBounds bounds;
  std::optional<std::uint64_t> claimed_steps, claimed_transmissions;
  std::optional<verifier::Violation> violation;  // the first engine's first violation
  Outcome outcome = Outcome::Unknown;
  std::string finding;  // why the outcome is what it is, in one or two sentences
  // A `ci` job that could not run because its input is wrong (InputError: unreadable or
  // malformed file, sizes that overflow, bad parameters). outcome is Invalid; the exit code is
  // 2, as for the same input on the command line.
  bool input_error = false;
  std::optional<Expectation> expected;  // set by ExpectedFindings::apply

  bool valid() const { return outcome == Outcome::Valid; }
  // A valid schedule that misses its construction's claim (Invalid without a violation).
  bool claim_missed() const { return outcome == Outcome::Invalid && !violation && !runs.empty(); }
  bool steps_meet_bound() const { return metrics.steps == bounds.steps.value; }
  bool transmissions_meet_bound() const {
    return metrics.transmissions == bounds.transmissions.value;
  }
};

// A report's outcome as the tables and summary lines count it (issue 29): "valid", "invalid"
// (a rule broken), "claim not met" (Report::claim_missed), "could not run" (input_error),
// "unknown", "disagreement"; " (expected)" appended for a declared finding.
std::string outcome_label(const Report& r);

struct CheckOptions {
  std::vector<Engine> engines{Engine::Native};
  unsigned smt_timeout_ms = 60000;
  std::string emit_smt2_path;  // write the SMT query here (when the smt engine runs)
  // "auto" engine choice: the smt engine runs only on schedules of at most this many
  // transmissions (0: always, as asked). The report lists the engines that actually ran.
  std::size_t smt_auto_limit = 0;
};

// Verifies s with every engine of o and compares the verdicts (validity, rule, step,
// transmission, item). The symmetric engine runs on the root-0 schedule whose translate to every
// root s is (schedules::transforms::root_of_translate: a multinode schedule as `generate` writes
// it for a translated construction); for any other s it throws InputError saying so. From a
// root schedule, check_translated does the same without materialising the translate.
Report check_schedule(const schedules::Schedule& s, const CheckOptions& o);
// The multinode schedule translate_to_all_roots(root): Symmetric runs on `root`; Native and Smt
// materialise the translate.
Report check_translated(const schedules::Schedule& root, const CheckOptions& o);

// A construction row's subject (issue 29): the row as a `certify` command line names it, and
// what expected-findings patterns (certify/expected.hpp) match. The name, --network when given,
// --dim (unless a network was given instead), every option the construction takes among --radix
// (its default written out) and --messages, then --packet-items, --root and --variant when they
// differ from the defaults, and --model when the construction is built for more than one model.
// E.g. "fa-mnb --dim 3 --radix 3 --messages 1", "sbt-broadcast --dim 3 --model single-port-full".
// The paper tables use the same subject.
std::string construction_subject(const schedules::Construction& c, const schedules::Params& p);

// Generates the construction with p, checks it, and compares with its claimed steps and
// transmissions: a valid schedule whose numbers differ from the paper's claim is Invalid with
// the finding stated.
Report certify_construction(const schedules::Construction& c, const schedules::Params& p,
                            const CheckOptions& o);

}  // namespace schedcert::certify
