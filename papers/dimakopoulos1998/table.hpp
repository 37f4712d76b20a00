// The paper's results as a table: for a set of networks, the formula of Dimakopoulos &
// Dimopoulos 1998 (Corollary 3 for A1; Theorem 4, Corollary 4 or §6 for A2; the per-dimension
// time T_i), the measured steps of the verified schedule, the paper's bound (eq. (3) AS(G) for
// single-port, eq. (4) for all-port, as a fraction), the library's best lower bound
// (verifier/bounds.hpp) and a verdict. This is what `schedcert certify --paper dimakopoulos1998`
// prints; each row holds the full certify::Report (engines, metrics, bounds, claim check), so
// the JSON and table sinks of the CLI can take the reports as they are.
// Layering: this is a report over constructions, so it calls the certify layer (the
// constructions of this folder do not).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

struct TableEntry {
  std::string construction;  // "dimakopoulos-dim-te", "dimakopoulos-a1", "dimakopoulos-a2"
  std::string network;       // spec, e.g. "C5xP4xK3"
  Model model = Model::SinglePortFull;
};

struct TableOptions {
  std::uint64_t smt_max_nodes = 16;  // rows with at most this many nodes also run the Z3 engine
  unsigned smt_timeout_ms = 60000;
};

struct TableRow {
  TableEntry entry;
  std::string algorithm;  // "per-dimension", "A1", "A2"
  std::string formula;    // the paper's formula written out with its value
  std::uint64_t formula_steps = 0;
  std::string paper_bound;  // "AS(G) = 20" or "(4) = 13.5"
  double paper_bound_value = 0;
  certify::Report report;  // measured: report.metrics.steps; library bound: report.bounds.steps
  std::string verdict;     // "optimal", "formula met, above the bound by k", or what failed
  bool optimal = false;    // valid and measured steps == library lower bound
};

// The default networks: every per-dimension family, A1 on hypercubes up to Q10, tori, meshes,
// generalized hypercubes and a mixed product, A2 on H x H, H^4, Q8 and |A| = |B| products.
std::vector<TableEntry> default_table_entries();

// Generates, certifies (native; plus Z3 when small) and compares one entry. Throws InputError
// for a bad entry (unknown construction, network not accepted).
TableRow table_row(const TableEntry& e, const TableOptions& o = {});
std::vector<TableRow> paper_table(const std::vector<TableEntry>& entries,
                                  const TableOptions& o = {});

// The paper's bound for the model: AS(G) = S_G / n (eq. (3)) for single-port; for all-port the
// largest |V1||V2| / C_{V1V2} of eq. (4) over the cuts of one dimension's digit range (a
// fraction; verifier/bounds.cpp rounds it up among its candidates).
double paper_bound(const Network& net, Model model);

// Fixed-width text table, one line per row, and a one-line summary.
void print_table(const std::vector<TableRow>& rows, std::ostream& out);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
