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

TEST_CASE("cube walk: Q2 shout-whisper multinode accumulation, T = 5 refuted by cubes, the known 6 is optimal") {
  const fs::path dir = scratch("mna");
  const std::string cmd = "cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --walk -q --dir " + dir.string();
  auto r = run_cli(cmd);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "lower bound 5"));
  CHECK(has(r.out, "upper bound 6 (derived:"));
  CHECK(has(r.out, "cube walk: T = 5 impossible (every cube UNSAT with checked proofs, coverage checked)"));
  CHECK(has(r.out, "optimum: 6 steps (the known schedule"));
  CHECK(fs::exists(dir / "T5" / "query.json"));
  CHECK_FALSE(fs::exists(dir / "T6"));
  // Again: T = 5's run is resumed (nothing pending), the same answer.
  r = run_cli(cmd);
  CHECK(r.code == 0);
  CHECK(has(r.out, "optimum: 6 steps"));
  // Without the known schedule the walk finds T = 6 itself.
  const fs::path dir2 = scratch("mna2");
  r = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --walk --no-known-upper -q "
              "--max-steps 8 --dir " + dir2.string());
  CHECK(r.code == 0);
  CHECK(has(r.out, "cube walk: T = 6 found"));
  CHECK(has(r.out, "optimum: 6 steps (T = 6 found; T = 5 impossible: its cube run is certified)"));
  fs::remove_all(dir);
  fs::remove_all(dir2);
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
  auto r = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --walk -T 5 --dir " + dir.string());
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
