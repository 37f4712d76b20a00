// Issue 25, part 4: "certified", "verified", "optimal" and their kin are printed only when a check
// established them on this run. Each command below runs with SCHEDCERT_CHECK_LOG set, so the
// library appends a line per check that ran (schedules/io/check_log.hpp: native, smt, symmetric,
// drat, lrat, tree; passed or failed). Every claim word in the command's output (stdout and
// stderr) is then matched against that log:
//   - a claim about the Coq-verified LRAT checker ("accepted by the Coq-verified checker",
//     "VERIFIED UNSAT", "proofs checked") needs an "lrat passed" line (and DRAT wording a
//     "drat passed" line);
//   - any other positive claim ("certified", "verified", "valid", "optimal", "exact", "proved")
//     needs at least one passed check of some kind;
//   - a negated word ("NOT certified", "unverified", "was not ...") or a name ("the verified
//     checker", "the Coq-verified checker is not built") is not a claim.
// The commands include runs where the checks are skipped (--no-proof-check, the z3-layered engine),
// fail (an invalid schedule, a rejected LRAT proof), or cannot run: their outputs must hold no
// positive claim the log does not back.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_claims_test {

namespace fs = std::filesystem;
using schedcert::testing::run_shell;

namespace {

struct Run {
  int code = -1;
  std::string out;
  std::vector<std::string> log;  // "<kind> passed|failed <detail>"
  bool passed(const std::string& kind) const {
    for (const auto& l : log)
      if (l.rfind(kind + " passed", 0) == 0) return true;
    return false;
  }
  bool any_passed() const {
    for (const auto& l : log)
      if (l.find(" passed") != std::string::npos) return true;
    return false;
  }
};

Run run_logged(const std::string& args, const std::string& env = "") {
  static int k = 0;
  const fs::path log = fs::temp_directory_path() / ("schedcert-claims-" + std::to_string(::getpid()) + "-" +
                                                    std::to_string(k++) + ".log");
  fs::remove(log);
  const auto r = run_shell("SCHEDCERT_CHECK_LOG='" + log.string() + "' " + env + " " +
                           std::string(SCHEDCERT_BINARY) + " " + args + " 2>&1");
  Run out;
  out.code = r.code;
  out.out = r.out;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) out.log.push_back(line);
  fs::remove(log);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The words before position `at` in the same clause (after the last ';', ':', '(' or ',', at
// most 40 characters back).
std::string clause_before(const std::string& line, std::size_t at) {
  std::size_t from = at > 40 ? at - 40 : 0;
  for (std::size_t i = at; i > from; --i)
    if (line[i - 1] == ';' || line[i - 1] == ':' || line[i - 1] == '(' || line[i - 1] == ',') {
      from = i;
      break;
    }
  return line.substr(from, at - from);
}

// True when the word at position `at` of `line` is negated by what precedes it in its clause.
bool negated(const std::string& line, std::size_t at) {
  static const std::regex neg(R"(\b(not|no|never|nothing|without|cannot|neither|nor|unless)\b|n't)");
  return std::regex_search(clause_before(line, at), neg);
}

struct Claim {
  std::string word, line;
  bool lrat = false, drat = false;
};

// The positive claims of an output.
std::vector<Claim> claims_of(const std::string& out) {
  std::vector<Claim> found;
  std::istringstream in(out);
  static const std::regex word(
      R"(\b(coq-verified|verified|certified|valid|optimal|optimum|proved|proven|exact|accepted|checked)\b)");
  for (std::string raw; std::getline(in, raw);) {
    std::string line = lower(raw);
    // Names of the tools, not claims: "the verified checker", "Coq-verified checker" (its claim
    // is the verb next to it: "accepted by ..."), "schedcert-lrat ... VERIFIED UNSAT" is its
    // own verdict line and handled as a claim below.
    for (const char* name : {"coq-verified lrat checker", "coq-verified checker", "verified lrat checker",
                             "verified checker", "lrat checker proved in coq", "checker proved in coq",
                             "proved sound in coq"}) {
      for (std::size_t p; (p = line.find(name)) != std::string::npos;)
        line.replace(p, std::string(name).size(), std::string(std::string(name).size(), '_'));
    }
    for (auto it = std::sregex_iterator(line.begin(), line.end(), word); it != std::sregex_iterator(); ++it) {
      const auto at = static_cast<std::size_t>(it->position());
      if (negated(line, at)) continue;
      Claim c;
      c.word = it->str();
      c.line = raw;
      const std::string rest = line.substr(at);
      // "accepted by the <checker>" and the checker's own "verified unsat" are LRAT claims;
      // "drat ... checked", "proof(s) checked" are DRAT claims.
      if (c.word == "accepted" && rest.find("accepted by the ___") == 0) c.lrat = true;
      if (c.word == "verified" && rest.rfind("verified unsat", 0) == 0) c.lrat = true;
      const std::string before = clause_before(line, at);
      if (c.word == "checked" && (before.find("drat") != std::string::npos || before.find("proof") != std::string::npos))
        c.drat = true;
      if (c.word == "accepted" && !c.lrat) continue;  // "accepted" alone (e.g. an option) claims nothing
      if (c.word == "checked" && !c.drat) continue;
      found.push_back(c);
    }
  }
  return found;
}

// Every positive claim of r's output is backed by a check that passed on this run.
void require_backed(const Run& r, const std::string& what) {
  INFO(what);
  INFO("output:\n" << r.out);
  std::string log;
  for (const auto& l : r.log) log += l + "\n";
  INFO("check log:\n" << log);
  for (const auto& c : claims_of(r.out)) {
    CAPTURE(c.word);
    CAPTURE(c.line);
    if (c.lrat) CHECK(r.passed("lrat"));
    if (c.drat) CHECK(r.passed("drat"));
    CHECK(r.any_passed());
  }
}

struct TempDir {
  fs::path p;
  TempDir() : p(fs::temp_directory_path() / ("schedcert-claims-" + std::to_string(::getpid()))) {
    fs::remove_all(p);
    fs::create_directories(p);
  }
  ~TempDir() { fs::remove_all(p); }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(p / name) << text;
    return (p / name).string();
  }
};

const std::string fixtures = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules/";

}  // namespace

