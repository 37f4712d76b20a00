// Issue 26: the time-indexed synthesis CNF generated in Coq (coq/synth/SynthCnf.v) and its C++
// mirror (encodings/synth/coq_cnf.cpp). The verified checker regenerates the CNF with the
// extracted synth_cnf and compares it with the C++ one clause by clause: identical on the real
// encoder, EnginesDisagree (exit 4) on an encoder with one rule family dropped. The optimum of a
// sweep row becomes a closed Coq theorem (`synthesize --coq`), which coqc accepts; above
// --coq-lrat-max the file keeps the premise forms optimum_from_unsat (what the fast checker
// established) and optimum_from_lrat (Lrat.v's check_proof), each closed under the global context.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include "../cli/coq_file.hpp"
#include "../cli/run_cli.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "encodings/synth/coq_cnf.hpp"
#include "schedules/disagree.hpp"

namespace schedcert_test_encodings_synth_coq_test {

namespace {

using schedcert::encodings::synth::SynthCoqRefutation;
using Status = SynthCoqRefutation::Status;

// The sweep's Q2 single-port-full successive broadcasts (Gray-code sources, certify/sweep.cpp).
schedcert::schedules::Problem q2_successive() {
  schedcert::schedules::Problem p;
  p.kind = schedcert::schedules::ProblemKind::SuccessiveBroadcast;
  p.sources = {0, 1, 3, 2};
  return p;
}

}  // namespace

TEST_CASE("synth coq: T - 1 refuted and T satisfiable on the CNF the checker regenerates identically") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  const auto net = schedcert::schedules::Network::parse("Q2");
  const auto m = schedcert::schedules::Model::SinglePortFull;
  const SynthCoqRefutation no =
      schedcert::encodings::synth::refute_synth_coq(net, m, q2_successive(), 7, 60, 1 << 20);
  CHECK_MESSAGE(no.status == Status::Refuted, no.detail);
  CHECK(no.comparison == "identical");
  CHECK(!no.lrat_text.empty());
  const SynthCoqRefutation yes =
      schedcert::encodings::synth::refute_synth_coq(net, m, q2_successive(), 8, 60, 1 << 20);
  CHECK_MESSAGE(yes.status == Status::Satisfiable, yes.detail);
  CHECK(yes.comparison == "identical");
  // The other models and a combining problem: still identical (the comparison runs on SAT too).
  schedcert::schedules::Problem mna;
  mna.kind = schedcert::schedules::ProblemKind::MultinodeAccumulation;
  for (auto model : {schedcert::schedules::Model::AllPort, schedcert::schedules::Model::SinglePortHalf,
                     schedcert::schedules::Model::ShoutWhisper}) {
    const auto r = schedcert::encodings::synth::refute_synth_coq(net, model, mna, 3, 60, 0);
    CAPTURE(model);
    CHECK_MESSAGE(r.comparison == "identical", r.comparison);
  }
  const auto ring = schedcert::schedules::Network::parse("C3xP2");
  const auto r = schedcert::encodings::synth::refute_synth_coq(ring, m, mna, 2, 60, 0);
  CHECK_MESSAGE(r.comparison == "identical", r.comparison);
}

TEST_CASE("synth coq: an encoder with one rule dropped is caught by the regeneration (EnginesDisagree, exit 4)") {
  const auto net = schedcert::schedules::Network::parse("Q2");
  const auto m = schedcert::schedules::Model::SinglePortFull;
  for (const char* rule : {"causal", "conflict", "order", "evolve"}) {
    CAPTURE(rule);
    schedcert::encodings::synth::SynthCoqMutation mut;
    mut.drop = rule;
    CHECK(schedcert::encodings::synth::synth_coq_cnf(net, m, q2_successive(), 7, mut).size() <
          schedcert::encodings::synth::synth_coq_cnf(net, m, q2_successive(), 7).size());
    CHECK_THROWS_AS(
        schedcert::encodings::synth::refute_synth_coq(net, m, q2_successive(), 7, 60, 0, mut),
        schedcert::EnginesDisagree);
  }
}

