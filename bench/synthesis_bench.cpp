// Bounded synthesis against SCCL's recorded times (Cai et al., "Synthesizing optimal collective
// algorithms", PPoPP 2021) on the identical problems: bench/sccl_instances.hpp, issue 19's figures
// for steps = rounds = T (issue 4's older column compared different SCCL problems).
//
// For each instance: the answer at T (Found schedules are re-verified natively here as well),
// the CPU seconds of this process for it, SCCL's seconds and the ratio SCCL / ours (when SCCL gave
// no answer in its budget the ratio is a lower bound, printed with '>'; "-": no figure recorded). Then the same instance at
// T - 1, to show T is optimal (its certificate kind is printed).
//
// Usage: synthesis_bench [--logic auto|QF_FD|default] [--no-cayley] [--no-bounds] [--no-slack]
//                        [--no-counts] [--timeout S] [--only SUBSTRING]
// --logic QF_FD / default force one Z3 solver for every phase (for the comparison in
// docs/synthesis.md; auto = QF_FD for the restricted queries, default for the exact one); --no-cayley skips the translation-invariant phase (exact encoding only).
#include <cstdio>
#include <string>

#include "bench/sccl_instances.hpp"
#include "encodings/synth/synthesis.hpp"
#include "verifier/native.hpp"

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;
using schedcert::bench::cpu_seconds;

namespace {

std::string kind_of(const SynthesisResult& r) {
  if (r.status != SynthesisStatus::Impossible) return "";
  if (r.certificate.rfind("counting", 0) == 0) return " (counting)";
  if (r.certificate.rfind("UNSAT", 0) == 0) return " (UNSAT)";
  return " (reversal)";
}

}  // namespace

int main(int argc, char** argv) {
  SynthesisOptions opt;
  opt.timeout_ms = 600000;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--logic" && i + 1 < argc) {
      const std::string l = argv[++i];
      opt.solver_logic = l == "default" ? "" : l;
    } else if (a == "--no-cayley") {
      opt.cayley_first = false;
    } else if (a == "--no-bounds") {
      opt.counting_bounds = false;
    } else if (a == "--no-slack") {
      opt.slack_rules = false;
    } else if (a == "--no-counts") {
      opt.count_rules = false;
    } else if (a == "--timeout" && i + 1 < argc) {
      opt.timeout_ms = static_cast<unsigned>(std::stod(argv[++i]) * 1000);
    } else if (a == "--only" && i + 1 < argc) {
      only = argv[++i];
    } else {
      std::fprintf(stderr, "usage: %s [--logic auto|QF_FD|default] [--no-cayley] [--no-bounds] "
                           "[--no-slack] [--no-counts] [--timeout S] [--only SUBSTRING]\n", argv[0]);
      return 2;
    }
  }
  std::printf("solver: %s%s%s%s%s\n",
              opt.solver_logic.empty() ? "Z3 default" : opt.solver_logic == "auto"
                                             ? "auto (QF_FD for Cayley, default for exact)"
                                             : opt.solver_logic.c_str(),
              opt.cayley_first ? "" : ", no Cayley phase", opt.counting_bounds ? "" : ", no bounds",
              opt.slack_rules ? "" : ", no slack rules", opt.count_rules ? "" : ", no reception counts");
  std::printf("%-36s %-24s %9s %9s %9s %10s   %-24s\n", "instance", "answer", "cpu s", "wall s",
              "SCCL s", "ratio", "T-1 (cpu s)");
  int failures = 0;
  for (const bench::ScclInstance& in : bench::sccl_instances()) {
    if (in.minus_one) continue;  // this bench runs T - 1 itself
    if (!only.empty() && std::string(in.label).find(only) == std::string::npos) continue;
    const Network net = Network::parse(in.net);
    Problem p;
    p.kind = in.kind;
    double c0 = cpu_seconds();
    const SynthesisResult r = synthesize(net, in.model, p, in.steps, opt);
    const double ours = cpu_seconds() - c0;
    std::string answer = to_string(r.status);
    if (r.schedule && !verifier::verify_native(*r.schedule).valid) answer = "INVALID";
    if (answer != in.expected) ++failures;
    const auto cols = bench::sccl_columns(in.sccl, ours, r.status != SynthesisStatus::Unknown);
    std::string below = "-";
    if (r.status == SynthesisStatus::Found && in.steps > 0) {
      c0 = cpu_seconds();
      const SynthesisResult b = synthesize(net, in.model, p, in.steps - 1, opt);
      char buf[96];
      std::snprintf(buf, sizeof buf, "%s%s (%.3f)", to_string(b.status).c_str(), kind_of(b).c_str(),
                    cpu_seconds() - c0);
      below = buf;
    }
    std::printf("%-36s %-24s %9.3f %9.3f %9s %10s   %-24s\n", in.label,
                (answer + kind_of(r)).c_str(), ours, r.seconds, cols.sccl, cols.ratio, below.c_str());
    std::fflush(stdout);
    if (r.status == SynthesisStatus::Impossible)
      std::printf("    certificate: %s\n", r.certificate.c_str());
  }
  return failures == 0 ? 0 : 1;
}
