// The paper's numbers (Fragopoulou-Akl 1995, §4.1-4.4), as formulas in n, k and M. §4.1 derives
// them as lower bounds and §4.2-4.4 claim that the algorithms meet them:
//   multinode broadcast      ceil(M(k^n - 1)/2n) steps,  M(k^n - 1)k^n transmissions;
//   single-node scattering   ceil(M(k^n - 1)/2n) steps,  ceil(M n (k^2 - 1) k^(n-1)/4);
//   multinode scattering     ceil(M(k^2 - 1)k^(n-1)/8),  ceil(M n (k^2 - 1) k^(2n-1)/4).
// (The §4.1 scatter sum M * sum_d d N_d equals M k^n times the average distance n(k^2 - 1)/4k.)
// These are claims to compare with, never inputs of a construction.
#pragma once
#include <cstdint>

namespace schedcert::schedules::constructions::fragopoulou1995 {

std::uint64_t mnb_claimed_steps(int n, int k, std::uint32_t M);
std::uint64_t mnb_claimed_transmissions(int n, int k, std::uint32_t M);
std::uint64_t scatter_claimed_steps(int n, int k, std::uint32_t M);
std::uint64_t scatter_claimed_transmissions(int n, int k, std::uint32_t M);
std::uint64_t multinode_scatter_claimed_steps(int n, int k, std::uint32_t M);
std::uint64_t multinode_scatter_claimed_transmissions(int n, int k, std::uint32_t M);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
