// `schedcert synthesize`: Z3 bounded synthesis (encodings/synth/synthesis.hpp). With --steps T it
// answers "a schedule of T steps exists" (found: written and verified natively; impossible:
// the certificate); without it, the least T from the computed lower bound upwards, with the
// certificate that T - 1 is impossible. Unknown (timeout) exits 3 and is never read as optimal.
// Successive broadcasts (--problem successive-broadcast) take their allocation from
// --allocation free (the solver chooses it: encodings/synth/successive.hpp), --allocation gray
// (the BRGC allocation of Desprez et al.) or --sources; a bijective allocation goes to the exact
// successive-broadcast encoding, any other list to the general pipeline.
// Its options are in cli/synth_cli.hpp; --coq is cli/synth_coq.cpp, --sccl cli/synth_sccl.cpp.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/synth_cli.hpp"
#include "cli/synth_composition.hpp"
#include "cli/words.hpp"
#include "encodings/synth/allreduce.hpp"
#include "encodings/synth/allreduce_compose.hpp"
#include "encodings/synth/request.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "certify/known_schedules.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;
using namespace schedcert::schedules::budget;

namespace {

int report(const encodings::synth::SynthesisResult& r, unsigned steps, const SynthOptions& o) {
  std::cout << "T = " << steps << ": " << encodings::synth::to_string(r.status) << " ("
            << seconds_text(r.seconds) << ")\n";
  if (!r.certificate.empty()) std::cout << "  certificate: " << r.certificate << "\n";
  if (r.status == encodings::synth::SynthesisStatus::Found && r.schedule) {
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
    case encodings::synth::SynthesisStatus::Found:
      return 0;
    case encodings::synth::SynthesisStatus::Impossible:
      return 1;
    case encodings::synth::SynthesisStatus::Unknown:
      return 3;
  }
  return 3;
}

int report_optimum(const encodings::synth::OptimumResult& r, unsigned lo, unsigned hi,
                   const SynthOptions& o, const encodings::synth::KnownUpper* upper = nullptr) {
  if (!r.optimum) {
    if (r.best_found) {  // a bisection found a schedule below the known one, then hit an unknown T
      const unsigned found = r.best_found->first;
      std::cout << "no optimum established: the optimum is in [" << lo << ", " << found << "] (found a schedule of "
                << count_of(found, "step");
      if (upper) std::cout << ", below the known " << upper->schedule.num_steps() << " of " << upper->label;
      std::cout << "); last answer " << encodings::synth::to_string(r.at_optimum.status) << "\n";
      if (!r.at_optimum.reason.empty()) std::cout << "  why: " << r.at_optimum.reason << "\n";
      if (r.below.status == encodings::synth::SynthesisStatus::Impossible && !r.below.certificate.empty())
        std::cout << "  last impossible: " << r.below.certificate << "\n";
      report(r.best_found->second, found, o);
      return 3;
    }
    if (upper)
      std::cout << "no optimum established: the optimum is in [" << lo << ", "
                << upper->schedule.num_steps() << "] (a schedule of "
                << count_of(upper->schedule.num_steps(), "step") << " is known: " << upper->label
                << "); last answer " << encodings::synth::to_string(r.at_optimum.status) << "\n";
    else
      std::cout << "no optimum established in [" << lo << ", " << hi << "]: last answer "
                << encodings::synth::to_string(r.at_optimum.status) << "\n";
    if (!r.at_optimum.reason.empty()) std::cout << "  why: " << r.at_optimum.reason << "\n";
    if (r.below.status == encodings::synth::SynthesisStatus::Impossible &&
        !r.below.certificate.empty())
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
int run_successive(const Network& net, Model m, const encodings::synth::SynthesisRoute& route,
                   const SynthOptions& o) {
  encodings::synth::SuccessiveOptions so;
  so.timeout_ms = schedules::budget::seconds_to_ms(o.timeout);
  so.quiet = o.quiet;
  so.emit_smt2_path = o.emit;
  so.symmetry_breaking = !o.no_symmetry;
  so.lex_leader = o.lex_leader;
  so.fixed_sources = route.fixed_sources;
  so.solver_logic = o.engine == "z3" ? "QF_FD" : "cadical";  // auto: CaDiCaL
  std::cout << "synthesis: " << net.name() << ", " << to_string(m)
            << ", successive-broadcast(p=" << net.size() << "), allocation "
            << (route.fixed_sources.empty() ? "free (a bijection chosen by the solver)" : "fixed") << "\n";
  if (o.steps > 0 && o.estimate)
    return print_estimate("successive-broadcast", o.steps, false,
                          encodings::synth::estimate_successive_query_bytes(net, o.steps));
  if (o.steps > 0)
    return report(encodings::synth::synthesize_successive(net, m, o.steps, so), o.steps, o);
  const auto range = encodings::synth::synthesis_range(net, m, route, o.max_steps);
  if (o.estimate)
    return print_estimate("successive-broadcast", range.lo, true,
                          encodings::synth::estimate_successive_query_bytes(net, range.lo));
  std::cout << "lower bound " << range.lo << " (" << range.argument << ")\n";
  // Issue 27, item 3: the walk stops below a known schedule (--upper-from FILE, or the best
  // construction / derived schedule; with a fixed allocation only one with the same order).
  so.bisect = o.bisect;
  std::optional<encodings::synth::KnownUpper> upper;
  if (!o.upper_from.empty()) {
    upper = encodings::synth::KnownUpper{read_schedule_file(o.upper_from).schedule, "--upper-from " + o.upper_from};
  } else if (!o.no_known_upper) {
    schedules::Problem want;
    want.kind = ProblemKind::SuccessiveBroadcast;
    want.sources = route.fixed_sources;
    if (auto b = certify::best_known_schedule(net, m, want);
        b && (route.fixed_sources.empty() || b->s.problem().sources == route.fixed_sources))
      upper = encodings::synth::KnownUpper{std::move(b->s), b->label};
  }
  if (upper)
    std::cout << "upper bound " << upper->schedule.num_steps() << " (" << upper->label
              << "; checked by the native verifier before the walk)\n";
  const auto best = encodings::synth::minimize_successive(net, m, range.lo, range.hi, so, upper ? &*upper : nullptr);
  return write_coq_optimum(best, report_optimum(best, range.lo, range.hi, o), o, route.fixed_sources.empty());
}


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
  sub->add_flag("--no-composition", o->no_compose,
                "allreduce least-T search: skip the restricted phase that composes the optimal reduce-scatter and "
                "allgather (M = N; M = 1: reduce and broadcast) into the walk's upper bound");
  sub->add_option("--composition-output", o->composition_out,
                  "allreduce: also write the composed reduce-scatter + allgather schedule here (JSON), e.g. to "
                  "compare its time with the step optimum's (schedcert cost)");
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
                  "free allocation and for allreduce, Z3 otherwise: the measured best, docs/synthesis.md)")
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
  sub->add_flag("--no-cds", o->no_cds,
                "leave the sender counts out of the exact query: the nodes that send an item every "
                "node needs form a connected dominating set, so there are at least n - alpha of "
                "them (alpha: a certified leaf bound, or the degree count; docs/synthesis.md)");
  sub->add_flag("--lex-leader", o->lex_leader,
                "symmetry breaking in the exact query by lex-leader constraints over the network's "
                "whole automorphism group (nauty's generators; items move with the nodes they start "
                "at) instead of the anchor rules; for successive broadcasts instead of the coordinate "
                "rules, with the allocation free (a source moves with its node) or fixed (only "
                "automorphisms fixing every source) (encodings/synth/lex_leader.hpp; docs/synthesis.md)");
  sub->add_option("--coq", o->coq,
                  "least-T search: write DIR/optimum_<instance>.v, the optimum as a Coq theorem "
                  "(optimal_steps, coq/synth/SynthCnf.v) from the witness and T - 1 refuted on the CNF "
                  "generated in Coq (regenerated and compared by schedcert-lrat --synth; docs/coq.md)");
  sub->add_option("--coq-lrat-max", o->coq_lrat_max,
                  "with --coq: embed the LRAT proof of T - 1 when it has at most BYTES bytes, and prove "
                  "`optimum` without premise (vm_compute); otherwise only optimum_from_lrat")
      ->default_val(4 << 20);
  sub->add_flag("--coq-no-symmetry", o->coq_no_symmetry,
                "with --coq and --allocation free: refute T - 1 on free_cnf (coq/synth/SynthFree.v) alone. "
                "By default, when the network's translations map every node to node 0 (products of K2, "
                "rings and complete graphs), T - 1 is refuted on free_sym_cnf (coq/synth/SynthSym.v: also "
                "\"broadcast 0 starts at node 0\" and \"no item i leaves before step i\", both proved sound; "
                "the translations are checked in Coq by transb); on Q4 only this one was refuted (docs/coq.md)");
  // TEST HOOK, hidden from --help (empty group): with --coq, the C++ mirror of the Coq CNF leaves
  // the rule RULE out (encodings/synth/coq_cnf.hpp, SynthCoqMutation), so that a test can show the
  // extracted generator's CNF differing and the run exiting 4. Not for normal use.
  sub->add_option("--coq-test-drop", o->coq_test_drop, "test hook: drop RULE from the C++ Coq CNF")
      ->group("");
  sub->add_flag("--allreduce-any-subsets", o->allreduce_any,
                "allreduce: a packet may carry any contributions its sender holds (the verifier's rule, "
                "docs/allreduce.md) instead of the sender's current partial sum of each chunk it names "
                "(the default, what an MSCCL-style runtime sends; encodings/synth/allreduce.hpp)");
  sub->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  sub->add_flag("--estimate", o->estimate,
                "print the estimated memory of the exact query at --steps T (or at the lower "
                "bound) against --max-memory, without building it (docs/limits.md)");
  auto sccl = std::make_shared<ScclCli>();  // SCCL steps (cli/synth_sccl.cpp)
  keep.push_back(sccl);
  add_sccl_options(sub, sccl);
  sub->callback([&action, o, sccl] {
    action = [o, sccl] {
      if (!o->coq.empty() && o->steps > 0) throw InputError("--coq: needs the least-T search (drop --steps)");
      o->command = "schedcert synthesize -n " + o->network + " -m " + o->model + " -p " + o->problem;
      for (unsigned v : o->sources) o->command += (&v == &o->sources.front() ? " --sources " : " ") + std::to_string(v);
      if (!o->allocation.empty()) o->command += " --allocation " + o->allocation;
      o->command += " --coq DIR";
      if (o->coq_no_symmetry) o->command += " --coq-no-symmetry";
      Network net = Network::parse(o->network);
      Problem p;
      p.kind = parse_problem_kind(o->problem);
      p.root = o->root;
      p.messages = o->messages;
      p.sources.assign(o->sources.begin(), o->sources.end());
      const Model m = parse_model(o->model);
      const auto route = encodings::synth::route_synthesis(net, p, o->allocation);
      std::vector<std::string> skip;  // --no-<phase>, checked and applied by the library
      for (const auto& [flag, name] : {std::pair{o->no_cayley, "cayley"}, {o->no_routes, "routes"},
                                       {o->no_bounds, "bounds"}, {o->no_slack, "slack"},
                                       {o->no_counts, "counts"}, {o->no_cds, "cds"}})
        if (flag) skip.emplace_back(name);
      encodings::synth::SynthesisOptions so;
      skip_phases(so, skip, sccl->wanted() ? "--sccl" : route.successive ? "successive broadcasts" : "");
      so.lex_leader = o->lex_leader;
      if (sccl->wanted()) return run_sccl(net, m, route, *o, *sccl);
      if (route.successive) return run_successive(net, m, route, *o);
      p = route.problem;
      so.timeout_ms = schedules::budget::seconds_to_ms(o->timeout);
      so.quiet = o->quiet;
      so.emit_smt2_path = o->emit;
      so.symmetry_breaking = !o->no_symmetry;
      if (o->engine == "cadical") so.solver_logic = "cadical";
      so.allreduce_whole_values = !o->allreduce_any;
      std::cout << "synthesis: " << net.name() << ", " << to_string(m) << ", " << p.describe() << "\n";
      if (o->steps > 0 && !o->estimate)
        return report(encodings::synth::synthesize(net, m, p, o->steps, so), o->steps, *o);
      const auto range = encodings::synth::synthesis_range(net, m, route, o->max_steps);
      if (o->estimate) {
        const unsigned T = o->steps > 0 ? o->steps : range.lo;
        return print_estimate("exact time-indexed", T, o->steps == 0,
                              encodings::synth::estimate_exact_query_bytes(net, m, p, T));
      }
      const unsigned lo = encodings::synth::walk_start(so, range), hi = range.hi;
      std::cout << "lower bound " << range.bound << " (" << range.argument << ")\n";
      so.bisect = o->bisect;
      std::optional<encodings::synth::KnownUpper> upper;
      if (!o->upper_from.empty()) {
        upper = encodings::synth::KnownUpper{read_schedule_file(o->upper_from).schedule,
                                             "--upper-from " + o->upper_from};
      } else if (!o->no_known_upper) {
        if (auto b = certify::best_known_schedule(net, m, p))
          upper = encodings::synth::KnownUpper{std::move(b->s), b->label};
      }
      if (upper && o->upper_from.empty() && p.kind == ProblemKind::Allreduce && so.allreduce_whole_values &&
          !encodings::synth::sends_whole_values(upper->schedule)) {
        std::cout << "known schedule not used as upper bound: " << upper->label << " forwards partial sums "
                  << "that are not its senders' current values (whole-values reading; see --allreduce-any-subsets)\n";
        upper.reset();
      }
      std::optional<encodings::synth::ComposedAllreduce> composed;
      if (p.kind == ProblemKind::Allreduce && o->upper_from.empty() && !o->no_known_upper && !o->no_compose)
        composed = composition_upper(net, m, p, so, upper);
      if (composed && !o->composition_out.empty()) {
        write_schedule_file(composed->schedule, o->composition_out);
        std::cout << "  composition written to " << o->composition_out << "\n";
      }
      if (upper)
        std::cout << "upper bound " << upper->schedule.num_steps() << " (" << upper->label
                  << "; checked by the native verifier before the walk)\n";
      // --max-steps below the lower bound: the question is whether T = hi works (it cannot).
      if (hi < lo) return report(encodings::synth::synthesize(net, m, p, hi, so), hi, *o);
      const encodings::synth::KnownUpper* up = upper ? &*upper : nullptr;
      const auto best = encodings::synth::minimize_steps(net, m, p, lo, hi, so, up);
      const int code = write_coq_optimum(best, report_optimum(best, lo, hi, *o, up), *o);
      if (composed) print_composition_verdict(*composed, best, so.allreduce_whole_values);
      return code;
    };
  });
}

}  // namespace schedcert::cli
