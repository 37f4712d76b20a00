// Successive broadcasts with a free allocation: solving, decoding, native re-check, export and
// the least-T walk (design note in successive.hpp, docs/successive-optimum.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <memory>

#include "schedules/io/atomic_file.hpp"
#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/sat/backend.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/walk.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "schedules/budget/budget.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Network;
using schedules::Schedule;
namespace sy = synth;
using Clock = std::chrono::steady_clock;

namespace {


std::string label(const Network& net, Model m, const SuccessiveOptions& o, unsigned T) {
  return net.name() + " " + schedules::to_string(m) + " successive-broadcast allocation " +
         (o.fixed_sources.empty() ? "free" : "fixed") + " T=" + std::to_string(T);
}

}  // namespace

std::uint64_t estimate_successive_query_bytes(const Network& net, unsigned steps) {
  const sy::Topology topo(net);
  const std::uint64_t vars = sy::SuccessiveEncoding::estimate_variables(topo, steps);
  const std::uint64_t formula = sy::SuccessiveEncoding::estimate_bytes(topo, steps);
  const std::uint64_t solver =
      sat::sat_estimate_bytes(vars, vars > UINT64_MAX / 4 ? UINT64_MAX : 4 * vars);
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
    const auto certified =
        alpha::certified_leaf_bound(net);  // alpha(d), when certified (leaf_bound.hpp)
    const std::uint64_t leaves =
        certified ? std::min(certified->value, verifier::max_leaves_upper_bound(net))
                  : verifier::max_leaves_upper_bound(net);
    const std::uint64_t fwd = 2 * n - 1 - std::min<std::uint64_t>(leaves, 2 * n - 1);
    if (fwd > b.steps) {
      b.steps = static_cast<unsigned>(fwd);
      b.argument = "some node forwards >= " + std::to_string(n - 1 - leaves) +
                   " values (a spanning tree of " + net.name() + " has <= " +
                   std::to_string(leaves) + " leaves" +
                   (certified && certified->value == leaves ? ": alpha(" + std::to_string(net.dims()) +
                                                                  "), certified by search alpha"
                                                            : std::string()) +
                   ") besides receiving " +
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
      std::cerr << "[successive] " << label(net, model, opt, steps) << " " << schedules::budget::seconds_since(t0)
                << "s: " << s << std::endl;
  };
  const sy::Topology topo(net);
  const bool emit = !opt.emit_smt2_path.empty();
  const sy::SuccessiveSymmetry sym = !opt.symmetry_breaking ? sy::SuccessiveSymmetry::None
                                     : opt.lex_leader      ? sy::SuccessiveSymmetry::LexLeader
                                                           : sy::SuccessiveSymmetry::Rules;
  sy::SuccessiveEncoding enc(topo, model, opt.fixed_sources, steps, sym, emit);
  note("query: " + enc.formula().summary() + ", " + enc.notes());
  if (emit) {
    schedules::io::write_atomically("--emit-smt2", opt.emit_smt2_path, [&](std::ostream& out) {
      enc.formula().write_smt2(
        out, "schedcert successive-broadcast query: do an allocation and a schedule of " +
                 std::to_string(steps) + " steps exist?\nnetwork " + net.name() + ", model " +
                 schedules::to_string(model) + ", " + enc.notes() +
                 "\nunsat = no allocation and schedule of that many steps exist "
                 "(docs/successive-optimum.md)");
    });
  }
  const double left = opt.timeout_ms - schedules::budget::seconds_since(t0) * 1000.0;
  const unsigned budget = left < 1 ? 1u : static_cast<unsigned>(left);
  const sy::SolveOutcome o = opt.solver_logic == "cadical"
                                 ? sy::solve_with_cadical(enc.formula(), budget)
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
      res.certificate =
          "UNSAT of query " +
          (emit ? opt.emit_smt2_path : std::string("(in memory; --emit-smt2 FILE keeps it)")) +
          ": " + enc.notes() + ", " + enc.formula().summary() +
          (o.checks.empty() ? "" : "; " + o.checks);
      break;
    case sy::SolveOutcome::Status::Unknown:
      note("unknown (" + o.reason + ") after " + std::to_string(o.seconds) + "s");
      res.status = SynthesisStatus::Unknown;
      break;
  }
  res.seconds = schedules::budget::seconds_since(t0);
  return res;
}

OptimumResult minimize_successive(const Network& net, Model model, unsigned lo, unsigned hi,
                                  const SuccessiveOptions& options, const KnownUpper* upper) {
  check_synthesis_steps(hi, "synthesis: the largest T searched");
  const auto t0 = Clock::now();
  const std::string& path = options.emit_smt2_path;
  std::vector<std::string> written;
  Walk w;
  w.first = lo;
  w.hi = hi;
  w.bisect = options.bisect;
  w.run_at = [&](unsigned T) {
    SuccessiveOptions o = options;
    const double left = options.timeout_ms - schedules::budget::seconds_since(t0) * 1000.0;
    o.timeout_ms = left < 1 ? 1u : static_cast<unsigned>(left);
    if (!path.empty()) {
      o.emit_smt2_path = path + ".T" + std::to_string(T);
      written.push_back(o.emit_smt2_path);
    }
    return synthesize_successive(net, model, T, o);
  };
  if (upper) {
    // A successive broadcast of every node once, on the same network and model; with a fixed
    // allocation, the same sources in the same order (the free allocation takes any order).
    schedules::Problem want;
    want.kind = schedules::ProblemKind::SuccessiveBroadcast;
    want.sources = options.fixed_sources;
    check_known_upper(*upper, net, model, want, [&](const schedules::Problem& u) {
      if (u.packet_items != 1 || u.messages != 1) return std::string("the packet size or M");
      std::vector<Node> sorted = u.sources;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t v = 0; v < sorted.size(); ++v)
        if (sorted.size() != net.size() || sorted[v] != v)
          return std::string("the sources (every node exactly once)");
      if (!options.fixed_sources.empty() && u.sources != options.fixed_sources)
        return std::string("the allocation");
      return std::string();
    });
    set_known_upper(w, upper);
  }
  WalkOutcome walked = walk_least_steps(w);
  OptimumResult out = std::move(walked.result);
  if (upper) out.upper_label = upper->label;
  for (const auto& f : written) {
    if (walked.below_steps && f == path + ".T" + std::to_string(*walked.below_steps)) {
      std::rename(f.c_str(), path.c_str());
      auto& cert = out.below.certificate;
      if (const auto at = cert.find(f); at != std::string::npos) cert.replace(at, f.size(), path);
    } else {
      std::remove(f.c_str());
    }
  }
  return out;
}

}  // namespace schedcert::encodings::synth
