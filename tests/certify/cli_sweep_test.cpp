// `schedcert sweep` run as a user runs it: help, exit codes, JSON and text output.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../cli/run_cli.hpp"

namespace schedcert_test_certify_cli_sweep_test {

using schedcert::testing::run_cli;

TEST_CASE("cli sweep: --help teaches the verdicts and exit codes") {
  const auto r = run_cli("sweep --help");
  CHECK(r.code == 0);
  for (const char* s : {"--networks", "--problems", "--models", "--timeout", "--out-dir",
                        "--format", "optimal by bound", "SHORTER", "unknown", "Exit 0",
                        "Gray-code"})
    CHECK_MESSAGE(r.out.find(s) != std::string::npos, s);
}

TEST_CASE("cli sweep: a small sweep closes, JSON on stdout, witnesses in --out-dir") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("schedcert-cli-sweep-" + std::to_string(::getpid()));
  const auto json_file = (dir / "sweep.json").string();
  const auto r = run_cli("sweep --networks Q2 --problems broadcast,scatter,total-exchange "
                         "--models all-port,single-port-half --timeout 30 --format json --quiet "
                         "--out-dir " + dir.string() + " -o " + json_file);
  REQUIRE_MESSAGE(r.code == 0, r.out);
  std::ifstream in(json_file);
  const auto j = nlohmann::json::parse(in);
  // Beaten constructions are findings: said plainly on stderr even with --quiet.
  if (j["summary"]["findings"] > 0) CHECK(r.out.find("finding") != std::string::npos);
  // --from-json re-renders the same rows without solving.
  const auto md = run_cli("sweep --from-json " + json_file + " --format markdown");
  CHECK(md.code == 0);
  CHECK(md.out.find("| Q2 | all-port | broadcast(root=0, M=1) |") != std::string::npos);
  CHECK(j["summary"]["unknown"] == 0);
  CHECK(j["summary"]["closed"] == j["rows"].size());
  CHECK(j["rows"].size() >= 6);
  for (const auto& row : j["rows"]) {
    CHECK(row["network"] == "Q2");
    if (row.contains("witness_file"))
      CHECK(std::filesystem::exists(row["witness_file"].get<std::string>()));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli sweep: text and markdown tables") {
  // Run in a directory of its own (a sweep used to keep its SHORTER witnesses in ./).
  const auto cwd = std::filesystem::temp_directory_path() / ("schedcert-cli-sweep-" + std::to_string(::getpid()));
  std::filesystem::create_directories(cwd);
  const auto t = run_cli("sweep --networks Q2 --problems broadcast --models all-port --quiet", cwd.string());
  CHECK(t.code == 0);
  CHECK(t.out.find("optimal by bound") != std::string::npos);
  CHECK(t.out.find("closed") != std::string::npos);
  const auto m = run_cli("sweep --networks Q2 --problems broadcast --models all-port --quiet "
                         "--format markdown", cwd.string());
  CHECK(m.code == 0);
  CHECK(m.out.find("| network | model |") != std::string::npos);
  std::filesystem::remove_all(cwd);
}

TEST_CASE("cli sweep: input errors exit 2 and name the field") {
  auto r = run_cli("sweep --networks Q2,X7 --quiet");
  CHECK(r.code == 2);
  r = run_cli("sweep --networks Q2 --problems broadcast,nope --quiet");
  CHECK(r.code == 2);
  CHECK(r.out.find("nope") != std::string::npos);
  r = run_cli("sweep --networks Q2 --models telepathy --quiet");
  CHECK(r.code == 2);
  r = run_cli("sweep --networks Q2 --format yaml --quiet");
  CHECK(r.code == 2);
  CHECK(r.out.find("--format") != std::string::npos);
  r = run_cli("sweep --from-json /nonexistent/sweep.json");
  CHECK(r.code == 2);
  CHECK(r.out.find("--from-json") != std::string::npos);
}

}  // namespace schedcert_test_certify_cli_sweep_test