TEST_CASE("synth coq: synthesize --coq writes a closed theorem that coqc accepts, and rejects a wrong instance") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("schedcert-synthcoq-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto run = schedcert::testing::run_cli(
      "synthesize -n Q2 -m single-port-full -p successive-broadcast --sources 0 1 3 2 -q --coq '" + dir.string() + "'");
  REQUIRE_MESSAGE(run.code == 0, run.out);
  CHECK(run.out.find("identical to the C++ CNF") != std::string::npos);
  const fs::path v = dir / "optimum_Q2_single_port_full_successive_broadcast.v";
  REQUIRE(fs::exists(v));
  // coqc against the .vo files the build made (build/coq: Rules, Checker, Completeness,
  // lrat/Cnf, lrat/Lrat, synth/SynthCnf), so only the theorem file is compiled here.
  const fs::path coq = fs::path(SCHEDCERT_BINARY).parent_path() / "coq";
  const std::string coqc = "cd '" + dir.string() + "' && coqc -q -Q '" + coq.string() + "' Schedcert ";
  const auto r = schedcert::testing::run_shell(coqc + v.filename().string() + " 2>&1");
  CHECK_MESSAGE(r.code == 0, r.out);
  std::size_t closed = 0;
  for (std::size_t at = r.out.find("Closed under the global context"); at != std::string::npos;
       at = r.out.find("Closed under the global context", at + 1))
    ++closed;
  CHECK_MESSAGE(closed == 3, r.out);  // optimum_from_unsat, optimum_from_lrat and optimum
  std::ifstream in(v);
  std::string text(std::istreambuf_iterator<char>(in), {});
  CHECK(text.find("Theorem optimum : optimal_steps net model prob 8.") != std::string::npos);
  CHECK(text.find("Theorem optimum_from_unsat : unsatisfiable (synth_cnf net model prob 7) ->\n"
                  "  optimal_steps net model prob 8.") != std::string::npos);
  // Another allocation than the witness's: sched_inst fails, coqc rejects the file.
  const std::string from = "Prob SuccessiveBroadcast 0 1 1 [0; 1; 3; 2]";
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "Prob SuccessiveBroadcast 0 1 1 [0; 1; 2; 3]");
  std::ofstream(dir / "optimum_bad.v") << text;
  CHECK(schedcert::testing::run_shell(coqc + "optimum_bad.v 2>&1").code != 0);
  fs::remove_all(dir);
}

TEST_CASE("synth coq: coq/synth has no Admitted, admit, Axiom, Parameter or Conjecture") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(SCHEDCERT_TEST_DIR) / ".." / "coq" / "synth";
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".v") continue;
    ++files;
    std::ifstream in(e.path());
    const std::string text(std::istreambuf_iterator<char>(in), {});
    for (const char* w : {"Admitted", "admit", "Axiom", "Parameter", "Conjecture"}) {
      CAPTURE(e.path().string());
      CAPTURE(w);
      CHECK(text.find(w) == std::string::npos);
    }
  }
  CHECK(files >= 1);
}

TEST_CASE("synth coq: over --coq-lrat-max, optimum_from_unsat (the fast checker's premise) and optimum_from_lrat, both closed") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("schedcert-synthcoq-premise-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto run = schedcert::testing::run_cli("synthesize -n Q2 -m single-port-full -p successive-broadcast --sources 0 "
                                               "1 3 2 -q --coq-lrat-max 0 --coq '" + dir.string() + "'");
  REQUIRE_MESSAGE(run.code == 0, run.out);
  CHECK_MESSAGE(run.out.find("larger than --coq-lrat-max 0") != std::string::npos, run.out);
  const std::string name = "optimum_Q2_single_port_full_successive_broadcast";
  std::ifstream in(dir / (name + ".v"));
  const std::string text(std::istreambuf_iterator<char>(in), {});
  REQUIRE(!text.empty());
  CHECK(text.find("Theorem optimum :") == std::string::npos);
  CHECK(text.find("Theorem optimum_from_unsat : unsatisfiable (synth_cnf net model prob 7) ->\n"
                  "  optimal_steps net model prob 8.") != std::string::npos);
  CHECK(text.find("Theorem optimum_from_lrat : forall steps, check_proof (synth_cnf net model prob 7) steps = true ->") !=
        std::string::npos);
  // The header says what the run established: LratFast.v's checker, hence unsatisfiable.
  CHECK(text.find("That premise is what this run established: the LRAT checker of coq/lrat/LratFast.v") !=
        std::string::npos);
  CHECK(text.find("fcheck_proof_sound (which rests on the\n   PArray/Uint63 axioms listed in docs/trust.md)") !=
        std::string::npos);
  CHECK(text.find("`schedcert-lrat --slow --synth SPEC LRAT` re-establishes") != std::string::npos);
  CHECK(text.find("what the extracted checker established") == std::string::npos);
  const auto r = schedcert::testing::coqc_written(dir.string(), name + ".v");
  CHECK_MESSAGE(r.code == 0, r.out);
  CHECK(r.out == "Closed under the global context\nClosed under the global context\n");
  CHECK(schedcert::testing::coq_assumptions(dir.string(), name, "optimum_from_unsat") ==
        "Closed under the global context");
  CHECK(schedcert::testing::coq_assumptions(dir.string(), name, "optimum_from_lrat") ==
        "Closed under the global context");
  fs::remove_all(dir);
}

}  // namespace schedcert_test_encodings_synth_coq_test
