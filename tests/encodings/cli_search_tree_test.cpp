// `schedcert search tree` as a user runs it: answers, documented exit codes, JSON and SMT-LIB2.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../cli/run_cli.hpp"

namespace schedcert_test_encodings_cli_search_tree_test {

using schedcert::testing::run_cli;

namespace {

bool has(const std::string& out, const std::string& what) { return out.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("cli search tree: --help teaches the objectives, --than and the exit codes") {
  const auto r = run_cli("search tree --help");
  CHECK(r.code == 0);
  CHECK(has(r.out, "max-leaves"));
  CHECK(has(r.out, "balanced"));
  CHECK(has(r.out, "--than"));
  CHECK(has(r.out, "Exit: 0"));
}

TEST_CASE("cli search tree: bertsekas-scatter is optimal on Q4, the BST is beaten (exit 1)") {
  auto r = run_cli("search tree --network Q4 --objective balanced --max-height 4 --than bertsekas-scatter");
  CHECK(r.code == 0);
  CHECK(has(r.out, "answer: balanced optimum 4 (certified)"));
  CHECK(has(r.out, "optimal: no tree is strictly better"));
  r = run_cli("search tree --network Q4 --objective balanced --max-height 4 --than hj-bst-scatter");
  CHECK(r.code == 1);
  CHECK(has(r.out, "BEATEN"));
  CHECK(has(r.out, "balanced 4 vs 5"));
  // Q8 (256 nodes): no query needed, the Bertsekas tree seeds the search and meets the bound.
  r = run_cli("search tree --network Q8 --objective balanced --max-height 8 --than hj-bst-scatter "
              "--seed bertsekas-scatter");
  CHECK(r.code == 1);
  CHECK(has(r.out, "balanced 32 vs 35"));
  CHECK_FALSE(has(r.out, "query:"));
}

TEST_CASE("cli search tree: max-leaves on Q3 with JSON and an SMT-LIB2 certificate") {
  const auto dir = std::filesystem::temp_directory_path() / ("schedcert-cli-tree-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto json = (dir / "t.json").string(), smt = (dir / "c.smt2").string();
  const auto r = run_cli("search tree --network Q3 --root 6 --objective max-leaves -o " + json +
                         " --emit-smt2 " + smt + " --quiet");
  CHECK(r.code == 0);
  CHECK(has(r.out, "max-leaves optimum 4 (certified)"));
  std::ifstream f(json);
  const auto j = nlohmann::json::parse(f);
  CHECK(j["status"] == "optimal");
  CHECK(j["tree"]["leaves"] == 4);
  CHECK(j["tree"]["parent"][6].is_null());
  CHECK(j["certificate_smt2"] == smt);
  CHECK(std::filesystem::exists(smt));
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli search tree: infeasible constraints exit 1, bad input exits 2") {
  auto r = run_cli("search tree --network Q3 --objective min-height --max-subtree 2");
  CHECK(r.code == 1);
  CHECK(has(r.out, "no spanning tree meets the constraints (certified)"));
  r = run_cli("search tree --network Q3 --objective tallest");
  CHECK(r.code == 2);
  CHECK(has(r.out, "--objective: 'tallest' is not one of max-leaves, balanced, min-height"));
  r = run_cli("search tree --network Q3 --root 9 --objective balanced");
  CHECK(r.code == 2);
  CHECK(has(r.out, "--root: 9 is not a node of Q3"));
  r = run_cli("search tree --network Q3 --objective balanced --than bertsekas-mnb");
  CHECK(r.code == 2);
  CHECK(has(r.out, "not a single-node broadcast or scatter"));
}

}  // namespace schedcert_test_encodings_cli_search_tree_test
