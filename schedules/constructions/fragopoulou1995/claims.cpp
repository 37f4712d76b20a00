// The §4.1-4.4 formulas of Fragopoulou-Akl 1995; see claims.hpp.
#include "schedules/constructions/fragopoulou1995/claims.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

namespace {

std::uint64_t power(int k, int e) {
  std::uint64_t p = 1;
  for (int i = 0; i < e; ++i) p *= static_cast<std::uint64_t>(k);
  return p;
}
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {
  return (a + b - 1) / b;
}
std::uint64_t u(int x) {
  return static_cast<std::uint64_t>(x);
}

}  // namespace

std::uint64_t mnb_claimed_steps(int n, int k, std::uint32_t M) {
  return ceil_div(M * (power(k, n) - 1), 2 * u(n));
}
std::uint64_t mnb_claimed_transmissions(int n, int k, std::uint32_t M) {
  return M * (power(k, n) - 1) * power(k, n);
}
std::uint64_t scatter_claimed_steps(int n, int k, std::uint32_t M) {
  return mnb_claimed_steps(n, k, M);
}
std::uint64_t scatter_claimed_transmissions(int n, int k, std::uint32_t M) {
  return ceil_div(M * u(n) * (u(k) * u(k) - 1) * power(k, n - 1), 4);
}
std::uint64_t multinode_scatter_claimed_steps(int n, int k, std::uint32_t M) {
  return ceil_div(M * (u(k) * u(k) - 1) * power(k, n - 1), 8);
}
std::uint64_t multinode_scatter_claimed_transmissions(int n, int k, std::uint32_t M) {
  return ceil_div(M * u(n) * (u(k) * u(k) - 1) * power(k, 2 * n - 1), 4);
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
