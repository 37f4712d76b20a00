// The paper's closed forms for the cost of broadcasting (Ho-Johnsson 1986, Table 3, §3.3) and of
// personalized communication (Table 6, §4.2), evaluated for given n, M, B, tau, t_c. These are
// the paper's CLAIMS, printed next to the simulated cost by `schedcert cost`; nothing here is
// measured. M and B are in items ("elements"), N = 2^n.
#pragma once
#include <optional>
#include <string>

#include "schedules/model.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

enum class Algorithm { HP, SBT, TCBT, MSBT, BST };
std::string to_string(Algorithm a);

struct CostInput {
  int n = 1;
  double M = 1, B = 1;
  double tau = 1, tc = 0;
};

struct ClosedForm {
  std::string label;            // e.g. "MSBT, 1 s & r"
  std::string source;           // "Table 3", "Table 6, §4.2.2", ...
  std::optional<double> steps;  // T / (tau + B t_c), when the paper's T has that shape
  std::optional<double> T;      // the paper's T at this B
  std::optional<double> B_opt;  // the paper's optimal packet size (a lower limit when "B >= ...")
  std::optional<double> T_min;  // the paper's T at the optimal packet size
  std::string relation = "=";   // of T_min: "=", "~" (the paper writes a similarity) or "<="
  std::string T_relation = "=";  // of T, likewise
  bool B_opt_at_least = false;  // the paper says "for B >= B_opt" rather than "B = B_opt"
  std::string remark;           // how the formula was read, if it needed reading
};

// Table 3 rows: HP (single-port-half, single-port-full), SBT (one port: both single-port
// models; all-port), TCBT and MSBT (all three models). HP all-port has no row in Table 3; its
// values follow from Tables 1 and 2 and are given as such.
ClosedForm broadcast_closed_form(Algorithm a, Model m, const CostInput& in);

// Table 6 rows with the T(B) formulas of §4.2: SBT and BST, one port (single-port-full or
// single-port-half) and all-port.
ClosedForm scatter_closed_form(Algorithm a, Model m, const CostInput& in);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
