// `schedcert synthesize`: Z3 bounded synthesis (encodings/synthesis.hpp). With --steps T it
// answers "a schedule of T steps exists" (found: written and verified natively; impossible:
// the certificate); without it, the least T from the computed lower bound upwards, with the
// certificate that T - 1 is impossible. Unknown (timeout) exits 3 and is never read as optimal.
#include <iostream>

#include "cli/commands.hpp"
#include "encodings/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/schedule_json.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;

namespace {

struct SynthOptions {
  std::string network, model = "all-port", problem, out, emit;
  unsigned root = 0, messages = 1, steps = 0, max_steps = 0;
  double timeout = 600;
  bool quiet = false;
};

int report(const encodings::SynthesisResult& r, unsigned steps, const SynthOptions& o) {
  std::cout << "T = " << steps << ": " << encodings::to_string(r.status) << " (" << r.seconds
            << " s)\n";
  if (!r.certificate.empty()) std::cout << "  certificate: " << r.certificate << "\n";
  if (r.status == encodings::SynthesisStatus::Found && r.schedule) {
    std::cout << "  schedule: " << r.schedule->num_steps() << " steps, "
              << r.schedule->num_transmissions() << " transmissions, verified by the native verifier\n";
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

}  // namespace

void add_synthesize_command(CLI::App& app, std::function<int()>& action,
                            std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "synthesize",
      "Z3 bounded synthesis: does a schedule of T steps exist (--steps T), or the least T with "
      "a certificate that T - 1 is impossible. Exit 0 found, 1 impossible, 3 unknown");
  auto o = std::make_shared<SynthOptions>();
  keep.push_back(o);
  sub->add_option("--network,-n", o->network, "network, e.g. Q4, C4xC4")->required();
  sub->add_option("--model,-m", o->model, "communication model")->default_val("all-port");
  sub->add_option("--problem,-p", o->problem, "problem kind (see `schedcert bound --help`)")
      ->required();
  sub->add_option("--root,-r", o->root, "root node")->default_val(0);
  sub->add_option("--messages,-M", o->messages, "M")->default_val(1);
  sub->add_option("--steps,-T", o->steps, "decide exactly this T (0: search the least T)")
      ->default_val(0);
  sub->add_option("--max-steps", o->max_steps, "least-T search: give up above this T (0: bound + 64)")
      ->default_val(0);
  sub->add_option("--timeout", o->timeout, "seconds for the solver calls")->default_val(600);
  sub->add_option("-o,--output", o->out, "write the found schedule here (JSON)");
  sub->add_option("--emit-smt2", o->emit, "write the exact query (for T - 1 in a search) as SMT-LIB2");
  sub->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  sub->callback([&action, o] {
    action = [o] {
      Network net = Network::parse(o->network);
      Problem p;
      p.kind = parse_problem_kind(o->problem);
      p.root = o->root;
      p.messages = o->messages;
      p.validate(net);
      const Model m = parse_model(o->model);
      encodings::SynthesisOptions so;
      so.timeout_ms = static_cast<unsigned>(o->timeout * 1000);
      so.quiet = o->quiet;
      so.emit_smt2_path = o->emit;
      std::cout << "synthesis: " << net.name() << ", " << to_string(m) << ", " << p.describe() << "\n";
      if (o->steps > 0) return report(encodings::synthesize(net, m, p, o->steps, so), o->steps, *o);
      const auto lb = verifier::lower_bounds(net, m, p);
      const unsigned lo = static_cast<unsigned>(std::max<std::uint64_t>(lb.steps.value, 1));
      const unsigned hi = o->max_steps > 0 ? o->max_steps : lo + 64;
      std::cout << "lower bound " << lb.steps.value << " (" << lb.steps.argument << ")\n";
      auto r = encodings::minimize_steps(net, m, p, lo, hi, so);
      if (!r.optimum) {
        std::cout << "no optimum established in [" << lo << ", " << hi << "]: last answer "
                  << encodings::to_string(r.at_optimum.status) << "\n";
        return 3;
      }
      std::cout << "optimum: " << *r.optimum << " steps\n";
      report(r.below, *r.optimum - 1, *o);
      return report(r.at_optimum, *r.optimum, *o);
    };
  });
}

}  // namespace schedcert::cli
