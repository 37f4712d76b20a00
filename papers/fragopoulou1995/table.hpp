// `schedcert certify --paper fragopoulou1995`: the table of the paper's claimed values (§4.1-4.4)
// against the measured ones, for n = 1..max_n and odd k = 3..max_k.
//
// Every row is one registered construction (fa-mnb, fa-scatter, fa-multinode-scatter) run
// through certify::certify_construction: multinode schedules with the symmetric engine (their
// root-0 schedule and Lemma 1's distinct-type condition; nothing of size k^n x k^n is built) plus,
// when the materialised schedule has at most `explicit_limit` transmissions, the native engine
// on the explicit translate as a cross-check (a disagreement is reported as such, never hidden).
// The single-node scatter is checked natively. A row whose valid schedule misses the paper's
// claimed steps or transmissions is "invalid" with the gap in its finding; where the paper
// variant misses its claim the table adds the variant that repairs it (balanced / greedy), so the
// reader sees both. Rows are run from small to large and stop when the time budget is spent;
// the rows not run are counted in `skipped`. Rows are listed by n, then k, then M.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

struct TableOptions {
  int max_n = 4;
  int max_k = 9;
  // Empty: M = 1, 2 and 2n for each n (2n/P always divides 2n; 1 and 2 show the indivisible case).
  std::vector<std::uint32_t> messages;
  double budget_seconds = 50;
  std::uint64_t explicit_limit = 4'000'000;  // native cross-check up to this many transmissions
};

struct TableRow {
  std::string construction;  // fa-mnb, fa-scatter, fa-multinode-scatter
  std::string variant;       // "paper" or the repairing variant
  int n = 0, k = 0;
  std::uint32_t M = 1;
  std::uint64_t claimed_steps = 0, claimed_transmissions = 0;  // the paper's formulas
  certify::Report report;  // outcome, finding, metrics, computed lower bounds, engine runs
  double seconds = 0;
};

struct Table {
  std::vector<TableRow> rows;
  std::size_t skipped = 0;  // rows not run because the time budget was spent
  double seconds = 0;
};

// Throws InputError for max_n < 1, max_k < 3, or M = 0.
Table fragopoulou1995_table(const TableOptions& o);
// Fixed-width text: one line per row, then one line per finding (claim missed, invalid,
// disagreement, or a claim below the computed lower bound), then the number of skipped rows.
std::string format_table(const Table& t);
// Exit code for the table: the worst outcome over the rows (Valid < Invalid < Unknown <
// Disagreement, as certify::Outcome orders them by severity).
certify::Outcome table_outcome(const Table& t);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
