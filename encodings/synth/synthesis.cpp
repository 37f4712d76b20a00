// Bounded synthesis: the pipeline of synthesis.hpp (bounds, reversal, Cayley search, exact
// time-indexed query) and the search for the smallest T. Each phase lives in its own
// synth_*.cpp file; this file only orders them, keeps the clock, checks every schedule natively
// and words the certificates.
#include "schedules/io/atomic_file.hpp"
#include "encodings/synth/synthesis.hpp"

#include <chrono>
#include <climits>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/allreduce.hpp"
#include "encodings/synth/bounds.hpp"
#include "encodings/synth/cayley.hpp"
#include "encodings/synth/cayley_moves.hpp"
#include "encodings/synth/reverse.hpp"
#include "encodings/synth/routes.hpp"
#include "encodings/synth/timeindexed.hpp"
#include "encodings/synth/walk.hpp"
#include "schedules/budget/watchdog.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Network;
using schedules::Problem;
using schedules::Schedule;
namespace sy = synth;

std::string to_string(SynthesisStatus s) {
  switch (s) {
    case SynthesisStatus::Found: return "found";
    case SynthesisStatus::Impossible: return "impossible";
    case SynthesisStatus::Unknown: return "unknown";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

struct Run {
  const Network& net;
  Model model;
  const Problem& problem;
  unsigned steps;
  const SynthesisOptions& opt;
  Clock::time_point start = Clock::now();
  SynthesisResult res;

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  unsigned remaining_ms() const {
    const double left = opt.timeout_ms - elapsed() * 1000.0;
    return left < 1.0 ? 1u : static_cast<unsigned>(left);
  }
  std::string label() const {
    return net.name() + " " + schedules::to_string(model) + " " + problem.describe() +
           " T=" + std::to_string(steps);
  }
  void note(const std::string& s) {
    res.stats += (res.stats.empty() ? "" : "; ") + s;
    if (!opt.quiet)
      std::cerr << "[synth] " << label() << " " << elapsed() << "s: " << s << std::endl;
  }
  void account(const sy::SolveOutcome& o) {
    res.search_seconds += o.search_seconds;
    res.check_seconds += o.check_seconds;
  }
  SynthesisResult finish(SynthesisStatus st) {
    res.status = st;
    res.seconds = elapsed();
    if (!opt.quiet)
      std::cerr << "[synth] " << label() << ": " << to_string(st) << " in " << res.seconds
                << "s" << std::endl;
    return std::move(res);
  }
};

// The native re-check of every schedule synthesis returns (a fresh verifier run).
Schedule checked(Schedule s, unsigned steps, const std::string& phase) {
  const verifier::Verdict v = verifier::verify_native(s);
  if (!v.valid)
    throw std::logic_error("synthesis bug: the " + phase + " phase produced a schedule the native "
                           "verifier rejects: " + (v.violation ? v.violation->message : "?"));
  if (s.num_steps() > steps)
    throw std::logic_error("synthesis bug: " + phase + " schedule has " +
                           std::to_string(s.num_steps()) + " steps, more than " +
                           std::to_string(steps));
  return s;
}

// The same transmissions, bound to the problem exactly as the caller stated it.
Schedule rebind(const Schedule& s, const Problem& p) {
  Schedule out(s.network(), s.model(), p);
  out.provenance() = s.provenance();
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    out.begin_step();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
      out.add(s.from(k), s.to(k), s.packet(k));
  }
  return out;
}

template <class Encoding>
void write_query(const Encoding& enc, const std::string& path,
                 const std::string& what) {
  schedules::io::write_atomically("--emit-smt2", path,
                                  [&](std::ostream& out) { enc.formula().write_smt2(out, what); });
}

std::string query_header(const Run& r, const std::string& notes) {
  return "schedcert bounded synthesis query: does a schedule of " + std::to_string(r.steps) +
         " steps exist?\nnetwork " + r.net.name() + ", model " + schedules::to_string(r.model) +
         ", problem " + r.problem.describe() + "\nencoding: " + notes +
         "\nunsat = no schedule of that many steps exists (docs/synthesis.md)";
}

// Phase 1's bounds, strongest first: the encoding's own counting arguments (bounds.hpp)
// and the verifier's (verifier/bounds.hpp) with the certified leaf bound (leaf_bound.hpp). Both
// bound every schedule the native verifier accepts, which every answer here is checked against.
std::vector<sy::LowerBound> counting_bounds(const Network& net, const sy::Topology& topo, Model model,
                                            const Problem& p) {
  std::vector<sy::LowerBound> bounds = sy::lower_bounds(topo, model, p);
  const verifier::Bound v = alpha::best_lower_bounds(net, model, p).steps;
  if (v.value > (bounds.empty() ? 0u : bounds[0].steps))
    bounds.insert(bounds.begin(),
                  sy::LowerBound{static_cast<unsigned>(std::min<std::uint64_t>(v.value, UINT_MAX)), v.argument});
  return bounds;
}

// solver_logic "cadical": CaDiCaL (every UNSAT proof-checked); "auto": Z3 with `auto_logic`
// ("QF_FD" for the small restricted queries, "" = Z3's default solver for the exact one);
// anything else: Z3 with that logic.
sy::SolveOutcome solve(const sy::Formula& f, unsigned timeout_ms, const std::string& solver_logic,
                       const char* auto_logic) {
  if (solver_logic == "cadical") return sy::solve_with_cadical(f, timeout_ms);
  return sy::solve_with_z3(f, sy::SolveSettings{timeout_ms, solver_logic == "auto" ? auto_logic : solver_logic});
}

std::string status_word(const sy::SolveOutcome& o) {
  switch (o.status) {
    case sy::SolveOutcome::Status::Sat: return "sat";
    case sy::SolveOutcome::Status::Unsat: return "unsat";
    case sy::SolveOutcome::Status::Unknown: break;
  }
  return "unknown (" + o.reason + ")";
}

sy::AllreduceEncoding::Flags allreduce_flags(const SynthesisOptions& o, bool names) {
  sy::AllreduceEncoding::Flags f;
  f.whole_values = o.allreduce_whole_values;
  f.keep_names = names;
  return f;
}

// The sender-count rule's leaf bound (timeindexed.hpp): alpha(d) of Q_d when certified (both
// proof checks passed), otherwise the degree count, which holds for every network.
sy::EncodeFlags flags(const schedules::Network& net, const SynthesisOptions& o, bool names) {
  sy::EncodeFlags f;
  f.symmetry = o.symmetry_breaking;
  f.slack = o.slack_rules;
  f.counts = o.count_rules;
  if (o.cds_rules) f.leaf_bound = alpha::best_leaf_bound(net);
  f.lex_leader = o.lex_leader;
  f.keep_names = names;
  return f;
}

SynthesisResult synthesize_impl(Run& run) {
  const Problem& p = run.problem;
  p.validate(run.net);
  const sy::Topology topo(run.net);
  // Allreduce has its own exact encoding (allreduce.hpp) and none of phases 2-3c.
  const bool allreduce = p.kind == schedules::ProblemKind::Allreduce;
  const auto items = allreduce ? std::vector<sy::FlowItem>{} : sy::items_to_move(p, topo.n());
  if (allreduce ? topo.n() < 2 : items.empty()) {
    Schedule s(run.net, run.model, p);
    for (unsigned t = 0; t < run.steps; ++t) s.begin_step();
    run.res.schedule = checked(std::move(s), run.steps, "trivial");
    run.note("nothing to move");
    return run.finish(SynthesisStatus::Found);
  }

  // Phase 1: counting and cut bounds.
  if (run.opt.counting_bounds) {
    const auto bounds = counting_bounds(run.net, topo, run.model, p);
    if (!bounds.empty()) {
      run.note("lower bound " + std::to_string(bounds[0].steps));
      if (run.steps < bounds[0].steps) {
        const auto steps = [](std::uint64_t n) {  // "1 step", "2 steps" (issue 29)
          return std::to_string(n) + (n == 1 ? " step" : " steps");
        };
        run.res.certificate = "counting argument: every schedule needs at least " +
                              steps(bounds[0].steps) + " because " + bounds[0].argument + " (so " +
                              steps(run.steps) + (run.steps == 1 ? " is" : " are") + " impossible)";
        if (!run.opt.emit_smt2_path.empty()) {
          if (allreduce) {
            sy::AllreduceEncoding enc(topo, run.model, p, run.steps, allreduce_flags(run.opt, true));
            write_query(enc, run.opt.emit_smt2_path, query_header(run, enc.notes()));
          } else {
            sy::TimeIndexedEncoding enc(topo, run.model, p, run.steps, flags(run.net, run.opt, true));
            write_query(enc, run.opt.emit_smt2_path, query_header(run, enc.notes()));
          }
          run.res.certificate += "; the exact query was written to " + run.opt.emit_smt2_path +
                                 " but not solved";
        }
        return run.finish(SynthesisStatus::Impossible);
      }
    }
  }

  // Phase 2: combining problems as reversed broadcasts.
  // Not on directed networks: the reversed schedule would use the arcs backwards.
  if (!allreduce && run.opt.reverse_combining && p.combining() && !run.net.directed()) {
    if (auto dual = sy::combining_dual(p, run.model)) {
      SynthesisOptions o = run.opt;
      o.timeout_ms = run.remaining_ms();
      run.note("solving the reversed problem " + dual->describe());
      SynthesisResult d = synthesize(run.net, run.model, *dual, run.steps, o);
      run.note("dual: " + d.stats);
      run.res.search_seconds += d.search_seconds;
      run.res.check_seconds += d.check_seconds;
      if (d.status == SynthesisStatus::Found) {
        run.res.schedule =
            checked(rebind(sy::reverse_dual_schedule(*d.schedule), p), run.steps, "reversal");
        return run.finish(SynthesisStatus::Found);
      }
      if (d.status == SynthesisStatus::Impossible) {
        run.res.certificate =
            "reversal duality (Bertsekas et al. 1991 §1; docs/synthesis.md): " + p.describe() +
            " in " + std::to_string(run.steps) + " steps exists iff " + dual->describe() +
            " does under " + schedules::to_string(run.model) + "; and for it: " + d.certificate;
        return run.finish(SynthesisStatus::Impossible);
      }
      return run.finish(SynthesisStatus::Unknown);
    }
  }

  // Phase 3: translation-invariant restricted searches (find schedules; UNSAT proves nothing).
  auto restricted = [&](auto& enc, const char* name, unsigned budget_ms) -> bool {
    run.note(std::string(name) + " query: " + enc.formula().summary() + ", " + enc.notes());
    const sy::SolveOutcome o = solve(enc.formula(), std::max(1u, budget_ms), run.opt.solver_logic, "QF_FD");
    run.account(o);
    run.note(std::string(name) + " " + status_word(o) + " in " + std::to_string(o.seconds) +
             "s [" + o.stats + "]");
    if (o.status != sy::SolveOutcome::Status::Sat) return false;
    run.res.schedule = checked(enc.decode(o), run.steps, name);
    return true;
  };
  // A restricted query that cannot fit the memory budget is skipped (it could only find a
  // schedule, never refute one); the exact query still runs, or is refused on its own.
  auto fits = [&](const char* name, auto&& attempt) -> bool {
    try {
      return attempt();
    } catch (const schedules::budget::TooLarge& e) {
      run.note(std::string(name) + " skipped: " + e.what());
      return false;
    }
  };
  if (!allreduce && run.opt.cayley_first && sy::CayleyMoveEncoding::applicable(run.net, run.model, p) &&
      fits("cayley-moves", [&] {
        sy::CayleyMoveEncoding enc(topo, run.model, p, run.steps);
        return restricted(enc, "cayley-moves", run.remaining_ms() / 4);
      }))
    return run.finish(SynthesisStatus::Found);
  if (!allreduce && run.opt.cayley_first && sy::CayleyEncoding::applicable(run.net, run.model, p) &&
      fits("cayley", [&] {
        sy::CayleyEncoding enc(topo, run.model, p, run.steps, run.opt.symmetry_breaking, false);
        return restricted(enc, "cayley", run.remaining_ms() / 3);
      }))
    return run.finish(SynthesisStatus::Found);

  // Phase 3c: fixed balanced routes for the personalised items (find schedules; UNSAT proves
  // nothing). One packet per item and no combining: a route is a path of single-item packets.
  if (!allreduce && run.opt.routes_first && p.packet_items == 1 && !p.combining() &&
      fits("routes", [&] {
        // Too large for the exact query is too large to be worth routing (TooLarge: skipped).
        schedules::budget::command_budget().admit(
            sy::TimeIndexedEncoding::estimate_bytes(topo, run.model, p, run.steps),
            "the routes query");
        const sy::RoutePlan plan = sy::balanced_routes(topo, items, run.model, run.steps);
        if (plan.restricted == 0) return false;
        run.note("routes: " + plan.summary());
        if (!plan.hopeless.empty()) {
          run.note("routes query skipped: " + plan.hopeless);
          return false;
        }
        sy::EncodeFlags f = flags(run.net, run.opt, false);
        f.routes = &plan.routes;
        // The cut counts only slow this small job shop down (Q4 total exchange T = 8: 0.06 s
        // without, 0.9 s with); it can only find, so it needs no refutation power.
        f.cut_counts = false;
        sy::TimeIndexedEncoding enc(topo, run.model, p, run.steps, f);
        return restricted(enc, "routes", run.remaining_ms() / 4);
      }))
    return run.finish(SynthesisStatus::Found);

  // Phase 4: the exact time-indexed query (allreduce: its own encoding, solved by CaDiCaL with
  // checked proofs unless an engine is forced).
  const bool emit = !run.opt.emit_smt2_path.empty();
  auto exact = [&](auto& enc, const std::string& logic) {
    run.note("exact query: " + enc.formula().summary() + ", " + enc.notes());
    if (emit) write_query(enc, run.opt.emit_smt2_path, query_header(run, enc.notes()));
    const sy::SolveOutcome o = solve(enc.formula(), run.remaining_ms(), logic, "");
    run.account(o);
    run.note(std::string("exact ") + status_word(o) + " in " + std::to_string(o.seconds) + "s [" + o.stats + "]");
    switch (o.status) {
      case sy::SolveOutcome::Status::Sat:
        run.res.schedule = checked(enc.decode(o), run.steps, "time-indexed");
        return run.finish(SynthesisStatus::Found);
      case sy::SolveOutcome::Status::Unsat:
        run.res.certificate =
            "UNSAT of query " +
            (emit ? run.opt.emit_smt2_path : std::string("(in memory; --emit-smt2 FILE keeps it)")) +
            ": " + enc.notes() + ", " + enc.formula().summary() +
            (o.checks.empty() ? "" : "; " + o.checks) +
            (logic == "cadical" ? " [" + o.stats + "]" : "");
        return run.finish(SynthesisStatus::Impossible);
      case sy::SolveOutcome::Status::Unknown: break;
    }
    return run.finish(SynthesisStatus::Unknown);
  };
  if (allreduce) {
    sy::AllreduceEncoding enc(topo, run.model, p, run.steps, allreduce_flags(run.opt, emit));
    return exact(enc, run.opt.solver_logic == "auto" ? std::string("cadical") : run.opt.solver_logic);
  }
  sy::TimeIndexedEncoding enc(topo, run.model, p, run.steps, flags(run.net, run.opt, emit));
  return exact(enc, run.opt.solver_logic);
}

}  // namespace

