// The backward, core-first DRAT checker (encodings/sat/drat_backward.cpp, issue 27): it rejects
// bad proofs (a non-RUP lemma in the core, no empty clause, a needed clause deleted), agrees with
// the forward checker on the hand-made proofs of sat_drat_test.cpp and on CaDiCaL proofs (random
// 3-SAT, pigeonhole; also with lemmas removed from them), and its trimmed LRAT proofs are
// accepted by the Coq-verified checker (schedcert-lrat), while being smaller than the forward ones.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/backend.hpp"
#include "tests/encodings/cnf_families.hpp"
#include "encodings/sat/drat.hpp"
#include "encodings/sat/drat_backward.hpp"
#include "encodings/sat/drat_reader.hpp"
#include "schedules/error.hpp"

namespace schedcert_test_encodings_sat_drat_backward_test {

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;
using schedcert::test::pigeonhole;
using schedcert::test::random3;

namespace {

const std::vector<Clause> kXor2 = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}};  // unsat

struct TempDir {
  fs::path p = fs::temp_directory_path() / ("schedcert-drat-bw-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(p); }
  ~TempDir() { fs::remove_all(p); }
  std::string path(const std::string& name) const { return (p / name).string(); }
};



// CaDiCaL's proof of `f` as text DRAT ("" if f is satisfiable).
std::string cadical_proof_text(const std::vector<Clause>& f, const std::string& bin_path) {
  {
    auto s = make_cadical(bin_path);
    for (const auto& c : f) s->add(c);
    if (s->solve({}, 30) != SatAnswer::Unsat) return "";
  }
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(bin_path.c_str(), "rb"), std::fclose);
  drat_detail::ProofReader r(in.get());
  std::ostringstream out;
  std::vector<int> lits;
  bool del = false;
  while (r.next(lits, &del)) {
    if (del) out << "d ";
    for (int l : lits) out << l << ' ';
    out << "0\n";
  }
  out << "0\n";  // CaDiCaL may leave out the empty clause (lrat_check.hpp)
  return out.str();
}

// Bytes of the additions (deletions left out: the trimmed proof deletes more, to save memory).
std::size_t addition_bytes(const std::string& path) {
  std::ifstream in(path);
  std::size_t n = 0;
  for (std::string l; std::getline(in, l);)
    if (l.find(" d ") == std::string::npos) n += l.size() + 1;
  return n;
}

}  // namespace

