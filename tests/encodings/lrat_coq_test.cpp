// The Coq side of the UNSAT certificates: coq/lrat (the LRAT checker and check_proof_sound)
// and coq/alpha/Graph.v (spanning trees of Q_d -> connected dominating sets, tree_cds) compile
// with coqc, nothing Admitted, and both theorems print "Closed under the global context"
// (no axioms). coqc missing is a failure, not a skip.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli/run_cli.hpp"

namespace fs = std::filesystem;

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("lrat coq: check_proof_sound and tree_cds are proved without axioms") {
  const fs::path src = fs::path(SCHEDCERT_TEST_DIR).parent_path() / "coq";
  const fs::path dir = fs::temp_directory_path() / ("schedcert-lrat-coq-" + std::to_string(::getpid()));
  fs::create_directories(dir / "lrat");
  fs::create_directories(dir / "alpha");
  const char* files[] = {"lrat/Cnf.v", "lrat/Lrat.v", "alpha/Graph.v"};
  for (const char* f : files) {
    const std::string text = slurp(src / f);
    REQUIRE_FALSE(text.empty());
    CHECK(text.find("Admitted") == std::string::npos);
    CHECK(text.find("admit") == std::string::npos);
    CHECK(text.find("Axiom") == std::string::npos);
    CHECK(text.find("Parameter") == std::string::npos);
    fs::copy_file(src / f, dir / f);
  }
  std::string cmd = "cd '" + dir.string() + "'";
  for (const char* f : files) cmd += " && coqc -q -Q . Schedcert " + std::string(f);
  const auto r = schedcert::testing::run_shell(cmd + " 2>&1");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(count(r.out, "Closed under the global context") == 2);
  fs::remove_all(dir);
}
