// Issue 18: --timeout is a budget for the whole command and --max-memory holds, per command
// family, as a user runs them (schedules/budget/watchdog.hpp). Each case gives a tiny budget to an
// instance far larger than the budget and checks the documented exit code, the message, and the
// wall time: at most twice the budget (plus one second of process start-up under sanitizers).
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <string>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_limits_cli_test {

using schedcert::testing::CliResult;
using schedcert::testing::run_cli;

namespace {

struct Timed {
  CliResult r;
  double seconds;
};

Timed timed(const std::string& args) {
  const auto start = std::chrono::steady_clock::now();
  CliResult r = run_cli(args);
  return {r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

bool has(const std::string& out, const std::string& what) { return out.find(what) != std::string::npos; }

// Runs `args` and checks its exit code, its wall time and that each of `expected` is in its
// output; returns the output for further checks.
std::string expect_run(const std::string& args, int code, double max_seconds,
                       std::initializer_list<const char*> expected) {
  const auto t = timed(args);
  INFO(t.r.out);
  CHECK(t.r.code == code);
  CHECK(t.seconds < max_seconds);
  for (const char* e : expected) CHECK(has(t.r.out, e));
  return t.r.out;
}

// A command with a `budget`-second --timeout: exit 3 within twice the budget (+1 s of start-up
// under sanitizers).
void expect_unknown_in_time(const std::string& args, double budget,
                            std::initializer_list<const char*> expected) {
  expect_run(args, 3, 2 * budget + 1, expected);
}

}  // namespace

TEST_CASE("limits: synthesize with a tiny --timeout on a large walk ends unknown (exit 3) in time") {
  // Q4 single-port-half total exchange: the exact query at T = 64 (1 M variables) takes minutes.
  // (--no-known-upper: the known 64-step schedule would answer at once; see the case below.)
  const auto t = timed("synthesize -n Q4 -m single-port-half -p total-exchange --timeout 4 --no-known-upper");
  INFO(t.r.out);
  CHECK(t.r.code == 3);
  CHECK(t.seconds < 2 * 4 + 1);
  // Either the walk stopped itself (its report) or the watchdog ended it within the grace (the
  // bounds recorded so far): both report what was reached.
  CHECK((has(t.r.out, "no optimum established in [64,") ||
         has(t.r.out, "reached before the stop: every T < 64 impossible")));
}

TEST_CASE("limits: synthesize --steps T refuses a query that cannot fit --max-memory (exit 2, the estimate)") {
  // 2G: an ASan build's own RSS is about 400 MB before any query (its binary is 360 MB); the
  // query needs an estimated 54 GiB, so it is refused either way.
  expect_run("--max-memory 2G synthesize -n Q5 -m single-port-half -p total-exchange --steps 160", 2, 5,
             {"the time-indexed query (992 items, T = 160, 160 links) needs an estimated", "--max-memory"});
}

TEST_CASE("limits: the synthesize walk ends unknown (exit 3) with the bounds it reached when the next query cannot fit") {
  // The issue's command: Q6 single-port-full total exchange grew to 24.3 GB and was OOM-killed.
  expect_unknown_in_time(
      "--max-memory 2G synthesize -n Q6 -m single-port-full -p total-exchange --timeout 60 --no-known-upper", 60,
      {"lower bound 192", "no optimum established in [192,", "why: T = 192: ", "needs an estimated"});
}

TEST_CASE("limits: with the known schedule as upper bound, the same walks answer at once (issue 27)") {
  // A construction (or a schedule derived from one) that meets the lower bound is the optimum:
  // no query is built. Q6: the walk above needs more than 2 GB; Q4: minutes.
  expect_run("--max-memory 2G synthesize -n Q6 -m single-port-full -p total-exchange --timeout 60", 0, 30,
             {"upper bound 192 (construction:bertsekas-te-sla", "optimum: 192 steps"});
  expect_run("synthesize -n Q4 -m single-port-half -p total-exchange --timeout 60", 0, 30,
             {"upper bound 64 (derived:bertsekas-te/all-port+greedy-split", "optimum: 64 steps"});
}

TEST_CASE("limits: --max-memory stops Z3 at run time: exit 3 'out of memory', never a crash") {
  expect_unknown_in_time("--max-memory 150M search tree -n Q10 --objective balanced --timeout 30 -q", 30,
                         {"out of memory", "--max-memory"});
}

TEST_CASE("limits: search tree with a tiny --timeout ends with exit 3 within the watchdog's grace") {
  // The Q8 max-leaves search is stopped by the budget: either its Z3 call is interrupted through
  // the budget's stop hook and it reports the interval it reached, or (under sanitizers, while the
  // query is still being built) the watchdog's hard stop ends it and names the option.
  const std::string out = expect_run("search tree -n Q8 --objective max-leaves --timeout 2 -q", 3, 2 * 2 + 1, {});
  const bool interval = has(out, "time budget reached: the optimum lies in [");
  CHECK((interval || has(out, "--timeout 2.0 s")));
  if (interval) CHECK(has(out, "answer: unknown"));
}

TEST_CASE("limits: search alpha with a tiny --timeout reports the interval it reached (exit 3)") {
  expect_unknown_in_time("search alpha --dim 7 --timeout 2", 2, {"alpha(7) for Q7 (128 nodes): between"});
}

TEST_CASE("limits: --max-memory is parsed with units and refused when malformed (exit 2)") {
  expect_run("--max-memory lots synthesize -n Q2 -p broadcast", 2, 10, {"--max-memory"});
  expect_run("--max-memory 1G synthesize -n Q2 -p broadcast -q", 0, 10, {});
  expect_run("synthesize -n Q2 -p broadcast -q --max-memory 0", 0, 10, {});
}

TEST_CASE("limits: synthesize --estimate prints the exact query's estimate against --max-memory without building it") {
  expect_run("--max-memory 8G synthesize -n Q6 -m single-port-full -p total-exchange --estimate", 0, 5,
             {"exact time-indexed query at T = 192 (the lower bound): estimated ", "does not fit"});
  expect_run("--max-memory 8G synthesize -n Q3 -m all-port -p broadcast --estimate -T 3", 0, 5,
             {"exact time-indexed query at T = 3: estimated ", ": fits"});
}

TEST_CASE("limits: verify --engine smt with a tiny --timeout on a large schedule ends with exit 3 in time") {
  // Total exchange on Q6 (4032 items): the Z3 query is still being built or solved after 2 s.
  const std::string file = "/tmp/schedcert-limits-te6-" + std::to_string(::getpid()) + ".json";
  REQUIRE(run_cli("generate bertsekas-te --dim 6 -o " + file).code == 0);
  expect_unknown_in_time("verify " + file + " --engine smt --timeout 2", 2, {"--timeout 2.0 s"});
  std::remove(file.c_str());
}

TEST_CASE("synthesize --max-steps below the lower bound is impossible (exit 1) with the counting certificate") {
  // It used to end "no optimum established in [3, 1]: last answer unknown" with exit 3.
  expect_run("synthesize -n Q3 -m all-port -p broadcast --max-steps 1 -q", 1, 10,
             {"T = 1: impossible", "certificate: counting argument: every schedule needs at least 3 steps"});
}

// ---- the CaDiCaL queries (successive broadcasts, alpha, cube) and the commands with many queries
// (sweep, certify, ci).

TEST_CASE("limits: successive broadcasts with a free allocation on Q5 stop at --timeout (CaDiCaL polls the budget)") {
  // The Q5 query (65 k variables, 846 k clauses) is built in about a second, then CaDiCaL runs
  // until the budget stops it; before, building its symmetry rules alone ran out of memory.
  // Under sanitizers the budget may run out while the query is still being built: then the
  // command stops there and prints what it reached.
  const std::string out = expect_run(
      "synthesize -n Q5 -m shout-whisper -p successive-broadcast --allocation free --timeout 4", 3, 2 * 4 + 1, {});
  // The second form since the walk refactor (2026-12-01) also names what is impossible below 41:
  // "reached before the stop: every T < 41 impossible (lower bound); T = 41 undecided".
  CHECK((has(out, "no optimum established in [41,") ||
         (has(out, "reached before the stop: ") && has(out, "T = 41 undecided"))));
}

TEST_CASE("limits: a successive-broadcast query that cannot fit --max-memory is refused before it is built (exit 2)") {
  expect_run("--max-memory 100M synthesize -n Q6 -m shout-whisper -p successive-broadcast --allocation free --steps 200",
             2, 5, {"the successive-broadcast query (64 values, T = 200, 384 links) needs an estimated", "--max-memory"});
}

TEST_CASE("limits: cube alpha is refused before building when its query cannot fit, and stops at --timeout") {
  const std::string dir = "/tmp/schedcert-limits-cube-" + std::to_string(::getpid());
  // A 100 MB limit and a Q10 query of about 180 MiB: far from the process's own resident size
  // (about 32 MiB under clang's ASan, where a 30 MB limit let the watchdog end the command,
  // exit 3, before the refusal's exit 2 on a loaded machine; 2026-11-28).
  expect_run("--max-memory 100M cube alpha --dim 10 --max-size 300 -q --dir " + dir + "-a", 2, 5,
             {"the alpha query of Q10 (a counter up to 301) needs an estimated", "--max-memory"});
  // Q7, k = 24: making the 20 955 cubes and checking their coverage takes about 36 s.
  expect_unknown_in_time("cube alpha --dim 7 --max-size 24 -q --timeout 2 --dir " + dir + "-b", 2, {"--timeout 2.0 s"});
  std::filesystem::remove_all(dir + "-a");
  std::filesystem::remove_all(dir + "-b");
}

TEST_CASE("limits: sweep --max-time bounds the whole sweep, and the rows it did not finish are unknown (exit 3)") {
  const std::string out = expect_run(
      "sweep --networks Q4 --models shout-whisper --problems multinode-broadcast,multinode-accumulation,total-exchange "
      "--timeout 60 --max-time 3 -q",
      3, 2 * 3 + 1, {"stopped: the time budget (--max-time 3.0 s) ran out", "3 rows: 0 closed, 3 unknown"});
  CHECK(has(out, "0 errors"));
}

TEST_CASE("limits: certify --timeout is a budget for the whole command (exit 3, the rows finished)") {
  expect_unknown_in_time("certify --max-dim 7 --engine both --timeout 3", 3, {"--timeout 3.0 s"});
  // Without --timeout, each Z3 call keeps its own 60 s limit and a small certify still finishes.
  expect_run("certify sbt-broadcast --dim 3", 0, 30, {"certified"});
}

TEST_CASE("limits: ci --timeout reports the jobs after the deadline as not run (exit 3)") {
  // 400 Q3 total-exchange jobs checked by Z3, each phase much shorter than the watchdog's 1 s
  // grace: the deadline falls inside one, the rest are not run. (Q4 jobs took 0.13 s each, 0.9 s
  // under g++'s ASan; under clang's ASan + integer sanitizer on a loaded machine one phase, Z3
  // reading a Q4 query, outlasted the grace and the watchdog ended the command, 2026-11-28.
  // Q3 queries are an eighth of the size.)
  const std::string manifest = "/tmp/schedcert-limits-ci-" + std::to_string(::getpid()) + ".json";
  {
    std::string jobs;
    for (int i = 0; i < 400; ++i)
      jobs += std::string(i ? ", " : "") + R"({"construction": "bertsekas-te", "dim": 3, "engine": "smt", "timeout": 600})";
    std::FILE* f = std::fopen(manifest.c_str(), "w");
    REQUIRE(f);
    std::fputs((R"({"format": "schedcert-ci", "version": 1, "jobs": [)" + jobs + "]}").c_str(), f);
    std::fclose(f);
  }
  expect_unknown_in_time("ci " + manifest + " --timeout 3", 3, {"not run: the command's --timeout budget ran out"});
  std::remove(manifest.c_str());
}

}  // namespace schedcert_test_cli_limits_cli_test
