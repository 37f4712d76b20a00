// Batched verified LRAT checks (encodings/sat/lrat_batch.hpp, issue 27): cubes F ∧ R_i of a
// random 3-SAT base, their CaDiCaL proofs checked by our DRAT checker (trimmed LRAT), then one
// run of the Coq-verified checker on the batch CNF with selector variables. Checked here: the
// batch is accepted and its rewritten LRAT proof is accepted by both the verified checker and the
// independent Python checker (tests/lrat/reference_lrat.py); a tampered member proof makes the
// batch fail and the member named (checked alone: rejected; the others accepted alone); a
// satisfiable member is never accepted, and the batch CNF with a satisfiable member is
// satisfiable (the lemma's contrapositive, on the builder's output); the selectors are fresh.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "encodings/sat/backend.hpp"
#include "encodings/sat/lrat_batch.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/encodings/cnf_families.hpp"

namespace schedcert_test_encodings_lrat_batch_test {

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;

namespace {

struct BatchDir {
  fs::path p = fs::temp_directory_path() / ("schedcert-lrat-batch-test-" + std::to_string(::getpid()));
  BatchDir() { fs::create_directories(p); }
  ~BatchDir() { fs::remove_all(p); }
  std::string path(const std::string& name) const { return (p / name).string(); }
};

std::vector<Clause> joined(const std::vector<Clause>& a, const std::vector<Clause>& b) {
  std::vector<Clause> out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

SatAnswer solve(const std::vector<Clause>& f, const std::string& proof = "") {
  auto s = make_cadical(proof);
  for (const auto& c : f) s->add(c);
  return s->solve({}, 30);
}

// Cubes over variables 1..4 of a random 3-SAT base (each rest: the 4 units, a clause shared by
// every cube and one of its own), with at least 3 UNSAT and 1 SAT cubes.
struct Instance {
  std::vector<Clause> base;
  std::vector<std::vector<Clause>> unsat_rests, sat_rests;
};

Instance make_instance() {
  for (std::uint64_t seed = 1;; ++seed) {
    Instance in;
    in.base = schedcert::test::random3(30, 120, seed);
    for (int mask = 0; mask < 16; ++mask) {
      std::vector<Clause> r;
      for (int v = 1; v <= 4; ++v) r.push_back({(mask >> (v - 1)) & 1 ? v : -v});
      r.push_back({5, 6, 7});
      r.push_back({-8, 9 + mask});
      (solve(joined(in.base, r)) == SatAnswer::Unsat ? in.unsat_rests : in.sat_rests).push_back(r);
    }
    if (in.unsat_rests.size() >= 3 && !in.sat_rests.empty()) return in;
  }
}

// Our DRAT check of CaDiCaL's proof of base ∧ rest writes its LRAT proof to `lrat`.
void member_lrat(const std::vector<Clause>& base, const std::vector<Clause>& rest, const std::string& drat,
                 const std::string& lrat) {
  REQUIRE(solve(joined(base, rest), drat) == SatAnswer::Unsat);
  const UnsatCertificate c = check_drat_for_lrat(joined(base, rest), drat, lrat);
  REQUIRE(c.drat.verified);
}

std::vector<const std::vector<Clause>*> pointers(const std::vector<std::vector<Clause>>& rs) {
  std::vector<const std::vector<Clause>*> out;
  for (const auto& r : rs) out.push_back(&r);
  return out;
}

}  // namespace

TEST_CASE("lrat batch: one verified run accepts a batch, its LRAT is accepted by the Python reference too") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  BatchDir t;
  const Instance in = make_instance();
  std::vector<std::string> lrats;
  for (std::size_t i = 0; i < in.unsat_rests.size(); ++i) {
    lrats.push_back(t.path("m" + std::to_string(i) + ".lrat"));
    member_lrat(in.base, in.unsat_rests[i], t.path("m" + std::to_string(i) + ".drat"), lrats.back());
  }
  const auto rests = pointers(in.unsat_rests);
  const BatchCnf g = build_batch_cnf(in.base, rests);
  // The construction: F first, the shared clause once, a guarded copy of each own clause, the
  // selectors fresh and the last clause their disjunction.
  CHECK(g.base == in.base.size());
  CHECK(g.shared == 1);
  CHECK(g.clauses.size() == in.base.size() + 1 + 5 * in.unsat_rests.size() + 1);
  int vars = 0;
  for (const auto& c : joined(in.base, in.unsat_rests[0])) for (int l : c) vars = std::max(vars, std::abs(l));
  for (const auto& r : in.unsat_rests) for (const auto& c : r) for (int l : c) vars = std::max(vars, std::abs(l));
  for (int s : g.selector) CHECK(s > vars);
  CHECK(g.clauses.back() == g.selector);
  CHECK(solve(g.clauses) == SatAnswer::Unsat);
  // The rewritten proof, through both checkers.
  REQUIRE(write_batch_lrat(g, lrats, t.path("g.lrat")) == "");
  write_dimacs(g.clauses, t.path("g.cnf"));
  const LratVerdict lv = run_lrat_checker(t.path("g.cnf"), t.path("g.lrat"));
  INFO(lv.output);
  CHECK(lv.verified);
  const std::string ref = (fs::path(SCHEDCERT_TEST_DIR) / "lrat").string();
  const auto py = schedcert::testing::run_shell(
      "python3 -c \"import sys; sys.path.insert(0, '" + ref + "'); import reference_lrat as r; "
      "print(r.verdict(open('" + t.path("g.cnf") + "','rb').read(), open('" + t.path("g.lrat") + "','rb').read()))\"");
  INFO(py.out);
  CHECK(py.code == 0);
  CHECK(py.out.rfind("(0,", 0) == 0);
  // The whole path: one run, every member accepted as part of it.
  const BatchVerdict v = check_lrat_batch(in.base, rests, lrats, t.path("b"));
  CHECK(v.batch.verified);
  CHECK(v.batched == in.unsat_rests.size());
  for (const auto& m : v.members) {
    CHECK(m.verified);
    CHECK(m.batched);
    CHECK(m.cnf_sha256.size() == 64);
  }
  // The per-member hash is the one a per-cube check records (the DIMACS file of F ∧ R_i).
  CHECK(v.members[0].cnf_sha256 == write_dimacs(joined(in.base, in.unsat_rests[0]), t.path("m0.cnf")));
}

TEST_CASE("lrat batch: a tampered member proof fails the batch and that member is named") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  BatchDir t;
  const Instance in = make_instance();
  std::vector<std::string> lrats;
  for (std::size_t i = 0; i < in.unsat_rests.size(); ++i) {
    lrats.push_back(t.path("m" + std::to_string(i) + ".lrat"));
    member_lrat(in.base, in.unsat_rests[i], t.path("m" + std::to_string(i) + ".drat"), lrats.back());
  }
  // Member 1's empty clause loses its last hint (the falsified clause): no conflict.
  {
    std::ifstream f(lrats[1]);
    std::vector<std::string> lines;
    for (std::string l; std::getline(f, l);) lines.push_back(l);
    REQUIRE(!lines.empty());
    std::string& last = lines.back();
    const auto z = last.find(" 0 ");
    REQUIRE(z != std::string::npos);
    const auto cut = last.rfind(' ', last.size() - 3);  // the space before the last hint
    REQUIRE(cut > z);
    last = last.substr(0, cut) + " 0";
    std::ofstream o(lrats[1]);
    for (const auto& l : lines) o << l << "\n";
  }
  const BatchVerdict v = check_lrat_batch(in.base, pointers(in.unsat_rests), lrats, t.path("b"));
  CHECK_FALSE(v.batch.verified);
  CHECK(v.batched == 0);
  CHECK(v.note.find("NOT accepted") != std::string::npos);
  for (std::size_t i = 0; i < v.members.size(); ++i) {
    CAPTURE(i);
    CHECK_FALSE(v.members[i].batched);
    CHECK(v.members[i].verified == (i != 1));
  }
  CHECK(v.members[1].message.find("REJECTED") != std::string::npos);
}

