// The chain encoding of one lex-leader constraint X <=lex Y (false < true), shared by every
// lex-leader user: the synthesis and successive-broadcast queries (encodings/synth/lex_leader.hpp)
// and the alpha cubes' stabilisers (search/alpha_cubes.hpp).
//
// The constraint compares two vectors of literals position by position, X = (x_1, x_2, ...) and
// Y = (y_1, y_2, ...), in the order the caller hands the pairs in. In a lex-leader constraint Y is
// X's image under a symmetry (y_k is the literal whose value in an assignment is x_k's value in
// the assignment's image), so "X <=lex Y for every generator" is what the lex-least member of an
// orbit satisfies (Crawford, Ginsberg, Luks & Roy, KR 1996). The encoding is that of Aloul,
// Markov & Sakallah 2003 (as in BreakID): with e_k = "positions before k are equal" (e_1 true),
//     e_k -> (-x_k | y_k),   e_k & x_k -> e_{k+1},   e_k & -y_k -> e_{k+1}
// i.e. the clauses (-e_k | -x_k | y_k), (-e_k | -x_k | e_{k+1}), (-e_k | y_k | e_{k+1}): only the
// direction that forces e_{k+1} is needed, since e_{k+1} is only ever used negatively. An
// assignment with X <=lex Y satisfies them with e_{k+1} = e_k & (x_k == y_k). 3 clauses and one
// fresh variable per position.
// Pairs with x_k == y_k (a fixed point, or two copies of one constant) are skipped: they compare
// equal in every assignment. Only the first `max_positions` other positions are encoded; a prefix
// of the chain is implied by the whole constraint, so a cut chain is still sound (weaker only).
// To reverse the order (true < false, "lex-largest"), hand in the negated literals.
// The sinks: new_var() returns a fresh variable, add(clause) stores a clause. true_lit is the
// literal the sink treats as constant true (synth::Formula's kTrue, which it folds away), or 0
// when there is none (then e_1 is left out of the first position's clauses).
#pragma once
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace schedcert::encodings::sat {

class LexChain {
 public:
  using NewVar = std::function<int()>;
  using AddClause = std::function<void(std::vector<int>)>;
  LexChain(NewVar new_var, AddClause add, std::size_t max_positions, int true_lit = 0)
      : new_var_(std::move(new_var)), add_(std::move(add)), max_(max_positions), eq_(true_lit) {}

  // Position k: x_k <= y_k if the earlier positions are equal. Returns false, adding nothing,
  // when the chain already has max_positions positions.
  bool add(int x, int y) {
    if (full()) return false;
    if (x == y) return true;
    add_(with_eq({-x, y}));
    const int next = new_var_();
    add_(with_eq({-x, next}));
    add_(with_eq({y, next}));
    eq_ = next;
    ++positions_;
    return true;
  }
  bool full() const { return positions_ >= max_; }
  std::size_t positions() const { return positions_; }

 private:
  std::vector<int> with_eq(std::vector<int> c) const {
    if (eq_ != 0) c.insert(c.begin(), -eq_);
    return c;
  }
  NewVar new_var_;
  AddClause add_;
  std::size_t max_;
  int eq_;  // 0: "equal so far" is constant true and the sink has no literal for it
  std::size_t positions_ = 0;
};

}  // namespace schedcert::encodings::sat
