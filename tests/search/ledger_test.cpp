// Ledgers of cube runs (search/ledger.hpp, issue 27 item 4) as a user drives them: a partial run's
// ledger continued on "another machine" (a new directory) gives the answer and says which part
// was imported; `cube check LEDGER --sample K` re-solves cubes; malformed or doctored ledgers are
// refused naming the line and field; a ledger that lies about a cube is caught by the sample.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_search_ledger_test {

namespace fs = std::filesystem;
using nlohmann::json;
using schedcert::testing::run_cli;

namespace {

struct Scratch {
  fs::path p = fs::temp_directory_path() / ("schedcert-ledger-test-" + std::to_string(::getpid()));
  Scratch() {
    fs::remove_all(p);
    fs::create_directories(p);
  }
  ~Scratch() { fs::remove_all(p); }
  std::string operator/(const std::string& name) const { return (p / name).string(); }
};

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

void write_lines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path);
  for (const auto& l : lines) out << l << "\n";
}

json read_json(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in);
}

}  // namespace

TEST_CASE("ledger: a partial run continues from its ledger elsewhere, and the imported part is named") {
  Scratch s;
  // Machine A: 3 of the 39 cubes of "a CDS of Q4 with <= 5 nodes?".
  auto r = run_cli("cube alpha --dim 4 --max-size 5 --dir " + (s / "a") + " --limit 3 -q");
  REQUIRE(r.code == 3);
  r = run_cli("cube ledger " + (s / "a") + " -o " + (s / "a.jsonl"));
  REQUIRE(r.code == 0);
  CHECK(r.out.find("3 of 39 cubes finished (3 unsat, 0 sat)") != std::string::npos);
  const auto lines = lines_of(s / "a.jsonl");
  REQUIRE(lines.size() == 4);
  const json h = json::parse(lines[0]);
  CHECK(h["format"] == "schedcert-cube-ledger");
  CHECK(h["cubes"]["count"] == 39);
  CHECK(h["query_sha256"].get<std::string>().size() == 64);
  CHECK(json::parse(lines[1])["cnf_sha256"].get<std::string>().size() == 64);
  CHECK(json::parse(lines[1])["lrat"] == true);

  // Machine B: a new directory from the ledger; 36 cubes run here, 3 imported.
  r = run_cli("cube resume " + (s / "b") + " --ledger " + (s / "a.jsonl") + " -q -o " + (s / "b.json"));
  INFO(r.out);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("UNSAT (36 cubes checked in this run directory, 3 imported from a ledger") != std::string::npos);
  CHECK(r.out.find("(certified)") == std::string::npos);  // part of the record was checked elsewhere
  const json b = read_json(s / "b.json");
  CHECK(b["verdict"] == "unsat");
  CHECK(b["unsat_from_ledger"] == 3);

  // The whole ledger re-validated: coverage re-checked, cubes rebuilt, 5 cubes solved again.
  REQUIRE(run_cli("cube ledger " + (s / "b") + " -o " + (s / "b.jsonl")).code == 0);
  r = run_cli("cube check " + (s / "b.jsonl") + " --sample 5 -q");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("cubes rebuilt by this build: 39") != std::string::npos);
  CHECK(r.out.find("coverage re-checked: coverage CNF") != std::string::npos);
  CHECK(r.out.find("5 confirmed, 0 unconfirmed, 0 DISAGREE") != std::string::npos);

  // Importing into a directory of another query is refused.
  REQUIRE(run_cli("cube alpha --dim 4 --max-size 4 --dir " + (s / "other") + " --limit 1 -q").code == 3);
  r = run_cli("cube resume " + (s / "other") + " --ledger " + (s / "a.jsonl") + " -q");
  CHECK(r.code == 2);
  CHECK(r.out.find("answers another query") != std::string::npos);
}

