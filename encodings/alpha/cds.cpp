// alpha(d) by connected domination with lazy connectivity (search_alpha in alpha.hpp).
//
// alpha(d) = 2^d - gamma_c(Q_d) for d >= 2 (alpha.cpp's note; Desprez et al. 1993, Prop. 2 uses
// alpha). The CNF (cnf.hpp) says "S dominates Q_d, |S| <= k, symmetry breaking, and every
// separator cut found so far"; it does NOT say "S is connected". The loop (search_alpha):
//   m := 2^(d-1) (the even nodes, a subcube: the binomial tree's non-leaves), add |S| <= m - 1;
//   solve; if S is connected it is a CDS: build its tree (tree_from_set), re-check it natively
//   (spanning_tree_leaves), m := |S|, add |S| <= m - 1 as a unit on the counter output;
//   if S is disconnected: add the separator cuts it violates (valid for every connected set);
//   repeat until UNSAT (then gamma_c = m and alpha = 2^d - m) or the time budget ends.
// Only clauses are ever added (no assumptions), so the final clause set is one CNF whose UNSAT
// is the certificate: "no CDS of size <= m - 1", hence no spanning tree with 2^d - m + 1 leaves.
// With a probe K (AlphaOptions::probe) the first bound asked is |S| <= K instead; UNSAT then
// proves alpha <= 2^d - K - 1 (the upper-bound half of an open case such as d = 7).
// Certificate (certify): the CNF is written as DIMACS and as SMT-LIB2; every cut is re-checked
// natively (check_cut); with check_proof, CaDiCaL's DRAT proof is checked by sat/drat.hpp's
// checker. The CaDiCaL engine traces its proof during the incremental loop; if that proof does
// not check (CaDiCaL may restore eliminated clauses without tracing them after new clauses
// arrive), a fresh CaDiCaL run on the final CNF writes a new proof, which is checked. The Z3
// engine solves the same clauses incrementally (QF_FD); its UNSAT is then re-derived by CaDiCaL
// with a checked proof. Our DRAT checker writes the proof as LRAT, and the LRAT checker proved
// in Coq (lrat_check.hpp, coq/lrat) re-checks it. For symmetry levels 0 and 1 it does so with
// --alpha: from stem.extras (the bounds and cuts in CNF order) it generates the CNF with the
// function extracted from coq/alpha/AlphaCnf.v (whose soundness, cds_sat, is proved there),
// checks every cut with the extracted check_cut, compares the result with the DIMACS file
// (a difference is an error) and checks the LRAT proof against the generated CNF. Nothing is
// called exact unless both checks passed; with check_proof off the UNSAT answer is kept as the
// solver's word (AlphaResult::solver_upper), never as a proven bound.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "encodings/alpha/alpha.hpp"
#include "encodings/alpha/cnf.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/backend.hpp"
#include "encodings/sat/drat.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::encodings::alpha {

