// `synthesize --sccl` and `--sccl-steps` (issue 16; encodings/synth/sccl.hpp): SCCL's
// steps-and-rounds question, with its options, its --help text and its runner; the command's
// callback (cli/cmd_synthesize.cpp) calls run_sccl when one of them is given.
#include <iostream>
#include <memory>
#include <string>

#include "cli/synth_cli.hpp"
#include "cli/words.hpp"
#include "encodings/synth/sccl.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;

namespace {

void print_sccl(const encodings::synth::ScclResult& r) {
  std::cout << "(S, R) = (" << r.steps << ", " << r.rounds
            << "): " << encodings::synth::to_string(r.status) << " (" << r.engine << ", "
            << seconds_text(r.seconds) << ")";
  if (r.status == encodings::synth::SynthesisStatus::Found) {
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

int sccl_exit(encodings::synth::SynthesisStatus s) {
  return s == encodings::synth::SynthesisStatus::Found        ? 0
         : s == encodings::synth::SynthesisStatus::Impossible ? 1
                                                              : 3;
}

}  // namespace

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

int run_sccl(const Network& net, Model m, const encodings::synth::SynthesisRoute& route,
             const SynthOptions& o, const ScclCli& sc) {
  if (o.estimate) throw InputError("--estimate: not available with --sccl / --sccl-steps");
  const Problem& p = route.problem;
  encodings::synth::check_sccl_request(net, m, p);  // before the rounds search
  encodings::synth::SynthesisOptions
      so;  // the least-R search, as `synthesize` without --sccl runs it
  so.timeout_ms = schedules::budget::seconds_to_ms(o.timeout);
  so.quiet = o.quiet;
  so.emit_smt2_path = o.emit;
  so.symmetry_breaking = !o.no_symmetry;
  if (o.engine == "cadical") so.solver_logic = "cadical";
  encodings::synth::ScclOptions opt;
  opt.timeout_ms = so.timeout_ms;
  opt.quiet = o.quiet;
  std::cout << "synthesis (SCCL steps and rounds): " << net.name() << ", " << to_string(m) << ", "
            << p.describe() << "\n";
  if (sc.steps > 0 && !sc.least) {
    if (o.steps == 0) throw InputError("--sccl-steps needs --steps R (the number of rounds)");
    const encodings::synth::ScclResult r =
        encodings::synth::synthesize_sccl(net, m, p, sc.steps, o.steps, opt);
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
    const auto range = encodings::synth::synthesis_range(net, m, route, o.max_steps);
    std::cout << "rounds: lower bound " << range.bound << " (" << range.argument << ")\n";
    const encodings::synth::OptimumResult best =
        encodings::synth::minimize_steps(net, m, p, range.lo, range.hi, so);
    if (!best.optimum) {
      std::cout << "least rounds not established (last answer "
                << encodings::synth::to_string(best.at_optimum.status) << "), so no least S\n";
      return 3;
    }
    R = *best.optimum;
    std::cout << "least rounds R = " << R << " (schedcert synthesis, "
              << seconds_text(best.at_optimum.seconds) << ")";
    if (R > 0 && best.below.status == encodings::synth::SynthesisStatus::Impossible)
      std::cout << "; R = " << R - 1 << " impossible: " << best.below.certificate;
    std::cout << "\n";
  } else {
    std::cout << "rounds R = " << R << " (given by --steps; not searched)\n";
  }
  const encodings::synth::ScclSearchResult s =
      encodings::synth::minimize_sccl_steps(net, m, p, R, opt);
  for (const auto& r : s.tried) print_sccl(r);
  if (!s.least_steps) {
    bool all_impossible = !s.tried.empty();
    for (const auto& r : s.tried)
      all_impossible = all_impossible && r.status == encodings::synth::SynthesisStatus::Impossible;
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

}  // namespace schedcert::cli