TEST_CASE("ledger: malformed and doctored ledgers are refused naming the line and field") {
  Scratch s;
  REQUIRE(run_cli("cube alpha --dim 4 --max-size 5 --dir " + (s / "a") + " --limit 4 -q").code == 3);
  REQUIRE(run_cli("cube ledger " + (s / "a") + " -o " + (s / "a.jsonl")).code == 0);
  const auto good = lines_of(s / "a.jsonl");
  REQUIRE(good.size() == 5);
  struct Case {
    const char* what;
    std::vector<std::string> lines;
    const char* message;
  };
  auto edit = [&](std::size_t i, const std::string& from, const std::string& to) {
    auto l = good;
    const auto at = l[i].find(from);
    REQUIRE(at != std::string::npos);
    l[i].replace(at, from.size(), to);
    return l;
  };
  auto swapped = good;
  std::swap(swapped[1], swapped[2]);
  auto truncated = good;
  truncated.pop_back();
  const std::vector<Case> cases = {
      {"not a ledger", edit(0, "schedcert-cube-ledger", "something-else"), ":1: field \"format\""},
      {"query edited", edit(0, "\"max_size\":5", "\"max_size\":6"), ":1: field \"query_sha256\" does not match"},
      {"coverage edited", edit(0, "\"checked\":true", "\"checked\":false"), ":1: field \"coverage\": its sha256"},
      {"rows out of order", swapped, ":3: field \"id\""},
      {"truncated", truncated, "the header says 4 rows, the file has 3"},
      {"unsat without check", edit(2, "\"drat\":true", "\"drat\":false"), ":3: cube"},
      {"bad status", edit(1, "\"status\":\"unsat\"", "\"status\":\"maybe\""), ":2: field \"status\""},
      {"id out of range", edit(4, "\"id\":3", "\"id\":39"), ":5: field \"id\": cube 39 is out of range"},
      {"not JSON", edit(3, "{", "{{"), ":4: not JSON"},
      {"other cubes", edit(0, "\"count\":39", "\"count\":40"), "cube"},
  };
  for (const auto& c : cases) {
    write_lines(s / "bad.jsonl", c.lines);
    const auto r = run_cli("cube check " + (s / "bad.jsonl") + " -q");
    INFO(c.what << ": " << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find(c.message) != std::string::npos);
  }
}

TEST_CASE("ledger: a ledger that claims a satisfiable cube is UNSAT is caught by the sample (exit 4)") {
  Scratch s;
  // "A CDS of Q4 with <= 6 nodes?" is SAT (gamma_c(Q4) = 6); find the SAT cube, then forge a
  // ledger in which every cube, that one included, is "unsat" with both checks.
  auto r = run_cli("cube alpha --dim 4 --max-size 6 --dir " + (s / "a") + " --jobs 1 -q -o " + (s / "a.json"));
  REQUIRE(r.code == 0);
  const unsigned sat_cube = read_json(s / "a.json").at("sat_cube").get<unsigned>();
  REQUIRE(run_cli("cube ledger " + (s / "a") + " -o " + (s / "a.jsonl")).code == 0);
  json h = json::parse(lines_of(s / "a.jsonl")[0]);
  const unsigned n = h["cubes"]["count"].get<unsigned>();
  h["rows"] = n;
  std::vector<std::string> forged{h.dump()};
  for (unsigned id = 0; id < n; ++id)
    forged.push_back(json{{"id", id}, {"status", "unsat"}, {"cnf_sha256", std::string(64, '0')}, {"drat", true},
                          {"lrat", true}, {"cpu", 0.01}, {"check", 0.01}, {"worker", "forged"}}
                         .dump());
  write_lines(s / "forged.jsonl", forged);
  // Continuing it "answers" UNSAT from the record alone, and says that it is the record's word.
  r = run_cli("cube resume " + (s / "b") + " --ledger " + (s / "forged.jsonl") + " -q");
  CHECK(r.out.find(std::to_string(n) + " imported from a ledger") != std::string::npos);
  CHECK(r.out.find("(certified)") == std::string::npos);
  // Re-solving every cube finds the lie.
  r = run_cli("cube check " + (s / "forged.jsonl") + " --sample " + std::to_string(n) + " -q");
  INFO(r.out);
  CHECK(r.code == 4);
  CHECK(r.out.find("cube " + std::to_string(sat_cube) + " (recorded unsat, from a ledger): now sat: DISAGREES") !=
        std::string::npos);
}

}  // namespace schedcert_test_search_ledger_test
