// Bounded synthesis against the SCCL reference times of issue 4 (Cai et al., "Synthesizing
// optimal collective algorithms", PPoPP 2021, as quoted in the issue).
//
// For each instance: the answer at T (Found schedules are re-verified natively here as well),
// the CPU seconds of this process for it, SCCL's seconds and the ratio SCCL / ours (for SCCL's
// "no answer in 600 s" the ratio is a lower bound, printed with '>'). Then the same instance at
// T - 1, to show T is optimal (its certificate kind is printed).
//
// Usage: synthesis_bench [--logic auto|QF_FD|default] [--no-cayley] [--no-bounds] [--no-slack]
//                        [--no-counts] [--timeout S] [--only SUBSTRING]
// --logic QF_FD / default force one Z3 solver for every phase (for the comparison in
// docs/synthesis.md; auto = QF_FD for the restricted queries, default for the exact one); --no-cayley skips the translation-invariant phase (exact encoding only).
#include <time.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "encodings/synthesis.hpp"
#include "verifier/native.hpp"

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings;

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Instance {
  const char* label;
  const char* net;
  Model model;
  ProblemKind kind;
  unsigned steps;
  double sccl_seconds;  // < 0: SCCL gave no answer in 600 s
  const char* expected; // what the literature says: "found" or "impossible"
};

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
  const std::vector<Instance> instances = {
      {"Q4 allgather all-port T=4", "Q4", Model::AllPort, ProblemKind::MultinodeBroadcast, 4, 42.6, "found"},
      {"Q4 scatter all-port T=4", "Q4", Model::AllPort, ProblemKind::Scatter, 4, 41.6, "found"},
      {"C4xC4 allgather all-port T=4", "C4xC4", Model::AllPort, ProblemKind::MultinodeBroadcast, 4, 41.9, "found"},
      {"Q4 allgather single-port T=15", "Q4", Model::SinglePortFull, ProblemKind::MultinodeBroadcast, 15, 362.0, "found"},
      {"Q3 total-exchange all-port T=4", "Q3", Model::AllPort, ProblemKind::TotalExchange, 4, 18.2, "found"},
      {"Q4 total-exchange all-port T=8", "Q4", Model::AllPort, ProblemKind::TotalExchange, 8, -1, "found"},
      {"C4xC4 total-exchange all-port T=8", "C4xC4", Model::AllPort, ProblemKind::TotalExchange, 8, -1, "found"},
      {"Q5 allgather all-port T=5", "Q5", Model::AllPort, ProblemKind::MultinodeBroadcast, 5, -1, "impossible"},
  };
  std::printf("solver: %s%s%s%s%s\n",
              opt.solver_logic.empty() ? "Z3 default" : opt.solver_logic == "auto"
                                             ? "auto (QF_FD for Cayley, default for exact)"
                                             : opt.solver_logic.c_str(),
              opt.cayley_first ? "" : ", no Cayley phase", opt.counting_bounds ? "" : ", no bounds",
              opt.slack_rules ? "" : ", no slack rules", opt.count_rules ? "" : ", no reception counts");
  std::printf("%-36s %-24s %9s %9s %9s %10s   %-24s\n", "instance", "answer", "cpu s", "wall s",
              "SCCL s", "ratio", "T-1 (cpu s)");
  int failures = 0;
  for (const Instance& in : instances) {
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
    char ratio[32];
    if (in.sccl_seconds > 0)
      std::snprintf(ratio, sizeof ratio, "%.0fx", in.sccl_seconds / ours);
    else
      std::snprintf(ratio, sizeof ratio, ">%.0fx", 600.0 / ours);
    char sccl[32];
    if (in.sccl_seconds > 0)
      std::snprintf(sccl, sizeof sccl, "%.1f", in.sccl_seconds);
    else
      std::snprintf(sccl, sizeof sccl, "none/600");
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
                (answer + kind_of(r)).c_str(), ours, r.seconds, sccl, ratio, below.c_str());
    std::fflush(stdout);
    if (r.status == SynthesisStatus::Impossible)
      std::printf("    certificate: %s\n", r.certificate.c_str());
  }
  return failures == 0 ? 0 : 1;
}