TEST_CASE("lrat batch: a satisfiable member is never accepted, the batch CNF is then satisfiable") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  BatchDir t;
  const Instance in = make_instance();
  std::vector<std::string> lrats;
  for (std::size_t i = 0; i < in.unsat_rests.size(); ++i) {
    lrats.push_back(t.path("m" + std::to_string(i) + ".lrat"));
    member_lrat(in.base, in.unsat_rests[i], t.path("m" + std::to_string(i) + ".drat"), lrats.back());
  }
  // Member 2 is replaced by a satisfiable cube that claims member 2's proof.
  std::vector<std::vector<Clause>> rests = in.unsat_rests;
  rests[2] = in.sat_rests[0];
  const BatchCnf g = build_batch_cnf(in.base, pointers(rests));
  CHECK(solve(g.clauses) == SatAnswer::Sat);
  const BatchVerdict v = check_lrat_batch(in.base, pointers(rests), lrats, t.path("b"));
  CHECK_FALSE(v.batch.verified);
  CHECK_FALSE(v.members[2].verified);
  for (std::size_t i = 0; i < v.members.size(); ++i)
    if (i != 2) CHECK(v.members[i].verified);
  // Every cube satisfiable: no member accepted, whatever proofs they bring.
  std::vector<std::vector<Clause>> sats(in.unsat_rests.size(), in.sat_rests[0]);
  const BatchVerdict w = check_lrat_batch(in.base, pointers(sats), lrats, t.path("c"));
  for (const auto& m : w.members) CHECK_FALSE(m.verified);
}

TEST_CASE("lrat batch: the batch CNF is unsatisfiable exactly when every member is (random instances)") {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const auto base = schedcert::test::random3(12, 40, seed);
    std::vector<std::vector<Clause>> rests;
    bool all_unsat = true;
    for (int mask = 0; mask < 4; ++mask) {
      std::vector<Clause> r{{mask & 1 ? 1 : -1}, {mask & 2 ? 2 : -2}, {3, 4, -5}};
      if (mask == 3) r.push_back({6, -7});
      all_unsat &= solve(joined(base, r)) == SatAnswer::Unsat;
      rests.push_back(r);
    }
    const BatchCnf g = build_batch_cnf(base, pointers(rests));
    CAPTURE(seed);
    CHECK((solve(g.clauses) == SatAnswer::Unsat) == all_unsat);
  }
}

}  // namespace schedcert_test_encodings_lrat_batch_test
