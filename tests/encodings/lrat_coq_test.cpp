// The Coq side of the UNSAT certificates: coq/lrat (the LRAT checker and check_proof_sound),
// coq/alpha/Graph.v (spanning trees of Q_d -> connected dominating sets, tree_cds) and Alpha.v
// (check_tree, alpha_exact) and AlphaCnf.v (the alpha CNF in Coq, cds_sat, alpha_from_lrat)
// compile with coqc, nothing Admitted, every Print Assumptions says "Closed under the global
// context" (no axioms); and `schedcert search alpha --dim 4 --coq DIR` writes alpha_4.v, which
// coqc accepts (theorem alpha_4 from "check_proof accepts a proof on alpha_cnf 4 1 extras4", and
// alpha_4_closed without premise: the LRAT proof embedded and checked by vm_compute), while a
// tampered cut in it makes coqc fail; with --coq-lrat-max 0 the file keeps the premise forms,
// alpha_4_from_unsat (what the fast checker established) and alpha_4, each closed under the
// global context. coqc missing is a failure, not a skip.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli/coq_file.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_encodings_lrat_coq_test {

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

TEST_CASE("lrat coq: check_proof_sound, tree_cds, alpha_exact, alpha_from_lrat without axioms / alpha_4 from --coq compiles" *
          doctest::test_suite("slow")) {
  const fs::path src = fs::path(SCHEDCERT_TEST_DIR).parent_path() / "coq";
  const fs::path dir = fs::temp_directory_path() / ("schedcert-lrat-coq-" + std::to_string(::getpid()));
  fs::create_directories(dir / "lrat");
  fs::create_directories(dir / "alpha");
  const char* files[] = {"lrat/Cnf.v", "lrat/Lrat.v", "alpha/Graph.v", "alpha/Alpha.v", "alpha/AlphaCnf.v"};
  for (const char* f : files) {
    const std::string text = slurp(src / f);
    REQUIRE_FALSE(text.empty());
    CHECK(text.find("Admitted") == std::string::npos);
    CHECK(text.find("admit") == std::string::npos);
    CHECK(text.find("Axiom") == std::string::npos);
    CHECK(text.find("Parameter") == std::string::npos);
    fs::copy_file(src / f, dir / f);
  }
  // The CLI writes alpha_4.v (and copies Graph.v, Alpha.v again, identical).
  const auto cli = schedcert::testing::run_cli("search alpha --dim 4 -q --coq '" + dir.string() + "'");
  INFO(cli.out);
  REQUIRE(cli.code == 0);
  const std::string v4 = slurp(dir / "alpha_4.v");
  CHECK(v4.find("Theorem alpha_4 : forall steps, check_proof (alpha_cnf 4 1 extras4) steps = true ->") !=
        std::string::npos);
  CHECK(v4.find("max_leaf_number 4 10") != std::string::npos);  // Desprez et al. 1993: alpha(4) = 10
  CHECK(v4.find("set_size 4 S <= 5") != std::string::npos);     // alpha_4_from_cds
  CHECK(v4.find("Cut [-1; ") != std::string::npos);
  std::string cmd = "cd '" + dir.string() + "'";
  for (const char* f : files) cmd += " && coqc -q -Q . Schedcert " + std::string(f);
  cmd += " && coqc -q -Q . Schedcert alpha_4.v";
  const auto r = schedcert::testing::run_shell(cmd + " 2>&1");
  INFO(r.out);
  CHECK(r.code == 0);
  // Five files' Print Assumptions, then alpha_4_from_unsat, alpha_4 and alpha_4_closed (the LRAT
  // proof embedded, 11 KB < --coq-lrat-max, checked by vm_compute: no premise at all).
  CHECK(v4.find("Theorem alpha_4_closed : max_leaf_number 4 10.") != std::string::npos);
  CHECK(v4.find("Theorem alpha_4_from_unsat : unsatisfiable (alpha_cnf 4 1 extras4) ->") != std::string::npos);
  CHECK(count(r.out, "Closed under the global context") == 7);
  CHECK(r.out.find("Axioms") == std::string::npos);
  // A cut that does not separate (its positive literals replaced by x_1) fails extras4_ok.
  {
    std::string cut = v4;
    const auto c = cut.find("Cut [-1; ");
    REQUIRE(c != std::string::npos);
    const auto a = cut.find("; ", c + 9);  // after -x_b
    const auto e = cut.find("]%Z", a);
    REQUIRE(a != std::string::npos);
    REQUIRE(e != std::string::npos);
    cut.replace(a, e - a, "; 2");
    std::ofstream(dir / "alpha_cut.v") << cut;
    const auto rc = schedcert::testing::run_shell("cd '" + dir.string() + "' && coqc -q -Q . Schedcert alpha_cut.v 2>&1");
    INFO(rc.out);
    CHECK(rc.code != 0);
  }
  // A witness with one edge too few is rejected by check_tree.
  std::string bad = v4;
  const auto pos = bad.find("(0, 1); ");
  REQUIRE(pos != std::string::npos);
  bad.erase(pos, 8);
  std::ofstream(dir / "alpha_bad.v") << bad;
  CHECK(schedcert::testing::run_shell("cd '" + dir.string() + "' && coqc -q -Q . Schedcert alpha_bad.v 2>&1").code != 0);
  fs::remove_all(dir);
}

TEST_CASE("lrat coq: search alpha --coq-lrat-max 0 keeps the premise forms alpha_4_from_unsat and alpha_4, both closed") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-lrat-coq-premise-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto cli =
      schedcert::testing::run_cli("search alpha --dim 4 -q --coq-lrat-max 0 --coq '" + dir.string() + "'");
  INFO(cli.out);
  REQUIRE(cli.code == 0);
  CHECK(cli.out.find("larger than --coq-lrat-max 0") != std::string::npos);
  const std::string v4 = slurp(dir / "alpha_4.v");
  CHECK(v4.find("Theorem alpha_4_from_unsat : unsatisfiable (alpha_cnf 4 1 extras4) ->\n  max_leaf_number 4 10.") !=
        std::string::npos);
  CHECK(v4.find("Theorem alpha_4 : forall steps, check_proof (alpha_cnf 4 1 extras4) steps = true ->") !=
        std::string::npos);
  CHECK(v4.find("alpha_4_closed") == std::string::npos);
  // The header says what the run established: LratFast.v's checker, hence unsatisfiable.
  CHECK(v4.find("That premise is what this run established: the LRAT checker of coq/lrat/LratFast.v") !=
        std::string::npos);
  CHECK(v4.find("fcheck_proof_sound (which rests on\n   the PArray/Uint63 axioms listed in docs/trust.md)") !=
        std::string::npos);
  CHECK(v4.find("`schedcert-lrat --slow --alpha 4 1 EXTRAS LRAT`") != std::string::npos);
  CHECK(v4.find("what the extracted checker established") == std::string::npos);
  const auto r = schedcert::testing::coqc_written(dir.string(), "alpha_4.v");
  INFO(r.out);
  CHECK(r.code == 0);
  // alpha_4_from_unsat and alpha_4
  CHECK(r.out == "Closed under the global context\nClosed under the global context\n");
  for (const char* theorem : {"alpha_4_from_unsat", "alpha_4"}) {
    CAPTURE(theorem);
    CHECK(schedcert::testing::coq_assumptions(dir.string(), "alpha_4", theorem) == "Closed under the global context");
  }
  fs::remove_all(dir);
}

}  // namespace schedcert_test_encodings_lrat_coq_test
