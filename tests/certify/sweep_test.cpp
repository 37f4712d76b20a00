// The optimality sweep (certify/sweep.hpp) on Q_2, every problem x model: every row closes, the
// JSON has its documented shape, and each verdict agrees with a fact checked independently here:
// bound rows meet the recomputed lower bound, every saved schedule (shorter or synthesised)
// re-loads from its file and passes the native verifier with the row's step count, and the
// exported T - 1 queries of rows proven by UNSAT are answered unsat by the z3 and cvc5 CLIs.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "certify/sweep.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_certify_sweep_test {

using namespace schedcert;
using namespace schedcert::certify;

namespace {

const std::string& out_dir() {
  static const std::string d = [] {
    auto p = std::filesystem::temp_directory_path() /
             ("schedcert-sweep-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(p);
    return p.string();
  }();
  return d;
}

// One Q_2 sweep shared by the cases below (computed once per process).
const std::vector<SweepRow>& q2_rows() {
  static const std::vector<SweepRow> rows = [] {
    SweepOptions o;
    o.networks = {"Q2"};
    o.timeout_ms = 60000;
    o.out_dir = out_dir();
    return run_sweep(o);
  }();
  return rows;
}

std::string run(const std::string& cmd) { return schedcert::testing::shell_output(cmd); }

std::string who(const SweepRow& r) {
  return r.network + " " + r.model + " " + r.problem + " " + r.source;
}

}  // namespace

TEST_CASE("sweep: Q2, every problem x model, closes every row") {
  const auto& rows = q2_rows();
  // At least one row per combination (a construction row or a synthesis row).
  CHECK(rows.size() >= default_sweep_problems().size() * schedules::all_models().size());
  for (const auto& r : rows) {
    INFO(who(r) << ": " << verdict_cell(r) << " " << r.note);
    CHECK(closed(r.verdict));
    CHECK(r.network == "Q2");
  }
  CHECK(sweep_exit_code(rows) == 0);
  const auto s = summarize(rows);
  CHECK(s.closed == rows.size());
  CHECK(s.unknown == 0);
}

TEST_CASE("sweep: verdicts agree with independently checked facts") {
  const auto& rows = q2_rows();
  int unsat_rows = 0;
  for (const auto& r : rows) {
    INFO(who(r) << ": " << verdict_cell(r));
    REQUIRE(r.steps.has_value());
    if (r.verdict == SweepVerdict::OptimalByBound) CHECK(*r.steps == r.lower_bound);
    if (r.verdict == SweepVerdict::OptimalByProof) {
      CHECK(*r.steps > r.lower_bound);
      CHECK(r.gap_lo == *r.steps);
      CHECK((r.kind == CertificateKind::Unsat || r.kind == CertificateKind::Counting));
      if (r.kind == CertificateKind::Unsat) {
        CHECK(std::filesystem::exists(r.smt2_file));
        ++unsat_rows;
      }
    }
    if (r.verdict == SweepVerdict::ShorterFound) {
      REQUIRE(r.shorter_steps.has_value());
      CHECK(*r.shorter_steps < *r.steps);
      CHECK(*r.shorter_steps >= r.lower_bound);
    }
    // Every saved schedule: re-read from disk, re-verified, same network/model, step count.
    if (!r.witness_file.empty()) {
      const auto f = schedules::io::read_schedule_file(r.witness_file);
      CHECK(verifier::verify_native(f.schedule).valid);
      CHECK(f.schedule.network().name() == r.network);
      CHECK(schedules::to_string(f.schedule.model()) == r.model);
      const auto expect = r.verdict == SweepVerdict::ShorterFound ? *r.shorter_steps : *r.steps;
      CHECK(f.schedule.num_steps() == expect);
      const auto lb = verifier::lower_bounds(f.schedule.network(), f.schedule.model(),
                                             f.schedule.problem());
      CHECK(f.schedule.num_steps() >= lb.steps.value);
    } else {
      CHECK(r.source != "synthesis");  // synthesised optima are always saved with --out-dir
      CHECK(r.verdict != SweepVerdict::ShorterFound);
    }
  }
  MESSAGE("rows proven optimal by UNSAT: " << unsat_rows);
}

TEST_CASE("sweep: UNSAT certificates re-answered by the z3 and cvc5 command-line tools") {
  REQUIRE_MESSAGE(std::system("command -v z3 > /dev/null 2>&1") == 0, "z3 not on PATH");
  REQUIRE_MESSAGE(std::system("command -v cvc5 > /dev/null 2>&1") == 0, "cvc5 not on PATH");
  // Q_2 has rows that only the exact query closes (e.g. successive broadcasts, single port).
  const auto& rows = q2_rows();
  int checked = 0;
  for (const auto& r : rows) {
    if (r.verdict != SweepVerdict::OptimalByProof || r.kind != CertificateKind::Unsat) continue;
    if (checked >= 3) break;
    INFO(who(r) << ": " << r.smt2_file);
    REQUIRE(std::filesystem::exists(r.smt2_file));
    CHECK(run("timeout 60 z3 " + r.smt2_file) == "unsat");
    CHECK(run("timeout 60 cvc5 " + r.smt2_file) == "unsat");
    ++checked;
  }
  CHECK(checked >= 2);
}

TEST_CASE("sweep: JSON output shape") {
  SweepOptions o;
  o.networks = {"Q2"};
  std::ostringstream out;
  write_sweep_json(q2_rows(), out, &o);
  const auto j = nlohmann::json::parse(out.str());
  CHECK(j["format"] == "schedcert-optimality-sweep");
  CHECK(j["version"] == 1);
  CHECK(j["options"]["networks"] == nlohmann::json::array({"Q2"}));
  CHECK(j["summary"]["rows"] == q2_rows().size());
  CHECK(j["summary"]["exit_code"] == 0);
  REQUIRE(j["rows"].size() == q2_rows().size());
  for (const auto& r : j["rows"]) {
    for (const char* k : {"network", "model", "problem", "source", "steps", "lower_bound",
                          "verdict", "verdict_text", "certificate_kind", "certificate", "gap_lo",
                          "gap_hi", "shorter_steps", "seconds", "cpu_seconds"})
      CHECK_MESSAGE(r.contains(k), k);
    CHECK(r["seconds"].is_number());
  }
  // Successive broadcasts on Q_d are in Gray-code order.
  const auto p = sweep_problem(schedules::Network::parse("Q3"),
                               schedules::ProblemKind::SuccessiveBroadcast);
  CHECK(p.sources == std::vector<schedules::Node>{0, 1, 3, 2, 6, 7, 5, 4});
  // Read back: the same rows.
  std::istringstream in(out.str());
  const auto back = read_sweep_json(in, "test");
  REQUIRE(back.size() == q2_rows().size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    CHECK(back[i].verdict == q2_rows()[i].verdict);
    CHECK(back[i].kind == q2_rows()[i].kind);
    CHECK(back[i].steps == q2_rows()[i].steps);
    CHECK(verdict_cell(back[i]) == verdict_cell(q2_rows()[i]));
  }
  std::istringstream bad(R"({"format": "schedcert-optimality-sweep", "rows": [{"network": 3}]})");
  CHECK_THROWS_AS(read_sweep_json(bad, "bad.json"), InputError);
}

}  // namespace schedcert_test_certify_sweep_test
