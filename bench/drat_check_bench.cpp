// Issue 27: the cost of an UNSAT certificate with the backward, core-first DRAT checker
// (encodings/sat/drat_backward.cpp) against the forward one (encodings/sat/drat.cpp), measured in
// the same run on the same CNF + DRAT files. For each pair, forward then backward: our DRAT check
// writing LRAT (CPU of this process), then the Coq-verified checker schedcert-lrat on that
// LRAT (CPU of the child, lrat_check.hpp); the LRAT sizes; and the ratios forward / backward.
// Both verdicts must agree (and the verified checker accept both LRAT files) or the row says so.
//
// Usage: drat_check_bench [--keep DIR] CNF DRAT [CNF DRAT ...]
//        drat_check_bench [--keep DIR] --dir D   (every D/**/X.cnf with a D/**/X.drat beside it)
//        drat_check_bench [--keep DIR] --cube-run R   (the proofs a `cube ... --keep-proofs` run
//        kept in R/proofs; each cube's CNF is rebuilt as the run checked it: the family's base
//        clauses, the cube's clauses, the kept extra clauses)
//        drat_check_bench --profile backward|forward [--verify] ... : that DRAT check alone on each
//        pair (writing LRAT), CPU per pair: for profilers and for comparing against an older build
//        of this program (bench/drat_check.sh); --verify then runs the verified checker on each
//        LRAT proof (outside the CPU measured) and stops at the first one it does not accept.
// Where to get pairs: SCHEDCERT_KEEP_PROOFS=1 keeps synthesis queries' q.cnf / q.drat in
// /tmp/schedcert-sat-*; bench/drat_check.sh collects them and runs this.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fstream>

#include <nlohmann/json.hpp>

#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/drat.hpp"
#include "search/conquer.hpp"
#include "search/cube.hpp"
#include "search/family.hpp"

using namespace schedcert::encodings::sat;
namespace fs = std::filesystem;

