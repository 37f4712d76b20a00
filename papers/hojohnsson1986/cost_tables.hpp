// Simulated cost of Ho-Johnsson's schedules under the linear model, next to the paper's closed
// forms (Table 3 for broadcasting, Table 6 and §4.2 for personalized communication). This is
// what `schedcert cost` prints.
//
// For each (algorithm, model) row: the schedule for the given M and B is generated, verified
// natively and charged by verifier::simulate_cost (synchronous and asynchronous). With scan on,
// the packet size is also optimised by simulation: for broadcasting every distinct
// B = ceil(M/Q) (Q = 1..M; thinned geometrically to about 60 values around the paper's B_opt
// when M is large), for personalized communication B = M * k, k = 1, 2, 3, 4, 6, 8, ... <= N/2,
// and unbounded. The minimum synchronous cost and its B are reported with the paper's B_opt
// and T_min. Schedules with more than 4 million transmissions are skipped in the scan.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedules/constructions/hojohnsson1986/closed_forms.hpp"
#include "schedules/registry.hpp"
#include "verifier/cost_model.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

struct CostRow {
  Algorithm algorithm = Algorithm::SBT;
  Model model = Model::AllPort;
  bool scatter = false;
  std::string construction, variant;  // registry name and variant of the generated schedule
  ClosedForm paper;                   // the paper's formulas at this B
  verifier::CostEstimate at_B;        // simulated at the given B
  bool valid = false;                 // verify_native on the schedule at the given B
  std::string violation;              // its first violation, if any
  std::optional<std::uint32_t> best_B;  // scan: the B of least synchronous cost
  verifier::CostEstimate at_best_B;
  std::uint32_t scanned = 0, skipped = 0;
};

struct CostQuery {
  int n = 4;
  Node root = 0;
  std::uint32_t M = 1, B = 1;
  verifier::LinearCost cost;
  bool scan = true;
};

CostRow cost_row(Algorithm a, Model m, bool scatter, const CostQuery& q);
// Table 3: HP (half, full, all-port), SBT, TCBT (n >= 3), MSBT under the three models.
std::vector<CostRow> broadcast_cost_table(const CostQuery& q);
// Table 6: SBT and BST, single-port-full and all-port.
std::vector<CostRow> scatter_cost_table(const CostQuery& q);
// The rows for one registered construction of this paper (hj-*), with p's model, M, B.
std::vector<CostRow> cost_rows_for(const std::string& construction, const Params& p,
                                   const verifier::LinearCost& c, bool scan);

// A fixed-width table, one row per line, with a header naming tau, t_c, M, B.
std::string format_cost_rows(const std::vector<CostRow>& rows, const CostQuery& q);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
