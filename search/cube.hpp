// Cubes and their results: the data of cube-and-conquer (search/, design note in family.hpp).
//
// A cube is a list of literals over a family's CNF variables, asserted as unit clauses; a cube
// may also carry side clauses that only hold inside it (family.hpp, Family::cube_clauses).
// A result says what the conquer step established for one cube, and how it was checked:
//   unsat   the cube's CNF (base + cube clauses + extra clauses, every extra clause validated
//           natively) has a DRAT proof that our checker accepted (proof.checked);
//   sat     a model that the family turned into a witness and re-verified natively;
//   unknown timeout, stop or no checked proof: the cube stays open (a resume runs it again).
// Only the first two count as done. JSON is the exchange format (run directory files, MPI
// messages), with the schema written by to_json / read by from_json.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace schedcert::search {

using Clause = std::vector<int>;

struct Cube {
  std::uint32_t id = 0;
  std::vector<int> lits;  // asserted as units
  std::string label;      // human-readable ("m=3, 5 pairs")
};

nlohmann::json to_json(const Cube& c);
Cube cube_from_json(const nlohmann::json& j);

enum class CubeStatus { Unsat, Sat, Unknown };
std::string to_string(CubeStatus s);
CubeStatus parse_cube_status(const std::string& s);

struct ProofRecord {
  std::string format = "drat";  // binary DRAT as CaDiCaL writes it
  std::uint64_t bytes = 0;
  std::string hash;             // FNV-1a 64 of the proof file (an identifier, not a signature)
  std::uint64_t lemmas = 0;
  bool checked = false;         // our DRAT checker (encodings/sat/drat.hpp) accepted it, and the
                                // Coq-verified LRAT checker accepted the LRAT proof it wrote
  bool lrat_verified = false;   // the verified checker's verdict on its own
  std::string cnf_sha256;       // of the CNF the verified checker read (it states the hash)
  std::string message;          // the checker's report
  bool fresh = false;           // the proof came from a fresh solver on the final CNF
  std::string file;             // kept proof, relative to the run directory ("" when not kept)
  std::string extra_file;       // the extra (lazy) clauses of the checked CNF, when kept
  // The LRAT proof the verified checker accepted, kept when the family asks (Family::keeps_lrat:
  // a Coq theorem embeds it), relative to the run directory, and its size.
  std::string lrat_file;
  std::uint64_t lrat_bytes = 0;
};

struct CubeResult {
  std::uint32_t id = 0;
  CubeStatus status = CubeStatus::Unknown;
  std::string reason;          // unknown: "timeout", "stopped", "proof not checked: ..."
  double cpu_seconds = 0;      // thread CPU time of solve + check
  double check_seconds = 0;    // of which the proof check
  double wall_seconds = 0;
  std::uint64_t solves = 0;    // solver calls (lazy refinement loops)
  std::uint64_t extra_clauses = 0;  // lazy clauses in the final CNF (pool + new)
  ProofRecord proof;           // unsat
  nlohmann::json witness;      // sat: the family's witness (verified natively)
  std::string worker;          // "thread 1", "rank 3@host"
  std::string ledger;          // imported from this ledger (search/ledger.hpp); "" when solved here
  bool done() const { return (status == CubeStatus::Unsat && proof.checked) || status == CubeStatus::Sat; }
};

nlohmann::json to_json(const CubeResult& r);
CubeResult result_from_json(const nlohmann::json& j);

// FNV-1a 64 of a file's bytes as 16 hex digits ("" when unreadable); *bytes gets the size.
std::string file_hash(const std::string& path, std::uint64_t* bytes = nullptr);
std::string text_hash(const std::string& text);

}  // namespace schedcert::search
