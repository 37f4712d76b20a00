// `schedcert ci`: runs a manifest of checks (certify/manifest.hpp) and writes the JSON report
// and JUnit XML; the exit status is the worst outcome (witnesses::exit_code).
#include <fstream>
#include <iostream>
#include <optional>

#include "certify/expected.hpp"
#include "certify/manifest.hpp"
#include "cli/commands.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "witnesses/junit.hpp"
#include "witnesses/report.hpp"

namespace schedcert::cli {

namespace {
struct CiOptions {
  std::string manifest, report, junit, expected;
  double timeout = 0;
};

template <class F>
void write_file(const std::string& path, const char* /*opt*/, F&& f) {
  schedules::io::write_atomically(path, [&](std::ostream& o) { f(o); });
}
}  // namespace

void add_ci_command(CLI::App& app, std::function<int()>& action,
                    std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "ci", "run a manifest of checks (constructions, schedule files, lower bounds) and write a "
            "JSON report and JUnit XML; exit status = worst outcome (docs/ci.md)");
  auto o = std::make_shared<CiOptions>();
  keep.push_back(o);
  sub->add_option("manifest", o->manifest, "manifest JSON (docs/examples/ci-manifest.json)")
      ->required();
  sub->add_option("--report", o->report, "write the JSON report here ('-' = stdout)");
  sub->add_option("--junit", o->junit, "write JUnit XML here ('-' = stdout)");
  sub->add_option("--expected-findings", o->expected,
                  "a JSON file of known, documented findings (subject pattern, reason, docs link): "
                  "matching failures are reported as expected (JUnit <skipped>) and do not fail the "
                  "exit status; entries that match nothing are printed as notes (docs/ci.md)");
  sub->add_option("--timeout", o->timeout,
                  "wall-clock budget of the whole run in seconds: each Z3 call gets at most what "
                  "is left (and at most its job's own timeout); jobs after the deadline are "
                  "reported 'not run', exit 3 (default: none)")
      ->check(positive_number());
  sub->callback([&action, o] {
    action = [o] {
      auto m = certify::read_manifest(o->manifest);
      std::optional<certify::ExpectedFindings> known;
      if (!o->expected.empty()) known = certify::read_expected_findings(o->expected);
      auto rs = certify::run_manifest(m, &std::cerr);
      if (known) {
        known->apply(rs);
        std::cerr << known->stale_notes();
      }
      if (!o->report.empty())
        write_file(o->report, "--report",
                   [&](std::ostream& f) { witnesses::write_report_json(rs, f); });
      if (!o->junit.empty())
        write_file(o->junit, "--junit", [&](std::ostream& f) { witnesses::write_junit(rs, f); });
      // Bound jobs have no schedule: the table's schedule columns would read as a gap, so they
      // get one line each with their finding.
      std::vector<certify::Report> checked;
      for (const auto& r : rs)
        if (r.runs.empty() && r.outcome != certify::Outcome::Invalid)
          std::cout << r.subject << ": " << r.finding << "\n";
        else if (r.runs.empty())
          std::cout << r.subject << ": FAILED: " << r.finding << witnesses::expected_suffix(r) << "\n";
        else
          checked.push_back(r);
      if (!checked.empty()) witnesses::write_report_table(checked, std::cout, false);
      std::cout << witnesses::summary_line(rs);  // every job, bound jobs too (issue 29)
      return witnesses::exit_code(rs);
    };
  });
}

}  // namespace schedcert::cli
