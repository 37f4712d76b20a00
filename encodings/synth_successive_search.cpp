// Successive broadcasts with a free allocation: solving, decoding, native re-check, export and
// the least-T walk (design note in synth_successive.hpp, docs/successive-optimum.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <unistd.h>

#include <filesystem>
#include <memory>

#include "encodings/lrat_check.hpp"
#include "encodings/sat_backend.hpp"
#include "encodings/synth_successive.hpp"
#include "schedules/error.hpp"
#include "schedules/watchdog.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"

namespace schedcert::encodings {

using schedules::Model;
using schedules::Network;
using schedules::Schedule;
namespace sy = synth;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string label(const Network& net, Model m, const SuccessiveOptions& o, unsigned T) {
  return net.name() + " " + schedules::to_string(m) + " successive-broadcast allocation " +
         (o.fixed_sources.empty() ? "free" : "fixed") + " T=" + std::to_string(T);
}

// The same formula on CaDiCaL (solver_logic "cadical"): clauses as they are, every at-most-k
// as pairwise exclusions (k = 1, up to 6 literals) or Sinz's sequential counter. Not exported:
// the SMT-LIB2 file is the Formula itself, whatever engine answered.
// An UNSAT answer is reported only when its certificate checks (lrat_check.hpp): CaDiCaL's DRAT
// proof by our checker, which writes LRAT, and that LRAT by the checker proved in Coq; otherwise
// the answer is Unknown with the reason.
sy::SolveOutcome solve_with_cadical(const sy::Formula& f, unsigned timeout_ms) {
  const auto t0 = Clock::now();
  const schedules::Budget& budget = schedules::command_budget();
  budget.admit(sat_estimate_bytes(static_cast<std::uint64_t>(f.num_vars()), f.num_clauses()),
               "loading a query of " + f.summary() + " into CaDiCaL");
  namespace fs = std::filesystem;
  static int calls = 0;
  const fs::path dir = fs::temp_directory_path() /
                       ("schedcert-succ-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
  fs::create_directories(dir);
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      if (!std::getenv("SCHEDCERT_KEEP_PROOFS")) fs::remove_all(p, ec);
    }
  } cleanup{dir};
  const std::string proof = (dir / "q.drat").string();
  std::vector<Clause> all;  // every clause given to CaDiCaL, for the certificate
  struct Recorder {
    std::unique_ptr<SatBackend> s;
    std::vector<Clause>* all;
    void add(const std::vector<int>& c) {
      all->push_back(c);
      s->add(c);
    }
  };
  Recorder rb{make_cadical(proof), &all};
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
  sy::SolveOutcome out;
  const SatAnswer a = [&] {
    const auto solving = budget.phase("CaDiCaL solve (" + f.summary() + ")");
    return b->s->solve({}, timeout_ms / 1000.0);
  }();
  out.stats = "cadical, " + std::to_string(next - f.num_vars()) + " counter variables";
  if (a == SatAnswer::Sat) {
    out.status = sy::SolveOutcome::Status::Sat;
    out.values.assign(static_cast<std::size_t>(f.num_vars()) + 1, false);
    for (int v = 1; v <= f.num_vars(); ++v) out.values[static_cast<std::size_t>(v)] = b->s->value(v);
  } else if (a == SatAnswer::Unsat) {
    b->s.reset();  // closes the proof
    const auto checking = budget.phase("checking CaDiCaL's UNSAT proof");
    const UnsatCertificate c = certify_unsat(all, proof, (dir / "q").string(), "", false);
    out.stats += "; " + c.summary();
    if (c.verified()) {
      out.status = sy::SolveOutcome::Status::Unsat;
    } else {
      out.reason = "CaDiCaL answered unsat but the certificate did not check: " + c.summary();
    }
  } else {
    out.reason = budget.stopped() ? "the command's budget ran out" : "timeout";
  }
  out.seconds = since(t0);
  return out;
}

}  // namespace

std::uint64_t estimate_successive_query_bytes(const Network& net, unsigned steps) {
  const sy::Topology topo(net);
  const std::uint64_t vars = sy::SuccessiveEncoding::estimate_variables(topo, steps);
  const std::uint64_t formula = sy::SuccessiveEncoding::estimate_bytes(topo, steps);
  const std::uint64_t solver = sat_estimate_bytes(vars, vars > UINT64_MAX / 4 ? UINT64_MAX : 4 * vars);
  return formula > UINT64_MAX - solver ? UINT64_MAX : formula + solver;
}

SuccessiveBound successive_free_lower_bound(const Network& net, Model model) {
  const std::uint64_t n = net.size();
  SuccessiveBound b;
  if (n < 2) return b;
  std::uint64_t radius = ~std::uint64_t{0};
  for (schedules::Node v = 0; v < n; ++v) radius = std::min<std::uint64_t>(radius, net.eccentricity(v));
  b.steps = static_cast<unsigned>(n - 1 + radius);
  b.argument = "the last source receives the " + std::to_string(n - 1) +
               " earlier values in distinct steps before it sends its own, which then needs " +
               std::to_string(radius) + " more steps (radius of " + net.name() + ")";
  if (model == Model::ShoutWhisper || model == Model::SinglePortHalf) {
    const std::uint64_t leaves = verifier::max_leaves_upper_bound(net);
    const std::uint64_t fwd = 2 * n - 1 - std::min<std::uint64_t>(leaves, 2 * n - 1);
    if (fwd > b.steps) {
      b.steps = static_cast<unsigned>(fwd);
      b.argument = "some node forwards >= " + std::to_string(n - 1 - leaves) +
                   " values (a spanning tree of " + net.name() + " has <= " +
                   std::to_string(leaves) + " leaves) besides receiving " +
                   std::to_string(n - 1) + " and sending its own, all in distinct steps under " +
                   schedules::to_string(model) + " (Desprez et al. Prop. 2 with a leaf bound)";
    }
  }
  return b;
}

