// alpha(d) engines side by side (docs/alpha.md): for each d, the CNF-with-cuts search on CaDiCaL
// (DRAT proof checked) and on Z3 (QF_FD, its UNSAT re-derived by CaDiCaL with a checked proof),
// and optionally the older layered Z3 encoding; CPU seconds of this process for each, and the
// ratio Z3 / CaDiCaL measured in the same run.
// Usage: alpha_bench [--max-d D (default 5)] [--timeout S (default 300)] [--layered]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "encodings/alpha/alpha.hpp"

using namespace schedcert::encodings::alpha;

int main(int argc, char** argv) {
  int max_d = 5;
  double timeout = 300;
  bool layered = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--max-d") && i + 1 < argc) max_d = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--timeout") && i + 1 < argc) timeout = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--layered")) layered = true;
    else {
      std::fprintf(stderr, "usage: alpha_bench [--max-d D] [--timeout S] [--layered]\n");
      return 2;
    }
  }
  std::printf("%-3s %-12s %-8s %-8s %-10s %-10s %-6s %s\n", "d", "engine", "alpha", "proof", "cpu_s", "wall_s",
              "cuts", "z3/cadical (cpu)");
  for (int d = 2; d <= max_d; ++d) {
    double cad_cpu = 0;
    for (AlphaEngine e : {AlphaEngine::Cadical, AlphaEngine::Z3, AlphaEngine::Z3Layered}) {
      if (e == AlphaEngine::Z3Layered && !layered) continue;
      AlphaOptions o;
      o.d = d;
      o.engine = e;
      o.timeout_s = timeout;
      const AlphaResult r = search_alpha(o);
      const std::string a = r.alpha          ? std::to_string(*r.alpha)
                            : r.solver_upper ? std::to_string(*r.solver_upper) + " (unchecked)"
                                             : "[" + std::to_string(r.lower) + "," + std::to_string(r.upper) + "]";
      if (e == AlphaEngine::Cadical) cad_cpu = r.cpu_seconds;
      std::string ratio = e == AlphaEngine::Cadical || cad_cpu <= 0 ? "-" : std::to_string(r.cpu_seconds / cad_cpu);
      std::printf("%-3d %-12s %-8s %-8s %-10.3f %-10.3f %-6u %s\n", d, r.engine.c_str(), a.c_str(),
                  r.proof_checked ? "checked" : "-", r.cpu_seconds, r.seconds, r.cuts, ratio.c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}
