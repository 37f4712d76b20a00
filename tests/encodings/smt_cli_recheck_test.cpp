// The exported SMT-LIB2 queries re-checked by the real solvers: `z3 FILE` and `cvc5 FILE` must
// print sat for invalid schedules and unsat for valid ones (the native verifier decides which).
// A missing solver is a failure, not a skip: CI installs both.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "smt_test_schedules.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_encodings_smt_cli_recheck_test {

using namespace schedcert;
using namespace schedcert::schedules;

namespace {

bool on_path(const std::string& tool) {
  return std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) == 0;
}

// Output (stdout and stderr) of a shell command, trailing whitespace removed.
std::string run(const std::string& cmd) { return schedcert::testing::shell_output(cmd); }

Problem problem(ProblemKind k) {
  Problem p;
  p.kind = k;
  if (k == ProblemKind::SuccessiveBroadcast) p.sources = {0, 2, 1};
  return p;
}

struct Named {
  std::string name;
  Schedule schedule;
};

std::vector<Named> schedules_to_recheck() {
  std::vector<Named> v;
  v.push_back({"sbt-broadcast Q3 all-port", constructions::sbt_broadcast(3, 5, Model::AllPort)});
  v.push_back({"gray-ring-mnb Q3 single-port-full", constructions::gray_ring_mnb(3, Model::SinglePortFull)});
  {
    auto st = smt_test::steps_of(constructions::sbt_broadcast(3, 0, Model::AllPort));
    st[1].erase(st[1].begin());  // an inner tree edge: its child then sends what it lacks
    v.push_back({"sbt-broadcast Q3 with a dropped hop", smt_test::build(Network::hypercube(3), Model::AllPort, problem(ProblemKind::Broadcast), st)});
  }
  {
    auto st = smt_test::steps_of(constructions::sbt_broadcast(3, 0, Model::AllPort));
    v.push_back({"sbt-broadcast Q3 all-port timing as single-port-half",
                 smt_test::build(Network::hypercube(3), Model::SinglePortHalf, problem(ProblemKind::Broadcast), st)});
  }
  v.push_back({"multinode-broadcast C5 shout-whisper (greedy)",
               smt_test::greedy(Network::parse("C5"), Model::ShoutWhisper, problem(ProblemKind::MultinodeBroadcast))});
  v.push_back({"multinode-accumulation P3xK3 single-port-half (greedy)",
               smt_test::greedy(Network::parse("P3xK3"), Model::SinglePortHalf, problem(ProblemKind::MultinodeAccumulation))});
  v.push_back({"successive-broadcast P3 all-port (greedy)",
               smt_test::greedy(Network::parse("P3"), Model::AllPort, problem(ProblemKind::SuccessiveBroadcast))});
  v.push_back({"multinode-accumulation Q2, packet [4, 12] after 4 arrived",
               smt_test::build(Network::hypercube(2), Model::AllPort, problem(ProblemKind::MultinodeAccumulation),
                               {{{1, 0, {4}}}, {{1, 0, {4, 12}}}})});
  return v;
}

}  // namespace

TEST_CASE("smt cli: z3 and cvc5 agree with verify_smt on the exported queries") {
  for (const char* tool : {"z3", "cvc5"})
    REQUIRE_MESSAGE(on_path(tool), std::string(tool) << " is not on PATH: the SMT-LIB2 re-check needs it (CI installs z3 and cvc5; "
                                           "on Debian: apt-get install z3 cvc5)");
  const auto dir = std::filesystem::temp_directory_path() / ("schedcert-smt-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int sat = 0, unsat = 0;
  for (const Named& n : schedules_to_recheck()) {
    CAPTURE(n.name);
    const bool valid = verifier::verify_native(n.schedule).valid;
    CHECK(encodings::smt::verify_smt(n.schedule).valid == valid);
    const std::string q = encodings::smt::smt2_query(n.schedule);
    CHECK(q.rfind(";", 0) == 0);  // starts with the comment header
    CHECK(q.find(":status") == std::string::npos);  // the answer is not in the file
    CHECK(q.size() >= 12);
    CHECK(q.substr(q.size() - 12) == "(check-sat)\n");
    const auto file = dir / ("query-" + std::to_string(sat + unsat) + ".smt2");
    std::ofstream(file) << q;
    const std::string expected = valid ? "unsat" : "sat";
    CHECK(run("z3 " + file.string()) == expected);
    CHECK(run("cvc5 " + file.string()) == expected);
    (valid ? unsat : sat) += 1;
  }
  std::filesystem::remove_all(dir);
  CHECK(sat >= 3);
  CHECK(unsat >= 3);
}

}  // namespace schedcert_test_encodings_smt_cli_recheck_test
