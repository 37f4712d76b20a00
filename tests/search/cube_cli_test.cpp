// `schedcert cube` and `schedcert-mpi cube` as a user runs them: resume after a kill, merge of
// shards, and agreement of --jobs 1, --jobs 2 and MPI ranks on small instances (alpha d <= 5,
// successive broadcasts on Q3, a sweep row).
#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_search_cube_cli_test {

namespace fs = std::filesystem;
using schedcert::testing::run_cli;
using schedcert::testing::run_shell;

namespace {

std::string scratch(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("schedcert-cube-cli-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  return p.string();
}

nlohmann::json summary(const std::string& path) { return nlohmann::json::parse(run_shell("cat '" + path + "'").out); }

std::size_t results_in(const std::string& dir) {
  std::size_t n = 0;
  if (fs::exists(fs::path(dir) / "results"))
    for (const auto& e : fs::directory_iterator(fs::path(dir) / "results")) n += e.path().extension() == ".json";
  return n;
}

// The answer line and the cube counts of a summary JSON.
std::string verdict_of(const std::string& json_path) {
  const auto j = summary(json_path);
  return j.at("verdict").get<std::string>() + " " + std::to_string(j.at("cubes").get<std::size_t>());
}

#ifdef SCHEDCERT_MPI_BINARY
// Under AddressSanitizer, LeakSanitizer would report what OpenMPI itself allocates in MPI_Init and
// never frees (ompi_op_base_op_select, ...), and turn every rank's exit code non-zero: leak
// detection is off for the MPI ranks only (the same code runs leak-checked in the thread runner).
std::string mpirun(const std::string& args) {
  return "ASAN_OPTIONS=detect_leaks=0 "
         "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 "
         "timeout 300 mpirun --oversubscribe -np 3 " SCHEDCERT_MPI_BINARY " " + args + " 2>&1";
}
#endif

}  // namespace

TEST_CASE("cube CLI: --jobs 1, --jobs 2 and MPI ranks agree (alpha d = 4, 5 / successive Q3 / a sweep row)" *
          doctest::test_suite("slow")) {
  const std::string queries[] = {
      "cube alpha --dim 4 --max-size 5",
      "cube alpha --dim 5 --max-size 9",
      "cube alpha --dim 5 --max-size 10",
      "cube successive -n Q3 -m shout-whisper --allocation free -T 13",
      "cube synthesize -n Q2 -m single-port-half -p total-exchange -T 7",  // the sweep row: optimum 8
      "cube synthesize -n Q2 -m single-port-half -p total-exchange -T 8",
  };
  const std::string expected[] = {"unsat", "unsat", "sat", "unsat", "unsat", "sat"};
  for (std::size_t q = 0; q < std::size(queries); ++q) {
    CAPTURE(queries[q]);
    std::string verdicts;
    // --jobs 1 only for the alpha rows: the library test runs successive Q3 with 1 and 2 threads.
    for (const char* jobs : {"1", "2"}) {
      if (std::string(jobs) == "1" && q >= 3) continue;
      const std::string dir = scratch("agree-" + std::to_string(q) + "-" + jobs);
      const auto r = run_cli(queries[q] + " --dir " + dir + " --jobs " + jobs + " -q -o " + dir + ".json");
      CHECK(r.code == 0);
      const std::string v = verdict_of(dir + ".json");
      CHECK(v.rfind(expected[q] + " ", 0) == 0);
      if (verdicts.empty()) verdicts = v;
      CHECK(v == verdicts);
    }
#ifdef SCHEDCERT_MPI_BINARY
    const std::string dir = scratch("agree-" + std::to_string(q) + "-mpi");
    const auto r = run_shell(mpirun(queries[q] + " --dir " + dir + " -q -o " + dir + ".json"));
    CHECK(r.code == 0);
    CHECK(verdict_of(dir + ".json") == verdicts);
    // The cubes were conquered on the worker ranks.
    if (expected[q] == "unsat") CHECK(run_shell("grep -l '\"rank 2@' " + dir + "/results/*.json | head -1").out != "");
#endif
  }
}

#ifdef SCHEDCERT_MPI_BINARY
TEST_CASE("cube CLI on MPI: an input error on rank 0 releases the other ranks (no hang), exit 2") {
  const auto r = run_shell(mpirun("cube alpha --dim 99 --max-size 3 --dir " + scratch("mpi-bad")));
  CHECK(r.out.find("--dim") != std::string::npos);
  CHECK(r.code != 0);
  CHECK(r.code != 124);  // not the timeout
}
#endif

TEST_CASE("cube CLI: a run killed with SIGKILL resumes without losing a finished cube") {
  const std::string dir = scratch("kill");
  // alpha(5) <= 22: 205 cubes, each proof checked twice (DRAT, then the verified LRAT checker).
  const std::string cmd = std::string(SCHEDCERT_BINARY) + " cube alpha --dim 5 --max-size 9 --jobs 1 -q --dir " + dir;
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", ("exec " + cmd + " >/dev/null 2>&1").c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Kill it once some (not all) cubes are recorded.
  std::size_t before = 0;
  for (int i = 0; i < 600 && before < 20; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    before = results_in(dir);
  }
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  before = results_in(dir);
  CHECK(before >= 20);
  CHECK(before < 205);
  const auto r = run_cli("cube resume " + dir + " --jobs 2 -o " + dir + ".json");
  CHECK(r.code == 0);
  CHECK(r.out.find(std::to_string(before) + " of 205 done before") != std::string::npos);
  CHECK(verdict_of(dir + ".json") == "unsat 205");
  // `cube check` judges the directory again from the files alone.
  CHECK(run_cli("cube check " + dir).code == 0);
}

TEST_CASE("cube CLI: shards run apart and merged give the certified answer / a shard alone stays open") {
  const std::string a = scratch("shard0"), b = scratch("shard1");
  CHECK(run_cli("cube alpha --dim 4 --max-size 5 -q --dir " + a + " --shard 0/2").code == 3);
  // The second shard starts from a copy of the first directory's query and cubes.
  run_shell("cp -r " + a + " " + b + " && rm -rf " + b + "/results");
  CHECK(run_cli("cube resume " + b + " -q --shard 1/2").code == 3);
  const auto r = run_cli("cube merge " + a + " " + b + " -o " + a + ".json");
  CHECK(r.code == 0);
  CHECK(verdict_of(a + ".json").rfind("unsat ", 0) == 0);
}

TEST_CASE("cube CLI: --check-batch runs the verified checker per batch, every cube still has both checks") {
  // alpha d = 4, k = 5 (UNSAT; alpha(4) = 10) with batches of 4 cubes, against one run per cube.
  const std::string one = scratch("batch-1"), four = scratch("batch-4");
  const auto a = run_cli("cube alpha --dim 4 --max-size 5 --jobs 1 -q --dir " + one + " -o " + one + ".json");
  const auto b = run_cli("cube alpha --dim 4 --max-size 5 --jobs 1 -q --check-batch 4 --dir " + four + " -o " + four +
                         ".json");
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(verdict_of(four + ".json") == verdict_of(one + ".json"));
  const auto s = summary(four + ".json");
  CHECK(s.at("verdict") == "unsat");
  CHECK(s.at("unsat_lrat_verified") == s.at("cubes"));
  // Some cube was accepted as part of a batch run; each result names both checks.
  CHECK(run_shell("grep -l 'its share of one run on the batch CNF' " + four + "/results/*.json | head -1").out != "");
  CHECK(run_shell("grep -L '\"lrat_verified\": true' " + four + "/results/*.json").out == "");
  CHECK(run_shell("grep -L 'DRAT checked' " + four + "/results/*.json").out == "");
  // The recorded CNF hashes are those of the per-cube runs.
  CHECK(run_shell("cd " + one + "/results && for f in *.json; do grep -h cnf_sha256 $f; done").out ==
        run_shell("cd " + four + "/results && for f in *.json; do grep -h cnf_sha256 $f; done").out);
  CHECK(run_cli("cube alpha --dim 4 --max-size 5 -q --check-batch 0 --dir " + scratch("batch-0")).code == 2);
  fs::remove_all(one);
  fs::remove_all(four);
}

TEST_CASE("cube CLI: --lex-leader on successive and alpha runs gives the certified answers, refused with --coq") {
  const std::string s = scratch("lex-succ"), a = scratch("lex-alpha");
  // Q3 shout-whisper, free allocation: T = 13 is impossible (the optimum is 14).
  auto r = run_cli("cube successive -n Q3 -m shout-whisper --allocation free -T 13 --lex-leader -q --jobs 2 --dir " + s +
                   " -o " + s + ".json");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(verdict_of(s + ".json").rfind("unsat", 0) == 0);
  CHECK(run_shell("cat '" + s + "/query.json'").out.find("\"lex\": true") != std::string::npos);
  CHECK(run_cli("cube check " + s).code == 0);
  // alpha(4) = 10: no CDS of Q4 with 5 nodes; the query records the option.
  r = run_cli("cube alpha --dim 4 --max-size 5 --lex-leader -q --jobs 2 --dir " + a + " -o " + a + ".json");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(verdict_of(a + ".json").rfind("unsat", 0) == 0);
  CHECK(summary(a + ".json").at("unsat_lrat_verified") == summary(a + ".json").at("cubes"));
  CHECK(run_cli("cube check " + a).code == 0);
  const auto coq = run_cli("cube successive -n Q2 -m shout-whisper --allocation free -T 5 --lex-leader --dir " +
                           scratch("lex-coq") + " --coq " + scratch("lex-coq-out"));
  CHECK(coq.code == 2);
  CHECK(coq.out.find("--lex-leader: not with --coq") != std::string::npos);
  fs::remove_all(s);
  fs::remove_all(a);
}

}  // namespace schedcert_test_search_cube_cli_test
