// Issue 25, "verified must mean verified", for the LRAT path (encodings/sat/lrat_check.hpp):
//  1. the driver of the verified checker (coq/lrat/lrat_main.ml) refuses numbers it cannot
//     represent instead of wrapping them (the reproduction: a satisfiable CNF was
//     VERIFIED UNSAT), and every malformed number is an input error naming the file and line;
//  2. only the schedcert-lrat binary the build made runs: $SCHEDCERT_LRAT_CHECKER pointing at
//     another program is refused (exit 2, both hashes named), a copy of the real one runs;
//  3. the CNF the checker read must be the CNF the solver saw: a file altered after writing, or
//     clauses that differ from the file, throw EnginesDisagree (exit 4) naming both hashes.
// The differential fuzzing of the driver against an independent checker is tests/lrat/fuzz_lrat.py
// (a ctest of its own).
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "encodings/sat/lrat_check.hpp"
#include "schedules/disagree.hpp"
#include "schedules/error.hpp"
#include "schedules/io/sha256.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_encodings_lrat_trust_test {

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;

namespace {

struct Dir {
  fs::path p = fs::temp_directory_path() / ("schedcert-lrat-trust-" + std::to_string(::getpid()));
  Dir() { fs::create_directories(p); }
  ~Dir() { fs::remove_all(p); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(p / name, std::ios::binary) << text;
    return (p / name).string();
  }
};

// Sets $SCHEDCERT_LRAT_CHECKER for the scope of the object.
struct CheckerEnv {
  explicit CheckerEnv(const std::string& path) { setenv("SCHEDCERT_LRAT_CHECKER", path.c_str(), 1); }
  ~CheckerEnv() { unsetenv("SCHEDCERT_LRAT_CHECKER"); }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream o;
  o << in.rdbuf();
  return o.str();
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("lrat trust: a number the driver cannot represent is an input error naming it, not a wrapped literal") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  Dir t;
  // The reproduction: x1 and not x_(2^63+1), satisfiable; 2^63 + 1 used to wrap to 1.
  const auto sat = t.file("sat.cnf", "p cnf 9223372036854775809 2\n1 0\n-9223372036854775809 0\n");
  const auto proof = t.file("p.lrat", "3 0 1 2 0\n");
  auto v = run_lrat_checker(sat, proof);
  INFO(v.output);
  CHECK_FALSE(v.verified);
  CHECK(v.exit_code == 2);
  CHECK(has(v.verdict, "ERROR " + sat + ": line 1: number 9223372036854775809 (19 digits) is out of range"));
  const auto cli = schedcert::testing::run_cli("check-unsat '" + sat + "' '" + proof + "' --lrat-only");
  INFO(cli.out);
  CHECK(cli.code == 2);
  CHECK(has(cli.out, "9223372036854775809"));
  CHECK_FALSE(has(cli.out, "VERIFIED"));
  // The same literal in a clause (line 3), and the C++ reader of `check-unsat CNF DRAT`.
  const auto sat3 = t.file("sat3.cnf", "p cnf 3 2\n1 0\n-9223372036854775809 0\n");
  v = run_lrat_checker(sat3, proof);
  CHECK(v.exit_code == 2);
  CHECK(has(v.verdict, sat3 + ": line 3: number -9223372036854775809 (19 digits)"));
  CHECK(schedcert::testing::run_cli("check-unsat '" + sat + "' '" + t.file("e.drat", "0\n") + "'").code == 2);
  // A literal that fits a long but not an int: the C++ reader used to truncate -4294967297 to -1
  // (clauses x1, not x1), so its DRAT check passed on a satisfiable CNF; now an input error.
  const auto wide = t.file("wide.cnf", "p cnf 4294967297 2\n1 0\n-4294967297 0\n");
  const auto w = schedcert::testing::run_cli("check-unsat '" + wide + "' '" + t.file("w.drat", "0\n") + "'");
  INFO(w.out);
  CHECK(w.code == 2);
  CHECK(has(w.out, "at most 2147483647"));
  // Around 2^61 and other malformed numbers, in the CNF and in the proof: exit 2, "s ERROR".
  const auto unsat = t.file("u.cnf", "p cnf 1 2\n1 0\n-1 0\n");
  for (const char* lrat : {"3 0 1 2305843009213693952 0\n", "3 0 1 -2305843009213693952 0\n",
                           "3 0 1 123456789012345678901234567890 0\n", "3 0 1 -0 0\n", "3 0 +1 2 0\n",
                           "3 d1 0\n4 0 1 2 0\n", "3 0 1 2 0x\n", "4611686018427387905 0 1 2 0\n"}) {
    v = run_lrat_checker(unsat, t.file("bad.lrat", lrat));
    INFO(lrat, " -> ", v.output);
    CHECK(v.exit_code == 2);
    CHECK(has(v.verdict, "ERROR " + (t.p / "bad.lrat").string() + ": line 1: "));
  }
  for (const char* cnf : {"p cnf 2305843009213693952 2\n1 0\n-1 0\n", "p cnf 1 2\n1 -0\n-1 0\n",
                          "p cnf 1 2\n+1 0\n-1 0\n", "pcnf 1 2\n1 0\n-1 0\n", "p cnf1 2\n1 0\n-1 0\n",
                          "p cnf 1 2 0\n1 0\n-1 0\n", "p cnf 18446744073709551617 1\n1 0\n"}) {
    v = run_lrat_checker(t.file("bad.cnf", cnf), t.file("p.lrat", "3 0 1 2 0\n"));
    INFO(cnf, " -> ", v.output);
    CHECK(v.exit_code == 2);
    CHECK(has(v.verdict, "ERROR " + (t.p / "bad.cnf").string() + ": line "));
  }
  // --alpha's D and LEVEL: decimal digits only (OCaml's int_of_string also read 0x8, +8, 0b1000, 1_0).
  for (const char* d : {"0x8", "+8", "0b100", "1_0", "-0", "08x", ""}) {
    const auto r = schedcert::testing::run_shell("'" + lrat_checker_path() + "' --alpha '" + d + "' 1 " + unsat + " " +
                                                 unsat + " 2>&1");
    INFO(d, " -> ", r.out);
    CHECK(r.code == 2);
    CHECK(has(r.out, "D: expected an integer in [2, 8], got '" + std::string(d) + "'"));
  }
  // The largest accepted variable, 2^61 - 1, is read exactly.
  v = run_lrat_checker(t.file("max.cnf", "p cnf 2305843009213693951 2\n2305843009213693951 0\n-2305843009213693951 0\n"),
                       t.file("p.lrat", "3 0 1 2 0\n"));
  INFO(v.output);
  CHECK(v.verified);
}

TEST_CASE("lrat trust: only the checker binary the build made runs, another one is refused naming both hashes") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  const std::string built = lrat_checker_path();
  const std::string want = built_lrat_checker_sha256();
  REQUIRE(want.size() == 64);
  CHECK(schedcert::schedules::io::sha256_hex(slurp(built)) == want);
  Dir t;
  const auto sat = t.file("sat.cnf", "p cnf 2 2\n1 0\n-2 0\n");  // satisfiable
  const auto proof = t.file("p.lrat", "3 0 1 2 0\n");
  // The fake: any program that says "s VERIFIED UNSAT".
  const auto fake = t.file("fake-lrat", "#!/bin/sh\necho 'c cnf-sha256 0'\necho 's VERIFIED UNSAT'\nexit 0\n");
  chmod(fake.c_str(), 0755);
  const std::string fake_sha = schedcert::schedules::io::sha256_hex(slurp(fake));
  {
    CheckerEnv env(fake);
    CHECK(lrat_checker_path() == fake);
    CHECK_THROWS_AS(run_lrat_checker(sat, proof), schedcert::InputError);
    try {
      run_lrat_checker(sat, proof);
    } catch (const schedcert::InputError& e) {
      const std::string m = e.what();
      CHECK(has(m, fake));
      CHECK(has(m, fake_sha));
      CHECK(has(m, want));
    }
    const auto r = schedcert::testing::run_cli("check-unsat '" + sat + "' '" + proof + "' --lrat-only");
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK(has(r.out, "refusing to run the LRAT checker '" + fake + "'"));
    CHECK(has(r.out, fake_sha));
    CHECK(has(r.out, want));
    CHECK_FALSE(has(r.out, "VERIFIED"));
    CHECK_FALSE(has(r.out, "Coq-verified"));
  }
  // A byte-identical copy of the built checker elsewhere is the same binary: it runs.
  const std::string copy = (t.p / "copy-of-schedcert-lrat").string();
  fs::copy_file(built, copy);
  {
    CheckerEnv env(copy);
    const auto unsat = t.file("u.cnf", "p cnf 1 2\n1 0\n-1 0\n");
    const auto v = run_lrat_checker(unsat, proof);
    INFO(v.output);
    CHECK(v.verified);
    CHECK(v.checker_path == copy);
    CHECK(v.checker_sha256 == want);
    // One byte changed: refused.
    std::string bytes = slurp(copy);
    bytes.back() = static_cast<char>(bytes.back() ^ 1);
    fs::remove(copy);
    std::ofstream(copy, std::ios::binary) << bytes;
    chmod(copy.c_str(), 0755);
    CHECK_THROWS_AS(run_lrat_checker(unsat, proof), schedcert::InputError);
  }
  // Without the variable: the built one, verified, with its hash.
  const auto unsat = t.file("u.cnf", "p cnf 1 2\n1 0\n-1 0\n");
  const auto v = run_lrat_checker(unsat, proof);
  CHECK(v.verified);
  CHECK(v.checker_path == built);
  const auto r = schedcert::testing::run_cli("check-unsat '" + unsat + "' '" + proof + "' --lrat-only");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "sha256 " + want + ", the schedcert-lrat this build made"));
}