SynthesisResult synthesize_successive(const Network& net, Model model, unsigned steps,
                                      const SuccessiveOptions& opt) {
  check_synthesis_steps(steps, "synthesis");
  const auto t0 = Clock::now();
  SynthesisResult res;
  auto note = [&](const std::string& s) {
    res.stats += (res.stats.empty() ? "" : "; ") + s;
    if (!opt.quiet)
      std::cerr << "[successive] " << label(net, model, opt, steps) << " " << since(t0)
                << "s: " << s << std::endl;
  };
  const sy::Topology topo(net);
  const bool emit = !opt.emit_smt2_path.empty();
  sy::SuccessiveEncoding enc(topo, model, opt.fixed_sources, steps, opt.symmetry_breaking, emit);
  note("query: " + enc.formula().summary() + ", " + enc.notes());
  if (emit) {
    std::ofstream out(opt.emit_smt2_path);
    if (!out) throw InputError("emit_smt2_path: cannot write '" + opt.emit_smt2_path + "'");
    enc.formula().write_smt2(
        out, "schedcert successive-broadcast query: do an allocation and a schedule of " +
                 std::to_string(steps) + " steps exist?\nnetwork " + net.name() + ", model " +
                 schedules::to_string(model) + ", " + enc.notes() +
                 "\nunsat = no allocation and schedule of that many steps exist "
                 "(docs/successive-optimum.md)");
    if (!out) throw InputError("emit_smt2_path: error writing '" + opt.emit_smt2_path + "'");
  }
  const double left = opt.timeout_ms - since(t0) * 1000.0;
  const unsigned budget = left < 1 ? 1u : static_cast<unsigned>(left);
  const sy::SolveOutcome o = opt.solver_logic == "cadical"
                                 ? solve_with_cadical(enc.formula(), budget)
                                 : sy::solve_with_z3(enc.formula(), sy::SolveSettings{budget, opt.solver_logic});
  switch (o.status) {
    case sy::SolveOutcome::Status::Sat: {
      note("sat in " + std::to_string(o.seconds) + "s [" + o.stats + "]");
      Schedule s = enc.decode(o);
      const verifier::Verdict v = verifier::verify_native(s);  // fresh check
      if (!v.valid)
        throw std::logic_error("successive synthesis bug: the native verifier rejects the "
                               "decoded schedule: " +
                               (v.violation ? v.violation->message : std::string("?")));
      res.schedule = std::move(s);
      res.status = SynthesisStatus::Found;
      break;
    }
    case sy::SolveOutcome::Status::Unsat:
      note("unsat in " + std::to_string(o.seconds) + "s [" + o.stats + "]");
      res.status = SynthesisStatus::Impossible;
      res.certificate = "UNSAT of query " +
                        (emit ? opt.emit_smt2_path
                              : std::string("(in memory; set emit_smt2_path to keep it)")) +
                        ": " + enc.notes() + ", " + enc.formula().summary();
      break;
    case sy::SolveOutcome::Status::Unknown:
      note("unknown (" + o.reason + ") after " + std::to_string(o.seconds) + "s");
      res.status = SynthesisStatus::Unknown;
      break;
  }
  res.seconds = since(t0);
  return res;
}

OptimumResult minimize_successive(const Network& net, Model model, unsigned lo, unsigned hi,
                                  const SuccessiveOptions& options) {
  check_synthesis_steps(hi, "synthesis: the largest T searched");
  const auto t0 = Clock::now();
  OptimumResult out;
  const std::string& path = options.emit_smt2_path;
  std::vector<std::string> written;
  auto run_at = [&](unsigned T) {
    SuccessiveOptions o = options;
    const double left = options.timeout_ms - since(t0) * 1000.0;
    o.timeout_ms = left < 1 ? 1u : static_cast<unsigned>(left);
    if (!path.empty()) {
      o.emit_smt2_path = path + ".T" + std::to_string(T);
      written.push_back(o.emit_smt2_path);
    }
    return synthesize_successive(net, model, T, o);
  };
  auto finish = [&](std::optional<unsigned> keep) {
    for (const auto& f : written) {
      if (keep && f == path + ".T" + std::to_string(*keep)) {
        std::rename(f.c_str(), path.c_str());
        auto& cert = out.below.certificate;
        if (const auto at = cert.find(f); at != std::string::npos) cert.replace(at, f.size(), path);
      } else {
        std::remove(f.c_str());
      }
    }
    return std::move(out);
  };
  const schedules::Budget& budget = schedules::command_budget();
  std::optional<SynthesisResult> prev;
  for (unsigned T = lo; T <= hi; ++T) {
    budget.note_reached("T = " + std::to_string(T) + " undecided" +
                        (prev ? "; every T in [" + std::to_string(lo) + ", " + std::to_string(T - 1) +
                                    "] impossible (UNSAT, proof checked)"
                              : std::string()));
    SynthesisResult r = run_at(T);
    if (r.status == SynthesisStatus::Found) {
      out.optimum = T;
      out.at_optimum = std::move(r);
      if (T == 0) return finish(std::nullopt);
      out.below = prev ? std::move(*prev) : run_at(T - 1);
      if (out.below.status != SynthesisStatus::Impossible) out.optimum.reset();
      return finish(T - 1);
    }
    if (r.status == SynthesisStatus::Unknown) {
      out.at_optimum = std::move(r);
      if (prev) out.below = std::move(*prev);
      return finish(T - 1);
    }
    prev = std::move(r);
  }
  if (prev) out.below = std::move(*prev);
  return finish(hi);
}

}  // namespace schedcert::encodings
