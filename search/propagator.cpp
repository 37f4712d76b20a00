// Unit propagation with two watched literals (propagator.hpp).
#include "search/propagator.hpp"

#include <cstdlib>

namespace schedcert::search {

Propagator::Propagator(const std::vector<Clause>& cnf, int num_vars)
    : watches_(2 * static_cast<std::size_t>(num_vars) + 2), val_(static_cast<std::size_t>(num_vars) + 1, 0) {
  std::vector<int> units;
  for (const auto& c : cnf) {
    if (c.empty()) {
      ok_ = false;
      continue;
    }
    if (c.size() == 1) {
      units.push_back(c[0]);
      continue;
    }
    const auto id = static_cast<std::uint32_t>(clauses_.size());
    clauses_.push_back(c);
    watches_[idx(-c[0])].push_back(id);
    watches_[idx(-c[1])].push_back(id);
  }
  for (int u : units)
    if (value(u) < 0 || (value(u) == 0 && !assign(u))) ok_ = false;
  if (ok_ && !propagate()) ok_ = false;
}

bool Propagator::assign(int lit) {
  val_[static_cast<std::size_t>(std::abs(lit))] = lit > 0 ? 1 : -1;
  trail_.push_back(lit);
  return true;
}

// Watches of clause c sit on positions 0 and 1; watches_[idx(-l)] lists clauses watching l,
// visited when l becomes false.
bool Propagator::propagate() {
  while (head_ < trail_.size()) {
    const int falsified = -trail_[head_++];
    auto& ws = watches_[idx(-falsified)];
    for (std::size_t i = 0; i < ws.size();) {
      Clause& c = clauses_[ws[i]];
      if (c[0] == falsified) std::swap(c[0], c[1]);
      if (value(c[0]) > 0) {
        ++i;
        continue;
      }
      bool moved = false;
      for (std::size_t k = 2; k < c.size(); ++k)
        if (value(c[k]) >= 0) {
          std::swap(c[1], c[k]);
          watches_[idx(-c[1])].push_back(ws[i]);
          ws[i] = ws.back();
          ws.pop_back();
          moved = true;
          break;
        }
      if (moved) continue;
      if (value(c[0]) < 0) return false;  // conflict
      if (value(c[0]) == 0) assign(c[0]);
      ++i;
    }
  }
  return true;
}

bool Propagator::decide(int lit) {
  marks_.push_back(trail_.size());
  if (value(lit) > 0) return true;
  if (value(lit) < 0) return false;
  assign(lit);
  return propagate();
}

void Propagator::pop() {
  const std::size_t m = marks_.back();
  marks_.pop_back();
  while (trail_.size() > m) {
    val_[static_cast<std::size_t>(std::abs(trail_.back()))] = 0;
    trail_.pop_back();
  }
  head_ = m;
}

}  // namespace schedcert::search
