// Issue 29 ("the first half hour"): the rough edges of the command line a newcomer hit, each
// with what it says now (items 6, 7, 8, 10, 11, 12, 13; the summaries are in
// tests/certify/first_half_hour_test.cpp).
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_first_half_hour_test {

using schedcert::testing::run_cli;
using schedcert::testing::run_shell;

namespace {

void expect(const std::string& args, int code, const std::string& text) {
  const auto r = run_cli(args);
  INFO(args << "\n" << r.out);
  CHECK(r.code == code);
  CHECK(r.out.find(text) != std::string::npos);
}

std::string temp_dir(const std::string& what) {
  const auto d = std::filesystem::temp_directory_path() /
                 ("schedcert-fhh-" + what + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

}  // namespace

TEST_CASE("issue 29 item 6: verify --json reports the dim and paper the file's provenance gives") {
  const std::string dir = temp_dir("prov");
  REQUIRE(run_cli("generate sbt-broadcast --dim 3 -o " + dir + "/mine.json").code == 0);
  const auto r = run_cli("verify " + dir + "/mine.json --json");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("\"dim\": 3") != std::string::npos);
  CHECK(r.out.find("\"paper\": \"bertsekas1991\"") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("issue 29 item 7: synthesize -q still names the checks of its certificate") {
  // Successive broadcasts on Q2 (CaDiCaL): T - 1 refuted, its proofs checked, said with -q.
  auto r =
      run_cli("synthesize -n Q2 -m shout-whisper -p successive-broadcast --allocation free -q");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("impossible") != std::string::npos);
  CHECK(r.out.find("proofs checked: DRAT (") != std::string::npos);
  CHECK(r.out.find("+ LRAT (the Coq-verified checker)") != std::string::npos);
  // Z3 answers carry no proof: nothing of the kind is claimed.
  r = run_cli(
      "synthesize -n Q2 -m shout-whisper -p successive-broadcast --allocation free --engine z3 -q");
  CHECK(r.code == 0);
  CHECK(r.out.find("proofs checked") == std::string::npos);
}

TEST_CASE("issue 29 item 8: cost flags every row that differs from the paper's value") {
  const auto r = run_cli("cost --dim 4 --messages 64 --packet-items 8");
  INFO(r.out);
  CHECK(r.code == 0);
  // Table 3's HP with one send and one receive: 22 steps (the path needs N - 1 hops), paper 21.
  CHECK(
      r.out.find("DIFFERS HP, 1 s & r, single-port-full: 22 steps, the paper's formula 21.0; T sim "
                 "2376.0, the paper's 2268.0. Why: Table 3 prints Q + N - 3 steps") !=
      std::string::npos);
  CHECK(r.out.find("vs paper") != std::string::npos);
  CHECK(r.out.find(" same ") != std::string::npos);  // rows that agree say so
  // B does not divide M: the short last packet, flagged with its reason.
  const auto s = run_cli("cost --dim 5 --messages 240 --packet-items 13 --no-scan");
  INFO(s.out);
  CHECK(
      s.out.find(
          "DIFFERS MSBT, 1 s & r, single-port-full: T sim 2705.0, the paper's 2712.0. Why: B does "
          "not divide M") != std::string::npos);
}

TEST_CASE("issue 29 item 10: a number out of its option's range is an error in schedcert's words") {
  expect("generate sbt-broadcast --dim 99999999999999999999", 2,
         "schedcert: error: --dim: 99999999999999999999 is out of range (an integer in "
         "[-2147483648, 2147483647])");
  expect("certify sbt-broadcast --dim 3 --messages 4294967296", 2,
         "schedcert: error: --messages: 4294967296 is out of range (a non-negative integer in [0, "
         "4294967295])");
  expect("generate sbt-broadcast --dim three", 2,
         "schedcert: error: --dim: 'three' is not an integer");
  const auto r = run_cli("generate sbt-broadcast --dim 99999999999999999999");
  CHECK(r.out.find("Could not convert") == std::string::npos);
  CHECK(r.out.find("(schedcert generate --help)") != std::string::npos);
}

TEST_CASE(
    "issue 29 item 11: import msccl says a JSON file is JSON, and refuses --placement without -n") {
  const std::string json =
      std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules/valid-sbt-broadcast-q3-all-port.json";
  expect("import msccl " + json, 2, "this is JSON, not MSCCL-IR XML");
  const auto r = run_cli("import msccl " + json);
  CHECK(r.out.find("truncated") == std::string::npos);
  const std::string xml = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/valid-tiny-allgather.xml";
  expect("import msccl " + xml, 0, "data flow: valid");
  expect("import msccl " + xml + " --placement 1,0", 2, "--placement needs --network");
}

TEST_CASE(
    "issue 29 item 12: a sweep keeps its findings in a temporary directory it names, not in ./") {
  const std::string cwd = temp_dir("sweep-cwd"), tmp = temp_dir("sweep-tmp");
  const auto r = run_shell("cd '" + cwd + "' && TMPDIR='" + tmp + "' " + SCHEDCERT_BINARY +
                           " sweep --networks Q2 --problems broadcast --models all-port -q 2>&1");
  INFO(r.out);
  CHECK(std::filesystem::is_empty(cwd));  // nothing written into the current directory
  const std::string prefix = tmp + "/schedcert-sweep-";
  const auto at = r.out.find("saved to " + prefix);
  REQUIRE(at != std::string::npos);
  CHECK(r.out.find("shorter schedules saved in " + prefix) != std::string::npos);
  const std::string file = r.out.substr(at + 9, r.out.find(')', at) - at - 9);
  CHECK(file.find("Q2-all-port-broadcast-hj-msbt-broadcast.shorter.json") != std::string::npos);
  const auto v = run_cli("verify " + file + " --engine native");
  CHECK(v.code == 0);
  CHECK(v.out.find("steps:         2 ") != std::string::npos);
  // Without a finding the temporary directory is removed again.
  const auto none = run_shell("cd '" + cwd + "' && TMPDIR='" + tmp + "' " + SCHEDCERT_BINARY +
                              " sweep --networks Q2 --problems scatter --models all-port -q 2>&1");
  CHECK(none.out.find("SHORTER") == std::string::npos);
  std::size_t dirs = 0;
  for (const auto& e : std::filesystem::directory_iterator(tmp)) dirs += e.is_directory();
  CHECK(dirs == 1);  // the first sweep's only
  std::filesystem::remove_all(cwd);
  std::filesystem::remove_all(tmp);
}

TEST_CASE(
    "issue 29 item 13: counts and seconds read as words, and every writer says what it wrote") {
  const std::string dir = temp_dir("words");
  expect("generate sbt-broadcast --dim 1 -o " + dir + "/q1.json", 0, ": 1 step, 1 transmission\n");
  const auto s = run_cli("synthesize -n Q1 -p broadcast -q");
  INFO(s.out);
  CHECK(s.code == 0);
  CHECK(s.out.find("optimum: 1 step\n") != std::string::npos);
  CHECK(s.out.find("schedule: 1 step, 1 transmission,") != std::string::npos);
  CHECK(s.out.find("e-0") == std::string::npos);  // no 8.3798e-05 s
  CHECK(s.out.find(" s)\n") != std::string::npos);
  expect("render " + dir + "/q1.json -o " + dir + "/q1.html", 0, "wrote " + dir + "/q1.html");
  expect("export tikz " + dir + "/q1.json -o " + dir + "/q1.tex", 0, "wrote " + dir + "/q1.tex");
  expect("export coq " + dir + "/q1.json -o " + dir + "/q1.v", 0, "wrote " + dir + "/q1.v");
  std::filesystem::remove_all(dir);
}

}  // namespace schedcert_test_cli_first_half_hour_test
