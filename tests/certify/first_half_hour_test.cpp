// Issue 29, "Summaries that say what happened" (items 3-5) and the symmetric engine on files
// (item 14): what certify and ci count and print, the subjects expected findings match, and
// the root-0 schedule recovered from a translated construction's file.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "certify/check.hpp"
#include "certify/expected.hpp"
#include "schedules/registry.hpp"
#include "schedules/transforms/translate.hpp"
#include "tests/cli/run_cli.hpp"
#include "witnesses/report.hpp"

namespace schedcert_test_certify_first_half_hour_test {

using schedcert::testing::run_cli;
namespace certify = schedcert::certify;
namespace sc = schedcert::schedules;

namespace {

sc::Params params(int dim, int radix = 0, std::uint32_t messages = 1) {
  sc::Params p;
  p.dim = dim;
  p.radix = radix;
  p.messages = messages;
  return p;
}

const sc::Construction& find(const std::string& name) {
  return sc::Registry::instance().find(name);
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string temp_dir(const std::string& what) {
  const auto d = std::filesystem::temp_directory_path() /
                 ("schedcert-i29-" + what + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

const std::string kKnown =
    std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples/expected-findings.json";

}  // namespace

TEST_CASE(
    "issue 29 item 3: a missed claim is counted as such, and its row points to docs/findings.md") {
  // fa-multinode-scatter on MT_{3,3}, M = 1: valid, 11 steps against the paper's 9.
  const auto r = certify::certify_construction(find("fa-multinode-scatter"), params(3), {});
  REQUIRE(r.outcome == certify::Outcome::Invalid);
  REQUIRE_FALSE(r.violation);
  std::ostringstream table;
  schedcert::witnesses::write_report_table({r}, table);
  INFO(table.str());
  CHECK(table.str().find("1 row: 1 claim not met\n") != std::string::npos);
  CHECK(table.str().find("1 invalid") == std::string::npos);
  CHECK(table.str().find(
            "CLAIM NOT MET (valid schedule; a finding about the paper: docs/findings.md)") !=
        std::string::npos);
  // A broken rule is still "invalid".
  auto broken = r;
  broken.violation = schedcert::verifier::Violation{};
  CHECK(certify::outcome_label(broken) == "invalid");
  CHECK(certify::outcome_label(r) == "claim not met");
}

TEST_CASE("issue 29 item 4: a row's subject names every parameter, as the paper tables do") {
  CHECK(certify::construction_subject(find("fa-mnb"), params(3)) ==
        "fa-mnb --dim 3 --radix 3 --messages 1");
  CHECK(certify::construction_subject(find("fa-mnb"), params(3, 5, 2)) ==
        "fa-mnb --dim 3 --radix 5 --messages 2");
  sc::Params p = params(3);
  p.model = sc::Model::SinglePortFull;
  CHECK(certify::construction_subject(find("sbt-broadcast"), p) ==
        "sbt-broadcast --dim 3 --model single-port-full");
  p.variant = "greedy";
  p.model = sc::Model::AllPort;
  CHECK(certify::construction_subject(find("fa-multinode-scatter"), p) ==
        "fa-multinode-scatter --dim 3 --radix 3 --messages 1 --variant greedy");
  // certify_construction names its report so, and the project's list then excuses the default
  // job's own finding (it did not: the subject lacked --radix and --messages).
  auto r = certify::certify_construction(find("fa-multinode-scatter"), params(3), {});
  CHECK(r.subject == "fa-multinode-scatter --dim 3 --radix 3 --messages 1");
  const auto known = certify::read_expected_findings(kKnown);
  CHECK(known.apply(r));
}

TEST_CASE(
    "issue 29 item 4: certify with the project's expected findings exits 0 on the default job's "
    "finding") {
  auto r = run_cli("certify fa-multinode-scatter --dim 3 --engine native");
  CHECK(r.code == 1);
  r = run_cli("certify fa-multinode-scatter --dim 3 --engine native --expected-findings " + kKnown);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("(expected finding)") != std::string::npos);
  // The other entry (fa-mnb, k >= 5) concerns no row of this run: said so, not "did not occur".
  CHECK(r.out.find("did not occur") == std::string::npos);
  CHECK(r.out.find("expected finding not checked by this run: 'fa-mnb") != std::string::npos);
}

TEST_CASE(
    "issue 29 item 4: an entry whose row passed is stale, one that matches no row is not checked") {
  certify::ExpectedFindings k = certify::parse_expected_findings(
      R"({"format": "schedcert-expected-findings", "version": 1, "findings": [
          {"subject": "sbt-broadcast --dim 3*", "reason": "r1", "docs": "d1"},
          {"subject": "nothing-like-it *", "reason": "r2", "docs": "d2"}]})",
      "k.json");
  certify::Report ok;
  ok.subject = "sbt-broadcast --dim 3 --model all-port";
  ok.outcome = certify::Outcome::Valid;
  CHECK_FALSE(k.apply(ok));
  const std::string notes = k.stale_notes();
  CHECK(notes.find("note: k.json: expected finding did not occur: 'sbt-broadcast --dim 3*' (r1; "
                   "d1); its row "
                   "sbt-broadcast --dim 3 --model all-port: valid") != std::string::npos);
  CHECK(notes.find("note: k.json: expected finding not checked by this run: 'nothing-like-it *' "
                   "matches none of "
                   "its rows") != std::string::npos);
}

