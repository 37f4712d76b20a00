// Independent expectations for the Fragopoulou-Akl tests, counted from the necklaces
// (Definitions 3-6) rather than from the BSG or the schedules.
#pragma once
#include <cstdint>

#include "schedules/constructions/fragopoulou1995/necklace.hpp"

namespace fa_expected {

using namespace schedcert::schedules::constructions::fragopoulou1995;

inline std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {
  return (a + b - 1) / b;
}

// §4.2 read literally: one lockstep block per T_0 edge, i.e. per necklace other than 0^n, of
// ceil(M P / 2n) steps (M for a full necklace).
inline std::uint64_t mnb_paper_steps(const Torus& t, std::uint32_t M) {
  std::uint64_t s = 0;
  for (const Necklace& nk : all_necklaces(t))
    if (nk.distance > 0) s += ceil_div(std::uint64_t{M} * nk.period(), 2 * t.n());
  return s;
}

// §4.4 read literally: table entries one after the other, d hops of ceil(M P / 2n) steps each.
inline std::uint64_t multinode_scatter_paper_steps(const Torus& t, std::uint32_t M) {
  std::uint64_t s = 0;
  for (const Necklace& nk : all_necklaces(t))
    s += nk.distance * ceil_div(std::uint64_t{M} * nk.period(), 2 * t.n());
  return s;
}

// Does 2n/P divide M for every necklace (the paper's implicit assumption)?
inline bool splits_evenly(const Torus& t, std::uint32_t M) {
  for (const Necklace& nk : all_necklaces(t))
    if (nk.distance > 0 && M % ((2 * t.n()) / nk.period()) != 0) return false;
  return true;
}

}  // namespace fa_expected
