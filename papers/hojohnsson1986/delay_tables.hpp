// Tables 1 and 2 of Ho-Johnsson 1986 (§3.4), measured from generated, verified schedules.
//
// Propagation delay (Table 1): the steps until every node holds the first "wave": one packet for
// the single-tree algorithms (HP, SBT, TCBT), one packet per ERSBT (n packets) for the MSBT. The
// paper's MSBT column (3 log N - 1, 2 log N, log N + 1) is the time for its first log N packets
// ("broadcasting the first log N packets (one packet per subtree) can be done in 2 log N steps").
// Cycles per distinct packet (Table 2): (T(Q2) - T(Q1)) / (Q2 - Q1) with Q1 = n and Q2 = 3n
// one-item packets, i.e. the steady-state slope of the step count.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/constructions/hojohnsson1986/closed_forms.hpp"
#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

struct DelayRow {
  Algorithm algorithm = Algorithm::SBT;
  Model model = Model::AllPort;
  std::uint64_t delay = 0;          // measured propagation delay (steps)
  double cycles_per_packet = 0;     // measured slope
  double paper_delay = 0;           // Table 1, evaluated at n
  double paper_cycles = 0;          // Table 2, evaluated at n
  bool valid = true;                // every schedule used passed verify_native
};

// Rows HP, SBT, TCBT, MSBT x (single-port-half, single-port-full, all-port), n in [3, 12]
// (the TCBT needs n >= 2, HP has N - 1 steps per packet, so keep n moderate).
std::vector<DelayRow> measure_delay_tables(int n, Node s = 0);

std::string format_delay_rows(const std::vector<DelayRow>& rows, int n);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
