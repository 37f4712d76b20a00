// CI mode (certify/manifest.hpp, witnesses/junit.hpp, `schedcert ci`): manifest parsing and its
// errors, the three job kinds, JUnit counts, and the command's exit status and output files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "../cli/run_cli.hpp"
#include "certify/manifest.hpp"
#include "schedules/error.hpp"
#include "witnesses/junit.hpp"
#include "witnesses/report.hpp"

namespace schedcert_test_witnesses_ci_test {

namespace fs = std::filesystem;
using namespace schedcert;

namespace {
const std::string kFixtures = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules";

std::string manifest(const std::string& jobs) {
  return R"({"format": "schedcert-ci", "version": 1, "jobs": [)" + jobs + "]}";
}
}  // namespace

TEST_CASE("ci: malformed manifests are InputErrors naming the job and key") {
  CHECK_THROWS_WITH_AS(certify::parse_manifest(manifest(R"({"construction": "sbt-broadcast"})"),
                                               "m.json", ""),
                       "m.json: jobs[0].dim: required with construction", InputError);
  CHECK_THROWS_WITH_AS(certify::parse_manifest(manifest(R"({"file": "x.json", "colour": 1})"),
                                               "m.json", ""),
                       "m.json: jobs[0].colour: unknown key", InputError);
  CHECK_THROWS_AS(certify::parse_manifest("{", "m.json", ""), InputError);
  CHECK_THROWS_AS(certify::parse_manifest(manifest("{}"), "m.json", ""), InputError);
}

TEST_CASE("ci: the three job kinds and a failing job") {
  auto m = certify::parse_manifest(
      manifest(R"({"construction": "sbt-broadcast", "dim": 3, "engine": "native"},
                  {"file": "invalid-link-capacity-overload.json", "engine": "native"},
                  {"bound": {"network": "Q4", "problem": "broadcast", "expect_steps": 4}},
                  {"bound": {"network": "Q4", "problem": "broadcast", "expect_steps": 3}},
                  {"file": "no-such-file.json"})"),
      "m.json", kFixtures);
  auto rs = certify::run_manifest(m);
  REQUIRE(rs.size() == 5);
  CHECK(rs[0].outcome == certify::Outcome::Valid);
  CHECK(rs[1].outcome == certify::Outcome::Invalid);
  REQUIRE(rs[1].violation);
  CHECK(rs[1].violation->rule == verifier::Rule::LinkCapacity);
  // Q4 broadcast: the root's eccentricity is 4 (Bertsekas et al. 1991 Table 1: d steps).
  CHECK(rs[2].outcome == certify::Outcome::Valid);
  CHECK(rs[2].bounds.steps.value == 4);
  CHECK(rs[3].outcome == certify::Outcome::Invalid);
  CHECK(rs[4].outcome == certify::Outcome::Invalid);
  CHECK(rs[4].finding.find("job failed to run") != std::string::npos);
  CHECK(rs[4].input_error);
  // A job that could not run is an input error: exit 2, as the same file on the command line.
  CHECK(witnesses::exit_code(rs) == 2);
  rs.pop_back();
  CHECK(witnesses::exit_code(rs) == 1);
  // An unknown job does not hide an invalid one (issue 17): invalid (1) wins over unknown (3).
  certify::Report unknown;
  unknown.outcome = certify::Outcome::Unknown;
  rs.push_back(unknown);
  CHECK(witnesses::exit_code(rs) == 1);
  CHECK(witnesses::exit_code({unknown}) == 3);

  rs = certify::run_manifest(m);
  std::ostringstream x;
  witnesses::write_junit(rs, x);
  CHECK(x.str().find("tests=\"5\" failures=\"2\" errors=\"1\"") != std::string::npos);
  CHECK(x.str().find("<failure type=\"invalid\"") != std::string::npos);
  CHECK(x.str().find("<error type=\"input-error\"") != std::string::npos);
}

TEST_CASE("ci: schedcert ci on the sample manifest passes and writes both files") {
  fs::path dir = fs::temp_directory_path() / ("schedcert-ci-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string docs = std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples";
  auto r = testing::run_cli("ci ci-manifest.json --report '" + (dir / "r.json").string() +
                                "' --junit '" + (dir / "j.xml").string() + "'",
                            docs);
  INFO(r.out);
  CHECK(r.code == 0);
  std::ifstream in(dir / "r.json");
  REQUIRE(in);
  auto j = nlohmann::json::parse(in);
  CHECK(j["exit_code"] == 0);
  CHECK(j["reports"].size() == 4);
  std::ifstream jx(dir / "j.xml");
  std::string xml((std::istreambuf_iterator<char>(jx)), {});
  CHECK(xml.find("tests=\"4\" failures=\"0\" errors=\"0\"") != std::string::npos);

  // A manifest with an invalid schedule: exit 1.
  std::ofstream(dir / "bad.json") << manifest(R"({"file": ")" + kFixtures +
                                              R"(/invalid-link-capacity-overload.json"})");
  auto b = testing::run_cli("ci '" + (dir / "bad.json").string() + "'");
  CHECK(b.code == 1);
  fs::remove_all(dir);
}

}  // namespace schedcert_test_witnesses_ci_test
