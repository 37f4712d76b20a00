// Sinks for certification reports. Each writer only formats what the Report already says; none
// re-derives a verdict. "certified" is printed only for a report whose engines all accepted and
// whose construction met its claim; "optimal" only where the measured value equals a computed
// lower bound.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::witnesses {

// A person-readable account of one report: engines, verdicts, metrics, bounds, finding.
void write_report_text(const certify::Report& r, std::ostream& out);
// One line per report, columns aligned: a table to read in a terminal or paste into notes; then
// the summary line (summary_line) unless with_summary is false.
void write_report_table(const std::vector<certify::Report>& rs, std::ostream& out,
                        bool with_summary = true);
// Machine-readable: {"schema": "schedcert-report", "version": 1, "reports": [...],
// "outcome": "...", "exit_code": N}.
void write_report_json(const std::vector<certify::Report>& rs, std::ostream& out);

// The exit code for a set of reports: the most severe outcome's (Disagreement 4 > a job that
// could not run 2 > Invalid 1 > Unknown 3 > Valid 0), so an unknown row never hides a broken one.
// Reports marked as expected findings (certify/expected.hpp) do not count.
int exit_code(const std::vector<certify::Report>& rs);

// The summary line under a table (issue 17): "N rows: a x, b y\n".
std::string count_line(std::size_t rows, const std::map<std::string, std::size_t>& counts);
// count_line over certify::outcome_label of every report (issue 29).
std::string summary_line(const std::vector<certify::Report>& rs);

// " [expected finding: REASON; see DOCS]" for a report marked expected, else "".
std::string expected_suffix(const certify::Report& r);

}  // namespace schedcert::witnesses
