// Incremental SAT backends for pure-Boolean queries built with cnf.hpp: CaDiCaL (with an
// optional DRAT proof written while solving, checked afterwards by drat.hpp) and Z3 (its
// QF_FD / SAT core on the same clauses), behind one interface so that a search loop (e.g.
// alpha/cds.cpp) runs unchanged on either engine.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace schedcert::encodings::sat {

enum class SatAnswer { Sat, Unsat, Unknown };

class SatBackend {
 public:
  virtual ~SatBackend() = default;
  virtual void add(const std::vector<int>& clause) = 0;
  // Solves under `assumptions` (literals); `seconds` <= 0 means no time limit. Unknown when the
  // limit is reached.
  virtual SatAnswer solve(const std::vector<int>& assumptions, double seconds) = 0;
  virtual bool value(int var) = 0;  // after Sat
  // Promises that later clauses may mention `var`: CaDiCaL then never eliminates it, which keeps
  // its incremental DRAT proof consistent (no untraced restoring of eliminated clauses).
  virtual void freeze(int /*var*/) {}
  virtual const char* name() const = 0;
};

// Before loading a query into CaDiCaL (issue 18): the bytes of its clauses in our CNF, in the copy
// kept for the certificate and in CaDiCaL's arena and watches, and per variable CaDiCaL's flags,
// values, scores and watch lists (measured in docs/limits.md). Saturates instead of wrapping.
constexpr std::uint64_t kSatBytesPerVariable = 300, kSatBytesPerClause = 160;
constexpr std::uint64_t sat_estimate_bytes(std::uint64_t vars, std::uint64_t clauses) {
  const unsigned __int128 b = static_cast<unsigned __int128>(vars) * kSatBytesPerVariable +
                              static_cast<unsigned __int128>(clauses) * kSatBytesPerClause;
  return b > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(b);
}

// CaDiCaL. With a non-empty proof_path, a binary DRAT proof of everything derived is written
// there (the proof is meaningful for an Unsat answer without assumptions).
std::unique_ptr<SatBackend> make_cadical(const std::string& proof_path = "");
// Z3 4.8.12, SolverFor("QF_FD") on one Boolean constant per variable.
std::unique_ptr<SatBackend> make_z3();

}  // namespace schedcert::encodings::sat
