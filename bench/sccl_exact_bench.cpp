// Issue 19: the SCCL instances of issue 4 and their T - 1 refutations, in exact mode (no Cayley
// phase, no counting bounds, no slack rules: every answer comes from the time-indexed query),
// side by side with SCCL's recorded times on the identical problem (SCCL steps = rounds = T,
// Z3 4.8.12; SCCL is not installed here, so its figures are the recorded ones, with their source).
//
// Each row prints the answer, the CPU seconds of this process for it (CaDiCaL's proof check is
// in-process; the Coq-verified LRAT checker runs as a child and is not counted, its verdict is
// part of the certificate), the wall seconds, SCCL's figure and the ratio SCCL / ours (">" when
// SCCL gave no answer in its budget). Found schedules are verified natively inside synthesize and
// again here; an Impossible answer from the solver counts only with a checked proof (CaDiCaL:
// DRAT by our checker, LRAT by the checker proved in Coq; Z3 gives no proof, so its UNSATs are
// flagged "unchecked").
//
// Usage: sccl_exact_bench [--engine cadical|z3] [--no-counts] [--timeout S]
//                         [--only SUBSTRING] [--with-slack] [--with-bounds]
// --engine cadical (the default) or z3 (Z3's default solver).
#include <chrono>
#include <cstdio>
#include <string>

#include "bench/sccl_instances.hpp"
#include "encodings/synth/synthesis.hpp"
#include "verifier/native.hpp"

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;
using schedcert::bench::cpu_seconds;

int main(int argc, char** argv) {
  SynthesisOptions opt;
  opt.timeout_ms = 300000;
  opt.cayley_first = false;
  opt.counting_bounds = false;
  opt.slack_rules = false;
  opt.solver_logic = "cadical";
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--engine" && i + 1 < argc) {
      const std::string e = argv[++i];
      opt.solver_logic = e == "z3" ? "" : e;
    } else if (a == "--no-counts") {
      opt.count_rules = false;
    } else if (a == "--no-routes") {
      opt.routes_first = false;
    } else if (a == "--with-slack") {
      opt.slack_rules = true;
    } else if (a == "--with-bounds") {
      opt.counting_bounds = true;
    } else if (a == "--timeout" && i + 1 < argc) {
      opt.timeout_ms = static_cast<unsigned>(std::stod(argv[++i]) * 1000);
    } else if (a == "--only" && i + 1 < argc) {
      only = argv[++i];
    } else {
      std::fprintf(stderr, "usage: %s [--engine cadical|z3] [--no-counts] [--timeout S] "
                           "[--only SUBSTRING] [--no-routes] [--with-slack] [--with-bounds]\n", argv[0]);
      return 2;
    }
  }
  std::printf("exact mode: no Cayley phase%s%s%s, %s, solver %s, timeout %.0f s\n",
              opt.routes_first ? ", routes phase on" : ", no routes phase (the exact query alone)",
              opt.counting_bounds ? "" : ", no counting bounds",
              opt.slack_rules ? "" : ", no slack rules",
              opt.count_rules ? "reception counts on" : "no reception counts",
              opt.solver_logic.empty() ? "Z3 default" : opt.solver_logic.c_str(),
              opt.timeout_ms / 1000.0);
  // The profile (issue 19): wall s = search s (the solver) + check s (UNSAT proofs) + the rest
  // (building the queries, decoding, the native re-check of every schedule).
  std::printf("%-36s %-12s %8s %8s %8s %8s %8s %9s   %s\n", "instance", "answer", "cpu s", "wall s",
              "search s", "check s", "SCCL s", "ratio", "proof / SCCL source");
  int failures = 0;
  for (const bench::ScclInstance& in : bench::sccl_instances()) {
    if (!only.empty() && std::string(in.label).find(only) == std::string::npos) continue;
    const Network net = Network::parse(in.net);
    Problem p;
    p.kind = in.kind;
    const double c0 = cpu_seconds();
    const auto w0 = std::chrono::steady_clock::now();
    const SynthesisResult r = synthesize(net, in.model, p, in.steps, opt);
    const double ours = cpu_seconds() - c0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    std::string answer = to_string(r.status);
    std::string proof = "-";
    if (r.schedule) {
      proof = verifier::verify_native(*r.schedule).valid ? "verified natively" : "INVALID";
      if (proof == "INVALID") answer = "INVALID";
    }
    if (r.status == SynthesisStatus::Impossible) {
      const bool checked = r.certificate.find("DRAT checked") != std::string::npos &&
                           r.certificate.find("accepted by the Coq-verified") != std::string::npos &&
                           r.certificate.find("NOT") == std::string::npos;
      proof = checked ? "DRAT+LRAT checked" : "unchecked";
      if (r.certificate.rfind("counting", 0) == 0) proof = "counting bound";
    }
    if (r.status != SynthesisStatus::Unknown && answer != in.expected) ++failures;
    const auto cols = bench::sccl_columns(in.sccl, ours, r.status != SynthesisStatus::Unknown);
    std::printf("%-36s %-12s %8.2f %8.2f %8.2f %8.2f %8s %9s   %s / %s\n", in.label, answer.c_str(),
                ours, wall, r.search_seconds, r.check_seconds, cols.sccl, cols.ratio, proof.c_str(),
                in.source);
    if (r.status == SynthesisStatus::Impossible) std::printf("    certificate: %s\n", r.certificate.c_str());
    if (r.status == SynthesisStatus::Unknown) std::printf("    %s\n", r.stats.c_str());
    std::fflush(stdout);
  }
  return failures == 0 ? 0 : 1;
}
