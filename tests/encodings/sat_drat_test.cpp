// The DRAT checker (encodings/sat/drat.hpp) on tiny hand-made proofs: RUP, RAT, deletions,
// binary format, and wrong proofs it must reject; then on real CaDiCaL proofs, including one
// checked against a weakened (satisfiable) CNF, which must be rejected.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "encodings/sat/backend.hpp"
#include "tests/encodings/cnf_families.hpp"
#include "encodings/sat/drat.hpp"

namespace schedcert_test_encodings_sat_drat_test {

using namespace schedcert::encodings::sat;
using schedcert::test::pigeonhole;

namespace {
const std::vector<Clause> kXor2 = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}};  // unsat

}  // namespace

TEST_CASE("drat: a correct RUP proof is verified") {
  const auto r = check_drat_text(kXor2, "1 0\n0\n");
  CHECK(r.verified);
  CHECK(r.lemmas == 2);
  CHECK(r.rat_lemmas == 0);
}

TEST_CASE("drat: wrong proofs are rejected") {
  auto r = check_drat_text(kXor2, "0\n");  // the empty clause is not RUP at the start
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  // A satisfiable formula: no proof may verify. -2 is neither RUP nor RAT.
  r = check_drat_text({{1, 2}, {-1, 2}}, "-2 0\n0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  // A proof without the empty clause proves nothing.
  r = check_drat_text(kXor2, "1 0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("empty clause") != std::string::npos);
  // Garbage.
  r = check_drat_text(kXor2, "1 x 0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("parse error") != std::string::npos);
}

TEST_CASE("drat: deletions are honoured") {
  // Deleting (1 2) makes lemma (1) neither RUP nor RAT.
  auto r = check_drat_text(kXor2, "d 1 2 0\n1 0\n0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.deletions == 1);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  // Deleting a clause the refutation does not need, in another literal order.
  r = check_drat_text({{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {3, 4}}, "d 4 3 0\n1 0\n0\n");
  CHECK(r.verified);
  CHECK(r.missing_deletions == 0);
  r = check_drat_text(kXor2, "d 5 6 0\n1 0\n0\n");  // absent clause: counted, ignored
  CHECK(r.verified);
  CHECK(r.missing_deletions == 1);
}

TEST_CASE("drat: RAT on the first literal") {
  // 3 is fresh: (3 -1) is RAT on 3 (no clause holds -3) but not RUP; on the satisfiable
  // formula below it is the only way in. Then (-3 1): resolvent with (3 -1) is a tautology.
  const std::vector<Clause> f = {{1, 2}, {-1, 2}};
  auto r = check_drat_text(f, "3 -1 0\n-3 1 0\n");
  CHECK(r.rat_lemmas == 2);
  CHECK(r.message.find("empty clause") != std::string::npos);  // all lemmas fine, no refutation
  // RAT is only tried on the FIRST literal: over (1 2) (1 -2), the clause (-1 3) with pivot -1
  // has the resolvent (3 2) with (1 2), which is not RUP; written as (3 -1) it is RAT on 3.
  const std::vector<Clause> g = {{1, 2}, {1, -2}};
  r = check_drat_text(g, "-1 3 0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  CHECK(r.rat_lemmas == 0);
  r = check_drat_text(g, "3 -1 0\n");
  CHECK(r.rat_lemmas == 1);
  CHECK(r.message.find("empty clause") != std::string::npos);
  // An extension-style refutation: x3 <-> (x1 and x2) defined by RAT, then RUP steps.
  r = check_drat_text(kXor2, "-3 1 0\n-3 2 0\n3 -1 -2 0\n2 0\n0\n");
  CHECK(r.verified);
}

TEST_CASE("drat: binary format") {
  const std::string bin = std::string("a\x02\x00", 3) + std::string("a\x00", 2);  // "1 0", "0"
  auto r = check_drat_text(kXor2, bin);
  CHECK(r.verified);
  const std::string bad = std::string("a\x00", 2);
  CHECK_FALSE(check_drat_text(kXor2, bad).verified);
}

TEST_CASE("drat: CaDiCaL proofs of pigeonhole formulas are checked, and fail on a weaker CNF") {
  const auto dir = std::filesystem::temp_directory_path() / "schedcert-drat-test";
  std::filesystem::create_directories(dir);
  const std::string proof = (dir / "php.drat").string();
  const auto f = pigeonhole(5);
  {
    auto s = make_cadical(proof);
    for (const auto& c : f) s->add(c);
    REQUIRE(s->solve({}, 10) == SatAnswer::Unsat);
  }
  const auto r = check_drat(f, proof);
  CHECK(r.verified);
  CHECK(r.lemmas > 10);
  // The same proof against the formula without pigeon 0's clause (satisfiable): rejected.
  auto weak = f;
  weak.erase(weak.begin());
  CHECK_FALSE(check_drat(weak, proof).verified);
  // DIMACS round trip through the parser.
  {
    std::ofstream o(dir / "php.cnf");
    o << "c pigeonhole\np cnf 30 " << f.size() << "\n";
    for (const auto& c : f) {
      for (int l : c) o << l << ' ';
      o << "0\n";
    }
  }
  CHECK(check_drat_files((dir / "php.cnf").string(), proof).verified);
  std::filesystem::remove_all(dir);
}

}  // namespace schedcert_test_encodings_sat_drat_test
