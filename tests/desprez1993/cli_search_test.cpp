// `schedcert search alpha`: exit 0 with a certified value, exit 3 when the budget leaves a gap,
// the tree JSON, and the Desprez Prop. 2 bound printed with the certified alpha.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "encodings/alpha.hpp"
#include "tests/cli/run_cli.hpp"

using schedcert::testing::run_cli;

TEST_CASE("cli search alpha: certified d = 4, gap on a tiny budget for d = 6") {
  const auto json = std::filesystem::temp_directory_path() / "schedcert-alpha-q4.json";
  auto r = run_cli("search alpha --dim 4 -o " + json.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("alpha(4) for Q4 (16 nodes): 10 (certified exact)") != std::string::npos);
  CHECK(r.out.find("at least 21 steps (2p - alpha - 1)") != std::string::npos);  // 32 - 10 - 1
  std::ifstream f(json);
  const auto j = nlohmann::json::parse(f);
  CHECK(j["alpha"] == 10);
  std::vector<std::pair<schedcert::encodings::Node, schedcert::encodings::Node>> edges;
  for (const auto& e : j["edges"]) edges.emplace_back(e[0], e[1]);
  CHECK(schedcert::encodings::spanning_tree_leaves(4, edges) == 10u);
  std::filesystem::remove(json);

  r = run_cli("search alpha --dim 6 --timeout 0.001");
  CHECK(r.code == 3);
  CHECK(r.out.find("gap") != std::string::npos);
  r = run_cli("search alpha --dim 11");
  CHECK(r.code != 0);
  CHECK(r.out.find("--dim") != std::string::npos);
}
