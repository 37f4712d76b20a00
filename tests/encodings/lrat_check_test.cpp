// The LRAT path (encodings/sat/lrat_check.hpp): our DRAT checker writes LRAT, and the checker proved
// in Coq and extracted to OCaml (schedcert-lrat) accepts it; hand-made LRAT proofs with RUP and
// RAT steps; and tampered proofs (a hint removed, a literal changed, a weaker CNF) are REJECTED.
// A missing schedcert-lrat is a failure, not a skip.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/backend.hpp"
#include "tests/encodings/cnf_families.hpp"

namespace schedcert_test_encodings_lrat_check_test {

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;
using schedcert::test::pigeonhole;

namespace {

struct TempDir {
  fs::path p = fs::temp_directory_path() / ("schedcert-lrat-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(p); }
  ~TempDir() { fs::remove_all(p); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(p / name) << text;
    return (p / name).string();
  }
};

const char* kXor2 = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";


std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

TEST_CASE("lrat: the verified checker is built and accepts a hand-made RUP proof") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built (coqc, ocamlfind, libsha-ocaml-dev)");
  TempDir t;
  const auto cnf = t.file("x.cnf", kXor2);
  auto v = run_lrat_checker(cnf, t.file("ok.lrat", "5 1 0 1 3 0\n6 0 5 2 4 0\n"));
  INFO(v.output);
  CHECK(v.verified);
  CHECK(v.exit_code == 0);
  CHECK(v.cnf_sha256 == "d9231948f3910d44b0069f2e1bda8b5908ed956d408461c20be7a9eea5c7f9ab");  // sha256sum of kXor2
  // A hint missing: clause 2 does not reach a conflict.
  v = run_lrat_checker(cnf, t.file("bad.lrat", "5 1 0 1 3 0\n6 0 5 2 0\n"));
  CHECK_FALSE(v.verified);
  CHECK(v.exit_code == 1);
  CHECK(v.verdict.find("line 2") != std::string::npos);
  // A hint naming a deleted clause.
  CHECK_FALSE(run_lrat_checker(cnf, t.file("del.lrat", "5 1 0 1 3 0\n5 d 2 0\n6 0 5 2 4 0\n")).verified);
  // No empty clause: nothing proved.
  v = run_lrat_checker(cnf, t.file("short.lrat", "5 1 0 1 3 0\n"));
  CHECK_FALSE(v.verified);
  CHECK(v.verdict.find("without the empty clause") != std::string::npos);
  // Malformed input: exit 2.
  CHECK(run_lrat_checker(cnf, t.file("junk.lrat", "5 1 x 0\n")).exit_code == 2);
  CHECK(run_lrat_checker(t.file("junk.cnf", "p cnf 1 1\n2 0\n"), t.file("e.lrat", "2 0 1 0\n")).exit_code == 2);
}

TEST_CASE("lrat: RAT steps (groups of hints per clause holding the negated pivot)") {
  TempDir t;
  // (1 2) (1 -2) (-1 3) (-1 -3) (-4 1): the unit (4) is not RUP, but RAT on 4: the only clause
  // with -4 is clause 5, and the resolvent (1) is RUP by clauses 1, 2 (group "-5 1 2").
  const auto cnf = t.file("r.cnf", "p cnf 4 5\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n-4 1 0\n");
  auto v = run_lrat_checker(cnf, t.file("rat.lrat", "6 4 0 -5 1 2 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n"));
  INFO(v.output);
  CHECK(v.verified);
  // Without the group of clause 5: rejected; with a wrong group: rejected.
  CHECK_FALSE(run_lrat_checker(cnf, t.file("nogroup.lrat", "6 4 0 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n")).verified);
  CHECK_FALSE(run_lrat_checker(cnf, t.file("badgroup.lrat", "6 4 0 -5 1 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n")).verified);
  // A tautological resolvent needs no group: (1 2) (-1 2) (1 -2) (-1 -2), x3 <-> (x1 and x2).
  const auto x = t.file("x.cnf", kXor2);
  CHECK(run_lrat_checker(x, t.file("ext.lrat", "5 -3 1 0 0\n6 -3 2 0 0\n7 3 -1 -2 0 -5 0\n8 2 0 1 2 0\n9 0 8 3 4 0\n")).verified);
  // Our DRAT checker writes the groups itself.
  const std::vector<Clause> f = {{1, 2}, {1, -2}, {-1, 3}, {-1, -3}, {-4, 1}};
  const auto r = check_drat_text(f, "4 0\n1 0\n0\n", (t.p / "w.lrat").string());
  REQUIRE(r.verified);
  CHECK(r.rat_lemmas == 1);
  v = run_lrat_checker(cnf, (t.p / "w.lrat").string());
  INFO(v.output);
  CHECK(v.verified);
}

TEST_CASE("lrat: CaDiCaL's pigeonhole proof via our DRAT checker / tampered LRAT steps are rejected") {
  TempDir t;
  const auto f = pigeonhole(5);
  const std::string drat = (t.p / "php.drat").string();
  {
    auto s = make_cadical(drat);
    for (const auto& c : f) s->add(c);
    REQUIRE(s->solve({}, 10) == SatAnswer::Unsat);
  }
  const auto cert = certify_unsat(f, drat, (t.p / "php").string(), "pigeonhole 6 into 5");
  INFO(cert.summary());
  CHECK(cert.verified());
  CHECK(cert.lrat.cnf_sha256.size() == 64);
  // Tamper with one addition in the middle: drop its last hint (the conflict clause).
  auto lines = lines_of(cert.lrat_path);
  std::vector<std::size_t> adds;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find(" d ") == std::string::npos) adds.push_back(i);
  REQUIRE(adds.size() > 4);
  {
    auto bad = lines;
    std::string& l = bad[adds[adds.size() / 2]];
    const auto end = l.rfind(" 0");
    const auto prev = l.rfind(' ', end - 1);
    l = l.substr(0, prev) + " 0";
    std::ofstream o(t.p / "bad.lrat");
    for (const auto& s : bad) o << s << "\n";
  }
  auto v = run_lrat_checker(cert.cnf_path, (t.p / "bad.lrat").string());
  CHECK_FALSE(v.verified);
  CHECK(v.exit_code == 1);
  // The right proof against a weaker CNF (pigeon 0's clause replaced by a tautology, so the ids
  // stay): rejected.
  auto weak = f;
  weak[0] = {1, -1};
  write_dimacs(weak, (t.p / "weak.cnf").string());
  CHECK_FALSE(run_lrat_checker((t.p / "weak.cnf").string(), cert.lrat_path).verified);
}

}  // namespace schedcert_test_encodings_lrat_check_test
