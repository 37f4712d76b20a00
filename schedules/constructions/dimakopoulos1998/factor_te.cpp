// Dispatch and closed formulas for the per-dimension total exchanges (see factor_te.hpp).
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

void check_model(Model model) {
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError(
        "--model: the Dimakopoulos-Dimopoulos schedules are built for all-port and "
        "single-port-full, not " +
        to_string(model));
}

TePattern factor_te(const Factor& f, Model model) {
  switch (f.kind) {
    case FactorKind::K2:
    case FactorKind::Complete:
      return complete_te(f.size, model);
    case FactorKind::Ring:
      return ring_te(f.size, model);
    case FactorKind::Path:
      return path_te(f.size, model);
    case FactorKind::Graph: break;
  }
  throw InputError("the Dimakopoulos-Dimopoulos schedules need K_n, C_n and P_n factors, not the graph " + f.name());
}

std::uint64_t factor_te_steps(const Factor& f, Model model) {
  check_model(model);
  const std::uint64_t n = f.size, L = n * n / 4;
  const bool ap = model == Model::AllPort;
  switch (f.kind) {
    case FactorKind::K2:
    case FactorKind::Complete:
      return ap ? 1 : n - 1;
    case FactorKind::Ring: {
      if (!ap) return L;
      if (n % 2 == 1) return (n * n - 1) / 8;
      const std::uint64_t m = n / 2;
      return (m * m + 1) / 2;
    }
    case FactorKind::Path:
      return ap ? L : (n % 2 == 1 ? 2 * L : 2 * L - 1);
    case FactorKind::Graph: break;
  }
  throw InputError("the Dimakopoulos-Dimopoulos schedules need K_n, C_n and P_n factors, not the graph " + f.name());
}

std::string factor_te_method(const Factor& f, Model model) {
  check_model(model);
  const bool ap = model == Model::AllPort;
  switch (f.kind) {
    case FactorKind::K2:
    case FactorKind::Complete:
      return ap ? "every message in one step (cut bound 1)"
                : "shifts v -> v + r, r = 1..n-1 (AS = n - 1, eq. (3))";
    case FactorKind::Ring:
      if (!ap)
        return "pipelined shifts, clockwise then counterclockwise (AS = floor(n^2/4), eq. (3))";
      return f.size % 2 == 1
                 ? "pipelined shifts in both directions at once (bisection bound (n^2 - 1)/8)"
                 : "two-lane pipelined shifts, antipodal messages split by source parity "
                   "(link bound ceil((n/2)^2/2))";
    case FactorKind::Path:
      return ap ? "farthest-destination-first in both directions at once (cut bound floor(n^2/4))"
                : "farthest-destination-first rightwards, then leftwards (middle-node bound; "
                  "AS(P_n) is not attainable)";
    case FactorKind::Graph: break;
  }
  return "";
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
