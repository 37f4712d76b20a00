// A small propositional formula store for the synthesis encodings: Boolean variables, clauses
// and at-most-k cardinality constraints, with two consumers.
//
// Why not build Z3 terms directly: the same query has to go to Z3 (where `atmost` with the QF_FD
// solver is the fast path, DESIGN-HINTS "Z3") and to a standalone SMT-LIB2 file that cvc5 parses
// too (no Z3-only `(_ at-most k)` / `(_ pble ...)` terms there). Keeping the constraints as plain
// integer literals makes both outputs faithful copies of one object and keeps encoding code free
// of solver details. Constant folding (kTrue / kFalse literals) happens here, so encodings can
// pass pruned variables as constants.
//
// - Formula::add_clause / at_most / make_or: building (folds constants, drops satisfied clauses).
// - solve_with_z3 (solve.cpp): the Z3 back end; solve_with_cadical (cadical.cpp):
//   CaDiCaL, with every UNSAT answer's proof checked.
// - Formula::write_smt2: the standalone SMT-LIB2 export (QF_UF, or QF_LIA when a cardinality
//   constraint needs a sum of (ite b 1 0) terms).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

namespace schedcert::encodings::synth {

// A literal: +v or -v for variable v >= 1. Variable 1 is the constant true.
using Lit = std::int32_t;
inline constexpr Lit kTrue = 1;
inline constexpr Lit kFalse = -1;

class Formula {
 public:
  // keep_names: store a readable name per variable (for the SMT-LIB2 export).
  explicit Formula(bool keep_names = false);

  Lit new_var(const std::string& name = {});
  // Appends a clause after folding constants. An empty clause makes the formula trivially UNSAT.
  void add_clause(std::initializer_list<Lit> lits) { add_clause(std::vector<Lit>(lits)); }
  void add_clause(std::vector<Lit> lits);
  void implies(Lit a, Lit b) { add_clause({-a, b}); }
  // sum(lits) <= k, after folding constants.
  void at_most(std::vector<Lit> lits, unsigned k);
  // A literal equal to the disjunction (a fresh variable unless it folds to a constant/one lit).
  Lit make_or(std::vector<Lit> lits, const std::string& name = {});

  int num_vars() const { return num_vars_; }
  bool keeps_names() const { return keep_names_; }
  std::size_t num_clauses() const { return clause_begin_.size() - 1; }
  std::size_t num_cardinality() const { return cards_.size(); }
  bool trivially_unsat() const { return trivially_unsat_; }
  std::string summary() const;  // "vars V, clauses C, cardinality K"

  // Read access for the back ends.
  std::size_t clause_size(std::size_t c) const { return clause_begin_[c + 1] - clause_begin_[c]; }
  const Lit* clause(std::size_t c) const { return clause_lits_.data() + clause_begin_[c]; }
  struct Card {
    std::size_t begin, end;
    unsigned bound;
  };
  const std::vector<Card>& cards() const { return cards_; }
  const Lit* card_lits(const Card& c) const { return card_lits_.data() + c.begin; }
  std::string var_name(int v) const;

  // Standalone SMT-LIB2: comment header, set-logic, every variable declared, one assert per
  // constraint, (check-sat) at the end. Parsed by z3 and cvc5.
  void write_smt2(std::ostream& out, const std::string& header_comment) const;

 private:
  bool keep_names_;
  int num_vars_ = 0;
  bool trivially_unsat_ = false;
  std::vector<Lit> clause_lits_;
  std::vector<std::size_t> clause_begin_{0};
  std::vector<Lit> card_lits_;
  std::vector<Card> cards_;
  std::vector<std::string> names_;
};

// Outcome of one solver call.
struct SolveOutcome {
  enum class Status { Sat, Unsat, Unknown } status = Status::Unknown;
  std::vector<bool> values;  // values[v] for every variable v (index 0 unused), when Sat
  std::string reason;        // Z3's reason_unknown when Unknown
  std::string stats;         // conflicts, decisions, ... (one line)
  double seconds = 0.0;         // all of it: loading, search, proof checking
  double search_seconds = 0.0;  // the solver's search alone (the profile of issue 19)
  double check_seconds = 0.0;   // checking an UNSAT proof (CaDiCaL)
  // The checks an Unsat answer passed, in words for the certificate line, e.g. "proofs checked:
  // DRAT (812 lemmas) + Coq-verified LRAT"; "" when none ran (Z3). Printed even with -q.
  std::string checks;
  bool value(Lit l) const { return l > 0 ? values[l] : !values[-l]; }
};

struct SolveSettings {
  unsigned timeout_ms = 600000;
  std::string logic = "QF_FD";  // "" = Z3's default solver
};

SolveOutcome solve_with_z3(const Formula& f, const SolveSettings& settings);
// CaDiCaL (cadical.cpp): the clauses as they are, each at-most-k as pairwise exclusions
// (k = 1, up to 6 literals) or Sinz's sequential counter; an UNSAT answer is reported only when
// CaDiCaL's DRAT proof checks (our checker, then the LRAT it writes by the checker proved in Coq),
// otherwise Unknown with the reason.
SolveOutcome solve_with_cadical(const Formula& f, unsigned timeout_ms);

}  // namespace schedcert::encodings::synth
