// Unit propagation over a fixed CNF, with decision levels: what the decision-tree splitter of
// formula_cubes.cpp uses to drop branches that propagation already refutes (each such branch
// becomes a RUP lemma of the coverage proof). Two watched literals per clause; no learning.
#pragma once
#include <cstdint>
#include <vector>

#include "search/cube.hpp"

namespace schedcert::search {

class Propagator {
 public:
  Propagator(const std::vector<Clause>& cnf, int num_vars);
  bool ok() const { return ok_; }  // false: the CNF propagates to a conflict with no decision
  // Value of a literal: +1 true, -1 false, 0 unassigned.
  int value(int lit) const {
    const int v = val_[static_cast<std::size_t>(lit > 0 ? lit : -lit)];
    return lit > 0 ? v : -v;
  }
  // Opens a level, assigns lit and propagates; false on conflict (the level stays open: pop it).
  bool decide(int lit);
  void pop();  // undoes the last level
  int levels() const { return static_cast<int>(marks_.size()); }

 private:
  bool assign(int lit);
  bool propagate();
  std::size_t idx(int lit) const { return lit > 0 ? 2u * static_cast<std::size_t>(lit) : 2u * static_cast<std::size_t>(-lit) + 1; }

  std::vector<Clause> clauses_;
  std::vector<std::vector<std::uint32_t>> watches_;
  std::vector<signed char> val_;
  std::vector<int> trail_;
  std::vector<std::size_t> marks_;
  std::size_t head_ = 0;
  bool ok_ = true;
};

}  // namespace schedcert::search
