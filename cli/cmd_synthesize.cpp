// `schedcert synthesize`: Z3 bounded synthesis (encodings/synthesis.hpp). With --steps T it
// answers "a schedule of T steps exists" (found: written and verified natively; impossible:
// the certificate); without it, the least T from the computed lower bound upwards, with the
// certificate that T - 1 is impossible. Unknown (timeout) exits 3 and is never read as optimal.
// Successive broadcasts (--problem successive-broadcast) take their allocation from
// --allocation free (the solver chooses it: encodings/synth_successive.hpp), --allocation gray
// (the BRGC allocation of Desprez et al.) or --sources; a bijective allocation goes to the exact
// successive-broadcast encoding, any other list to the general pipeline.
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/words.hpp"
#include "encodings/synth_request.hpp"
#include "encodings/synth_sccl.hpp"
#include "encodings/synth_successive.hpp"
#include "encodings/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/schedule_json.hpp"
#include "certify/known_schedules.hpp"
#include "schedules/watchdog.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;

namespace {

struct SynthOptions {
  std::string network, model = "all-port", problem, out, emit, allocation, engine = "auto";
  std::vector<unsigned> sources;
  unsigned root = 0, messages = 1, steps = 0, max_steps = 0;
  double timeout = 600;
  bool quiet = false, no_symmetry = false, estimate = false;
  // The pipeline's phases to leave out (encodings/synthesis.hpp, skip_phases); --no-cayley
  // --no-bounds --no-slack is issue 19's exact mode.
  bool no_cayley = false, no_routes = false, no_bounds = false, no_slack = false, no_counts = false;
  // Issue 27, item 3: the walk's upper bound (a known schedule) and binary search.
  std::string upper_from;
  bool no_known_upper = false, bisect = false;
};

int report(const encodings::SynthesisResult& r, unsigned steps, const SynthOptions& o) {
  std::cout << "T = " << steps << ": " << encodings::to_string(r.status) << " ("
            << seconds_text(r.seconds) << ")\n";
  if (!r.certificate.empty()) std::cout << "  certificate: " << r.certificate << "\n";
  if (r.status == encodings::SynthesisStatus::Found && r.schedule) {
    std::cout << "  schedule: " << count_of(r.schedule->num_steps(), "step") << ", "
              << count_of(r.schedule->num_transmissions(), "transmission")
              << ", verified by the native verifier\n";
    if (r.schedule->problem().kind == ProblemKind::SuccessiveBroadcast) {
      std::cout << "  allocation (sources in broadcast order):";
      for (Node s : r.schedule->problem().sources) std::cout << " " << s;
      std::cout << "\n";
    }
    if (!o.out.empty()) {
      write_schedule_file(*r.schedule, o.out);
      std::cout << "  written to " << o.out << "\n";
    }
  }
  switch (r.status) {
    case encodings::SynthesisStatus::Found: return 0;
    case encodings::SynthesisStatus::Impossible: return 1;
    case encodings::SynthesisStatus::Unknown: return 3;
  }
  return 3;
}

int report_optimum(const encodings::OptimumResult& r, unsigned lo, unsigned hi,
                   const SynthOptions& o, const encodings::KnownUpper* upper = nullptr) {
  if (!r.optimum) {
    if (upper)
      std::cout << "no optimum established: the optimum is in [" << lo << ", " << upper->schedule.num_steps()
                << "] (a schedule of " << count_of(upper->schedule.num_steps(), "step") << " is known: " << upper->label
                << "); last answer " << encodings::to_string(r.at_optimum.status) << "\n";
    else
      std::cout << "no optimum established in [" << lo << ", " << hi << "]: last answer "
                << encodings::to_string(r.at_optimum.status) << "\n";
    if (!r.at_optimum.reason.empty()) std::cout << "  why: " << r.at_optimum.reason << "\n";
    if (r.below.status == encodings::SynthesisStatus::Impossible && !r.below.certificate.empty())
      std::cout << "  last impossible: " << r.below.certificate << "\n";
    return 3;
  }
  std::cout << "optimum: " << count_of(*r.optimum, "step") << "\n";
  if (*r.optimum > 0) report(r.below, *r.optimum - 1, o);
  return report(r.at_optimum, *r.optimum, o);
}

// --estimate: the query's estimated size at T against the memory budget, without building it.
int print_estimate(const std::string& query, unsigned T, bool at_lower_bound, std::uint64_t bytes) {
  const auto& budget = command_budget();
  std::cout << query << " query at T = " << T << (at_lower_bound ? " (the lower bound)" : "")
            << ": estimated " << format_bytes(bytes) << "; memory budget "
            << format_bytes(budget.working_limit()) << " (90 % of --max-memory): "
            << (budget.memory_limit() == 0 || bytes <= budget.headroom() ? "fits" : "does not fit") << "\n";
  return 0;
}

// --problem successive-broadcast with a bijective or free allocation.
int run_successive(const Network& net, Model m, const encodings::SynthesisRoute& route,
                   const SynthOptions& o) {
  encodings::SuccessiveOptions so;
  so.timeout_ms = schedules::seconds_to_ms(o.timeout);
  so.quiet = o.quiet;
  so.emit_smt2_path = o.emit;
  so.symmetry_breaking = !o.no_symmetry;
  so.fixed_sources = route.fixed_sources;
  so.solver_logic = o.engine == "z3" ? "QF_FD" : "cadical";  // auto: CaDiCaL
  std::cout << "synthesis: " << net.name() << ", " << to_string(m)
            << ", successive-broadcast(p=" << net.size() << "), allocation "
            << (route.fixed_sources.empty() ? "free (a bijection chosen by the solver)" : "fixed") << "\n";
  if (o.steps > 0 && o.estimate)
    return print_estimate("successive-broadcast", o.steps, false,
                          encodings::estimate_successive_query_bytes(net, o.steps));
  if (o.steps > 0)
    return report(encodings::synthesize_successive(net, m, o.steps, so), o.steps, o);
  const auto range = encodings::synthesis_range(net, m, route, o.max_steps);
  if (o.estimate)
    return print_estimate("successive-broadcast", range.lo, true,
                          encodings::estimate_successive_query_bytes(net, range.lo));
  std::cout << "lower bound " << range.lo << " (" << range.argument << ")\n";
  return report_optimum(encodings::minimize_successive(net, m, range.lo, range.hi, so), range.lo,
                        range.hi, o);
}

// ---- SCCL steps (issue 16; encodings/synth_sccl.hpp). Self-contained: its options, its
// --help text and its runner; the callback below calls run_sccl when one of them is given.
struct ScclCli {
  unsigned steps = 0;  // --sccl-steps S (with --steps R)
  bool least = false;  // --sccl
  bool wanted() const { return steps > 0 || least; }
};

void add_sccl_options(CLI::App* sub, const std::shared_ptr<ScclCli>& sc) {
  sub->add_option(
         "--sccl-steps", sc->steps,
         "SCCL (Cai et al., PPoPP 2021): decide whether an algorithm of S steps and --steps R rounds "
         "exists. A step lasts r_s >= 1 rounds (sum = R), every link carries at most r_s x its "
         "multiplicity chunks in it, and a chunk received in a step is forwarded only from the next "
         "step (steps are synchronisation points: S is SCCL's latency, R its bandwidth cost). "
         "All-port; multinode-broadcast (allgather, --messages C) or total-exchange (alltoall). "
         "Found: the algorithm expanded to R rounds (-o writes it), checked by the native verifier "
         "and the step rule. E.g. SCCL's DGX-1 allgather: -n dgx1 -p multinode-broadcast "
         "--messages 6 --sccl-steps 3 --steps 7")
      ->default_val(0);
  sub->add_flag("--sccl", sc->least,
                "SCCL: the least rounds R (schedcert's least T, with T - 1 refuted), then the least "
                "steps S for that R (or for --steps R), listing every (S, R) decided and which "
                "engine decided it (Z3 unsat, or the distance argument); --engine and --emit-smt2 "
                "apply to the rounds search only. E.g. -n dgx1 -p multinode-broadcast --messages 6 "
                "--sccl");
}

void print_sccl(const encodings::ScclResult& r) {
  std::cout << "(S, R) = (" << r.steps << ", " << r.rounds
            << "): " << encodings::to_string(r.status) << " (" << r.engine << ", "
            << seconds_text(r.seconds) << ")";
  if (r.status == encodings::SynthesisStatus::Found) {
    std::cout << ", rounds per step";
    for (std::size_t s = 0; s < r.rounds_per_step.size(); ++s)
      std::cout << (s ? " + " : " ") << r.rounds_per_step[s];
  }
  std::cout << "\n";
  if (!r.certificate.empty()) std::cout << "  certificate: " << r.certificate << "\n";
  if (!r.reason.empty()) std::cout << "  unknown: " << r.reason << "\n";
  if (r.schedule)
    std::cout << "  schedule: " << count_of(r.schedule->num_steps(), "round") << ", "
              << count_of(r.schedule->num_transmissions(), "transmission")
              << ", verified by the native verifier; step grouping checked (no chunk "
                 "forwarded within the step it arrived in)\n";
}

int sccl_exit(encodings::SynthesisStatus s) {
  return s == encodings::SynthesisStatus::Found ? 0 : s == encodings::SynthesisStatus::Impossible ? 1 : 3;
}

int run_sccl(const Network& net, Model m, const encodings::SynthesisRoute& route, const SynthOptions& o,
             const ScclCli& sc) {
  if (o.estimate) throw InputError("--estimate: not available with --sccl / --sccl-steps");
  const Problem& p = route.problem;
  encodings::check_sccl_request(net, m, p);  // before the rounds search
  encodings::SynthesisOptions so;  // the least-R search, as `synthesize` without --sccl runs it
  so.timeout_ms = schedules::seconds_to_ms(o.timeout);
  so.quiet = o.quiet;
  so.emit_smt2_path = o.emit;
  so.symmetry_breaking = !o.no_symmetry;
  if (o.engine == "cadical") so.solver_logic = "cadical";
  encodings::ScclOptions opt;
  opt.timeout_ms = so.timeout_ms;
  opt.quiet = o.quiet;
  std::cout << "synthesis (SCCL steps and rounds): " << net.name() << ", " << to_string(m) << ", "
            << p.describe() << "\n";
  if (sc.steps > 0 && !sc.least) {
    if (o.steps == 0) throw InputError("--sccl-steps needs --steps R (the number of rounds)");
    const encodings::ScclResult r = encodings::synthesize_sccl(net, m, p, sc.steps, o.steps, opt);
    print_sccl(r);
    if (r.schedule && !o.out.empty()) {
      write_schedule_file(*r.schedule, o.out);
      std::cout << "  written to " << o.out << "\n";
    }
    return sccl_exit(r.status);
  }
  if (sc.steps > 0) throw InputError("--sccl-steps and --sccl: give one (decide one S, or search the least)");
  unsigned R = o.steps;
  if (R == 0) {
    const auto range = encodings::synthesis_range(net, m, route, o.max_steps);
    std::cout << "rounds: lower bound " << range.bound << " (" << range.argument << ")\n";
    const encodings::OptimumResult best = encodings::minimize_steps(net, m, p, range.lo, range.hi, so);
    if (!best.optimum) {
      std::cout << "least rounds not established (last answer " << encodings::to_string(best.at_optimum.status)
                << "), so no least S\n";
      return 3;
    }
    R = *best.optimum;
    std::cout << "least rounds R = " << R << " (schedcert synthesis, "
              << seconds_text(best.at_optimum.seconds) << ")";
    if (R > 0 && best.below.status == encodings::SynthesisStatus::Impossible)
      std::cout << "; R = " << R - 1 << " impossible: " << best.below.certificate;
    std::cout << "\n";
  } else {
    std::cout << "rounds R = " << R << " (given by --steps; not searched)\n";
  }
  const encodings::ScclSearchResult s = encodings::minimize_sccl_steps(net, m, p, R, opt);
  for (const auto& r : s.tried) print_sccl(r);
  if (!s.least_steps) {
    bool all_impossible = !s.tried.empty();
    for (const auto& r : s.tried) all_impossible = all_impossible && r.status == encodings::SynthesisStatus::Impossible;
    if (all_impossible && s.tried.back().steps == R) {
      std::cout << "no S <= R = " << R << " works: every (S, " << R << ") is impossible (R is below the least R)\n";
      return 1;
    }
    std::cout << "least S for R = " << R << " not established (an unknown answer below the first found S)\n";
    return 3;
  }
  std::cout << "least S for R = " << R << ": " << *s.least_steps << " (every smaller S refuted: "
            << "by Z3 unsat of its exact query or by the distance argument, as listed)\n";
  const auto& found = s.tried.back();
  if (found.schedule && !o.out.empty()) {
    write_schedule_file(*found.schedule, o.out);
    std::cout << "  written to " << o.out << "\n";
  }
  return 0;
}
// ---- end SCCL steps

}  // namespace

