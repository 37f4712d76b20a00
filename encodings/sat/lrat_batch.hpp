// One run of the Coq-verified LRAT checker for a batch of CNFs that share a base (issue 27).
//
// The verified checker (lrat_check.hpp) costs about 0.04 s per run before it reads a proof
// (process start, hashing the binary, parsing the base CNF); the cubes of a cube-and-conquer run
// are CNFs F ∧ R_i with one large base F and a small rest R_i each. A batch of k of them is
// checked as ONE CNF with fresh selector variables s_1..s_k (above every variable of F and the R_i):
//
//   G  =  F  ∧  S  ∧  ⋀_i ⋀_{C ∈ R_i \ S} (¬s_i ∨ C)  ∧  (s_1 ∨ ... ∨ s_k)
//
// where S is the set of clauses that occur in every R_i (put once, unguarded).
// Lemma (the argument the batch check rests on; docs/trust.md): if G is unsatisfiable, every
// F ∧ R_i is unsatisfiable. Proof: let v satisfy F ∧ R_i. Extend v by s_i = true and s_j = false
// (j ≠ i); the s are fresh, so F, S ⊆ R_i and R_i stay true; a clause ¬s_i ∨ C holds since C ∈ R_i
// holds, a clause ¬s_j ∨ C holds since s_j is false, and the last clause holds by s_i. So G is
// satisfiable. (The freshness of the s_i is what build_batch_cnf guarantees; it is checked again
// in the test suite.)
//
// The proof of G is made from the members' own LRAT proofs of F ∧ R_i (the trimmed proofs that
// our DRAT checker writes, ids: F = 1..|F|, R_i = |F|+1..|F|+|R_i|, lemmas after): every added
// clause L of member i becomes L ∨ ¬s_i; hints are renumbered (a clause of R_i to its S or
// guarded copy; lemmas to fresh ids, increasing across the batch). Under the RUP assignment of
// L ∨ ¬s_i the selector s_i is true, so ¬s_i ∨ C and L' ∨ ¬s_i behave exactly as C and L' did:
// every unit chain still works. Member i's empty clause becomes the unit ¬s_i; deletions of F and
// S clauses are dropped (other members need them), the others are kept. The last step is the
// empty clause with the hints ¬s_1, ..., ¬s_k and (s_1 ∨ ... ∨ s_k). A member whose proof has a
// RAT step (a negative hint) is not batched (the candidates of a RAT check would include the
// other members' clauses); it is checked alone.
//
// Nothing in the rewriting is trusted: a wrong hint makes the verified check fail. Trusted:
// build_batch_cnf (this lemma's construction) and the identity check that the checker read G.
// If the batch check fails, every member is checked alone (run_lrat_checker on F ∧ R_i), so the
// failing member is named and the others keep their answer.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "encodings/sat/lrat_check.hpp"

namespace schedcert::encodings::sat {

struct BatchCnf {
  std::vector<Clause> clauses;          // G, in the order above
  std::size_t base = 0, shared = 0;     // |F|, |S|
  std::vector<int> selector;            // s_i (variables), per member
  // Per member: the id in G of each clause of R_i (1-based; S or its guarded copy).
  std::vector<std::vector<long>> rest_ids;
  long or_id = 0;                       // the id of (s_1 ∨ ... ∨ s_k)
};

// The batch CNF G of the design note for base F and the members' rests R_i.
BatchCnf build_batch_cnf(const std::vector<Clause>& base, const std::vector<const std::vector<Clause>*>& rests);

// Writes the LRAT proof of G made from the members' LRAT proofs (member_lrat[i] proves
// F ∧ R_i). Returns "" or why a member cannot be batched ("member i: ..."; *bad = i).
std::string write_batch_lrat(const BatchCnf& g, const std::vector<std::string>& member_lrat,
                             const std::string& out_path, std::size_t* bad = nullptr);

struct BatchMemberVerdict {
  bool verified = false;    // the verified checker accepted a proof covering this member
  bool batched = false;     // ... as part of the batch (else alone)
  std::string message;      // the checker's verdict, batch or alone
  std::string cnf_sha256;   // of render_dimacs(F ∧ R_i) (computed here, C++)
  double cpu_seconds = 0;   // this member's share of the verified checker's CPU
};

struct BatchVerdict {
  LratVerdict batch;                  // the run on G (exit_code -1 if it did not run)
  std::size_t batched = 0;            // members in G
  std::string batch_cnf_sha256;       // of G's file, as the checker stated it
  std::string note;                   // why members were checked alone, if any
  std::vector<BatchMemberVerdict> members;
};

// Checks the members (F ∧ R_i with the LRAT proof member_lrat[i]) with as few runs of the verified
// checker as possible: one on G, then one per member that could not be batched or, when the batch
// run rejects, one per member. Files are written under `stem` (stem.cnf, stem.lrat, removed
// afterwards). Throws EnginesDisagree if a CNF the checker read is not the one built here.
BatchVerdict check_lrat_batch(const std::vector<Clause>& base, const std::vector<const std::vector<Clause>*>& rests,
                              const std::vector<std::string>& member_lrat, const std::string& stem);

}  // namespace schedcert::encodings::sat
