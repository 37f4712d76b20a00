// Issue 18: --timeout is a budget for the whole command and --max-memory holds, per command
// family, as a user runs them (schedules/watchdog.hpp). Each case gives a tiny budget to an
// instance far larger than the budget and checks the documented exit code, the message, and the
// wall time: at most twice the budget (plus one second of process start-up under sanitizers).
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "tests/cli/run_cli.hpp"

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

// A command with a `budget`-second --timeout: exit 3 within twice the budget (+1 s of start-up
// under sanitizers), and each of `expected` in its output.
void expect_unknown_in_time(const std::string& args, double budget,
                            std::initializer_list<const char*> expected) {
  const auto t = timed(args);
  INFO(t.r.out);
  CHECK(t.r.code == 3);
  CHECK(t.seconds < 2 * budget + 1);
  for (const char* e : expected) CHECK(has(t.r.out, e));
}

}  // namespace

TEST_CASE("limits: synthesize with a tiny --timeout on a large walk ends unknown (exit 3) in time") {
  // Q4 single-port-half total exchange: the exact query at T = 64 (1 M variables) takes minutes.
  const auto t = timed("synthesize -n Q4 -m single-port-half -p total-exchange --timeout 4");
  INFO(t.r.out);
  CHECK(t.r.code == 3);
  CHECK(t.seconds < 2 * 4 + 1);
  // Either the walk stopped itself (its report) or the watchdog ended it within the grace (the
  // bounds recorded so far): both report what was reached.
  CHECK((has(t.r.out, "no optimum established in [64,") ||
         has(t.r.out, "reached before the stop: every T < 64 impossible")));
}

TEST_CASE("limits: synthesize --steps T refuses a query that cannot fit --max-memory (exit 2, the estimate)") {
  const auto t = timed("--max-memory 400M synthesize -n Q5 -m single-port-half -p total-exchange --steps 160");
  INFO(t.r.out);
  CHECK(t.r.code == 2);
  CHECK(has(t.r.out, "the time-indexed query (992 items, T = 160, 160 links) needs an estimated"));
  CHECK(has(t.r.out, "--max-memory"));
  CHECK(t.seconds < 5);
}

TEST_CASE("limits: the synthesize walk ends unknown (exit 3) with the bounds it reached when the next query cannot fit") {
  // The command: Q6 single-port-full total exchange grew to 24.3 GB and was OOM-killed.
  const auto t = timed("--max-memory 2G synthesize -n Q6 -m single-port-full -p total-exchange --timeout 60");
  INFO(t.r.out);
  CHECK(t.r.code == 3);
  CHECK(has(t.r.out, "lower bound 192"));
  CHECK(has(t.r.out, "no optimum established in [192,"));
  CHECK(has(t.r.out, "why: T = 192: "));
  CHECK(has(t.r.out, "needs an estimated"));
}

TEST_CASE("limits: --max-memory stops Z3 at run time: exit 3 'out of memory', never a crash") {
  const auto t = timed("--max-memory 150M search tree -n Q10 --objective balanced --timeout 30 -q");
  INFO(t.r.out);
  CHECK(t.r.code == 3);
  CHECK(has(t.r.out, "out of memory"));
  CHECK(has(t.r.out, "--max-memory"));
}

TEST_CASE("limits: search tree with a tiny --timeout ends with exit 3 within the watchdog's grace") {
  // The Q8 max-leaves query is still being built when the budget runs out: the watchdog ends it.
  expect_unknown_in_time("search tree -n Q8 --objective max-leaves --timeout 2 -q", 2, {"--timeout 2.0 s"});
}

TEST_CASE("limits: search alpha with a tiny --timeout reports the interval it reached (exit 3)") {
  expect_unknown_in_time("search alpha --dim 7 --timeout 2", 2, {"alpha(7) for Q7 (128 nodes): between"});
}

TEST_CASE("limits: --max-memory is parsed with units and refused when malformed (exit 2)") {
  const auto bad = run_cli("--max-memory lots synthesize -n Q2 -p broadcast");
  INFO(bad.out);
  CHECK(bad.code == 2);
  CHECK(has(bad.out, "--max-memory"));
  const auto ok = run_cli("--max-memory 1G synthesize -n Q2 -p broadcast -q");
  INFO(ok.out);
  CHECK(ok.code == 0);
  const auto none = run_cli("synthesize -n Q2 -p broadcast -q --max-memory 0");
  INFO(none.out);
  CHECK(none.code == 0);
}

TEST_CASE("limits: synthesize --estimate prints the exact query's estimate against --max-memory without building it") {
  const auto big = timed("--max-memory 8G synthesize -n Q6 -m single-port-full -p total-exchange --estimate");
  INFO(big.r.out);
  CHECK(big.r.code == 0);
  CHECK(has(big.r.out, "exact time-indexed query at T = 192 (the lower bound): estimated "));
  CHECK(has(big.r.out, "does not fit"));
  CHECK(big.seconds < 5);
  const auto small = run_cli("--max-memory 8G synthesize -n Q3 -m all-port -p broadcast --estimate -T 3");
  INFO(small.out);
  CHECK(small.code == 0);
  CHECK(has(small.out, "exact time-indexed query at T = 3: estimated "));
  CHECK(has(small.out, ": fits"));
}

TEST_CASE("limits: verify --engine smt with a tiny --timeout on a large schedule ends with exit 3 in time") {
  // Total exchange on Q6 (4032 items): the Z3 query is still being built or solved after 2 s.
  const std::string file = "/tmp/schedcert-limits-te6-" + std::to_string(::getpid()) + ".json";
  REQUIRE(run_cli("generate bertsekas-te --dim 6 -o " + file).code == 0);
  expect_unknown_in_time("verify " + file + " --engine smt --timeout 2", 2, {"--timeout 2.0 s"});
  std::remove(file.c_str());
}
