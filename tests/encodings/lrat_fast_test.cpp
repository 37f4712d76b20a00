// Issue 27: the fast verified LRAT checker (coq/lrat/LratFast.v on PArray/Uint63, the default of
// schedcert-lrat) against the old one (coq/lrat/Lrat.v, `schedcert-lrat --slow`), differentially:
// real proofs (CaDiCaL's, through our DRAT checker's LRAT writer, forward and backward) and
// mutations of them (a hint dropped or negated, a literal flipped, a line dropped or repeated)
// must get the same exit code, the same "c steps" and "s ..." lines from both. The random side
// (small CNFs, RAT extension steps, malformed numbers) is tests/lrat/fuzz_lrat.py --slow-too (a
// ctest). And LratFast.v's Print Assumptions lists exactly the PArray/Uint63 primitives and
// axioms named in docs/trust.md, nothing else (no Admitted).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "encodings/sat/backend.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/encodings/cnf_families.hpp"

namespace schedcert_test_encodings_lrat_fast_test {

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path p = fs::temp_directory_path() / ("schedcert-lrat-fast-test-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(p); }
  ~TempDir() { fs::remove_all(p); }
};

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::vector<std::string> tokens(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> t;
  for (std::string w; in >> w;) t.push_back(w);
  return t;
}

std::string join(const std::vector<std::string>& t) {
  std::string s;
  for (const auto& w : t) s += (s.empty() ? "" : " ") + w;
  return s;
}

// Exit code and the lines that state the verdict ("c steps ...", "s ..."), of one run.
std::string verdict_of(const std::string& flags, const std::string& cnf, const std::string& lrat) {
  const auto r = schedcert::testing::run_shell("'" + lrat_checker_path() + "' " + flags + " '" + cnf + "' '" + lrat + "'");
  std::string v = "exit " + std::to_string(r.code);
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("c steps ", 0) == 0 || l.rfind("s ", 0) == 0) v += "\n" + l;
  return v;
}

// Both checkers on (cnf, lrat): the same verdict; returns it.
std::string agree(const std::string& cnf, const std::string& lrat) {
  const std::string fast = verdict_of("", cnf, lrat), slow = verdict_of("--slow", cnf, lrat);
  INFO("fast: " << fast << "\nslow: " << slow << "\nfiles: " << cnf << " " << lrat);
  CHECK(fast == slow);
  return fast;
}

// One mutation of an LRAT proof (k picks what and where).
std::vector<std::string> mutate(std::vector<std::string> lines, std::uint64_t k) {
  std::uint64_t x = k * 6364136223846793005ULL + 1442695040888963407ULL;
  auto next = [&x](std::size_t n) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return n ? static_cast<std::size_t>(x % n) : 0;
  };
  if (lines.empty()) return lines;
  const std::size_t i = next(lines.size());
  auto t = tokens(lines[i]);
  const bool del = t.size() > 1 && t[1] == "d";
  switch (k % 5) {
    case 0:  // drop a line
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    case 1:  // repeat a line
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), lines[i]);
      break;
    default: {  // drop / negate a hint, flip a literal
      if (del || t.size() < 3) break;
      std::size_t z = 1;
      while (z < t.size() && t[z] != "0") ++z;  // end of the literals
      if (k % 5 == 4 && z > 1) {
        const std::size_t j = 1 + next(z - 1);
        t[j] = t[j][0] == '-' ? t[j].substr(1) : "-" + t[j];
      } else if (z + 2 < t.size()) {
        const std::size_t j = z + 1 + next(t.size() - z - 2);
        if (k % 5 == 2) t.erase(t.begin() + static_cast<std::ptrdiff_t>(j));
        else t[j] = t[j][0] == '-' ? t[j].substr(1) : "-" + t[j];
      }
      lines[i] = join(t);
    }
  }
  return lines;
}

}  // namespace

TEST_CASE("lrat fast: LratFast.v and Lrat.v (--slow) agree on real proofs and on their mutations") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  TempDir t;
  struct Instance {
    std::string name;
    std::vector<Clause> cnf;
  };
  std::vector<Instance> instances = {{"php5", schedcert::test::pigeonhole(5)}, {"php6", schedcert::test::pigeonhole(6)}};
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    instances.push_back({"r3-" + std::to_string(seed), schedcert::test::random3(60, 300, seed)});
  int proofs = 0, verified = 0, rejected = 0;
  for (const auto& in : instances) {
    const std::string drat = (t.p / (in.name + ".drat")).string();
    {
      auto s = make_cadical(drat);
      for (const auto& c : in.cnf) s->add(c);
      if (s->solve({}, 60) != SatAnswer::Unsat) continue;
    }
    const std::string cnf = (t.p / (in.name + ".cnf")).string();
    write_dimacs(in.cnf, cnf);
    for (const DratMode mode : {DratMode::Forward, DratMode::Backward}) {
      const std::string lrat = (t.p / (in.name + (mode == DratMode::Forward ? ".fwd" : ".bwd") + ".lrat")).string();
      const auto r = check_drat(in.cnf, drat, lrat, mode);
      REQUIRE(r.verified);
      ++proofs;
      CHECK(agree(cnf, lrat).rfind("exit 0", 0) == 0);
      const auto lines = lines_of(lrat);
      for (std::uint64_t k = 0; k < 40; ++k) {
        const std::string bad = (t.p / "m.lrat").string();
        {
          std::ofstream o(bad);
          for (const auto& l : mutate(lines, k + 100 * static_cast<std::uint64_t>(proofs))) o << l << "\n";
        }
        const std::string v = agree(cnf, bad);
        (v.rfind("exit 0", 0) == 0 ? verified : rejected)++;
      }
    }
  }
  MESSAGE(proofs << " proofs, " << verified << " mutants still verified, " << rejected << " rejected (by both)");
  CHECK(proofs >= 6);
  CHECK(rejected > 0);
}