namespace {

bool v_identical(const AlphaResult& r) { return r.cnf_comparison == "identical"; }

double cpu_now() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

AlphaResult search_alpha(const AlphaOptions& o) {
  const int d = o.d;
  if (o.engine == AlphaEngine::Z3Layered) {
    const double c0 = cpu_now();
    AlphaResult r =
        max_leaf_spanning_tree(d, schedules::budget::seconds_to_ms(o.timeout_s), o.cert_dir);
    r.engine = "z3-layered";
    r.cpu_seconds = cpu_now() - c0;
    return r;
  }
  if (d < 1 || d > 10) throw InputError("--dim: alpha search takes d in [1, 10], not " + std::to_string(d));
  if (o.timeout_s < 0) throw InputError("--timeout: must be >= 0 seconds (0: no limit)");
  const auto start = std::chrono::steady_clock::now();
  const double cpu0 = cpu_now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  auto left = [&] { return o.timeout_s > 0 ? o.timeout_s - elapsed() : 0.0; };
  auto out_of_time = [&] { return o.timeout_s > 0 && left() <= 0.01; };
  AlphaResult res;
  res.d = d;
  res.engine = o.engine == AlphaEngine::Z3 ? "z3" : "cadical";
  auto finish = [&] {
    res.seconds = elapsed();
    res.cpu_seconds = cpu_now() - cpu0;
    return res;
  };
  const Node n = Node{1} << d;
  if (d == 1) {
    res.tree_edges = {{0, 1}};
    res.lower = res.upper = 2;
    res.alpha = 2;
    res.certificate = "Q1 is one edge: its only spanning tree has 2 leaves";
    return finish();
  }
  auto say = [&](const std::string& msg) {
    if (o.progress)
      std::cerr << "[alpha Q" << d << " " << res.engine << " " << static_cast<long>(elapsed() * 10) / 10.0 << " s] "
                << msg << std::endl;
  };
  res.upper = static_cast<unsigned>(verifier::max_leaves_upper_bound(schedules::Network::hypercube(d)));
  res.certificate = "upper bound from the degree sum (no UNSAT query finished)";

  namespace fs = std::filesystem;
  const bool temp_dir = o.cert_dir.empty();
  const fs::path dir = temp_dir ? fs::temp_directory_path() / ("schedcert-alpha-" + std::to_string(::getpid()))
                                : fs::path(o.cert_dir);
  fs::create_directories(dir);
  const std::string stem = (dir / ("alpha-Q" + std::to_string(d) + "-cds")).string();
  const std::string proof_path = stem + ".drat";

  unsigned m = static_cast<unsigned>(n / 2);
  // Before building (issue 18): n vertex variables, the counter's n x m, its ~2 n m clauses.
  schedules::budget::command_budget().admit(
      sat::sat_estimate_bytes(std::uint64_t{n} * (m + 1),
                              std::uint64_t{n} * (2 * std::uint64_t{m} + 1)),
      "the alpha query of Q" + std::to_string(d) + " (a counter up to " + std::to_string(m) + ")");
  sat::Cnf cnf;
  std::vector<int> xs;
  for (Node v = 0; v < n; ++v) xs.push_back(cnf.new_var());  // = cnf::x(v)
  cnf::add_domination(cnf, d);
  const int lex = cnf::add_symmetry_breaking(cnf, d, o.symmetry);
  const std::vector<int> at_least = cnf.counter(xs, static_cast<int>(m));  // at_least[j]: >= j + 1
  std::vector<std::vector<int>> cuts;

  auto accept = [&](const std::vector<bool>& in_s) {
    auto edges = tree_from_set(d, in_s);
    std::string why;
    const auto leaves = spanning_tree_leaves(d, edges, &why);
    if (!leaves) throw std::logic_error("alpha: the tree built from S is not a spanning tree: " + why);
    if (*leaves > res.lower) {
      res.lower = *leaves;
      res.tree_edges = std::move(edges);
    }
  };
  std::vector<bool> even(n);
  for (Node v = 0; v < n; ++v) even[v] = (v & 1) == 0;
  accept(even);
  // k: the bound asked; m: the smallest CDS found (so k < m always).
  unsigned k = o.probe > 0 && o.probe < m ? o.probe : m - 1;
  res.symmetry = o.symmetry;
  // The bounds and cuts in the order they enter the CNF (the "extras" of coq/alpha/AlphaCnf.v).
  auto add_bound = [&](unsigned bound) {
    cnf.add({-at_least[bound]});
    res.extras.push_back({static_cast<int>(bound)});
  };
  add_bound(k);
  say("start: " + std::to_string(cnf.vars()) + " vars, " + std::to_string(cnf.clauses().size()) + " clauses, " +
      std::to_string(lex) + " lex constraints; asking |S| <= " + std::to_string(k));

  std::unique_ptr<sat::SatBackend> solver =
      o.engine == AlphaEngine::Z3 ? sat::make_z3()
                                  : sat::make_cadical(o.check_proof ? proof_path : "");
  for (int v : xs) solver->freeze(v);  // cuts mention vertex variables,
  for (int v : at_least) solver->freeze(v);  // bounds the counter outputs
  std::size_t pushed = 0;
  auto sync = [&] {
    for (; pushed < cnf.clauses().size(); ++pushed) solver->add(cnf.clauses()[pushed]);
  };
  bool unsat = false;
  double last_say = 0;
  while (!out_of_time()) {
    sync();
    const sat::SatAnswer a = solver->solve({}, left());
    ++res.solves;
    if (a == sat::SatAnswer::Unknown) break;
    if (a == sat::SatAnswer::Unsat) {
      unsat = true;
      break;
    }
    std::vector<bool> in_s(n);
    unsigned size = 0;
    for (Node v = 0; v < n; ++v) size += (in_s[v] = solver->value(cnf::x(v)));
    auto new_cuts = cnf::separator_cuts(d, in_s);
    if (new_cuts.empty()) {  // connected: a CDS of this size
      accept(in_s);
      m = std::min(size, static_cast<unsigned>(n - res.lower));
      k = m - 1;
      if (k == 0) break;
      add_bound(k);
      say("found a CDS of size " + std::to_string(m) + " (tree with " + std::to_string(res.lower) +
          " leaves); asking |S| <= " + std::to_string(k) + "; cuts so far " + std::to_string(cuts.size()));
    } else {
      for (auto& c : new_cuts) {
        cnf.add(c);
        res.extras.push_back(c);
        cuts.push_back(std::move(c));
      }
      if (elapsed() - last_say > 2) {
        last_say = elapsed();
        say("|S| <= " + std::to_string(k) + ": " + std::to_string(cuts.size()) + " cuts, " +
            std::to_string(res.solves) + " solves");
      }
    }
  }
  res.cuts = static_cast<unsigned>(cuts.size());
  solver.reset();  // closes the proof trace
  if (!unsat) {
    say("stopped (time budget): alpha in [" + std::to_string(res.lower) + ", " + std::to_string(res.upper) + "]");
    if (temp_dir) fs::remove_all(dir);
    return finish();
  }
  say("UNSAT for |S| <= " + std::to_string(k) + " after " + std::to_string(res.solves) + " solves, " +
      std::to_string(cuts.size()) + " cuts; certifying");
  for (const auto& c : cuts)
    if (auto why = cnf::check_cut(d, c); !why.empty())
      throw std::logic_error("alpha: bad separator cut: " + why);
  const std::string query = "Q" + std::to_string(d) + ": connected dominating set with at most " +
                            std::to_string(k) + " nodes? Clauses: domination, sequential counter, symmetry "
                            "breaking (level " + std::to_string(o.symmetry) + "), " +
                            std::to_string(cuts.size()) + " separator cuts (each valid for every connected set). "
                            "Expected answer: unsat (schedcert search alpha, engine " + res.engine + ")";
  res.cnf_path = stem + ".cnf";
  const std::string cnf_file_sha256 = cnf.write_dimacs(res.cnf_path, query);
  res.unsat_smt2 = stem + ".smt2";
  cnf.write_smt2(res.unsat_smt2, query);
  res.extras_path = stem + ".extras";
  {
    std::ofstream ex(res.extras_path);
    for (const auto& e : res.extras) {
      if (e.size() == 1 && e[0] >= 0) {
        ex << "b " << e[0] << "\n";
      } else {
        ex << "x";
        for (int l : e) ex << ' ' << l;
        ex << " 0\n";
      }
    }
    if (!ex) throw std::runtime_error("cannot write '" + res.extras_path + "'");
  }
  // Only a checked certificate moves `upper`; without the checks (--no-proof-check) the UNSAT
  // answer is recorded as the solver's word (solver_upper), never as proven.
  bool proven = false;
  if (!o.check_proof) res.solver_upper = static_cast<unsigned>(n - k - 1);
  if (o.check_proof) {
    const double proof_cpu0 = cpu_now();
    sat::DratReport rep;
    const std::string lrat_path = stem + ".lrat";
    if (o.engine == AlphaEngine::Cadical) {
      rep = sat::check_drat(cnf.clauses(), proof_path, lrat_path);
      say("DRAT check of the incremental proof: " + rep.message);
    }
    if (!rep.verified && !out_of_time()) {
      auto fresh = sat::make_cadical(proof_path);
      for (const auto& c : cnf.clauses()) fresh->add(c);
      const sat::SatAnswer a = fresh->solve({}, left());
      fresh.reset();
      if (a == sat::SatAnswer::Unsat) {
        rep = sat::check_drat(cnf.clauses(), proof_path, lrat_path);
        say("DRAT check of a fresh CaDiCaL proof: " + rep.message);
      } else {
        rep.message = "fresh CaDiCaL run for the proof did not answer unsat in the budget";
      }
    }
    res.proof_cpu_seconds = cpu_now() - proof_cpu0;
    res.proof_checked = rep.verified;
    res.proof_report = rep.message;
    res.drat_path = proof_path;
    // The LRAT proof our checker wrote, re-checked by the checker proved in Coq; for symmetry
    // levels 0 and 1 against the CNF that Coq's alpha_cnf generates from the bounds and cuts
    // (each cut re-checked by the extracted check_cut), compared with the C++ DIMACS file.
    if (rep.verified) {
      const bool coq = o.symmetry <= 1;
      const sat::LratVerdict v =
          coq ? sat::run_lrat_alpha(d, o.symmetry, res.extras_path, lrat_path, res.cnf_path)
              : sat::run_lrat_checker(res.cnf_path, lrat_path);
      // The file the checker read (and, at levels 0 and 1, compared with the Coq CNF) must hold
      // the bytes written above and the clauses the solver saw: EnginesDisagree (exit 4) if not.
      sat::check_cnf_identity(v, &cnf.clauses(), cnf_file_sha256, res.cnf_path);
      res.coq_cnf = coq && v.verified;
      std::error_code ec;
      res.lrat_bytes = fs::file_size(lrat_path, ec);
      if (ec) res.lrat_bytes = 0;
      if (v.verified && o.keep_lrat_bytes > 0 && res.lrat_bytes <= o.keep_lrat_bytes) {
        std::ifstream in(lrat_path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        res.lrat_text = text.str();
      }
      res.coq_cnf_sha256 = v.coq_cnf_sha256;
      res.cnf_comparison = v.cnf_comparison;
      if (coq) say("CNF generated by Coq's alpha_cnf (sha256 " + v.coq_cnf_sha256 + ") vs the C++ CNF: " + v.cnf_comparison);
      res.lrat_path = lrat_path;
      res.lrat_verified = v.verified;
      res.lrat_report = v.verdict;
      res.cnf_sha256 = v.cnf_sha256;
      res.lrat_cpu_seconds = v.cpu_seconds;
      say("verified LRAT checker: " + v.verdict + " (" + std::to_string(v.cpu_seconds) + " s CPU)");
    }
    // With the Coq-generated CNF, a C++ CNF that differs is an encoder bug: say so, refuse.
    if (res.coq_cnf && !v_identical(res)) {
      res.lrat_verified = false;
      res.lrat_report = "the C++ CNF differs from the Coq-generated one: " + res.cnf_comparison;
    }
    proven = rep.verified && res.lrat_verified;
    if (rep.verified && !res.lrat_verified) res.proof_report += "; LRAT NOT accepted by the Coq-verified checker: " + res.lrat_report;
  }
  if (proven) {
    res.upper = static_cast<unsigned>(n - k - 1);
    res.certificate = "UNSAT (" + res.engine + "): no connected dominating set of Q" + std::to_string(d) +
                      " with at most " + std::to_string(k) + " nodes, so no spanning tree has more than " +
                      std::to_string(n - k - 1) + " leaves; " + std::to_string(cuts.size()) +
                      " separator cuts checked natively; " +
                      "DRAT proof " + res.proof_report + "; its LRAT accepted by the Coq-verified checker "
                      "(CNF sha256 " + res.cnf_sha256 + ")" +
                      (res.coq_cnf ? " against the CNF generated by Coq's alpha_cnf (coq/alpha/AlphaCnf.v, "
                                     "sha256 " + res.coq_cnf_sha256 + ", identical to the C++ CNF; every cut "
                                     "accepted by the extracted check_cut)"
                                   : std::string(" (CNF from the C++ encoder; symmetry level 2 has no Coq generator)")) +
                      (temp_dir ? "" : "; CNF " + res.cnf_path + ", proof " + res.drat_path + ", LRAT " + res.lrat_path +
                                           ", SMT-LIB2 " + res.unsat_smt2);
  } else if (!o.check_proof) {
    res.certificate += "; the solver answered UNSAT for |S| <= " + std::to_string(k) + " (so alpha <= " +
                       std::to_string(n - k - 1) + " by the solver's word only): proof NOT checked (--no-proof-check), "
                       "so this bound is not certified";
  } else {
    res.certificate += "; the UNSAT answer for |S| <= " + std::to_string(k) +
                       " was NOT certified: " + res.proof_report;
  }
  if (res.lower == res.upper) res.alpha = res.lower;
  res.certificate += "; tree re-checked natively: spanning tree of Q" + std::to_string(d) + " with " +
                     std::to_string(res.lower) + " leaves";
  if (temp_dir) {
    fs::remove_all(dir);
    res.cnf_path.clear();
    res.drat_path.clear();
    res.lrat_path.clear();
    res.unsat_smt2.clear();
    res.extras_path.clear();
  }
  return finish();
}

}  // namespace schedcert::encodings::alpha
