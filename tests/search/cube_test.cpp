// Cube-and-conquer (search/): the certificates of a run, through the library.
// Oracles: alpha(d) = 2, 4, 10, 22 for d = 2..5 (Desprez et al. 1993 Table / docs/alpha.md, so
// gamma_c(Q_d) = 2^d - alpha(d)); the successive-broadcast optimum on Q3 with a free allocation
// is 14 (docs/successive-optimum.md, certified by the exact query).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "search/alpha_cubes.hpp"
#include "search/cds_heuristic.hpp"
#include "search/conquer.hpp"
#include "search/formula_cubes.hpp"
#include "search/projection.hpp"
#include "search/run_dir.hpp"
#include "search/runner.hpp"

namespace schedcert_test_search_cube_test {

namespace fs = std::filesystem;
using namespace schedcert::search;
using nlohmann::json;

namespace {

std::string scratch(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("schedcert-cube-test-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  return p.string();
}

RunSummary run_all(const Family& f, const std::string& dir, unsigned jobs, bool keep = false) {
  const auto cubes = f.make_cubes({});
  const Coverage cov = f.check_coverage(cubes);
  RunDir run = RunDir::create(dir, f, cubes, cov, json::object());
  RunOptions o;
  o.jobs = jobs;
  o.progress = false;
  o.keep_proofs = keep;
  return run_local(f, run, o);
}

json successive_query(unsigned steps) {
  return json{{"family", "successive"}, {"network", "Q3"}, {"model", "shout-whisper"},
              {"steps", steps},         {"allocation", "free"}, {"symmetry", true}};
}

}  // namespace

TEST_CASE("cube alpha: gamma_c(Q_d) - 1 is refuted with a covering cube set, gamma_c(Q_d) is found (d = 2..5)" *
          doctest::test_suite("slow")) {
  const unsigned alpha[] = {0, 0, 2, 4, 10, 22};
  for (int d = 2; d <= 5; ++d) {
    CAPTURE(d);
    const unsigned gamma = (1u << d) - alpha[d];
    auto below = make_alpha_family({d, gamma - 1});
    for (unsigned jobs : {1u, 2u}) {
      const RunSummary s = run_all(*below, scratch("a" + std::to_string(d) + "-" + std::to_string(jobs)), jobs);
      CHECK(s.verdict == RunVerdict::Unsat);
      CHECK(s.coverage_ok);
      CHECK(s.unsat == s.cubes);
    }
    auto at = make_alpha_family({d, gamma});
    const RunSummary s = run_all(*at, scratch("b" + std::to_string(d)), 2);
    REQUIRE(s.verdict == RunVerdict::Sat);
    CHECK(at->check_witness(s.sat_cube->witness) == "");
  }
}

TEST_CASE("cube coverage: a deliberately missing cube is detected (alpha and successive families)") {
  auto alpha = make_alpha_family({5, 9});
  auto cubes = alpha->make_cubes({});
  REQUIRE(cubes.size() > 2);
  CHECK(alpha->check_coverage(cubes).checked);
  cubes.erase(cubes.begin() + static_cast<long>(cubes.size() / 2));
  const Coverage bad = alpha->check_coverage(cubes);
  CHECK_FALSE(bad.checked);
  CHECK(bad.message.find("NOT covered") != std::string::npos);

  // Successive broadcasts at T = 14 (feasible): without the cube that holds a solution, the
  // cubes cannot cover the space (the coverage proof is checked, so it cannot pass).
  auto succ = make_formula_family(successive_query(14));
  auto sc = succ->make_cubes({});
  REQUIRE(sc.size() > 2);
  CHECK(succ->check_coverage(sc).checked);
  const RunSummary s = run_all(*succ, scratch("cov14"), 2);
  REQUIRE(s.verdict == RunVerdict::Sat);
  sc.erase(sc.begin() + s.sat_cube->id);
  CHECK_FALSE(succ->check_coverage(sc).checked);
}

TEST_CASE("cube successive Q3, free allocation: T = 13 refuted in cubes, T = 14 found / jobs 1 and 2 agree" *
          doctest::test_suite("slow")) {
  auto below = make_formula_family(successive_query(13));
  for (unsigned jobs : {1u, 2u}) {
    const RunSummary s = run_all(*below, scratch("s13-" + std::to_string(jobs)), jobs);
    CHECK(s.verdict == RunVerdict::Unsat);
    CHECK(s.unsat_lrat == s.unsat);  // the Coq-verified checker accepted every cube
  }
  auto at = make_formula_family(successive_query(14));
  const RunSummary s = run_all(*at, scratch("s14"), 2);
  REQUIRE(s.verdict == RunVerdict::Sat);
  CHECK(at->check_witness(s.sat_cube->witness) == "");
}

TEST_CASE("cube run directory: a result that does not parse or claims an unchecked UNSAT is not trusted") {
  auto f = make_alpha_family({4, 5});
  const std::string dir = scratch("resume");
  RunSummary s = run_all(*f, dir, 1);
  REQUIRE(s.verdict == RunVerdict::Unsat);
  RunDir run = RunDir::open(dir);
  // A half-written file and a result whose proof was not checked.
  {
    std::ofstream(fs::path(dir) / "results" / "cube-0.json") << "{\"id\": 0, \"status\": \"uns";
    json r = to_json(run.load_results().at(1));
    r["proof"]["checked"] = false;
    std::ofstream(fs::path(dir) / "results" / "cube-1.json") << r.dump();
  }
  std::vector<std::string> skipped;
  const auto results = run.load_results(&skipped);
  CHECK(results.count(0) == 0);
  CHECK(summarize(*f, run).verdict == RunVerdict::Open);
  RunOptions o;
  o.progress = false;
  const auto todo = pending_cubes(run, o);
  CHECK(std::find(todo.begin(), todo.end(), 0u) != todo.end());
  CHECK(std::find(todo.begin(), todo.end(), 1u) != todo.end());
  CHECK(todo.size() == 2);
  s = run_local(*f, run, o);  // the resume re-runs exactly those two
  CHECK(s.verdict == RunVerdict::Unsat);
}

TEST_CASE("cube proofs: a tampered DRAT proof of one cube is rejected when the run is re-checked") {
  auto f = make_alpha_family({5, 9});
  const std::string dir = scratch("tamper");
  REQUIRE(run_all(*f, dir, 2, true).verdict == RunVerdict::Unsat);
  RunDir run = RunDir::open(dir);
  const auto results = run.load_results();
  // The cube with the longest proof: drop its last lemmas (binary DRAT: truncate the file).
  std::uint32_t id = 0;
  std::uint64_t most = 0;
  for (const auto& [k, r] : results)
    if (r.proof.lemmas > most) most = r.proof.lemmas, id = k;
  REQUIRE(most > 10);
  const CubeResult& r = results.at(id);
  const fs::path proof = fs::path(dir) / r.proof.file;
  CHECK(recheck_proof(*f, run.cubes()[id], proof.string(), (fs::path(dir) / r.proof.extra_file).string()) == "");
  fs::resize_file(proof, fs::file_size(proof) / 3);
  CHECK(recheck_proof(*f, run.cubes()[id], proof.string(), (fs::path(dir) / r.proof.extra_file).string()) != "");
}

TEST_CASE("cube heuristic: a CDS of Q7 with 28 nodes (alpha(7) >= 100, the literature's bound) is found and checked") {
  CdsSearchOptions o;
  o.d = 7;
  o.target = 28;
  o.seconds = 60;
  const CdsSearchResult r = search_cds(o);
  REQUIRE(r.best.size() <= 28);
  CHECK(check_cds(7, r.best) == "");
}

TEST_CASE("cube projection: list scheduling of measured times") {
  const std::vector<double> t = {10, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(simulate_makespan(t, 1) == doctest::Approx(19));
  CHECK(simulate_makespan(t, 2) == doctest::Approx(10));  // one long cube bounds the run
  CHECK(simulate_makespan(t, 64) == doctest::Approx(10));
  const TimeStats s = time_stats(t);
  CHECK(s.max == doctest::Approx(10));
  CHECK(s.median == doctest::Approx(1));
}

}  // namespace schedcert_test_search_cube_test
