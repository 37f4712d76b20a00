// The Coq companion (coq/Schedcert.v, witnesses/coq_export, `schedcert export coq`): coqc must
// accept the development with no axioms, accept the witnesses of valid schedules, and REJECT
// the witness of an invalid schedule. coqc missing is a failure, not a skip (install: apt-get
// install coq). The development is compiled once per process into a temporary directory
// (tests/witnesses/coq_run.hpp). The combining and ordered problems: coq_combining_test.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert_test_witnesses_coq_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace coq_test;
using schedules::Model;
using schedules::Schedule;

TEST_CASE("coq: the development compiles, its theorems use no axiom") {
  const CoqDir& d = coq_dir();
  INFO(d.build.out);
  CHECK(no_axioms(d.build.out));
  // Ten Print Assumptions, all closed: Schedcert.v (check_sound, check_correct,
  // first_violation_correct, fast_check_check, verdict_correct, link_ok_products) and
  // Optimality.v (ecc_steps_le, doubling_steps_le, cut_steps_le, optimal_by).
  std::size_t closed = 0;
  for (auto at = d.build.out.find("Closed under the global context"); at != std::string::npos;
       at = d.build.out.find("Closed under the global context", at + 1))
    ++closed;
  CHECK(closed == 10);
  for (const std::string& f : coq_files()) {
    INFO(f);
    std::ifstream in(coq_source(f));
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
    REQUIRE_FALSE(src.empty());
    CHECK(src.find("Admitted") == std::string::npos);
    CHECK(src.find("admit") == std::string::npos);
    CHECK(src.find("Axiom") == std::string::npos);
    CHECK(src.find("Parameter") == std::string::npos);
    CHECK(src.find("Conjecture") == std::string::npos);
  }
}

TEST_CASE("coq: witnesses of valid schedules check (SBT Q3 both models, Gray ring MNB Q3, TE Q3)") {
  const CoqDir& d = coq_dir();
  const std::pair<std::string, Schedule> cases[] = {
      {"sbt_q3_all_port", gen("sbt-broadcast", 3, Model::AllPort)},
      {"sbt_q3_single_port", gen("sbt-broadcast", 3, Model::SinglePortFull)},
      {"gray_ring_mnb_q3", gen("gray-ring-mnb", 3, Model::SinglePortFull)},
      {"te_q3", gen("bertsekas-te", 3, Model::AllPort)},
  };
  for (const auto& [name_, s_] : cases) {
    const auto& name = name_;  // a plain name: clang 14 cannot capture a binding
    const auto& s = s_;
    INFO(name);
    REQUIRE(verifier::verify_native(s).valid);
    const Run r = d.check(s, name);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(no_axioms(r.out));
  }
}

TEST_CASE("coq: the witness of an invalid schedule does not check") {
  const CoqDir& d = coq_dir();
  // SBT Q3 without its last step: completion fails.
  const Schedule full = gen("sbt-broadcast", 3, Model::AllPort);
  Schedule cut(full.network(), full.model(), full.problem());
  for (std::size_t st = 0; st + 1 < full.num_steps(); ++st) {
    cut.begin_step();
    for (std::size_t k = full.step_begin(st); k < full.step_end(st); ++k)
      cut.add(full.from(k), full.to(k), full.packet(k));
  }
  REQUIRE_FALSE(verifier::verify_native(cut).valid);
  Run r = d.check(cut, "sbt_q3_cut");
  CHECK(r.code != 0);
  INFO(r.out);
  CHECK(same_violation(coq_violation(r.out), verifier::verify_native(cut).violation->message));
  // A fixture that breaks store-and-forward causality, and one that breaks a port rule.
  for (const char* f : {"invalid-causality-send-before-receive.json",
                        "invalid-port-single-port-full-send-twice.json"}) {
    INFO(f);
    const auto file = schedules::io::read_schedule_file((fixtures() / f).string());
    REQUIRE_FALSE(verifier::verify_native(file.schedule).valid);
    r = d.check(file.schedule, "bad_fixture");
    CHECK(r.code != 0);
    INFO(r.out);
    CHECK(same_violation(coq_violation(r.out),
                         verifier::verify_native(file.schedule).violation->message));
  }
}

TEST_CASE("coq: schedcert export coq writes a witness, for every problem") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-coq-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string in = (fixtures() / "valid-sbt-broadcast-q3-all-port.json").string();
  auto r = schedcert::testing::run_cli("export coq '" + in + "' -o '" + (dir / "w.v").string() + "'");
  CHECK(r.code == 0);
  std::ifstream w(dir / "w.v");
  std::stringstream ss;
  ss << w.rdbuf();
  CHECK(ss.str().find("Theorem sched_valid : valid sched.") != std::string::npos);
  CHECK(ss.str().find("Sched (hypercube 3) AllPort (Prob Broadcast 0 1 1 [])") != std::string::npos);
  r = schedcert::testing::run_cli("export coq '" + in + "' -o '" + (dir / "bad-name.v").string() + "'");
  CHECK(r.code == 2);
  CHECK(r.out.find("Coq identifier") != std::string::npos);
  r = schedcert::testing::run_cli("export coq '" + (fixtures() / "valid-accumulation-q2-all-port.json").string() +
                                  "' -o '" + (dir / "acc.v").string() + "'");
  CHECK(r.code == 0);
  std::ifstream a(dir / "acc.v");
  std::stringstream sa;
  sa << a.rdbuf();
  CHECK(sa.str().find("(Prob Accumulation ") != std::string::npos);
  r = schedcert::testing::run_cli("export");
  CHECK(r.code == 2);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace schedcert_test_witnesses_coq_test
