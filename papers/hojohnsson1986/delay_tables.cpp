// Tables 1 and 2 measured (see delay_tables.hpp). The paper's entries are evaluated here only to
// be printed next to the measurements.
#include "papers/hojohnsson1986/delay_tables.hpp"

#include <cmath>
#include <cstdio>

#include "schedules/constructions/hojohnsson1986/hp_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/tcbt.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
Schedule make(Algorithm a, Model m, int n, Node s, std::uint32_t Q) {
  switch (a) {
    case Algorithm::HP: return hp_broadcast(n, s, m, Q, 1);
    case Algorithm::SBT: return hj_sbt_broadcast(n, s, m, Q, 1);
    case Algorithm::TCBT: return tcbt_broadcast(n, s, m, Q, 1);
    default: return msbt_broadcast(n, s, m, Q, 1);
  }
}

// Tables 1 and 2 as printed (columns: 1 s or r, 1 s and r, all ports).
void paper_entries(Algorithm a, Model m, int n, double& delay, double& cycles) {
  const double N = std::ldexp(1.0, n);
  const int col = m == Model::SinglePortHalf ? 0 : m == Model::SinglePortFull ? 1 : 2;
  switch (a) {
    case Algorithm::HP:
      delay = N - 1;
      cycles = col == 0 ? 2 : 1;
      break;
    case Algorithm::SBT:
      delay = n;
      cycles = col == 2 ? 1 : n;
      break;
    case Algorithm::TCBT:
      delay = col == 2 ? n : 2 * n - 2;
      cycles = 3 - col;
      break;
    default:
      delay = col == 0 ? 3 * n - 1 : col == 1 ? 2 * n : n + 1;
      cycles = col == 0 ? 2 : col == 1 ? 1 : 1.0 / n;
  }
}
}  // namespace

std::vector<DelayRow> measure_delay_tables(int n, Node s) {
  if (n < 3 || n > 12) throw InputError("--dim: Tables 1 and 2 are measured for n in [3, 12]");
  std::vector<DelayRow> rows;
  const auto un = static_cast<std::uint32_t>(n);
  for (Algorithm a : {Algorithm::HP, Algorithm::SBT, Algorithm::TCBT, Algorithm::MSBT})
    for (Model m : {Model::SinglePortHalf, Model::SinglePortFull, Model::AllPort}) {
      DelayRow r;
      r.algorithm = a;
      r.model = m;
      Schedule first = make(a, m, n, s, a == Algorithm::MSBT ? un : 1);
      Schedule q1 = make(a, m, n, s, un), q2 = make(a, m, n, s, 3 * un);
      for (const Schedule* x : {&first, &q1, &q2}) r.valid = r.valid && verifier::verify_native(*x).valid;
      r.delay = first.num_steps();
      r.cycles_per_packet =
          (static_cast<double>(q2.num_steps()) - static_cast<double>(q1.num_steps())) / (2.0 * n);
      paper_entries(a, m, n, r.paper_delay, r.paper_cycles);
      rows.push_back(r);
    }
  return rows;
}

std::string format_delay_rows(const std::vector<DelayRow>& rows, int n) {
  std::string out = "Q" + std::to_string(n) +
                    ": Table 1 (propagation delay) and Table 2 (cycles per distinct packet)\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-6s %-17s %9s %9s %12s %12s %s\n", "alg", "model",
                "delay", "paper", "cycles/pkt", "paper", "schedules");
  out += line;
  for (const DelayRow& r : rows) {
    std::snprintf(line, sizeof line, "%-6s %-17s %9llu %9.0f %12.4g %12.4g %s\n",
                  to_string(r.algorithm).c_str(), to_string(r.model).c_str(),
                  static_cast<unsigned long long>(r.delay), r.paper_delay, r.cycles_per_packet,
                  r.paper_cycles, r.valid ? "valid" : "INVALID");
    out += line;
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