TEST_CASE("claims: the classifier finds claims and skips negations and names") {
  const auto c = claims_of(
      "alpha(4) for Q4 (16 nodes): 10 (certified exact)\n"
      "the solver's UNSAT answer says alpha <= 10, NOT certified (--no-proof-check: no proof was checked)\n"
      "verified checker: 0.01 s CPU\n"
      "LRAT NOT accepted by the Coq-verified checker\n"
      "its LRAT accepted by the Coq-verified checker (CNF sha256 ab)\n"
      "s VERIFIED UNSAT\n"
      "an unverified checker\n"
      "proof NOT checked (--no-proof-check); tree re-checked natively\n");
  REQUIRE(c.size() == 4);
  CHECK(c[0].word == "certified");
  CHECK(c[1].word == "exact");
  CHECK(c[2].lrat);
  CHECK(c[3].lrat);
  CHECK(claims_of("the verified LRAT checker schedcert-lrat is not built").empty());
  CHECK(claims_of("step 2: link capacity violated, so the schedule is not valid; nothing certified").empty());
}

TEST_CASE("claims: every claim word of the CLI is backed by a check that ran" * doctest::timeout(600)) {
  const TempDir t;
  SUBCASE("search alpha: certified with both proof checks and the tree re-check") {
    const Run r = run_logged("search alpha --dim 4 -q");
    CHECK(r.code == 0);
    CHECK(r.passed("drat"));
    CHECK(r.passed("lrat"));
    CHECK(r.passed("tree"));
    CHECK(claims_of(r.out).size() >= 1);
    require_backed(r, "search alpha --dim 4");
  }
  SUBCASE("search alpha without proof checks: no claim of an UNSAT certificate") {
    for (const std::string flags : {"--no-proof-check", "--engine z3-layered"}) {
      const Run r = run_logged("search alpha --dim 4 -q " + flags);
      CAPTURE(flags);
      CHECK(r.code == 3);
      CHECK_FALSE(r.passed("drat"));
      CHECK_FALSE(r.passed("lrat"));
      for (const auto& c : claims_of(r.out)) {
        CAPTURE(c.line);
        CHECK(c.word != "exact");
        CHECK_FALSE(c.lrat);
        CHECK_FALSE(c.drat);
      }
      CHECK(r.out.find("certified exact") == std::string::npos);
      CHECK(r.out.find("NOT certified") != std::string::npos);
      require_backed(r, "search alpha " + flags);
    }
  }
  SUBCASE("verify: a valid file with both engines, an invalid one") {
    Run r = run_logged("verify " + fixtures + "valid-sbt-broadcast-q3-all-port.json --engine both");
    CHECK(r.code == 0);
    CHECK(r.passed("native"));
    CHECK(r.passed("smt"));
    require_backed(r, "verify valid --engine both");
    r = run_logged("verify " + fixtures + "invalid-link-capacity-overload.json --engine both");
    CHECK(r.code == 1);
    CHECK_FALSE(r.any_passed());
    CHECK(claims_of(r.out).empty());
    require_backed(r, "verify invalid --engine both");
  }
  SUBCASE("certify one construction") {
    const Run r = run_logged("certify sbt-broadcast --dim 3");
    CHECK(r.code == 0);
    CHECK(r.passed("native"));
    require_backed(r, "certify sbt-broadcast --dim 3");
  }
  SUBCASE("synthesize with CaDiCaL: the optimum with its refutation checked") {
    const Run r = run_logged("synthesize -n Q3 -m all-port -p broadcast --engine cadical -q");
    CHECK(r.code == 0);
    CHECK(r.passed("native"));
    require_backed(r, "synthesize Q3 broadcast cadical");
  }
  SUBCASE("check-unsat: accepted, and rejected") {
    // (x1 | x2) (x1 | -x2) (-x1 | x2) (-x1 | -x2): unsatisfiable.
    const std::string cnf = t.file("u.cnf", "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n");
    Run r = run_logged("check-unsat " + cnf + " " + t.file("ok.lrat", "5 1 0 1 2 0\n6 0 5 3 4 0\n") + " --lrat-only");
    CHECK(r.code == 0);
    CHECK(r.passed("lrat"));
    require_backed(r, "check-unsat accepted");
    r = run_logged("check-unsat " + cnf + " " + t.file("bad.lrat", "5 1 0 1 0\n6 0 5 3 4 0\n") + " --lrat-only");
    CHECK(r.code == 1);
    CHECK_FALSE(r.passed("lrat"));
    CHECK(claims_of(r.out).empty());
    require_backed(r, "check-unsat rejected");
  }
}

}  // namespace schedcert_test_cli_claims_test
