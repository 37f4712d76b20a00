// `schedcert search alpha`: exit 0 with a certified value, exit 3 when the budget leaves a gap,
// the tree JSON, the certificate files, --engine/--quiet, and the Desprez Prop. 2 bound printed
// with the certified alpha.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "encodings/alpha/alpha.hpp"
#include "encodings/sat/drat.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_desprez1993_cli_search_test {

using schedcert::testing::run_cli;

TEST_CASE("cli search alpha: certified d = 4, gap on a tiny budget for d = 6") {
  const auto tmp = std::filesystem::temp_directory_path();
  const auto json = tmp / "schedcert-alpha-q4.json";
  const auto cert = tmp / "schedcert-alpha-q4-cert";
  std::filesystem::remove_all(cert);
  auto r = run_cli("search alpha --dim 4 --emit " + cert.string() + " -o " + json.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("alpha(4) for Q4 (16 nodes): 10 (certified exact)") != std::string::npos);
  CHECK(r.out.find("at least 21 steps (2p - alpha - 1)") != std::string::npos);  // 32 - 10 - 1
  CHECK(r.out.find("[alpha Q4 cadical") != std::string::npos);  // progress on stderr
  std::ifstream f(json);
  const auto j = nlohmann::json::parse(f);
  CHECK(j["alpha"] == 10);
  CHECK(j["proof_checked"] == true);
  std::vector<std::pair<schedcert::encodings::alpha::Node, schedcert::encodings::alpha::Node>>
      edges;
  for (const auto& e : j["edges"]) edges.emplace_back(e[0], e[1]);
  CHECK(schedcert::encodings::alpha::spanning_tree_leaves(4, edges) == 10u);
  CHECK(schedcert::encodings::sat::check_drat_files(j["cnf"], j["drat"]).verified);
  std::filesystem::remove(json);
  std::filesystem::remove_all(cert);

  r = run_cli("search alpha --dim 3 --engine z3 --quiet");
  CHECK(r.code == 0);
  CHECK(r.out.find("alpha(3) for Q3 (8 nodes): 4 (certified exact)") != std::string::npos);
  CHECK(r.out.find("[alpha") == std::string::npos);  // --quiet
  r = run_cli("search alpha --dim 6 --timeout 0.001");
  CHECK(r.code == 3);
  CHECK(r.out.find("gap") != std::string::npos);
  CHECK(r.out.find("certified exact") == std::string::npos);
  r = run_cli("search alpha --dim 11");
  CHECK(r.code != 0);
  CHECK(r.out.find("--dim") != std::string::npos);
  r = run_cli("search alpha --dim 3 --engine minisat");
  CHECK(r.code != 0);
}

// Issue 25, defect 4: `search alpha --no-proof-check` printed "(certified exact)" with exit 0.
// Without the proof checks (and with the z3-layered engine, which has no proof) the UNSAT answer
// is the solver's word: printed as NOT certified, exit 3, JSON alpha null.
TEST_CASE("cli search alpha: an unchecked UNSAT is never certified (--no-proof-check, z3-layered)") {
  const auto json = std::filesystem::temp_directory_path() / "schedcert-alpha-unchecked.json";
  for (const std::string flags : {"--no-proof-check", "--engine z3 --no-proof-check", "--engine z3-layered"}) {
    CAPTURE(flags);
    const auto r = run_cli("search alpha --dim 4 -q " + flags + " -o " + json.string());
    CHECK(r.code == 3);
    CHECK(r.out.find("certified exact") == std::string::npos);
    CHECK(r.out.find("alpha <= 10, NOT certified") != std::string::npos);
    std::ifstream f(json);
    const auto j = nlohmann::json::parse(f);
    CHECK(j["alpha"].is_null());
    CHECK(j["solver_upper"] == 10);
    CHECK(j["lower"] == 10);
    CHECK(j["proof_checked"] == false);
    CHECK(j["lrat_verified"] == false);
  }
  std::filesystem::remove(json);
}

}  // namespace schedcert_test_desprez1993_cli_search_test
