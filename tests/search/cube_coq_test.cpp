// Issue 26, item 5: cube runs on the CNF generated in Coq (search/coq_cubes.hpp) and their optima
// as Coq theorems (`cube ... --coq DIR`, cli/cube_coq.cpp, witnesses/coq_optimum_cubes.cpp).
// Oracles: the successive-broadcast optima over every allocation under shout-whisper are Q2 = 6
// and Q3 = 14, and Q2 single-port-full with the sources 0 1 3 2 is 8 (docs/coq.md, each a closed
// one-proof theorem already). Here: the SPEC's "cube" and "cover" lines (the extracted cube_cnf
// and coverage_cnf), each bad line's exact error, a dropped cube caught by the C++ coverage
// check and by the verified checker, closed theorems that coqc accepts with "Closed under the
// global context" (optimum, and the premise forms optimum_from_unsat, what the fast checker
// established, and optimum_from_cubes, Lrat.v's), a mutated C++ generator (exit 4), and Q3 (slow).
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
#include "search/coq_cubes.hpp"
#include "search/family.hpp"

namespace schedcert_test_search_cube_coq_test {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using schedcert::testing::run_cli;

fs::path scratch(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("schedcert-cube-coq-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// symmetry: free_sym_cnf (on Q2 at T = 5 unit propagation refutes every source of broadcast 1,
// so its run is the single cube "whole query"); otherwise free_cnf, split by the source of
// broadcast 0 into 4 cubes.
json q2_free(unsigned steps, bool symmetry) {
  return json{{"family", "successive"}, {"network", "Q2"}, {"model", "shout-whisper"}, {"steps", steps},
              {"allocation", "free"},   {"symmetry", symmetry}, {"coq", true}};
}

std::size_t count_closed(const std::string& out) {
  std::size_t n = 0;
  for (auto at = out.find("Closed under the global context"); at != std::string::npos;
       at = out.find("Closed under the global context", at + 1))
    ++n;
  return n;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `cube ... --coq OUT`, then coqc on the written file against the build's .vo files.
void check_cube_theorem(const std::string& args, const std::string& file, const std::string& conclusion,
                        bool closed) {
  const fs::path dir = scratch("thm"), out = dir / "out";
  const auto run = run_cli(args + " --dir '" + (dir / "run").string() + "' --coq '" + out.string() + "' -q --jobs 1");
  REQUIRE_MESSAGE(run.code == 0, run.out);
  CHECK_MESSAGE(run.out.find("UNSAT (certified)") != std::string::npos, run.out);
  const fs::path v = out / file;
  REQUIRE_MESSAGE(fs::exists(v), run.out);
  const std::string text = read(v);
  CHECK(text.find("Theorem optimum_from_unsat : unsatisfiable (coverage_cnf") != std::string::npos);
  CHECK(text.find("  (forall c, In c cubes -> unsatisfiable (cube_cnf") != std::string::npos);
  CHECK(text.find("  " + conclusion + ".\nProof.\n  intros Hc Hk.") != std::string::npos);
  CHECK(text.find("Those premises are what\n   this run established: the LRAT checker of coq/lrat/LratFast.v") !=
        std::string::npos);
  CHECK(text.find("Theorem optimum_from_cubes : forall cover, check_proof (coverage_cnf") != std::string::npos);
  CHECK((text.find("Theorem optimum : " + conclusion + ".") != std::string::npos) == closed);
  CHECK(text.find("  " + conclusion + ".\nProof.\n  intros cover Hc Hk.") != std::string::npos);
  CHECK((text.find("Lemma cube_run_ok : check_cube_run") != std::string::npos) == closed);
  const auto r = schedcert::testing::coqc_written(out.string(), v.filename().string());
  CHECK_MESSAGE(r.code == 0, r.out);
  // optimum_from_unsat, optimum_from_cubes, and optimum when closed
  CHECK_MESSAGE(count_closed(r.out) == (closed ? 3u : 2u), r.out);
  CHECK(schedcert::testing::coq_assumptions(out.string(), v.stem().string(), "optimum_from_unsat") ==
        "Closed under the global context");
  fs::remove_all(dir);
}

}  // namespace

TEST_CASE("cube coq: the family splits the Coq CNF, its coverage proof is checked on the regenerated CNF") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  using schedcert::encodings::synth::FreeAllocation;
  for (const bool symmetry : {false, true}) {
    CAPTURE(symmetry);
    auto f = schedcert::search::make_family(q2_free(5, symmetry));
    const auto* in = schedcert::search::coq_cube_instance(*f);
    REQUIRE(in != nullptr);
    CHECK(in->allocation == (symmetry ? FreeAllocation::Symmetric : FreeAllocation::Plain));
    // The base is the C++ mirror of free_cnf / free_sym_cnf, clause for clause.
    CHECK(f->base() == schedcert::encodings::synth::synth_coq_cnf(in->network, in->model, in->problem, 5, {},
                                                                    in->allocation));
    schedcert::search::CubeOptions o;
    o.target = 4;
    const auto cubes = f->make_cubes(o);
    const auto cov = f->check_coverage(cubes);
    CHECK_MESSAGE(cov.checked, cov.message);
    CHECK(!cov.lrat_text.empty());  // kept for the .v file
    if (symmetry) {
      REQUIRE(cubes.size() == 1);
      CHECK(cubes[0].lits.empty());
      CHECK(cubes[0].label == "whole query (refuted by propagation)");
      continue;
    }
    // free_cnf: the source of broadcast 0, H(0, 0, v) = variable v + 1.
    REQUIRE(cubes.size() == 4);
    for (int v = 0; v < 4; ++v) {
      CHECK(cubes[static_cast<std::size_t>(v)].lits == std::vector<int>{v + 1});
      CHECK(cubes[static_cast<std::size_t>(v)].label == "src(0)=" + std::to_string(v));
    }
    // One cube dropped: on this small instance unit propagation along the decision tree refutes
    // the branch src(0)=1 as well, so the coverage proof covers it (with more lemmas) and the
    // remaining cubes still refute the query; the next test case drops a cube that is needed.
    auto fewer = cubes;
    fewer.erase(fewer.begin() + 1);
    const auto more = f->check_coverage(fewer);
    CHECK_MESSAGE(more.checked, more.message);
    CHECK(more.lemmas > cov.lemmas);
  }
}

TEST_CASE("cube coq: a cube whose branch propagation does not refute is missed by the coverage check") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  auto f = schedcert::search::make_family(json{{"family", "synthesis"}, {"network", "Q2"}, {"model", "shout-whisper"},
                                               {"problem", "multinode-broadcast"}, {"steps", 5}, {"coq", true}});
  schedcert::search::CubeOptions o;
  o.target = 4;
  const auto cubes = f->make_cubes(o);
  REQUIRE(cubes.size() == 4);
  CHECK(cubes[1].label == "t0:0->1#0 !t0:0->2#0");  // S(t, i, u, v): step 0, item 0 on 0 -> 1, not on 0 -> 2
  CHECK(f->check_coverage(cubes).checked);
  for (std::size_t k = 0; k < cubes.size(); ++k) {
    CAPTURE(k);
    auto fewer = cubes;
    fewer.erase(fewer.begin() + static_cast<long>(k));
    const auto bad = f->check_coverage(fewer);
    CHECK_FALSE(bad.checked);
    CHECK(bad.message ==
          "coverage: a branch with no cube is not refuted by the decision tree (node " + cubes[k].label + ")");
  }
}

TEST_CASE("cube coq: schedcert-lrat --synth with cover lines rejects the coverage proof when a cube is missing") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  auto f = schedcert::search::make_family(q2_free(5, false));
  const auto* in = schedcert::search::coq_cube_instance(*f);
  schedcert::search::CubeOptions o;
  o.target = 4;
  const auto cubes = f->make_cubes(o);
  const auto cov = f->check_coverage(cubes);
  REQUIRE(cov.checked);
  const fs::path dir = scratch("cover");
  const std::string spec0 = schedcert::encodings::synth::synth_coq_spec(in->network, in->model, in->problem, 5, in->allocation);
  auto write_case = [&](std::size_t skip) {
    std::ofstream s(dir / "q.spec");
    s << spec0;
    std::vector<schedcert::encodings::sat::Clause> cnf = f->base();
    for (std::size_t k = 0; k < cubes.size(); ++k) {
      if (k == skip) continue;
      s << "cover";
      schedcert::encodings::sat::Clause neg;
      for (int l : cubes[k].lits) {
        s << ' ' << l;
        neg.push_back(-l);
      }
      s << "\n";
      cnf.push_back(neg);
    }
    schedcert::encodings::sat::write_dimacs(cnf, (dir / "q.cnf").string());
  };
  std::ofstream(dir / "q.lrat") << cov.lrat_text;
  write_case(cubes.size());  // every cube: accepted
  auto v = schedcert::encodings::sat::run_lrat_synth((dir / "q.spec").string(), (dir / "q.lrat").string(),
                                                     (dir / "q.cnf").string());
  CHECK_MESSAGE(v.verified, v.output);
  CHECK(v.cnf_identical);
  CHECK_MESSAGE(v.output.find("c cover " + std::to_string(cubes.size()) + " cubes: the CNF is coverage_cnf") !=
                    std::string::npos,
                v.output);
  write_case(1);  // cube 1 missing: the same proof no longer refutes the regenerated coverage CNF
  v = schedcert::encodings::sat::run_lrat_synth((dir / "q.spec").string(), (dir / "q.lrat").string(),
                                                (dir / "q.cnf").string());
  CHECK_FALSE(v.verified);
  CHECK(v.cnf_identical);
  CHECK_MESSAGE(v.verdict.rfind("REJECTED", 0) == 0, v.output);
  fs::remove_all(dir);
}

