// A plain CNF builder shared by the SAT backends (backend.hpp): variables, clauses, a
// sequential-counter cardinality encoding, and writers for DIMACS and for an equivalent
// standalone SMT-LIB2 query (one Boolean per variable, one assert per clause) that z3 and cvc5
// both read. Nothing here knows about graphs.
#pragma once
#include <string>
#include <vector>

namespace schedcert::encodings::sat {

class Cnf {
 public:
  int new_var() { return ++vars_; }
  int vars() const { return vars_; }
  void add(std::vector<int> clause) { clauses_.push_back(std::move(clause)); }
  const std::vector<std::vector<int>>& clauses() const { return clauses_; }

  // Sinz's sequential counter over `lits` with outputs up to `width`: returns out where
  // out[j - 1] is implied by "at least j of lits are true" (j = 1..width). Asserting -out[k]
  // (as a unit or an assumption) then means "at most k of lits are true" for k < width.
  std::vector<int> counter(const std::vector<int>& lits, int width);

  // Writes "p cnf" + clauses, with `comment` lines first ("c " prefixed); returns the SHA-256 of
  // the bytes written (compared with the verified LRAT checker's, encodings/sat/lrat_check.hpp).
  std::string write_dimacs(const std::string& path, const std::string& comment) const;
  // Standalone SMT-LIB2 (QF_UF: declare-const b<v> Bool, one assert per clause, check-sat).
  void write_smt2(const std::string& path, const std::string& comment) const;

 private:
  int vars_ = 0;
  std::vector<std::vector<int>> clauses_;
};

}  // namespace schedcert::encodings::sat
