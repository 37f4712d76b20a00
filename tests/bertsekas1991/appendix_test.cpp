// Bertsekas et al. 1991, Appendix: d does not divide 2^d - 1 for d >= 2.
#include <doctest/doctest.h>

#include "schedules/constructions/bertsekas1991/appendix.hpp"

namespace schedcert_test_bertsekas1991_appendix_test {

namespace b = schedcert::schedules::constructions::bertsekas1991;

TEST_CASE("bertsekas1991 Appendix: 2^d - 1 is not divisible by d, d = 2..64 (and beyond)") {
  CHECK(b::pow2_mod(3) == 2);
  CHECK(b::pow2_mod(7) == 2);
  CHECK(b::pow2_mod(64) == 0);
  CHECK(b::pow2_mod(341) == 2);  // 341 = 11 * 31, a base-2 pseudoprime: 2^340 = 1 mod 341
  CHECK(b::pow2_mod(18446744073709551557ULL) == 2);  // the largest 64-bit prime (Fermat)
  CHECK_FALSE(b::appendix_counterexample(64));
  CHECK_FALSE(b::appendix_counterexample(100000));
}

}  // namespace schedcert_test_bertsekas1991_appendix_test
