// The ledger of a cube-and-conquer run (issue 27, item 4): a run's outcome without its bulky
// proofs, small enough to commit to a repository, which any machine continues (`cube resume DIR
// --ledger FILE`) and re-validates (`cube check FILE --sample K`).
//
// Format: JSON Lines. Line 1 is the header:
//   {"format":"schedcert-cube-ledger","version":1,"title":...,"query":{...},"cube_options":{...},
//    "query_sha256":..., "cubes":{"count":N,"hash":FNV-64 of the list (run_dir.hpp),"sha256":...},
//    "coverage":{...the coverage record..., "sha256": of that record}, "schedcert_version":...,
//    "rows":K}
// then one line per finished cube, ordered by id:
//   {"id":17,"status":"unsat","cnf_sha256":"...","drat":true,"lrat":true,"cpu":0.31,"check":0.20,
//    "worker":"t0"}            (sat rows carry "witness" instead of the proof fields)
// Only finished cubes are written (unsat with both checks passed, or sat with a witness). Line
// order and key order are fixed, so successive commits of a growing ledger diff line by line.
//
// What a ledger row means, and what it does not: the run that wrote it solved the cube and both
// checks (our DRAT checker, then the Coq-verified LRAT checker on the CNF whose SHA-256 is
// recorded) accepted the proof on that machine. The proof itself is not in the ledger. A run that
// imports rows therefore says how many cubes were checked in its own directory and how many it
// took from a ledger, and never calls the imported part certified by itself; `cube check
// --sample K` re-solves and re-checks K random rows to test the record (a cube that answers
// otherwise is a disagreement, exit 4).
//
// Reading never trusts the file: a wrong format, a row out of order or out of range, a duplicate,
// an unsat row without both checks, a sat row whose witness fails the family's native check, or
// a header whose query/cubes differ from what this build makes is an InputError naming the line.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "search/run_dir.hpp"

namespace schedcert::search {

struct LedgerRow {
  std::uint32_t id = 0;
  CubeStatus status = CubeStatus::Unknown;  // unsat or sat
  std::string cnf_sha256;                   // unsat: the CNF the verified checker read
  bool drat = false, lrat = false;          // unsat: which checks accepted the proof
  double cpu = 0, check = 0;                // seconds: solve + checks, of which checks
  std::string worker;
  nlohmann::json witness;                   // sat
};

struct Ledger {
  std::string title;
  nlohmann::json query, cube_options;
  std::string query_sha256;
  std::size_t cube_count = 0;
  std::string cubes_hash, cubes_sha256;
  nlohmann::json coverage;  // the coverage record (to_json(Coverage)) as the writer had it
  std::string schedcert_version;
  std::vector<LedgerRow> rows;
};

// The ledger of a run directory: its finished cubes.
Ledger ledger_of(const RunDir& run);
// Writes it (atomically) as JSON Lines.
void write_ledger(const Ledger& l, const std::string& path);
// Reads and checks the file's own consistency (InputError naming the line and field).
Ledger read_ledger(const std::string& path);

// SHA-256 of the query and of the cube list, as the ledger records them.
std::string query_sha256(const nlohmann::json& query);
std::string cubes_sha256(const std::vector<Cube>& cubes);

// Checks that `l` is a ledger of `run`'s query and cubes (else InputError naming what differs),
// and that each sat row's witness passes the family's check. Returns the number of problems
// found in rows (written to `report`, one per line) — 0 for a consistent ledger.
std::size_t check_ledger_against(const Ledger& l, const Family& f, const RunDir& run, std::string* report);

// Records the ledger's rows in `run` as results imported from `ledger_name` (cubes already done
// in `run` are kept). Returns how many rows were imported.
std::size_t import_ledger(const Ledger& l, const RunDir& run, const std::string& ledger_name);

// Creates run directory `dir` for the ledger's query: the family and its cubes are rebuilt by
// this build (their hash must equal the ledger's), and the coverage is checked again here.
RunDir create_from_ledger(const Ledger& l, const std::string& dir, bool progress);

// `cube check --sample K`: K finished cubes of `run`, drawn at random with `seed`, solved again
// from scratch (fresh solver, empty pool of lazy clauses) with both proof checks, and compared
// with the record. A cube that now answers the other way is a disagreement; one whose new answer
// is unknown (timeout, proof not checked) is unconfirmed; the CNF hashes are compared when both
// are known (families with lazy clauses may legitimately differ: reported, not an error).
struct SampleCheck {
  std::size_t sampled = 0, confirmed = 0, unconfirmed = 0, disagreed = 0, same_cnf = 0, other_cnf = 0;
  double cpu_seconds = 0;
  std::string report;  // one line per cube
};
SampleCheck resolve_sample(const Family& f, const RunDir& run, std::size_t k, std::uint64_t seed,
                           double cube_timeout_s);

}  // namespace schedcert::search