TEST_CASE(
    "issue 29 item 5: ci counts every job, shows a file job by its path, and writes normalised "
    "paths") {
  const std::string dir = temp_dir("ci");
  const auto r = run_cli("ci " + std::string(SCHEDCERT_TEST_DIR) +
                         "/../docs/examples/ci-manifest.json --junit " + dir + "/j.xml --report " +
                         dir + "/r.json");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("4 rows: 4 valid") != std::string::npos);  // 3 rows for 4 jobs before
  // The file job's row starts with its path (it showed "sbt-broadcast  -").
  const std::string path = "tests/fixtures/schedules/valid-sbt-broadcast-q3-all-port.json";
  bool row = false;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    row |= line.find(path) != std::string::npos && line.find(path) < 40 &&
           line.find(" 3  all-port") != std::string::npos;
  CHECK(row);  // ... and its d from the file's provenance
  CHECK(r.out.find("sbt-broadcast  -") == std::string::npos);
  const std::string junit = slurp(dir + "/j.xml"), json = slurp(dir + "/r.json");
  CHECK(junit.find("tests=\"4\"") != std::string::npos);
  CHECK(junit.find("/../") == std::string::npos);
  CHECK(json.find("/../") == std::string::npos);
  CHECK(json.find(path) != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("issue 29 item 14: the root-0 schedule of every translated construction's file") {
  for (const auto& c : sc::Registry::instance().all()) {
    if (!c.generate_root) continue;
    sc::Params p = params(c.min_dim > 2 ? c.min_dim : 2);
    p.model = c.models.front();
    INFO(c.name);
    const sc::Schedule full = sc::generate(c, p);
    const sc::Schedule root = sc::generate_root(c, p);
    std::string why;
    const auto got = sc::transforms::root_of_translate(full, &why);
    INFO(why);
    if (c.name == "bertsekas-mna") {  // a time reversal: each step in another order than root by root
      CHECK_FALSE(got.has_value());
      CHECK(why.find("not the translate of its root-0 part") != std::string::npos);
      continue;
    }
    REQUIRE(got.has_value());
    CHECK(got->problem().kind == root.problem().kind);
    REQUIRE(got->num_transmissions() == root.num_transmissions());
    for (std::size_t k = 0; k < root.num_transmissions(); ++k) {
      CHECK(got->from(k) == root.from(k));
      CHECK(got->to(k) == root.to(k));
    }
    // The symmetric engine on the file agrees with the native one.
    certify::CheckOptions o;
    o.engines = {certify::Engine::Native, certify::Engine::Symmetric};
    const auto r = certify::check_schedule(full, o);
    CHECK(r.outcome == certify::Outcome::Valid);
    CHECK(r.runs.size() == 2);
  }
  // A single-node schedule is not a translate: refused, saying which schedules the check takes.
  const sc::Schedule single = sc::generate(find("sbt-broadcast"), params(3));
  std::string why;
  CHECK_FALSE(sc::transforms::root_of_translate(single, &why));
  CHECK(why.find("not a multinode problem made of translates") != std::string::npos);
}

TEST_CASE("issue 29 item 14: verify FILE --engine symmetric on generate's output") {
  const std::string dir = temp_dir("sym");
  REQUIRE(run_cli("generate fa-mnb --dim 2 -o " + dir + "/mnb.json").code == 0);
  auto r = run_cli("verify " + dir + "/mnb.json --engine symmetric");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("engine symmetric  valid") != std::string::npos);
  r = run_cli("verify " + dir + "/mnb.json --engine all");
  CHECK(r.code == 0);
  // A single-node file: refused, naming the constructions the check applies to.
  REQUIRE(run_cli("generate sbt-broadcast --dim 3 -o " + dir + "/sbt.json").code == 0);
  r = run_cli("verify " + dir + "/sbt.json --engine symmetric");
  CHECK(r.code == 2);
  CHECK(r.out.find("applies to multinode schedules made that way") != std::string::npos);
  CHECK(r.out.find("for bertsekas-mnb, bertsekas-mnb-sla, bertsekas-te, bertsekas-te-sla, fa-mnb, "
                   "fa-multinode-scatter (") != std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace schedcert_test_certify_first_half_hour_test
