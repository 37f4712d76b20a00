// The run directory: the unit of state of a cube-and-conquer run (design note in family.hpp).
//
//   DIR/query.json      the family's query (make_family rebuilds it), title, cube options
//   DIR/cubes.json      every cube (id, literals, label) and the hash of the list
//   DIR/coverage.json   the coverage check's verdict
//   DIR/results/cube-<id>.json   one result per finished (or timed-out) cube
//   DIR/proofs/cube-<id>.drat, .extra   checked proofs and their extra clauses (--keep-proofs)
//   DIR/proofs/cube-<id>.lrat, coverage.lrat   accepted LRAT proofs, when the family keeps them
//                       (Family::keeps_lrat: the Coq families of coq_cubes.hpp)
//   DIR/witness.json    the witness of a SAT cube;  DIR/summary.json  the last run's summary
// Every file is written atomically (schedules/io/atomic_file.hpp: a temporary file renamed over the
// target), so a killed run leaves complete files or none. Reading never trusts a file: a result
// that does not parse, names a cube not in cubes.json, or claims UNSAT without a checked proof
// is skipped (and counted), and its cube runs again. A done result is never replaced by an
// unknown one. Runs over the same query and cubes (split with --shard across machines) merge
// by copying results after both directories' query and cube hashes are compared.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "search/family.hpp"

namespace schedcert::search {

class RunDir {
 public:
  // Creates DIR (it may exist but must not hold query.json) with the query, cubes and coverage.
  static RunDir create(const std::string& dir, const Family& f, const std::vector<Cube>& cubes,
                       const Coverage& cov, const nlohmann::json& cube_options);
  // Opens an existing run (InputError when DIR is not a complete run directory).
  static RunDir open(const std::string& dir);
  static bool exists(const std::string& dir);

  const std::string& path() const { return path_; }
  const nlohmann::json& query() const { return query_["query"]; }
  const nlohmann::json& header() const { return query_; }
  const std::vector<Cube>& cubes() const { return cubes_; }
  const std::string& cubes_hash() const { return cubes_hash_; }
  const Coverage& coverage() const { return coverage_; }
  void set_coverage(const Coverage& c);

  // Results that parse and are consistent; `skipped` gets the names of the files ignored.
  std::map<std::uint32_t, CubeResult> load_results(std::vector<std::string>* skipped = nullptr) const;
  // Writes a result atomically, unless a done result for the cube is already there.
  void record(const CubeResult& r) const;

  std::string proofs_dir() const;
  void write_json(const std::string& name, const nlohmann::json& j) const;
  std::optional<nlohmann::json> read_json(const std::string& name) const;

 private:
  std::string path_;
  nlohmann::json query_;
  std::vector<Cube> cubes_;
  std::string cubes_hash_;
  Coverage coverage_;
};

// Copies the results of `others` into `into` (same query and cubes, else InputError). A cube
// answered sat in one and unsat in another is an error (the checks disagree): EnginesDisagree
// is reported through the returned message and *conflict = true. Returns a one-line report.
std::string merge_runs(const RunDir& into, const std::vector<RunDir>& others, bool* conflict);

}  // namespace schedcert::search