TEST_CASE("cube coq: bad cube and cover lines of a SPEC, each with its message") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  const fs::path dir = scratch("spec");
  const std::string spec0 = "network K2 2 K2 2\nmodel shout-whisper\n"
                            "problem successive-broadcast root 0 messages 1 packet 1 allocation free-sym\nsteps 5\n";
  std::ofstream(dir / "e.lrat") << "";
  // 4 nodes, T = 5: (T+1) 4 4 + T 4 4 4 = 96 + 320 = 416 variables.
  const std::pair<const char*, const char*> cases[] = {
      {"cube 0\n", "cube: expected a non-zero literal of magnitude below 2^31, got '0'"},
      {"cube 3 x\n", "cube: expected a non-zero literal of magnitude below 2^31, got 'x'"},
      {"cube --3\n", "cube: expected a non-zero literal of magnitude below 2^31, got '--3'"},
      {"cube 417\n", "cube: literal 417 beyond the 416 variables of the instance"},
      {"cover -99999999999\n", "cover: expected a non-zero literal of magnitude below 2^31, got '-99999999999'"},
      {"cube 1\ncube 2\n", "second 'cube' line"},
      {"cube 1\ncover 2\n", "a SPEC has a 'cube' line or 'cover' lines, not both"},
  };
  for (const auto& c : cases) {  // not a structured binding: clang 14 cannot capture one
    const char* extra = c.first;
    const char* message = c.second;
    CAPTURE(extra);
    std::ofstream(dir / "q.spec") << spec0 << extra;
    const auto v = schedcert::encodings::sat::run_lrat_synth((dir / "q.spec").string(), (dir / "e.lrat").string(), "");
    CHECK(v.exit_code == 2);
    CHECK(v.verdict == "ERROR " + (dir / "q.spec").string() + ": " + message);
  }
  fs::remove_all(dir);
}

