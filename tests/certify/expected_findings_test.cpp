// Expected findings (issue 17): a file of known, documented findings keeps a CI job green on
// them, while a new failure, or the same row failing another rule, still fails it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "certify/expected.hpp"
#include "schedules/error.hpp"
#include "tests/cli/run_cli.hpp"
#include "verifier/verdict.hpp"
#include "witnesses/junit.hpp"
#include "witnesses/report.hpp"

namespace schedcert_test_certify_expected_findings_test {

using namespace schedcert;
using schedcert::testing::run_cli;

namespace {

std::string parse_error(const std::string& text) {
  try {
    certify::parse_expected_findings(text, "known.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

certify::Report failing(const std::string& subject, verifier::Rule rule) {
  certify::Report r;
  r.subject = subject;
  r.outcome = certify::Outcome::Invalid;
  r.violation = verifier::Violation{};
  r.violation->rule = rule;
  r.finding = "step 1: " + verifier::to_string(rule);
  return r;
}

const char* kOne = R"({"format": "schedcert-expected-findings", "version": 1, "findings": [
  {"subject": "a.json", "rule": "causality", "reason": "known bug 12", "docs": "docs/x.md"}]})";

std::filesystem::path temp_dir(const char* name) {
  auto d = std::filesystem::temp_directory_path() / (std::string("schedcert-expected-") + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace

TEST_CASE("expected findings: malformed files are refused naming the field and position") {
  CHECK(parse_error("[") .find("known.json: not JSON") == 0);
  CHECK(parse_error(R"({"format": "x", "findings": []})") ==
        "known.json: format: expected \"schedcert-expected-findings\"");
  CHECK(parse_error(R"({"format": "schedcert-expected-findings", "findings": [{"subject": "a"}]})") ==
        "known.json: findings[0].reason: missing");
  CHECK(parse_error(R"({"format": "schedcert-expected-findings", "findings": [
          {"subject": "a", "reason": "r", "docs": ""}]})") == "known.json: findings[0].docs: must not be empty");
  CHECK(parse_error(R"({"format": "schedcert-expected-findings", "findings": [
          {"subject": "a", "reason": "r", "docs": "d", "outcome": "valid"}]})")
            .find("findings[0].outcome: 'valid'") != std::string::npos);
  CHECK(parse_error(R"({"format": "schedcert-expected-findings", "findings": [
          {"subject": "a", "reason": "r", "docs": "d", "rule": "colour"}]})")
            .find("findings[0].rule:") != std::string::npos);
  CHECK(parse_error(R"({"format": "schedcert-expected-findings", "findings": [
          {"subject": "a", "reason": "r", "docs": "d", "why": 1}]})")
            .find("findings[0]: unknown key \"why\"") != std::string::npos);
}

TEST_CASE("expected findings: only the declared failure is excused, and the exit code follows") {
  const auto known = certify::parse_expected_findings(kOne, "known.json");
  std::vector<certify::Report> rs{failing("a.json", verifier::Rule::Causality)};
  known.apply(rs);
  REQUIRE(rs[0].expected.has_value());
  CHECK(rs[0].outcome == certify::Outcome::Invalid);  // the verdict itself is unchanged
  CHECK(witnesses::exit_code(rs) == 0);
  CHECK(known.stale_notes().empty());

  // The same file failing another rule is a new failure.
  std::vector<certify::Report> other{failing("a.json", verifier::Rule::Port)};
  const auto known2 = certify::parse_expected_findings(kOne, "known.json");
  known2.apply(other);
  CHECK_FALSE(other[0].expected.has_value());
  CHECK(witnesses::exit_code(other) == 1);
  CHECK(known2.stale_notes().find("expected finding did not occur: 'a.json' (known bug 12") !=
        std::string::npos);

  // A valid report is never marked; an expected row next to a new failure still exits 1.
  certify::Report ok;
  ok.subject = "a.json";
  ok.outcome = certify::Outcome::Valid;
  std::vector<certify::Report> mixed{failing("a.json", verifier::Rule::Causality), ok,
                                     failing("b.json", verifier::Rule::Causality)};
  certify::parse_expected_findings(kOne, "known.json").apply(mixed);
  CHECK_FALSE(mixed[1].expected.has_value());
  CHECK(witnesses::exit_code(mixed) == 1);

  std::ostringstream table, junit;
  witnesses::write_report_table(mixed, table);
  CHECK(table.str().find("[expected finding: known bug 12; see docs/x.md]") != std::string::npos);
  CHECK(table.str().find("3 rows: 1 invalid, 1 invalid (expected), 1 valid") != std::string::npos);
  witnesses::write_junit(mixed, junit);
  CHECK(junit.str().find("skipped=\"1\"") != std::string::npos);
  CHECK(junit.str().find("<skipped message=\"expected finding (invalid): known bug 12") != std::string::npos);
  CHECK(junit.str().find("failures=\"1\"") != std::string::npos);
}

TEST_CASE("expected findings: ci --expected-findings keeps a documented invalid file green") {
  const auto dir = temp_dir("ci");
  const std::string fixture = std::string(SCHEDCERT_TEST_DIR) +
                              "/fixtures/schedules/invalid-causality-send-before-receive.json";
  std::filesystem::copy_file(fixture, dir / "bad.json");
  std::ofstream(dir / "manifest.json") << R"({"format": "schedcert-ci", "version": 1,
    "jobs": [{"file": "bad.json"}]})";
  std::ofstream(dir / "known.json")
      << R"({"format": "schedcert-expected-findings", "version": 1, "findings": [
      {"subject": "*bad.json", "rule": "causality", "reason": "a fixture", "docs": "docs/ci.md"},
      {"subject": "gone.json", "reason": "fixed long ago", "docs": "docs/ci.md"}]})";
  const std::string m = (dir / "manifest.json").string(), k = (dir / "known.json").string();
  auto r = run_cli("ci " + m);
  CHECK(r.code == 1);
  r = run_cli("ci " + m + " --expected-findings " + k + " --junit " + (dir / "j.xml").string());
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("(expected)") != std::string::npos);
  // An entry for a job the manifest no longer has: not checked by this run, and said so (issue 29:
  // "did not occur" was printed for entries that concern other runs).
  CHECK(r.out.find(
            "expected finding not checked by this run: 'gone.json' matches none of its rows") !=
        std::string::npos);
  r = run_cli("ci " + m + " --expected-findings " + (dir / "missing.json").string());
  CHECK(r.code == 2);
}

TEST_CASE("expected findings: certify --paper fragopoulou1995 with the documented findings exits 0" *
          doctest::test_suite("slow")) {
  const std::string known = std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples/expected-findings.json";
  auto r = run_cli("certify --paper fragopoulou1995");
  CHECK(r.code == 1);
  r = run_cli("certify --paper fragopoulou1995 --expected-findings " + known);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("13 claim not met (expected)") !=
        std::string::npos);  // valid schedules (issue 29)
  CHECK(r.out.find("did not occur") == std::string::npos);
}

}  // namespace schedcert_test_certify_expected_findings_test
