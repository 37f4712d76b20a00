// The CaDiCaL back end of the item-flow formulas (formula.hpp): the successive-broadcast
// query (successive.hpp) and the exact time-indexed query (synthesis.hpp, `--engine
// cadical`), with every UNSAT answer certified before it is reported.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>


#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/backend.hpp"
#include "encodings/sat/proof_dir.hpp"
#include "encodings/synth/formula.hpp"
#include "schedules/budget/watchdog.hpp"
#include "schedules/budget/budget.hpp"

namespace schedcert::encodings::synth {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

// The same formula on CaDiCaL (solver_logic "cadical"): clauses as they are, every at-most-k
// as pairwise exclusions (k = 1, up to 6 literals) or Sinz's sequential counter (measured better
// than totalizers here: docs/synthesis.md, issue 19). Not exported:
// the SMT-LIB2 file is the Formula itself, whatever engine answered.
// An UNSAT answer is reported only when its certificate checks (lrat_check.hpp): CaDiCaL's DRAT
// proof by our checker, which writes LRAT, and that LRAT by the checker proved in Coq; otherwise
// the answer is Unknown with the reason.
SolveOutcome solve_with_cadical(const Formula& f, unsigned timeout_ms) {
  const auto t0 = Clock::now();
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  budget.admit(sat::sat_estimate_bytes(static_cast<std::uint64_t>(f.num_vars()), f.num_clauses()),
               "loading a query of " + f.summary() + " into CaDiCaL");
  const sat::ProofDir dir("sat");
  const std::string proof = dir.file("q.drat");
  std::vector<sat::Clause> all;  // every clause given to CaDiCaL, for the certificate
  struct Recorder {
    std::unique_ptr<sat::SatBackend> s;
    std::vector<sat::Clause>* all;
    void add(const std::vector<int>& c) {
      all->push_back(c);
      s->add(c);
    }
  };
  Recorder rb{sat::make_cadical(proof), &all};
  Recorder* b = &rb;
  int next = f.num_vars();
  const auto loading = budget.phase("loading the query into CaDiCaL");
  for (std::size_t c = 0; c < f.num_clauses(); ++c) {
    if ((c & 0xffff) == 0)
      loading.tick([&] { return std::to_string(c) + " of " + std::to_string(f.num_clauses()) + " clauses"; });
    b->add(std::vector<int>(f.clause(c), f.clause(c) + f.clause_size(c)));
  }
  for (const auto& card : f.cards()) {
    const std::vector<int> x(f.card_lits(card), f.card_lits(card) + (card.end - card.begin));
    const int n = static_cast<int>(x.size()), k = static_cast<int>(card.bound);
    if (n <= k) continue;
    if (k == 0) {
      for (int l : x) b->add({-l});
      continue;
    }
    if (k == 1 && n <= 6) {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) b->add({-x[i], -x[j]});
      continue;
    }
    // s[i][j] (j = 0..k-1): at least j + 1 of x[0..i] are true.
    std::vector<std::vector<int>> sv(static_cast<std::size_t>(n - 1), std::vector<int>(k));
    for (auto& row : sv)
      for (int& v : row) v = ++next;
    for (int i = 0; i < n - 1; ++i) {
      b->add({-x[i], sv[i][0]});
      if (i == 0) {
        for (int j = 1; j < k; ++j) b->add({-sv[0][j]});
        continue;
      }
      for (int j = 0; j < k; ++j) b->add({-sv[i - 1][j], sv[i][j]});
      for (int j = 1; j < k; ++j) b->add({-x[i], -sv[i - 1][j - 1], sv[i][j]});
      b->add({-x[i], -sv[i - 1][k - 1]});
    }
    b->add({-x[n - 1], -sv[n - 2][k - 1]});
  }
  loading.tick();
  SolveOutcome out;
  const sat::SatAnswer a = [&] {
    const auto solving = budget.phase("CaDiCaL solve (" + f.summary() + ")");
    const auto s0 = Clock::now();
    const sat::SatAnswer answer = b->s->solve({}, timeout_ms / 1000.0);
    out.search_seconds = schedules::budget::seconds_since(s0);
    return answer;
  }();
  out.stats = "cadical, " + std::to_string(next - f.num_vars()) + " counter variables";
  if (a == sat::SatAnswer::Sat) {
    out.status = SolveOutcome::Status::Sat;
    out.values.assign(static_cast<std::size_t>(f.num_vars()) + 1, false);
    for (int v = 1; v <= f.num_vars(); ++v) out.values[static_cast<std::size_t>(v)] = b->s->value(v);
  } else if (a == sat::SatAnswer::Unsat) {
    b->s.reset();  // closes the proof
    const auto checking = budget.phase("checking CaDiCaL's UNSAT proof");
    const auto c0 = Clock::now();
    const sat::UnsatCertificate c = sat::certify_unsat(all, proof, dir.file("q"), "", false);
    out.check_seconds = schedules::budget::seconds_since(c0);
    out.stats += "; " + c.summary();
    if (c.verified()) {
      out.status = SolveOutcome::Status::Unsat;
      out.checks = "proofs checked: DRAT (" + std::to_string(c.drat.lemmas) +
                   " lemmas, schedcert's checker) + LRAT (the Coq-verified checker)";
    } else {
      out.reason = "CaDiCaL answered unsat but the certificate did not check: " + c.summary();
    }
  } else {
    out.reason = budget.stopped() ? "the command's budget ran out" : "timeout";
  }
  out.seconds = schedules::budget::seconds_since(t0);
  return out;
}

}  // namespace schedcert::encodings::synth
