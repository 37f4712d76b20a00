// Tables 1 and 2 of Bertsekas et al. 1991, regenerated: for every d and every problem x model
// of the tables, the paper's formulas next to a generated schedule's verified numbers.
// The library computes the rows; the CLI (`schedcert certify --paper bertsekas1991`) prints them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/problem.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

struct TableRow {
  int d = 0;
  ProblemKind problem = ProblemKind::Broadcast;
  Model model = Model::AllPort;
  std::string construction;  // registry name, or how the schedule was made ("reverse(...)")
  std::string section;       // where the paper gives the algorithm
  std::uint64_t paper_steps = 0;          // Table 1
  std::uint64_t paper_transmissions = 0;  // Table 2
  std::optional<std::uint64_t> bound_steps, bound_transmissions;  // verifier::lower_bounds
  std::uint64_t steps = 0, transmissions = 0;  // measured by the verifier
  std::string engine;  // "native", "symmetric", or "native+symmetric" (both ran and agreed)
  bool valid = false;
  std::string violation;  // the first violation (or the engines' disagreement), when invalid
  double generate_seconds = 0, verify_seconds = 0;

  bool meets_paper() const {
    return valid && steps == paper_steps && transmissions == paper_transmissions;
  }
};

struct TableOptions {
  int min_dim = 1;
  int max_dim = 10;
  // Largest d verified explicitly (verify_native on the materialised schedule), per family.
  int native_max_dim_single = 20;  // broadcast, accumulation, scatter, gather (<= d 2^(d-1) tx)
  int native_max_dim = 12;      // multinode broadcast (2^d (2^d - 1) transmissions: 16.8 M at 12)
  int native_max_dim_mna = 10;  // multinode accumulation (the reversal materialises packets)
  int native_max_dim_te = 10;   // total exchange (d 2^(2d-1) transmissions: 5.2 M at d = 10)
  // Beyond those, translated constructions (multinode broadcast/accumulation, total exchange)
  // are certified by verify_translated up to this d; rows above both limits are left out.
  int symmetric_max_dim = 20;
  // Where both apply (d <= native limit), also run the symmetric check and compare.
  bool cross_check = true;
  bool lower_bounds = true;
  bool te_rules = true;  // add rows for the "Implementation" forwarding-rules generator
};

// Paper formulas (Tables 1 and 2) for problem x model on Q_d.
std::uint64_t paper_steps(ProblemKind k, Model m, int d);
std::uint64_t paper_transmissions(ProblemKind k, int d);

// The rows in order d, then problem (broadcast, accumulation, scatter, gather, multinode
// broadcast, multinode accumulation, total exchange), then model (all-port, single-port-full).
std::vector<TableRow> bertsekas_tables(const TableOptions& options = {});

}  // namespace schedcert::schedules::constructions::bertsekas1991
