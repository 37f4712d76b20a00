// The rows of `schedcert certify --paper P` marked optimal by bound, with their schedules, for
// the Coq optimality witnesses (witnesses/coq_optimality.hpp; `certify --paper P
// --coq-optimality DIR` writes one file per row).
//
// A row is marked optimal when its schedule is valid and its number of steps equals the lower
// bound of verifier/bounds (bertsekas1991: also its transmissions, and the paper's claim is met;
// dimakopoulos1998: the table's `optimal`). The tables do not keep their schedules, so each
// optimal row's schedule is generated again from its construction (registry name, or
// `reverse(X)` for the accumulations) and must have the row's number of steps.
// ho-johnsson1986 and fragopoulou1995 mark no row optimal by bound.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::certify {

struct OptimalRow {
  std::string label;  // a Coq identifier naming the row, e.g. "bertsekas1991_d3_gather_all_port"
  std::string row;    // the row in words: "d = 3, gather, all-port, bertsekas-gather"
  schedules::Schedule schedule;
};

// max_dim: bertsekas1991's largest d (0: the paper's default, as `certify --paper`).
// max_nodes: skip dimakopoulos1998 networks with more nodes (0: none skipped).
// smt: run the dimakopoulos1998 table's Z3 engine on its small rows, as `certify --paper` does.
std::vector<OptimalRow> optimal_paper_rows(const std::string& paper, int max_dim,
                                           std::uint64_t max_nodes = 0, bool smt = true);

}  // namespace schedcert::certify
