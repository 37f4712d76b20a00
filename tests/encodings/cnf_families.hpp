// CNF families shared by the proof-checker tests (sat_drat_test, sat_drat_backward_test,
// lrat_check_test): pigeonhole PHP(holes + 1, holes), unsatisfiable and hard for resolution, and
// seeded random 3-SAT. The generator uses std::mt19937_64 (no hand-written wrapping arithmetic, so
// the integer sanitizer has nothing to report).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "encodings/sat/drat.hpp"

namespace schedcert::test {

// holes + 1 pigeons in `holes` holes; variable p * holes + h + 1 says pigeon p sits in hole h.
inline std::vector<encodings::sat::Clause> pigeonhole(int holes) {
  std::vector<encodings::sat::Clause> f;
  const int pigeons = holes + 1;
  for (int p = 0; p < pigeons; ++p) {
    encodings::sat::Clause c;
    for (int h = 0; h < holes; ++h) c.push_back(p * holes + h + 1);
    f.push_back(c);
  }
  for (int h = 0; h < holes; ++h)
    for (int p = 0; p < pigeons; ++p)
      for (int q = p + 1; q < pigeons; ++q) f.push_back({-(p * holes + h + 1), -(q * holes + h + 1)});
  return f;
}

// `clauses` random clauses of 3 distinct variables out of 1..vars, each literal's sign random.
inline std::vector<encodings::sat::Clause> random3(int vars, int clauses, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> var(1, vars);
  std::vector<encodings::sat::Clause> f;
  for (int i = 0; i < clauses; ++i) {
    encodings::sat::Clause c;
    while (c.size() < 3) {
      const int v = var(rng);
      bool dup = false;
      for (int l : c) dup |= std::abs(l) == v;
      if (!dup) c.push_back((rng() & 1) ? v : -v);
    }
    f.push_back(c);
  }
  return f;
}

}  // namespace schedcert::test