// Allreduce (docs/allreduce.md): its own encoding (allreduce.hpp), all models but
// shout-whisper.
static void refuse_allreduce(const Problem& p, Model model) {
  if (p.kind == schedules::ProblemKind::Allreduce) sy::AllreduceEncoding::check_model(model);
}

void check_synthesis_steps(std::uint64_t steps, const char* what) {
  if (steps > kMaxSynthesisSteps)
    throw InputError(std::string(what) + ": T = " + std::to_string(steps) +
                     " steps; the time-indexed encodings take at most 2^16");
}

std::uint64_t estimate_exact_query_bytes(const Network& net, Model model, const Problem& problem,
                                         unsigned steps) {
  check_synthesis_steps(steps, "synthesis");
  problem.validate(net);
  refuse_allreduce(problem, model);
  const sy::Topology topo(net);
  if (problem.kind == schedules::ProblemKind::Allreduce)
    return sy::AllreduceEncoding::estimate_bytes(topo, problem, steps);
  return sy::TimeIndexedEncoding::estimate_bytes(topo, model, problem, steps);
}

SynthesisResult synthesize(const Network& net, Model model, const Problem& problem,
                           unsigned steps, const SynthesisOptions& options) {
  check_synthesis_steps(steps, "synthesis");
  refuse_allreduce(problem, model);
  Run run{net, model, problem, steps, options, Clock::now(), {}};
  return synthesize_impl(run);
}

