// Cube-and-conquer for schedcert's pure-Boolean queries (issue 14): the interface every query
// family implements, and the design note of the search/ layer.
//
// The method (Heule, Kullmann & Marek 2016; Brakensiek, Heule, Mackey & Narvaez 2020; see
// /work/shared/DESIGN-HINTS.md "Cube-and-conquer"): split the query's space into many cubes
// (partial assignments) with domain knowledge, one cube per orbit of the network's automorphism
// group (nauty, schedules/automorphisms.hpp), solve every cube on its own (CaDiCaL, a fresh
// solver per cube, lazy clauses added in a loop where the family needs them), and certify:
//   1. every UNSAT cube: a DRAT proof of (base CNF + cube clauses + extra clauses) checked by
//      our checker (encodings/sat/drat.hpp); every extra clause re-validated natively;
//   2. coverage: a CNF made of the family's symmetry-breaking clauses (each family proves in its
//      design note that every solution of the query has an automorphic image satisfying them)
//      and the negation of every cube is UNSAT, with a checked DRAT proof (coverage.hpp). So if
//      the query had a solution, some image of it would lie in some cube, and every cube is
//      refuted: the query is UNSAT. A missing cube makes the coverage CNF satisfiable, and the
//      check names the uncovered assignment;
//   3. a SAT cube: its model becomes a witness that the family re-verifies natively.
// Files: cube.hpp (data), conquer.hpp (one cube), coverage.hpp, run_dir.hpp (resumable state),
// runner.hpp (threads), projection.hpp (per-cube time distribution, N-worker projection),
// alpha_cubes.hpp and formula_cubes.hpp (the families), decision_tree.hpp (their splitter and
// coverage proof), coq_cubes.hpp (the synthesis families on the CNF generated in Coq, whose runs
// become Coq theorems: issue 26, item 5), cds_heuristic.hpp (upper side of alpha).
//
// A Family is immutable after construction and shared by every worker thread: base() is built
// once; refine(), check_witness() and validate_extra() must be thread-safe (const, no caches
// without locks).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "encodings/sat/lrat_check.hpp"
#include "search/cube.hpp"

namespace schedcert::search {

struct CubeOptions {
  int depth = -1;        // family-specific split depth (-1: the family's default)
  std::size_t target = 0;  // families that split adaptively stop at about this many cubes
};

struct Coverage {
  bool checked = false;   // the coverage CNF's UNSAT proof was checked
  std::string method;     // how (e.g. "CaDiCaL + DRAT check of symmetry clauses & negated cubes")
  std::string argument;   // the symmetry / splitting argument the CNF encodes, in words
  std::string message;    // verdict, or the uncovered assignment
  std::uint64_t clauses = 0, lemmas = 0;
  double cpu_seconds = 0;
  // The accepted LRAT proof of the coverage CNF, when the family keeps it (Family::keeps_lrat):
  // its text until RunDir writes it (not serialized), then its file relative to the run directory.
  std::string lrat_text, lrat_file;
};
nlohmann::json to_json(const Coverage& c);
Coverage coverage_from_json(const nlohmann::json& j);

class Family {
 public:
  virtual ~Family() = default;
  // Everything needed to rebuild the family with make_family (run directories, MPI, merge).
  virtual nlohmann::json query() const = 0;
  virtual std::string title() const = 0;  // the question, one line
  // What an all-UNSAT run proves, and what a witness shows.
  virtual std::string unsat_meaning() const = 0;
  virtual std::string sat_meaning(const nlohmann::json& witness) const = 0;

  virtual const std::vector<Clause>& base() const = 0;  // shared by every cube
  virtual int num_vars() const = 0;                     // variables a model reports (1..n)
  virtual std::vector<int> frozen() const { return {}; }  // variables later clauses mention

  virtual std::vector<Cube> make_cubes(const CubeOptions& o) const = 0;
  // Clauses asserted with the cube (default: its literals as units; a family may add side
  // clauses that hold inside the cube, justified in its design note).
  virtual std::vector<Clause> cube_clauses(const Cube& c) const;
  virtual Coverage check_coverage(const std::vector<Cube>& cubes) const = 0;

  // The verified half of an UNSAT check: the Coq-verified LRAT checker on the CNF written at
  // cnf_path (base + `cube`'s clauses, or with `cover` the coverage CNF of those cubes: base +
  // the negation of each) and the LRAT proof. Default: `schedcert-lrat CNF LRAT`, on the file.
  // A family whose base the checker generates itself (coq_cubes.hpp, issue 26 item 5) runs
  // `schedcert-lrat --synth` with the cube or the cover list instead, so that the verdict is
  // about the CNF the extracted Coq generator built, and throws EnginesDisagree when that CNF
  // is not the file's.
  virtual encodings::sat::LratVerdict verified_check(const std::string& cnf_path, const std::string& lrat_path,
                                                     const Cube* cube, const std::vector<Cube>* cover) const;
  // Keep every accepted LRAT proof (DIR/proofs/cube-<id>.lrat, coverage.lrat) and check each
  // cube alone (no --check-batch): a Coq theorem embeds these proofs (coq_cubes.hpp).
  virtual bool keeps_lrat() const { return false; }

  // A model of base + cube + extras (values[v], v = 1..num_vars): lazy clauses it violates
  // (valid for every solution; each is re-checked by validate_extra before use), or, when
  // `clauses` is empty, a witness already verified natively.
  struct Refinement {
    std::vector<Clause> clauses;
    nlohmann::json witness;
  };
  virtual Refinement refine(const std::vector<bool>& values) const = 0;
  virtual std::string validate_extra(const Clause&) const { return "this family adds no extra clauses"; }
  virtual bool pool_extras() const { return false; }  // a worker may reuse extras across cubes
  virtual std::string check_witness(const nlohmann::json& w) const = 0;  // "" when valid
  // A witness given by the user (--seed-witness) in the family's format, or from a heuristic.
  virtual std::string describe_witness(const nlohmann::json& w) const { return w.dump(); }
};

// Rebuilds a family from its query() (throws InputError for an unknown family or bad fields).
std::unique_ptr<Family> make_family(const nlohmann::json& query);

}  // namespace schedcert::search