TEST_CASE("lrat fast: RAT and RUP fixtures, fast and slow") {
  TempDir t;
  auto file = [&](const std::string& n, const std::string& s) {
    std::ofstream(t.p / n) << s;
    return (t.p / n).string();
  };
  const auto r = file("r.cnf", "p cnf 4 5\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n-4 1 0\n");
  CHECK(agree(r, file("a.lrat", "6 4 0 -5 1 2 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n")).rfind("exit 0", 0) == 0);
  CHECK(agree(r, file("b.lrat", "6 4 0 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n")).rfind("exit 1", 0) == 0);
  CHECK(agree(r, file("c.lrat", "6 4 0 -5 1 0\n7 1 0 1 2 0\n8 0 7 3 4 0\n")).rfind("exit 1", 0) == 0);
  const auto x = file("x.cnf", "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
  CHECK(agree(x, file("e.lrat", "5 -3 1 0 0\n6 -3 2 0 0\n7 3 -1 -2 0 -5 0\n8 2 0 1 2 0\n9 0 8 3 4 0\n")).rfind("exit 0", 0) == 0);
  // Ids and variables far beyond the arrays (the tries of LratTables.v): clause ids 2^40 and
  // 2^61 - 1, the variable 2^61 - 1.
  const auto big = file("big.cnf", "p cnf 2305843009213693951 2\n2305843009213693951 0\n-2305843009213693951 0\n");
  CHECK(agree(big, file("big.lrat", "1099511627776 2305843009213693951 0 1 0\n2305843009213693951 0 1099511627776 2 0\n"))
            .rfind("exit 0", 0) == 0);
  CHECK(agree(big, file("big2.lrat", "1099511627776 d 1 0\n2305843009213693951 0 1 2 0\n")).rfind("exit 1", 0) == 0);
}

TEST_CASE("lrat fast: LratFast.v compiles and assumes only the PArray / Uint63 primitives and axioms" *
          doctest::test_suite("slow")) {
  const fs::path src = fs::path(SCHEDCERT_TEST_DIR).parent_path() / "coq" / "lrat";
  TempDir t;
  fs::create_directories(t.p / "lrat");
  for (const char* f : {"Cnf.v", "Lrat.v", "LratTables.v", "LratFast.v"}) {
    std::ifstream in(src / f);
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str().find("Admitted") == std::string::npos);
    CHECK(ss.str().find("admit.") == std::string::npos);
    CHECK(ss.str().find("Axiom") == std::string::npos);
    fs::copy_file(src / f, t.p / "lrat" / f);
  }
  std::string cmd = "cd '" + (t.p / "lrat").string() + "'";
  for (const char* f : {"Cnf.v", "Lrat.v", "LratTables.v", "LratFast.v"})
    cmd += std::string(" && coqc -q -Q . Schedcert.lrat ") + f;
  const auto r = schedcert::testing::run_shell(cmd + " 2>&1");
  INFO(r.out);
  REQUIRE(r.code == 0);
  // Lrat.v: closed; LratFast.v: the names in its "Axioms:" block.
  CHECK(r.out.find("Closed under the global context") != std::string::npos);
  const auto a = r.out.find("Axioms:");
  REQUIRE(a != std::string::npos);
  std::set<std::string> names;
  std::istringstream in(r.out.substr(a + 7));
  for (std::string l; std::getline(in, l);)
    if (!l.empty() && l[0] != ' ') names.insert(l.substr(0, l.find(' ')));
  const std::set<std::string> allowed = {
      // Uint63 (Coq.Numbers.Cyclic.Int63): the type, the primitive operations, their specs
      "int", "add", "sub", "eqb", "ltb", "leb", "lsl", "lsr", "land", "lor",
      "add_spec", "sub_spec", "eqb_correct", "eqb_refl", "ltb_spec", "leb_spec", "lsl_spec", "lsr_spec",
      "lor_spec", "of_to_Z",
      // PArray (Coq.Array.PArray): the type, the primitives, their axioms
      "array", "make", "get", "set", "length", "default",
      "get_make", "get_set_same", "get_set_other", "get_out_of_bounds", "length_set", "default_set"};
  for (const auto& n : names) {
    INFO(n);
    CHECK(allowed.count(n) == 1);
  }
  CHECK(names.size() >= 20);
}

}  // namespace schedcert_test_encodings_lrat_fast_test