TEST_CASE("cube coq: Q2 shout-whisper free allocation, T = 5 refuted by cubes, optimum 6 closed and accepted by coqc") {
  // free_cnf (4 cubes) and free_sym_cnf (one cube, with the translations checked by transb)
  for (const char* extra : {" --no-symmetry", ""}) {
    CAPTURE(extra);
    check_cube_theorem("cube successive -n Q2 -m shout-whisper --allocation free -T 5 --cubes 4" + std::string(extra),
                       "optimum_Q2_shout_whisper_successive_broadcast_free_cubes.v", "optimal_free net model packet 6",
                       true);
  }
}

TEST_CASE("cube coq: Q2 single-port-full sources 0 1 3 2, T = 7 refuted by cubes on synth_cnf, optimum 8 closed") {
  check_cube_theorem("cube successive -n Q2 -m single-port-full --sources 0 1 3 2 -T 7 --cubes 4",
                     "optimum_Q2_single_port_full_successive_broadcast_cubes.v", "optimal_steps net model prob 8", true);
}

TEST_CASE("cube coq: cube synthesize Q2 shout-whisper multinode broadcast, T = 5 refuted by cubes, optimum 6 closed") {
  check_cube_theorem("cube synthesize -n Q2 -m shout-whisper -p multinode-broadcast -T 5 --cubes 4",
                     "optimum_Q2_shout_whisper_multinode_broadcast_cubes.v", "optimal_steps net model prob 6", true);
}

