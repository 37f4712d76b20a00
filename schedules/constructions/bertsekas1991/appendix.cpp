// Appendix check (Bertsekas et al. 1991, Appendix, "Indivisibility of 2^d - 1 by d").
//
// The paper proves it; we check it numerically for every d up to a bound: d | 2^d - 1 iff
// 2^d mod d == 1 (for d >= 2). pow2_mod() squares and multiplies modulo d with 128-bit
// intermediates, so it is exact for every 64-bit d.
#include "schedules/constructions/bertsekas1991/appendix.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

std::uint64_t pow2_mod(std::uint64_t d) {
  if (d == 1) return 0;
  unsigned __int128 result = 1, base = 2 % d;
  for (std::uint64_t e = d; e > 0; e >>= 1) {
    if (e & 1) result = (result * base) % d;
    base = (base * base) % d;
  }
  return static_cast<std::uint64_t>(result);
}

std::optional<std::uint64_t> appendix_counterexample(std::uint64_t max_d) {
  for (std::uint64_t d = 2; d <= max_d; ++d)
    if (pow2_mod(d) == 1) return d;
  return std::nullopt;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
