// Issue 25, part 6: docs/results.md's "100 <= alpha(7)" rests on a committed witness,
// docs/examples/witnesses/q7-tree-100.json (a connected dominating set of Q7 with 28 nodes and
// its spanning tree with 100 leaves, found by `schedcert search cds --dim 7 -k 28`). Here it is
// re-checked natively (spanning_tree_leaves, which shares nothing with the search) and in Coq:
// `search cds --start FILE --coq DIR` writes alpha_7_lower.v, whose theorem alpha_7_lower
// (exists t, spanning_tree 7 t /\ leaves 7 t = 100) coqc proves with check_tree and vm_compute,
// closed under the global context; a tree with one edge removed is rejected by coqc.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "encodings/alpha/alpha.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_desprez1993_q7_witness_test {

namespace fs = std::filesystem;

TEST_CASE("alpha(7) >= 100: the committed witness, re-checked natively and by coqc") {
  const fs::path file = fs::path(SCHEDCERT_TEST_DIR).parent_path() / "docs/examples/witnesses/q7-tree-100.json";
  std::ifstream in(file);
  REQUIRE(in);
  const auto j = nlohmann::json::parse(in);
  CHECK(j["dim"] == 7);
  std::vector<std::pair<schedcert::encodings::alpha::Node, schedcert::encodings::alpha::Node>>
      edges;
  for (const auto& e : j["edges"]) edges.emplace_back(e[0], e[1]);
  std::string why;
  const auto leaves = schedcert::encodings::alpha::spanning_tree_leaves(7, edges, &why);
  INFO(why);
  REQUIRE(leaves.has_value());
  CHECK(*leaves == 100u);
  CHECK(j["leaves"] == 100);
  // The tree's inner nodes are the CDS: 128 - 100 = 28 of them.
  CHECK(j["cds"].size() == 28u);

  const fs::path dir = fs::temp_directory_path() / ("schedcert-q7-coq-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto cli = schedcert::testing::run_cli("search cds --dim 7 -k 28 -q --start '" + file.string() +
                                               "' --coq '" + dir.string() + "'");
  INFO(cli.out);
  REQUIRE(cli.code == 0);
  CHECK(cli.out.find("alpha(7) >= 100") != std::string::npos);
  std::ifstream v(dir / "alpha_7_lower.v");
  std::stringstream text;
  text << v.rdbuf();
  CHECK(text.str().find("Theorem alpha_7_lower : exists t, spanning_tree 7 t /\\ leaves 7 t = 100.") !=
        std::string::npos);
  {  // The committed Coq file is the one the witness gives today (only the header's source differs).
    std::ifstream c(file.parent_path() / "alpha_7_lower.v");
    std::stringstream committed;
    committed << c.rdbuf();
    auto body = [](const std::string& t) { return t.substr(t.find("From Coq Require")); };
    CHECK(body(committed.str()) == body(text.str()));
  }
  const std::string coqc = "cd '" + dir.string() + "' && coqc -q -Q . Schedcert alpha/Graph.v && coqc -q -Q . Schedcert "
                           "alpha/Alpha.v && coqc -q -Q . Schedcert ";
  const auto r = schedcert::testing::run_shell(coqc + "alpha_7_lower.v 2>&1");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("Closed under the global context") != std::string::npos);
  // One edge fewer: check_tree fails, so coqc rejects the file.
  std::string bad = text.str();
  const auto pos = bad.find("list edge := [\n  (");
  REQUIRE(pos != std::string::npos);
  const auto first = pos + 17, after = bad.find("; ", first);
  REQUIRE(after != std::string::npos);
  bad.erase(first, after + 2 - first);  // the first edge of tree7
  std::ofstream(dir / "alpha_7_bad.v") << bad;
  CHECK(schedcert::testing::run_shell(coqc + "alpha_7_bad.v 2>&1").code != 0);
  fs::remove_all(dir);
}

}  // namespace schedcert_test_desprez1993_q7_witness_test