TEST_CASE("cube coq: over --coq-lrat-max the file keeps the premise forms optimum_from_unsat and optimum_from_cubes, both closed") {
  const fs::path dir = scratch("premise"), out = dir / "out";
  const auto run = run_cli("cube successive -n Q2 -m shout-whisper --allocation free -T 5 --cubes 4 --no-symmetry --coq-lrat-max 10 "
                           "--dir '" + (dir / "run").string() + "' --coq '" + out.string() + "' -q --jobs 1");
  REQUIRE_MESSAGE(run.code == 0, run.out);
  CHECK_MESSAGE(run.out.find("larger than --coq-lrat-max 10") != std::string::npos, run.out);
  const fs::path v = out / "optimum_Q2_shout_whisper_successive_broadcast_free_cubes.v";
  REQUIRE(fs::exists(v));
  const std::string text = read(v);
  CHECK(text.find("Theorem optimum :") == std::string::npos);
  CHECK(text.find("Theorem optimum_from_unsat : unsatisfiable (coverage_cnf (free_cnf net model packet 5) cubes) ->\n"
                  "  (forall c, In c cubes -> unsatisfiable (cube_cnf (free_cnf net model packet 5) c)) ->\n"
                  "  optimal_free net model packet 6.") != std::string::npos);
  CHECK(text.find("optimal_free_from_cubes_unsat sched 5 cubes sched_ok sched_free sched_len") != std::string::npos);
  CHECK(text.find("fcheck_proof_sound (which rests\n   on the PArray/Uint63 axioms listed in docs/trust.md)") !=
        std::string::npos);
  CHECK(text.find("`schedcert-lrat --slow --synth SPEC LRAT` re-establishes for each") != std::string::npos);
  CHECK(text.find("what the extracted checker established") == std::string::npos);
  const auto r = schedcert::testing::coqc_written(out.string(), v.filename().string());
  CHECK_MESSAGE(r.code == 0, r.out);
  CHECK_MESSAGE(count_closed(r.out) == 2, r.out);  // optimum_from_unsat, optimum_from_cubes
  CHECK(r.out.find("Axioms") == std::string::npos);
  for (const char* theorem : {"optimum_from_unsat", "optimum_from_cubes"}) {
    CAPTURE(theorem);
    CHECK(schedcert::testing::coq_assumptions(out.string(), v.stem().string(), theorem) ==
          "Closed under the global context");
  }
  fs::remove_all(dir);
}

