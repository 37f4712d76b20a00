// `cube synthesize|successive --walk` (issue 27, item 3: the cube runs split on T): the least T by
// one certified cube run per T in DIR/T<k>, from the lower bound to below the best known schedule;
// running the same command again continues (finished runs are re-read, not re-solved).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_search_cube_walk_test {

namespace fs = std::filesystem;
using schedcert::testing::run_cli;

namespace {
bool has(const std::string& out, const std::string& s) { return out.find(s) != std::string::npos; }
fs::path scratch(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("schedcert-cube-walk-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(d);
  return d;
}
}  // namespace

// C5 shout-whisper multinode broadcast: every counting bound gives 7, the known schedule (derived
// from all-port) 11, the optimum is 8. (Until 2026-12-01 this case was Q2 multinode accumulation,
// whose optimum 6 is now a counting bound: the walk has nothing to refute there.)
TEST_CASE("cube walk: C5 shout-whisper multinode broadcast, T = 7 refuted by cubes, T = 8 found, optimum 8") {
  const fs::path dir = scratch("mnb");
  const std::string cmd = "cube synthesize -n C5 -m shout-whisper -p multinode-broadcast --walk -q --dir " + dir.string();
  auto r = run_cli(cmd);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "lower bound 7"));
  CHECK(has(r.out, "upper bound 11 (derived:"));
  CHECK(has(r.out, "cube walk: T = 7 impossible (every cube UNSAT with checked proofs, coverage checked)"));
  CHECK(has(r.out, "cube walk: T = 8 found"));
  CHECK(has(r.out, "optimum: 8 steps (T = 8 found; T = 7 impossible: its cube run is certified)"));
  CHECK(fs::exists(dir / "T7" / "query.json"));
  CHECK_FALSE(fs::exists(dir / "T9"));
  // Again: the finished runs are re-read (nothing pending), the same answer.
  r = run_cli(cmd);
  CHECK(r.code == 0);
  CHECK(has(r.out, "optimum: 8 steps"));
  fs::remove_all(dir);
}

TEST_CASE("cube walk: successive broadcasts, Q2 free allocation, optimum 6") {
  const fs::path dir = scratch("succ");
  auto r = run_cli("cube successive -n Q2 -m shout-whisper --allocation free --walk --no-known-upper -q --max-steps 8 --dir " +
                   dir.string());
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "cube walk: T = 5 impossible"));
  CHECK(has(r.out, "optimum: 6 steps (T = 6 found"));
  fs::remove_all(dir);
}

TEST_CASE("cube walk: input errors") {
  const fs::path dir = scratch("err");
  auto r = run_cli("cube synthesize -n C5 -m shout-whisper -p multinode-broadcast --walk -T 7 --dir " + dir.string());
  CHECK(r.code == 2);
  CHECK(has(r.out, "--walk: not with --steps"));
  r = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --walk");
  CHECK(r.code == 2);
  CHECK(has(r.out, "--walk: give --dir DIR"));
  r = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --dir " + dir.string());
  CHECK(r.code == 2);
  CHECK(has(r.out, "--steps: give T (or --walk for the least T)"));
  fs::remove_all(dir);
}

}  // namespace schedcert_test_search_cube_walk_test
