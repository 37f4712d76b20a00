// Expected findings (issue 17): a file that declares the failures a user already knows about,
// each with its reason and a link to the document that explains it, so that a documented finding
// (fragopoulou1995's paper variants at n = 3, say) does not turn a CI job red by surprise while a
// new failure still does.
//
// File format (JSON, docs/ci.md "Expected findings"):
//   {"format": "schedcert-expected-findings", "version": 1,
//    "findings": [{"subject": "fa-mnb --dim 3 *", "outcome": "invalid", "rule": "link-capacity",
//                  "reason": "...", "docs": "docs/fragopoulou1995.md"}]}
// subject: a shell pattern (fnmatch: '*', '?', '[...]') over the report's subject as the tables
// print it; outcome: "invalid" (default: a rejected schedule or a missed claim) or "unknown";
// rule (optional): the first violation's rule must be this one (so a different failure of the
// same row is not hidden); reason and docs: required, non-empty.
//
// A matching report keeps its outcome and finding; it gains the expectation, which the tables,
// the JSON report and JUnit show, and which exit_code (witnesses/report.hpp) treats as passing.
// An entry whose pattern matched a report that did not fail that way is "stale": the commands
// print "expected finding did not occur" with that report. An entry whose pattern matches no
// report of the run (a list shared by several jobs: the default job, --paper tables, a ci
// manifest) is not checked by this run, and the note says that instead (issue 29).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::certify {

struct ExpectedFinding {
  std::string subject;  // fnmatch pattern
  Outcome outcome = Outcome::Invalid;
  std::string rule;     // empty: any rule, or a missed claim
  std::string reason, docs;
  mutable std::size_t matched = 0;  // how many reports it marked
  mutable std::size_t seen = 0;     // how many reports' subjects matched the pattern
  mutable std::string unmarked;     // the first such report it did not mark, and its outcome
};

struct ExpectedFindings {
  std::vector<ExpectedFinding> entries;
  std::string source;  // the file name, for messages

  // Marks r (r.expected) when an entry matches its subject, outcome and rule; returns whether
  // it did. Valid, disagreeing and could-not-run reports are never marked, but pass them too:
  // they tell a stale entry from one this run does not check.
  bool apply(Report& r) const;
  void apply(std::vector<Report>& rs) const {
    for (auto& r : rs) apply(r);
  }
  // The entries that marked nothing, one line each ("" when none): stale, or not checked.
  std::string stale_notes() const;
};

// Parses the file's text; InputError naming the field and position ("findings[2].reason").
ExpectedFindings parse_expected_findings(std::string_view text, const std::string& source);
ExpectedFindings read_expected_findings(const std::string& path);

}  // namespace schedcert::certify