void add_synthesize_command(CLI::App& app, std::function<int()>& action,
                            std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "synthesize",
      "Z3 bounded synthesis: does a schedule of T steps exist (--steps T), or the least T with "
      "a certificate that T - 1 is impossible. Exit 0 found, 1 impossible, 3 unknown");
  sub->footer(
      "Examples:\n"
      "  schedcert synthesize -n Q3 -m all-port -p broadcast\n"
      "  schedcert synthesize -n Q3 -m shout-whisper -p successive-broadcast --allocation free \\\n"
      "      -o best.json --emit-smt2 below.smt2\n"
      "      least T over every allocation (each node broadcasts once, in an order the solver\n"
      "      picks); best.json = a witness schedule with its sources, below.smt2 = the query for\n"
      "      T - 1 (standalone SMT-LIB2: `z3 below.smt2`, `cvc5 below.smt2` answer unsat)\n"
      "  schedcert synthesize -n Q3 -m shout-whisper -p successive-broadcast --allocation gray\n"
      "      the same with the Gray-code allocation of Desprez et al. 1993 fixed\n"
      "  schedcert synthesize -n Q4 -m shout-whisper -p successive-broadcast --allocation free \\\n"
      "      --steps 28 --timeout 600\n"
      "      decide one T only (exit 0 found, 1 impossible, 3 unknown)\n"
      "Successive broadcasts: node sources[j] broadcasts value j; every node receives the values\n"
      "in order (value j only in a step after value j - 1), and a source sends its value only\n"
      "once it holds the previous one (docs/successive-optimum.md).\n");
  auto o = std::make_shared<SynthOptions>();
  keep.push_back(o);
  sub->add_option("--network,-n", o->network, "network, e.g. Q4, C4xC4")->required();
  sub->add_option("--model,-m", o->model, "communication model")->default_val("all-port");
  sub->add_option("--problem,-p", o->problem, "problem kind (see `schedcert bound --help`)")
      ->required();
  sub->add_option("--root,-r", o->root, "root node")->default_val(0);
  sub->add_option("--messages,-M", o->messages, "M")->default_val(1);
  sub->add_option("--allocation", o->allocation,
                  "successive-broadcast: 'free' (the solver picks which node broadcasts j-th; "
                  "every node exactly once) or 'gray' (binary-reflected Gray code, hypercubes)")
      ->check(CLI::IsMember({"free", "gray"}));
  sub->add_option("--sources", o->sources,
                  "successive-broadcast: the sources in broadcast order (instead of --allocation)");
  sub->add_option("--steps,-T", o->steps, "decide exactly this T (0: search the least T)")
      ->default_val(0);
  sub->add_option("--max-steps", o->max_steps, "least-T search: give up above this T (0: bound + 64)")
      ->default_val(0);
  sub->add_option("--upper-from", o->upper_from,
                  "least-T search: a schedule file (same network, model and problem) whose step count bounds the "
                  "walk; verified natively first. Default: the best known schedule (a construction for the model, "
                  "or one derived from another model's construction by re-binding or splitting steps)");
  sub->add_flag("--no-known-upper", o->no_known_upper,
                "least-T search: do not look for a known schedule (walk up to --max-steps)");
  sub->add_flag("--bisect", o->bisect,
                "least-T search: binary search between the lower and the upper bound instead of walking up");
  sub->add_option("--timeout", o->timeout, "seconds for the solver calls (whole search)")
      ->default_val(600);
  sub->add_option("-o,--output", o->out, "write the found schedule here (JSON)");
  sub->add_option("--emit-smt2", o->emit, "write the exact query (for T - 1 in a search) as SMT-LIB2");
  sub->add_option("--engine", o->engine,
                  "the solver of the exact queries: 'cadical' (cardinalities as sequential "
                  "counters; every UNSAT's DRAT proof checked, and its LRAT by the checker proved "
                  "in Coq), 'z3', or 'auto' (CaDiCaL for successive broadcasts with a bijective or "
                  "free allocation, Z3 otherwise: the measured best, docs/synthesis.md)")
      ->check(CLI::IsMember({"auto", "z3", "cadical"}))
      ->default_val("auto");
  sub->add_flag("--no-symmetry", o->no_symmetry,
                "successive-broadcast: no symmetry-breaking rules (slower; same answers)");
  sub->add_flag("--no-cayley", o->no_cayley,
                "skip the translation-invariant restricted search (phase 3; it can only find)");
  sub->add_flag("--no-routes", o->no_routes,
                "skip the fixed balanced-routes restricted search for personalised items (phase "
                "3c; it can only find)");
  sub->add_flag("--no-bounds", o->no_bounds,
                "no counting bounds (phase 1): every answer comes from a query, and a least-T "
                "search starts at T = 0");
  sub->add_flag("--no-slack", o->no_slack,
                "leave the slack rules (the hop and port counts as clauses) out of the exact query");
  sub->add_flag("--no-counts", o->no_counts,
                "leave the per-node reception counts out of the exact query. Exact mode (issue "
                "19's benchmark): --no-cayley --no-bounds --no-slack; add --no-routes for the "
                "exact query alone (docs/synthesis.md)");
  sub->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  sub->add_flag("--estimate", o->estimate,
                "print the estimated memory of the exact query at --steps T (or at the lower "
                "bound) against --max-memory, without building it (docs/limits.md)");
  auto sccl = std::make_shared<ScclCli>();  // SCCL steps (run_sccl above)
  keep.push_back(sccl);
  add_sccl_options(sub, sccl);
  sub->callback([&action, o, sccl] {
    action = [o, sccl] {
      Network net = Network::parse(o->network);
      Problem p;
      p.kind = parse_problem_kind(o->problem);
      p.root = o->root;
      p.messages = o->messages;
      p.sources.assign(o->sources.begin(), o->sources.end());
      const Model m = parse_model(o->model);
      const auto route = encodings::route_synthesis(net, p, o->allocation);
      std::vector<std::string> skip;  // --no-<phase>, checked and applied by the library
      for (const auto& [flag, name] : {std::pair{o->no_cayley, "cayley"}, {o->no_routes, "routes"},
                                       {o->no_bounds, "bounds"}, {o->no_slack, "slack"},
                                       {o->no_counts, "counts"}})
        if (flag) skip.emplace_back(name);
      encodings::SynthesisOptions so;
      skip_phases(so, skip, sccl->wanted() ? "--sccl" : route.successive ? "successive broadcasts" : "");
      if (sccl->wanted()) return run_sccl(net, m, route, *o, *sccl);
      if (route.successive) return run_successive(net, m, route, *o);
      p = route.problem;
      so.timeout_ms = schedules::seconds_to_ms(o->timeout);
      so.quiet = o->quiet;
      so.emit_smt2_path = o->emit;
      so.symmetry_breaking = !o->no_symmetry;
      if (o->engine == "cadical") so.solver_logic = "cadical";
      std::cout << "synthesis: " << net.name() << ", " << to_string(m) << ", " << p.describe() << "\n";
      if (o->steps > 0 && !o->estimate)
        return report(encodings::synthesize(net, m, p, o->steps, so), o->steps, *o);
      const auto range = encodings::synthesis_range(net, m, route, o->max_steps);
      if (o->estimate) {
        const unsigned T = o->steps > 0 ? o->steps : range.lo;
        return print_estimate("exact time-indexed", T, o->steps == 0,
                              encodings::estimate_exact_query_bytes(net, m, p, T));
      }
      const unsigned lo = encodings::walk_start(so, range), hi = range.hi;
      std::cout << "lower bound " << range.bound << " (" << range.argument << ")\n";
      so.bisect = o->bisect;
      std::optional<encodings::KnownUpper> upper;
      if (!o->upper_from.empty()) {
        upper = encodings::KnownUpper{read_schedule_file(o->upper_from).schedule, "--upper-from " + o->upper_from};
      } else if (!o->no_known_upper) {
        if (auto b = certify::best_known_schedule(net, m, p)) upper = encodings::KnownUpper{std::move(b->s), b->label};
      }
      if (upper)
        std::cout << "upper bound " << upper->schedule.num_steps() << " (" << upper->label
                  << "; checked by the native verifier before the walk)\n";
      // --max-steps below the lower bound: the question is whether T = hi works (it cannot).
      if (hi < lo) return report(encodings::synthesize(net, m, p, hi, so), hi, *o);
      return report_optimum(encodings::minimize_steps(net, m, p, lo, hi, so, upper ? &*upper : nullptr), lo, hi, *o,
                            upper ? &*upper : nullptr);
    };
  });
}

}  // namespace schedcert::cli
