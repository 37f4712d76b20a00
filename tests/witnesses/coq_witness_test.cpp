// Coq witnesses tied to their files and failing in the native verifier's words (issue 15,
// part 1): the fast checker's first violation (coq/Messages.v, `verdict`) is the native one on
// every schedule fixture; a tampered witness fails naming the right rule; `export coq FILE
// --check W.v` re-derives the witness and sees an edit or a different file (SHA-256); `export
// coq` of an invalid schedule says so, names the violation and exits 1.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "schedules/io/schedule_json.hpp"
#include "schedules/io/sha256.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert_test_witnesses_coq_witness_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace coq_test;
using schedules::Model;
using schedules::Schedule;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const fs::path& p, const std::string& text) {
  std::ofstream out(p);
  out << text;
}

struct TempDir {
  fs::path dir;
  TempDir() : dir(fs::temp_directory_path() / ("schedcert-coqw-" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

TEST_CASE("coq: first violation of every schedule fixture = the native verifier's") {
  const CoqDir& d = coq_dir();
  std::vector<std::pair<std::string, Schedule>> cases;
  for (const auto& e : fs::directory_iterator(fixtures()))
    if (e.path().extension() == ".json") {
      cases.emplace_back(e.path().filename().string(),
                         schedules::io::read_schedule_file(e.path().string()).schedule);
    }
  REQUIRE(cases.size() >= 30);
  {
    std::ofstream v(d.dir / "fixture_verdicts.v");
    v << "From Schedcert Require Import Schedcert.\nFrom Coq Require Import List NArith String.\n"
         "Import ListNotations.\nOpen Scope string_scope.\nOpen Scope N_scope.\n\n";
    for (std::size_t k = 0; k < cases.size(); ++k)
      v << "(* " << cases[k].first << " *)\nDefinition s" << k
        << " : schedule := " << witnesses::coq_schedule_term(cases[k].second) << ".\n";
    v << "\nDefinition verdicts := map verdict [";
    for (std::size_t k = 0; k < cases.size(); ++k) v << (k ? "; " : "") << "s" << k;
    v << "].\nEval vm_compute in verdicts.\n";
  }
  const Run r = d.coqc("fixture_verdicts");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const auto got = parse_verdicts(r.out);
  REQUIRE(got.size() == cases.size());
  std::size_t invalid = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    INFO(cases[k].first << ": coq says " << got[k]);
    const auto nv = verifier::verify_native(cases[k].second);
    if (nv.valid) {
      CHECK(got[k] == "None");
    } else {
      ++invalid;
      INFO("native: " << nv.violation->message);
      CHECK(same_violation(got[k], nv.violation->message));
    }
  }
  CHECK(invalid >= 20);
}

TEST_CASE("coq: a tampered witness fails naming the rule, and export coq --check sees edits and hash mismatches") {
  const CoqDir& d = coq_dir();
  TempDir tmp;
  const Schedule s = gen("sbt-broadcast", 3, Model::AllPort);
  const fs::path json = tmp.dir / "q3.json";
  schedules::io::write_schedule_file(s, json.string());
  const fs::path w = d.dir / "tamper_ok.v";
  auto r = testing::run_cli("export coq '" + json.string() + "' -o '" + w.string() + "'");
  REQUIRE(r.code == 0);
  const std::string text = slurp(w);
  CHECK(text.find(schedules::io::sha256_hex(slurp(json))) != std::string::npos);
  CHECK(d.coqc("tamper_ok").code == 0);

  r = testing::run_cli("export coq '" + json.string() + "' --check '" + w.string() + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("is the one this file gives") != std::string::npos);

  // Step 2's 2 -> 3 becomes 3 -> 2: node 3 sends what it does not hold (causality).
  const std::string from = "Tx 2 3 [0]", to = "Tx 3 2 [0]";
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  std::string bad = text;
  bad.replace(at, from.size(), to);
  spit(d.dir / "tampered.v", bad);
  Schedule t(s.network(), s.model(), s.problem());
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    t.begin_step();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
      if (s.from(k) == 2 && s.to(k) == 3)
        t.add(3, 2, s.packet(k));
      else
        t.add(s.from(k), s.to(k), s.packet(k));
  }
  const auto nv = verifier::verify_native(t);
  REQUIRE_FALSE(nv.valid);
  CHECK(nv.violation->rule == verifier::Rule::Causality);
  const Run c = d.coqc("tampered");
  INFO(c.out);
  CHECK(c.code != 0);
  CHECK(coq_violation(c.out) == "step 2, transmission 3 (3 -> 2, item 0): causality");
  CHECK(same_violation(coq_violation(c.out), nv.violation->message));

  r = testing::run_cli("export coq '" + json.string() + "' --check '" + (d.dir / "tampered.v").string() + "'");
  CHECK(r.code == 1);
  CHECK(r.out.find("edited after export") != std::string::npos);
  CHECK(r.out.find(to) != std::string::npos);

  // The same schedule in a file with other bytes: the hash differs.
  spit(json, slurp(json) + "\n");
  r = testing::run_cli("export coq '" + json.string() + "' --check '" + w.string() + "'");
  CHECK(r.code == 1);
  CHECK(r.out.find("hash mismatch") != std::string::npos);
  r = testing::run_cli("export coq '" + json.string() + "'");
  CHECK(r.code == 2);  // neither -o nor --check
}

TEST_CASE("coq: export coq of an invalid schedule names the violation, writes the witness, exits 1") {
  const CoqDir& d = coq_dir();
  const fs::path in = fixtures() / "invalid-causality-send-before-receive.json";
  const auto nv = verifier::verify_native(schedules::io::read_schedule_file(in.string()).schedule);
  REQUIRE_FALSE(nv.valid);
  const fs::path w = d.dir / "invalid_export.v";
  const auto r = testing::run_cli("export coq '" + in.string() + "' -o '" + w.string() + "'");
  INFO(r.out);
  CHECK(r.code == 1);
  CHECK(r.out.find("the schedule is invalid: " + nv.violation->message) != std::string::npos);
  REQUIRE(fs::exists(w));
  const Run c = d.coqc("invalid_export");
  INFO(c.out);
  CHECK(c.code != 0);
  CHECK(same_violation(coq_violation(c.out), nv.violation->message));
}

}  // namespace schedcert_test_witnesses_coq_witness_test