TEST_CASE("lrat trust: the CNF the checker read must be the CNF the solver saw (else EnginesDisagree, exit 4)") {
  REQUIRE_MESSAGE(!lrat_checker_path().empty(), "schedcert-lrat not built");
  Dir t;
  const std::vector<Clause> f = {{1}, {-1}};
  auto drat = [&] { return t.file("p.drat", ""); };  // certify_unsat_file appends the empty clause
  // The good path: the bytes written and the clauses are what the checker read.
  const auto ok = certify_unsat(f, drat(), (t.p / "ok").string());
  INFO(ok.summary());
  CHECK(ok.verified());
  CHECK(ok.lrat.cnf_clauses_sha256 == clauses_sha256(f));
  CHECK(ok.lrat.cnf_sha256 ==
        schedcert::schedules::io::sha256_hex(slurp((t.p / "ok.cnf").string())));
  // The file altered between writing and checking (a comment added: same clauses, other bytes).
  const std::string path = (t.p / "alt.cnf").string();
  const std::string written = write_dimacs(f, path);
  std::ofstream(path, std::ios::app) << "c altered after writing\n";
  const std::string now = schedcert::schedules::io::sha256_hex(slurp(path));
  try {
    certify_unsat_file(f, path, written, drat(), (t.p / "alt.lrat").string());
    FAIL("an altered CNF file was accepted");
  } catch (const schedcert::EnginesDisagree& e) {
    const std::string m = e.what();
    INFO(m);
    CHECK(has(m, written));
    CHECK(has(m, now));
  }
  // The clauses the solver saw differ from the file's (their order): the proof even checks
  // against the file, but the certificate is not about the solver's CNF.
  const std::vector<Clause> swapped = {{-1}, {1}};
  const std::string file_sha = write_dimacs(f, path);
  try {
    certify_unsat_file(swapped, path, file_sha, drat(), (t.p / "sw.lrat").string());
    FAIL("clauses that differ from the file were accepted");
  } catch (const schedcert::EnginesDisagree& e) {
    const std::string m = e.what();
    INFO(m);
    CHECK(has(m, clauses_sha256(f)));
    CHECK(has(m, clauses_sha256(swapped)));
  }
  // A checker that accepts without stating the hashes is a mismatch too.
  LratVerdict silent;
  silent.verified = true;
  silent.exit_code = 0;
  CHECK_THROWS_AS(check_cnf_identity(silent, &f, file_sha, path), schedcert::EnginesDisagree);
  CHECK_THROWS_AS(check_cnf_identity(silent, nullptr, file_sha, path), schedcert::EnginesDisagree);
  // check-unsat --lrat-only compares the file it read with the one the checker read.
  const auto r = schedcert::testing::run_cli("check-unsat '" + path + "' '" + t.file("p.lrat", "3 0 1 2 0\n") +
                                             "' --lrat-only");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "CNF sha256 " + file_sha + ": the file read here is the file the checker read"));
}

}  // namespace schedcert_test_encodings_lrat_trust_test