TEST_CASE("cube coq: an open run writes no theorem (exit 3), cube resume --coq finishes it and writes it") {
  const fs::path dir = scratch("resume"), out = dir / "out";
  const std::string run_dir = (dir / "run").string();
  const auto first = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-broadcast -T 5 --cubes 4 --limit 2 "
                             "--dir '" + run_dir + "' --coq '" + out.string() + "' -q --jobs 1");
  CHECK_MESSAGE(first.code == 3, first.out);
  CHECK_MESSAGE(first.out.find("coq: no optimum_*_cubes.v written: the run is open") != std::string::npos, first.out);
  CHECK(!fs::exists(out / "optimum_Q2_shout_whisper_multinode_broadcast_cubes.v"));
  const auto second = run_cli("cube resume '" + run_dir + "' --coq '" + out.string() + "' -q --jobs 1");
  CHECK_MESSAGE(second.code == 0, second.out);
  CHECK_MESSAGE(second.out.find("(closed: every proof embedded)") != std::string::npos, second.out);
  const std::string text = read(out / "optimum_Q2_shout_whisper_multinode_broadcast_cubes.v");
  CHECK(text.find("Written by `schedcert cube resume") != std::string::npos);
  CHECK(text.find("Theorem optimum : optimal_steps net model prob 6.") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cube coq: cube check --recheck-proofs re-checks on the regenerated CNF and keeps the run's LRAT proofs") {
  const fs::path dir = scratch("recheck");
  const std::string run_dir = (dir / "run").string();
  const auto run = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-broadcast -T 5 --cubes 4 --keep-proofs "
                           "--dir '" + run_dir + "' --coq '" + (dir / "a").string() + "' -q --jobs 1");
  REQUIRE_MESSAGE(run.code == 0, run.out);
  const std::string lrat = read(dir / "run" / "proofs" / "cube-0.lrat");
  REQUIRE(!lrat.empty());
  const auto check = run_cli("cube check '" + run_dir + "' --recheck-proofs -q");
  CHECK_MESSAGE(check.code == 0, check.out);
  CHECK(read(dir / "run" / "proofs" / "cube-0.lrat") == lrat);
  CHECK(fs::exists(dir / "run" / "proofs" / "coverage.lrat"));
  const auto again = run_cli("cube resume '" + run_dir + "' --coq '" + (dir / "b").string() + "' -q");
  CHECK_MESSAGE(again.code == 0, again.out);
  CHECK_MESSAGE(again.out.find("(closed: every proof embedded)") != std::string::npos, again.out);
  fs::remove_all(dir);
}

TEST_CASE("cube coq: a missing cube fails the coverage: exit 1, no cube solved, no theorem") {
  const fs::path dir = scratch("missing"), out = dir / "out";
  const auto run = run_cli("cube synthesize -n Q2 -m shout-whisper -p multinode-broadcast -T 5 --cubes 4 "
                           "--coq-test-drop-cube 1 --dir '" + (dir / "run").string() + "' --coq '" + out.string() +
                           "' -q --jobs 1");
  CHECK_MESSAGE(run.code == 1, run.out);
  CHECK_MESSAGE(run.out.find("coverage: NOT established: coverage: a branch with no cube is not refuted by the "
                             "decision tree (node t0:0->1#0 !t0:0->2#0)") != std::string::npos,
                run.out);
  CHECK_MESSAGE(run.out.find("the coverage is not established: the cubes are not solved") != std::string::npos, run.out);
  CHECK(!fs::exists(out / "optimum_Q2_shout_whisper_multinode_broadcast_cubes.v"));
  CHECK(!fs::exists(dir / "run" / "results" / "cube-0.json"));
  fs::remove_all(dir);
}

TEST_CASE("cube coq: a mutated C++ generator is caught by the regeneration: exit 4, no theorem") {
  const fs::path dir = scratch("mutated");
  for (const char* rule : {"source", "unit", "early", "conflict"}) {
    CAPTURE(rule);
    const fs::path out = dir / rule;
    const auto run = run_cli("cube successive -n Q2 -m shout-whisper --allocation free -T 5 --cubes 4 --coq-test-drop " +
                             std::string(rule) + " --dir '" + (dir / (std::string(rule) + "-run")).string() +
                             "' --coq '" + out.string() + "' -q --jobs 1");
    CHECK_MESSAGE(run.code == 4, run.out);
    CHECK_MESSAGE(run.out.find("free_sym_cnf (coq/synth/SynthSym.v) is not the C++ one") != std::string::npos, run.out);
    CHECK_MESSAGE(run.out.find("the CNFs differ") != std::string::npos, run.out);
    CHECK(!fs::exists(out / "optimum_Q2_shout_whisper_successive_broadcast_free_cubes.v"));
  }
  const auto help = run_cli("cube successive --help");
  CHECK(help.out.find("--coq-lrat-max") != std::string::npos);
  CHECK(help.out.find("coq-test-drop") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cube coq: Q3 shout-whisper free allocation, T = 13 refuted by cubes, optimum 14 (premise form, slow)" *
          doctest::test_suite("slow")) {
  check_cube_theorem("cube successive -n Q3 -m shout-whisper --allocation free -T 13 --cubes 16",
                     "optimum_Q3_shout_whisper_successive_broadcast_free_cubes.v", "optimal_free net model packet 14",
                     false);
}

}  // namespace schedcert_test_search_cube_coq_test