namespace {

double cpu_now() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Side {
  DratReport drat;
  LratVerdict lrat;
  double drat_cpu = 0, wall = 0;
  std::uintmax_t lrat_bytes = 0;
  double total() const { return drat_cpu + lrat.cpu_seconds; }
};

Side measure(const std::vector<Clause>& cnf, const std::string& cnf_path, const std::string& drat,
             const std::string& lrat_path, DratMode mode) {
  Side s;
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_now();
  s.drat = check_drat(cnf, drat, lrat_path, mode);
  s.drat_cpu = cpu_now() - c0;
  if (s.drat.verified) {
    s.lrat = run_lrat_checker(cnf_path, lrat_path);
    std::error_code ec;
    s.lrat_bytes = fs::file_size(lrat_path, ec);
  }
  s.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::string keep;
  std::vector<fs::path> cube_runs;
  std::string profile;  // "backward" / "forward": that DRAT check alone, no verified checker (profilers)
  bool verify = false;  // --profile: then the verified checker on each LRAT proof (not in the CPU)
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--keep" && i + 1 < argc) {
      keep = argv[++i];
    } else if (a == "--profile" && i + 1 < argc) {
      profile = argv[++i];
    } else if (a == "--verify") {
      verify = true;
    } else if (a == "--dir" && i + 1 < argc) {
      for (const auto& e : fs::recursive_directory_iterator(argv[++i]))
        if (e.path().extension() == ".cnf") {
          auto d = e.path();
          d.replace_extension(".drat");
          if (fs::exists(d)) pairs.emplace_back(e.path().string(), d.string());
        }
    } else if (a == "--cube-run" && i + 1 < argc) {
      cube_runs.emplace_back(argv[++i]);
    } else if (i + 1 < argc) {
      pairs.emplace_back(a, argv[++i]);
    } else {
      std::fprintf(stderr, "usage: drat_check_bench [--keep DIR] (CNF DRAT)... | --dir D\n");
      return 2;
    }
  }
  const fs::path out = keep.empty() ? fs::temp_directory_path() / "schedcert-drat-bench" : fs::path(keep);
  fs::create_directories(out);
  for (const auto& run : cube_runs) {
    std::ifstream q(run / "query.json"), c(run / "cubes.json");
    const auto family = schedcert::search::make_family(nlohmann::json::parse(q).at("query"));
    const auto cubes = nlohmann::json::parse(c).at("cubes");
    for (const auto& jc : cubes) {
      const auto cube = schedcert::search::cube_from_json(jc);
      const std::string stem = "cube-" + std::to_string(cube.id);
      const fs::path drat = run / "proofs" / (stem + ".drat");
      if (!fs::exists(drat)) continue;
      std::vector<Clause> cnf = family->base();
      for (auto& cl : family->cube_clauses(cube)) cnf.push_back(std::move(cl));
      if (fs::exists(run / "proofs" / (stem + ".extra")))
        for (auto& cl : schedcert::search::read_clauses((run / "proofs" / (stem + ".extra")).string())) cnf.push_back(std::move(cl));
      const std::string cnf_path = (out / (run.filename().string() + "-" + stem + ".cnf")).string();
      write_dimacs(cnf, cnf_path);
      pairs.emplace_back(cnf_path, drat.string());
    }
  }
  std::sort(pairs.begin(), pairs.end());
  if (pairs.empty() || lrat_checker_path().empty()) {
    std::fprintf(stderr, "nothing to measure (no pairs, or no schedcert-lrat in this build)\n");
    return 2;
  }
  if (!profile.empty()) {
    const DratMode mode = profile == "forward" ? DratMode::Forward : DratMode::Backward;
    double total = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      const auto cnf = read_dimacs(pairs[k].first);
      const double c0 = cpu_now();
      const std::string lrat = (out / ("p" + std::to_string(k) + ".lrat")).string();
      const DratReport r = check_drat(cnf, pairs[k].second, lrat, mode);
      const double c = cpu_now() - c0;
      total += c;
      std::printf("%s: %.3f s, %s\n", pairs[k].first.c_str(), c, r.message.c_str());
      if (!r.verified) return 1;
      if (verify) {
        const LratVerdict v = run_lrat_checker(pairs[k].first, lrat);
        std::error_code ec;
        std::printf("  verified checker: %s, %.3f s CPU, LRAT %.2f MB\n", v.verified ? "VERIFIED" : v.verdict.c_str(),
                    v.cpu_seconds, static_cast<double>(fs::file_size(lrat, ec)) / 1e6);
        if (!v.verified) return 1;
      }
    }
    std::printf("total %.3f s CPU\n", total);
    return 0;
  }
  std::printf("| instance | lemmas | core | fwd DRAT s | fwd LRAT MB | fwd Coq s | bwd DRAT s | bwd LRAT MB | bwd Coq s | "
              "fwd/bwd total CPU | agree |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  double tf = 0, tb = 0, cf = 0, cb = 0;
  std::uintmax_t bf = 0, bb = 0;
  int bad = 0, skipped = 0;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto& [cnf_path, drat] = pairs[k];
    const auto cnf = read_dimacs(cnf_path);
    const std::string stem = (out / ("p" + std::to_string(k))).string();
    const Side f = measure(cnf, cnf_path, drat, stem + ".fwd.lrat", DratMode::Forward);
    const Side b = measure(cnf, cnf_path, drat, stem + ".bwd.lrat", DratMode::Backward);
    if (!f.drat.verified && !b.drat.verified) {  // not a refutation (a kept SAT query)
      ++skipped;
      continue;
    }
    const bool agree = f.drat.verified == b.drat.verified && f.lrat.verified == b.lrat.verified &&
                       (!f.drat.verified || (f.lrat.verified && b.lrat.verified));
    bad += !agree;
    tf += f.total();
    tb += b.total();
    cf += f.lrat.cpu_seconds;
    cb += b.lrat.cpu_seconds;
    bf += f.lrat_bytes;
    bb += b.lrat_bytes;
    std::printf("| %s | %zu | %zu | %.3f | %.2f | %.3f | %.3f | %.2f | %.3f | %.2fx | %s |\n",
                fs::path(cnf_path).parent_path().filename().string().append("/").append(fs::path(cnf_path).filename().string()).c_str(),
                b.drat.lemmas, b.drat.core_lemmas, f.drat_cpu, static_cast<double>(f.lrat_bytes) / 1e6, f.lrat.cpu_seconds,
                b.drat_cpu, static_cast<double>(b.lrat_bytes) / 1e6, b.lrat.cpu_seconds, tb > 0 ? f.total() / b.total() : 0.0,
                agree ? "yes" : ("NO: " + f.drat.message + " / " + b.drat.message + " / " + b.lrat.verdict).c_str());
    std::fflush(stdout);
    if (keep.empty()) {
      std::error_code ec;
      fs::remove(stem + ".fwd.lrat", ec);
      fs::remove(stem + ".bwd.lrat", ec);
    }
  }
  std::printf("\ntotal over %zu pairs: forward %.2f s CPU (Coq %.2f s, LRAT %.1f MB), backward %.2f s CPU (Coq %.2f s, "
              "LRAT %.1f MB): %.2fx less CPU, LRAT %.2fx smaller, verified checker %.2fx faster; %d disagreements; %d pairs skipped (neither checker verifies: not refutations)\n",
              pairs.size(), tf, cf, static_cast<double>(bf) / 1e6, tb, cb, static_cast<double>(bb) / 1e6, tb > 0 ? tf / tb : 0.0,
              bb > 0 ? static_cast<double>(bf) / static_cast<double>(bb) : 0.0, cb > 0 ? cf / cb : 0.0, bad, skipped);
  return bad ? 1 : 0;
}
