// The front end: documented exit codes and messages, as a user meets them.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_cli_test {

using schedcert::testing::run_cli;
namespace fs = std::filesystem;

TEST_CASE("cli: --help teaches and lists the exit codes") {
  auto r = run_cli("--help");
  CHECK(r.code == 0);
  CHECK(r.out.find("Exit codes:") != std::string::npos);
  CHECK(r.out.find("certify") != std::string::npos);
  CHECK(run_cli("certify --help").code == 0);
}

TEST_CASE("cli: usage errors exit 2 with a clear message") {
  CHECK(run_cli("").code == 2);
  CHECK(run_cli("frobnicate").code == 2);
  auto r = run_cli("certify no-such-thing --dim 3");
  CHECK(r.code == 2);
  CHECK(r.out.find("construction 'no-such-thing' is unknown") != std::string::npos);
  r = run_cli("certify sbt-broadcast --dim 99");
  CHECK(r.code == 2);
  CHECK(r.out.find("--dim: construction sbt-broadcast takes d in [1, 24], not 99") != std::string::npos);
  r = run_cli("certify sbt-broadcast --dim 3 --model shout-whisper");
  CHECK(r.code == 2);
  CHECK(r.out.find("--model") != std::string::npos);
  r = run_cli("bound --network Q0 --problem broadcast");
  CHECK(r.code == 2);
  CHECK(r.out.find("hypercube dimension 0") != std::string::npos);
  r = run_cli("verify /nonexistent/file.json");
  CHECK(r.code == 2);
  r = run_cli("certify sbt-broadcast --dim 3 --engine quantum");
  CHECK(r.code == 2);
  CHECK(r.out.find("--engine: 'quantum' is unknown") != std::string::npos);
}

TEST_CASE("cli: certify, generate and verify round trip with exit codes 0 and 1") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-cli-" + std::to_string(getpid()));
  fs::create_directories(dir);
  auto r = run_cli("certify sbt-broadcast --dim 3 --model SLA");
  CHECK(r.code == 0);
  CHECK(r.out.find("certified, optimal in time and transmissions") != std::string::npos);
  const std::string file = (dir / "sbt.json").string();
  CHECK(run_cli("generate sbt-broadcast --dim 4 -o " + file).code == 0);
  r = run_cli("verify " + file + " --engine both --emit-smt2 " + (dir / "q.smt2").string());
  CHECK(r.code == 0);
  CHECK(fs::exists(dir / "q.smt2"));
  // Corrupt it: drop the last transmission, so a node never receives the item.
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const auto last = text.rfind(",[");
  REQUIRE(last != std::string::npos);
  const auto close = text.find(']', last + 1);
  text.erase(last, close - last + 1);
  std::ofstream(dir / "bad.json") << text;
  r = run_cli("verify " + (dir / "bad.json").string() + " --engine both");
  CHECK(r.code == 1);
  CHECK(r.out.find("verdict:       INVALID") != std::string::npos);
  r = run_cli("verify " + (dir / "bad.json").string() + " --json");
  CHECK(r.code == 1);
  CHECK(r.out.find("\"exit_code\": 1") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cli: bound prints computed lower bounds") {
  auto r = run_cli("bound --network Q4 --model all-port --problem multinode-broadcast");
  CHECK(r.code == 0);
  CHECK(r.out.find("steps         >= 4") != std::string::npos);
  CHECK(r.out.find("transmissions >= 240") != std::string::npos);
}

TEST_CASE("cli: every command in the README's 'Using it' block runs and exits 0") {
  std::ifstream readme(std::string(SCHEDCERT_TEST_DIR) + "/../README.md");
  REQUIRE(readme.good());
  std::string line;
  bool in_block = false, seen_heading = false;
  std::vector<std::pair<std::string, int>> commands;  // command, expected exit code
  while (std::getline(readme, line)) {
    if (line.rfind("## Using it", 0) == 0) seen_heading = true;
    if (!seen_heading) continue;
    if (line.rfind("```", 0) == 0) {
      if (in_block) break;
      in_block = true;
      continue;
    }
    if (in_block && line.rfind("schedcert ", 0) == 0) {
      std::string cmd = line.substr(10);
      int expect = 0;
      const auto hash = cmd.find(" #");
      if (hash != std::string::npos) {
        const auto ex = cmd.find("(exit ", hash);
        if (ex != std::string::npos) expect = std::atoi(cmd.c_str() + ex + 6);
        cmd = cmd.substr(0, hash);
      }
      commands.emplace_back(cmd, expect);
    }
  }
  REQUIRE(commands.size() >= 5);
  // Run where a reader would (the repository root), but write into a scratch folder: a
  // temporary directory whose docs/ points at the repository's.
  const fs::path dir = fs::temp_directory_path() / ("schedcert-readme-" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::create_directory_symlink(fs::canonical(fs::path(SCHEDCERT_TEST_DIR) / ".." / "docs"), dir / "docs");
  for (const auto& command : commands) {  // not a structured binding: clang 14 cannot capture one
    const std::string& c = command.first;
    const int expect = command.second;
    auto r = run_cli(c, dir.string());
    CAPTURE(c);
    CAPTURE(r.out.substr(0, 2000));
    CHECK(r.code == expect);
  }
  fs::remove_all(dir);
}

TEST_CASE("cli: certify --optimality proves optimal or finds a shorter verified schedule") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-opt-" + std::to_string(getpid()));
  fs::create_directories(dir);
  auto r = run_cli("certify sbt-broadcast --dim 3 --optimality", dir.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("optimality:    optimal") != std::string::npos);
  // The all-port Gray ring takes 7 steps on Q3 where 3 suffice: Z3 finds a 6-step schedule.
  r = run_cli("certify gray-ring-mnb --dim 3 --model all-port --optimality --timeout 120", dir.string());
  CHECK(r.code == 1);
  CHECK(r.out.find("optimality:    not optimal") != std::string::npos);
  CHECK(fs::exists(dir / "gray-ring-mnb-shorter.json"));
  r = run_cli("verify " + (dir / "gray-ring-mnb-shorter.json").string());
  CHECK(r.code == 0);
  // Bertsekas' total exchange meets its cut bound: optimal by the bound's argument.
  r = run_cli("certify bertsekas-te --dim 3 --optimality", dir.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("optimality:    optimal") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace schedcert_test_cli_cli_test