OptimumResult minimize_steps(const Network& net, Model model, const Problem& problem, unsigned lo,
                             unsigned hi, const SynthesisOptions& options, const KnownUpper* upper) {
  const auto start = Clock::now();
  auto remaining = [&] {
    const double used =
        std::chrono::duration<double>(Clock::now() - start).count() * 1000.0;
    return used >= options.timeout_ms ? 1u : static_cast<unsigned>(options.timeout_ms - used);
  };
  problem.validate(net);
  refuse_allreduce(problem, model);
  check_synthesis_steps(hi, "synthesis: the largest T searched");
  unsigned first = lo;
  if (options.counting_bounds) {
    const sy::Topology topo(net);
    const auto bounds = counting_bounds(net, topo, model, problem);
    if (!bounds.empty()) first = std::max(first, bounds[0].steps);
  }
  OptimumResult out;
  // Every T writes its own query file (path.T<k>); the one of `below` is renamed to the path
  // asked for at the end, the others removed.
  const std::string& path = options.emit_smt2_path;
  std::vector<std::string> written;
  auto run_at = [&](unsigned T) {
    SynthesisOptions o = options;
    o.timeout_ms = remaining();
    if (!path.empty()) {
      o.emit_smt2_path = path + ".T" + std::to_string(T);
      written.push_back(o.emit_smt2_path);
    }
    // A walk over T ends Unknown, with the bounds it reached, when the command's budget runs out
    // or the next query cannot fit in memory (issue 18); a single T (synthesize) lets both
    // through (exit 3 and exit 2).
    auto unknown = [&](const std::exception& e) {
      SynthesisResult r;
      r.reason = "T = " + std::to_string(T) + ": " + e.what();
      return r;
    };
    try {
      return synthesize(net, model, problem, T, o);
    } catch (const schedules::budget::TooLarge& e) {
      return unknown(e);
    } catch (const schedules::budget::BudgetExceeded& e) {
      return unknown(e);
    }
  };
  auto finish = [&](std::optional<unsigned> below_steps) {
    for (const auto& f : written) {
      if (below_steps && f == path + ".T" + std::to_string(*below_steps)) {
        std::rename(f.c_str(), path.c_str());
        auto& cert = out.below.certificate;
        for (auto at = cert.find(f); at != std::string::npos; at = cert.find(f, at + path.size()))
          cert.replace(at, f.size(), path);
      } else
        std::remove(f.c_str());
    }
    return std::move(out);
  };
  // A known schedule of U steps (verified natively again here) bounds the walk (walk.hpp).
  sy::Walk w;
  w.first = first;
  w.hi = hi;
  w.bisect = options.bisect;
  w.run_at = run_at;
  if (upper) {
    sy::check_known_upper(*upper, net, model, problem, [&](const Problem& u) {
      if (u.messages != problem.messages) return std::string("M");
      if (u.packet_items != problem.packet_items) return std::string("the packet size");
      if (problem.has_root() && u.root != problem.root) return std::string("the root");
      return std::string();
    });
    if (problem.kind == schedules::ProblemKind::Allreduce && options.allreduce_whole_values &&
        !sy::sends_whole_values(upper->schedule))
      throw InputError("the upper bound's schedule (" + upper->label + ") forwards allreduce partial sums that "
                       "are not its senders' current values: not in the whole-values class this walk "
                       "refutes (give --allreduce-any-subsets, or another schedule)");
    sy::set_known_upper(w, upper);
  }
  sy::WalkOutcome walked = sy::walk_least_steps(w);
  out = std::move(walked.result);
  if (upper) out.upper_label = upper->label;
  return finish(walked.below_steps);
}

}  // namespace schedcert::encodings::synth