TEST_CASE("drat backward: bad proofs are rejected") {
  // A satisfiable formula: -2 makes the root inconsistent, so it is the core, and it is neither
  // RUP nor RAT.
  auto r = check_drat_text({{1, 2}, {-1, 2}}, "-2 0\n0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.mode == "backward");
  CHECK(r.message.find("lemma 1") != std::string::npos);
  CHECK(r.message.find("core") != std::string::npos);
  // Two lemmas in the core over a satisfiable formula: the second, -2, is not RAT.
  r = check_drat_text({{1, 2, 3}, {-1, 2}, {1, -2}}, "-3 0\n-2 0\n0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 2") != std::string::npos);
  // No empty clause: nothing proved, although the root is inconsistent.
  r = check_drat_text(kXor2, "1 0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("empty clause") != std::string::npos);
  // The empty clause while the root is consistent: not RUP.
  r = check_drat_text(kXor2, "0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  // A needed clause deleted before the lemma that needs it.
  r = check_drat_text(kXor2, "d 1 2 0\n1 0\n0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("lemma 1") != std::string::npos);
  // ... and deleted, then needed again by a later lemma that is in the core.
  r = check_drat_text({{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {3, 1}}, "2 3 0\nd 1 2 0\n1 0\n0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  // Garbage.
  r = check_drat_text(kXor2, "1 x 0\n", "", DratMode::Backward);
  CHECK_FALSE(r.verified);
  CHECK(r.message.find("parse error") != std::string::npos);
  // The default (auto) mode rejects them too, with the forward checker's verdict.
  r = check_drat_text(kXor2, "d 1 2 0\n1 0\n0\n");
  CHECK_FALSE(r.verified);
  CHECK(r.mode == "forward");
  CHECK(r.backward_message.find("lemma 1") != std::string::npos);
}

TEST_CASE("drat backward: only the core is checked, and a wrong lemma outside it is never written") {
  // (3) is neither RUP nor RAT (its resolvent (4) with (-3 4) is not RUP), but the refutation
  // does not use it: the forward checker rejects the proof, the backward one verifies the
  // refutation made of the other lemmas (sound: that refutation is checked in full).
  TempDir t;
  std::vector<Clause> f = kXor2;
  f.push_back({-3, 4});
  const std::string proof = "3 0\n1 0\n0\n";
  CHECK_FALSE(check_drat_text(f, proof, "", DratMode::Forward).verified);
  const auto r = check_drat_text(f, proof, t.path("core.lrat"), DratMode::Backward);
  REQUIRE(r.verified);
  CHECK(r.lemmas == 3);
  CHECK(r.core_lemmas == 1);
  write_dimacs(f, t.path("f.cnf"));
  const auto v = run_lrat_checker(t.path("f.cnf"), t.path("core.lrat"));
  INFO(v.output);
  CHECK(v.verified);
  std::ifstream in(t.path("core.lrat"));
  int additions = 0;
  for (std::string l; std::getline(in, l);) {
    std::istringstream words(l);
    long id = 0, first = 0, second = -1;
    std::string w;
    words >> id >> w;
    if (w == "d") continue;
    ++additions;
    first = std::stol(w);
    words >> second;
    CHECK_FALSE((first == 3 && second == 0));  // the unchecked lemma (3) is not in it
  }
  CHECK(additions == 3);  // the lemma (1), the root unit (2) it implies, the empty clause
}

TEST_CASE("drat backward: agrees with the forward checker on the hand-made proofs") {
  struct Case {
    std::vector<Clause> f;
    std::string proof;
  };
  const std::vector<Clause> rat = {{1, 2}, {1, -2}, {-1, 3}, {-1, -3}, {-4, 1}};
  const std::vector<Case> cases = {
      {kXor2, "1 0\n0\n"},
      {kXor2, "0\n"},
      {{{1, 2}, {-1, 2}}, "-2 0\n0\n"},
      {kXor2, "1 0\n"},
      {kXor2, "d 1 2 0\n1 0\n0\n"},
      {{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {3, 4}}, "d 4 3 0\n1 0\n0\n"},
      {kXor2, "d 5 6 0\n1 0\n0\n"},
      {kXor2, "-3 1 0\n-3 2 0\n3 -1 -2 0\n2 0\n0\n"},
      {rat, "4 0\n1 0\n0\n"},
      {rat, "-4 0\n4 0\n0\n"},
      {{{1}, {-1, 2}, {-2}}, "0\n"},                 // the CNF propagates to a conflict
      {{{1}, {-1, 2}, {-2}}, "d 1 0\nd -2 0\n0\n"},  // deletions of root reasons: ignored
      {{{1, 2}, {}}, "0\n"},                          // an empty clause in the CNF
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto fw = check_drat_text(cases[i].f, cases[i].proof, "", DratMode::Forward);
    const auto bw = check_drat_text(cases[i].f, cases[i].proof, "", DratMode::Backward);
    INFO("case " << i << ": forward " << fw.message << " / backward " << bw.message);
    CHECK(fw.verified == bw.verified);
    if (fw.verified) CHECK(fw.lemmas == bw.lemmas);
  }
}

TEST_CASE("drat backward: CaDiCaL proofs: same verdicts as forward, trimmed LRAT accepted by the verified checker") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  TempDir t;
  std::vector<std::vector<Clause>> formulas = {pigeonhole(4), pigeonhole(5)};
  for (std::uint64_t seed = 1; seed <= 12; ++seed) formulas.push_back(random3(60, 290, seed));
  int unsat = 0;
  std::size_t fw_bytes = 0, bw_bytes = 0, core = 0, lemmas = 0;
  for (std::size_t i = 0; i < formulas.size(); ++i) {
    const auto& f = formulas[i];
    const std::string text = cadical_proof_text(f, t.path("p.drat"));
    if (text.empty()) continue;
    ++unsat;
    write_dimacs(f, t.path("f.cnf"));
    const auto fw = check_drat_text(f, text, t.path("fw.lrat"), DratMode::Forward);
    const auto bw = check_drat_text(f, text, t.path("bw.lrat"), DratMode::Backward);
    INFO("formula " << i << ": forward " << fw.message << " / backward " << bw.message);
    REQUIRE(fw.verified);
    REQUIRE(bw.verified);
    CHECK(bw.core_lemmas <= bw.lemmas);
    core += bw.core_lemmas;
    lemmas += bw.lemmas;
    CHECK(bw.message.find("watch repairs") == std::string::npos);
    const auto v = run_lrat_checker(t.path("f.cnf"), t.path("bw.lrat"));
    INFO(v.output);
    CHECK(v.verified);
    fw_bytes += addition_bytes(t.path("fw.lrat"));
    bw_bytes += addition_bytes(t.path("bw.lrat"));
    // The same proof with one lemma line (a third of the way in) left out: whatever the forward
    // checker accepts, the backward one accepts too, and its LRAT is accepted.
    std::istringstream in(text);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (std::size_t k = lines.size() / 3; k < lines.size(); ++k)
      if (lines[k].rfind("d ", 0) != 0 && lines[k] != "0") {
        lines.erase(lines.begin() + static_cast<long>(k));
        break;
      }
    std::string cut;
    for (const auto& l : lines) cut += l + "\n";
    const auto fw2 = check_drat_text(f, cut, "", DratMode::Forward);
    const auto bw2 = check_drat_text(f, cut, t.path("bw2.lrat"), DratMode::Backward);
    INFO("cut: forward " << fw2.message << " / backward " << bw2.message);
    if (fw2.verified) CHECK(bw2.verified);
    if (bw2.verified) CHECK(run_lrat_checker(t.path("f.cnf"), t.path("bw2.lrat")).verified);
    // Against a weaker CNF (the first clause left out): no verdict may be verified, unless the
    // weaker CNF is still refuted by the proof's lemmas (then the verified checker agrees).
    auto weak = f;
    weak.erase(weak.begin());
    const auto bw3 = check_drat_text(weak, text, t.path("bw3.lrat"), DratMode::Backward);
    if (bw3.verified) {
      write_dimacs(weak, t.path("weak.cnf"));
      CHECK(run_lrat_checker(t.path("weak.cnf"), t.path("bw3.lrat")).verified);
    }
  }
  CHECK(unsat >= 8);
  CHECK(core < lemmas);  // on these small proofs the bytes are about equal (root-unit lemmas)
  MESSAGE("LRAT additions over " << unsat << " CaDiCaL proofs: forward " << fw_bytes << " bytes, backward (trimmed) "
                                  << bw_bytes << " bytes; " << core << " of " << lemmas << " lemmas in the cores");
}

TEST_CASE("drat backward: RAT lemma in the core, with a deleted candidate clause") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  TempDir t;
  // (4) is RAT on 4 over the database without (-4 5) (its resolvent (5) is not RUP): the
  // trimmed LRAT must delete (-4 5) before the RAT step, or the verified checker asks for its
  // group. (-4 5) is also deleted in the DRAT proof, so the step is valid there.
  const std::vector<Clause> f = {{1, 2}, {1, -2}, {-1, 3}, {-1, -3}, {-4, 1}, {-4, 5}};
  const auto r = check_drat_text(f, "d -4 5 0\n4 0\n1 0\n0\n", t.path("r.lrat"), DratMode::Backward);
  REQUIRE(r.verified);
  CHECK(r.rat_lemmas == 1);
  write_dimacs(f, t.path("r.cnf"));
  auto v = run_lrat_checker(t.path("r.cnf"), t.path("r.lrat"));
  INFO(v.output);
  CHECK(v.verified);
  // Without the deletion, (4) is not RAT: rejected.
  CHECK_FALSE(check_drat_text(f, "4 0\n1 0\n0\n", "", DratMode::Backward).verified);
}

TEST_CASE("drat backward: the root stays a propagation fixpoint and the watches stay exact (self-check)") {
  // drat_db.hpp undoes root units without repairing watches (its invariant J); the self-check
  // re-derives, after every return to an earlier root, that no active clause is unit or falsified
  // unnoticed and that every clause has exactly its two watches in the lists of its kind. On
  // CaDiCaL's binary proofs (with their deletions), read from the files CaDiCaL wrote.
  TempDir t;
  std::vector<std::vector<Clause>> formulas = {pigeonhole(5), pigeonhole(6)};
  for (std::uint64_t seed = 1; seed <= 8; ++seed) formulas.push_back(random3(90, 400, seed));
  drat_detail::backward_self_check = true;
  int unsat = 0;
  std::size_t lemmas = 0;
  for (std::size_t i = 0; i < formulas.size(); ++i) {
    const std::string proof = t.path("p" + std::to_string(i) + ".drat");
    if (cadical_proof_text(formulas[i], proof).empty()) continue;
    ++unsat;
    { std::ofstream(proof, std::ios::app | std::ios::binary).write("a\0", 2); }  // the empty clause
    const auto r = check_drat(formulas[i], proof, t.path("p.lrat"), DratMode::Backward);
    INFO("formula " << i << ": " << r.message);
    CHECK(r.verified);
    CHECK(r.message.find("self-check") == std::string::npos);
    lemmas += r.lemmas;
  }
  drat_detail::backward_self_check = false;
  CHECK(unsat >= 6);
  MESSAGE("self-check after each of " << lemmas << " lemmas of " << unsat << " CaDiCaL proofs");
}

TEST_CASE("drat backward: the mode from SCHEDCERT_DRAT_CHECK") {
  const char* old = std::getenv("SCHEDCERT_DRAT_CHECK");
  const std::string saved = old ? old : "";
  ::setenv("SCHEDCERT_DRAT_CHECK", "forward", 1);
  CHECK(drat_mode_from_env() == DratMode::Forward);
  CHECK(check_drat_text(kXor2, "1 0\n0\n").mode == "forward");
  ::setenv("SCHEDCERT_DRAT_CHECK", "backward", 1);
  CHECK(check_drat_text(kXor2, "1 0\n0\n").mode == "backward");
  ::setenv("SCHEDCERT_DRAT_CHECK", "sideways", 1);
  CHECK_THROWS_AS(drat_mode_from_env(), schedcert::InputError);
  ::unsetenv("SCHEDCERT_DRAT_CHECK");
  CHECK(drat_mode_from_env() == DratMode::Auto);
  const auto r = check_drat_text(kXor2, "1 0\n0\n");
  CHECK(r.verified);
  CHECK(r.mode == "backward");
  if (old) ::setenv("SCHEDCERT_DRAT_CHECK", saved.c_str(), 1);
}

}  // namespace schedcert_test_encodings_sat_drat_backward_test
