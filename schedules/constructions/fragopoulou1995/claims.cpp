// The §4.1-4.4 formulas of Fragopoulou-Akl 1995; see claims.hpp.
#include "schedules/constructions/fragopoulou1995/claims.hpp"

#include "schedules/checked.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

namespace {

// Checked arithmetic (issue 13): the formulas grow like M k^(2n+1), beyond 64 bits on large tori.
constexpr const char* kWhat = "fragopoulou1995: the paper's claimed count";
std::uint64_t mul(std::uint64_t a, std::uint64_t b) { return checked_mul(a, b, kWhat); }
std::uint64_t power(int k, int e) {
  std::uint64_t p = 1;
  for (int i = 0; i < e; ++i) p = mul(p, static_cast<std::uint64_t>(k));
  return p;
}
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {
  return a / b + (a % b != 0);
}
std::uint64_t u(int x) {
  return static_cast<std::uint64_t>(x);
}

}  // namespace

std::uint64_t mnb_claimed_steps(int n, int k, std::uint32_t M) {
  return ceil_div(mul(M, power(k, n) - 1), 2 * u(n));
}
std::uint64_t mnb_claimed_transmissions(int n, int k, std::uint32_t M) {
  return mul(mul(M, power(k, n) - 1), power(k, n));
}
std::uint64_t scatter_claimed_steps(int n, int k, std::uint32_t M) {
  return mnb_claimed_steps(n, k, M);
}
std::uint64_t scatter_claimed_transmissions(int n, int k, std::uint32_t M) {
  return ceil_div(mul(mul(mul(M, u(n)), mul(u(k), u(k)) - 1), power(k, n - 1)), 4);
}
std::uint64_t multinode_scatter_claimed_steps(int n, int k, std::uint32_t M) {
  return ceil_div(mul(mul(M, mul(u(k), u(k)) - 1), power(k, n - 1)), 8);
}
std::uint64_t multinode_scatter_claimed_transmissions(int n, int k, std::uint32_t M) {
  return ceil_div(mul(mul(mul(M, u(n)), mul(u(k), u(k)) - 1), power(k, 2 * n - 1)), 4);
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
