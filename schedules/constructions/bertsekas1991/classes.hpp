// Rotation classes R_kn of Bertsekas et al. 1991, §2 (used again in §3), and the numbering
// helpers shared by the multinode broadcast (§2) and the scatter tree (§3).
//
// Bit positions: the paper counts positions 1..d from the right; schedcert's dimension p - 1 is
// the paper's position p. A "single bit rotation to the left" moves the bit in position p to
// position p + 1 and the bit in position d to position 1 (rotl below).
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// The largest d these constructions materialise (arrays of 2^d entries).
inline constexpr int kMaxClassDim = 24;

inline Node rotl(Node t, int d) {
  const Node mask = (d >= 32) ? ~Node{0} : ((Node{1} << d) - 1);
  return ((t << 1) | (t >> (d - 1))) & mask;
}
inline Node rotl(Node t, int d, int times) {
  for (int i = 0; i < times; ++i) t = rotl(t, d);
  return t;
}
// The bit of t in the paper's position `pos` (1..d from the right).
inline bool bit_at(Node t, int pos) { return ((t >> (pos - 1)) & 1U) != 0; }
// Paper position p - 1, cyclically: position d when p = 1.
inline int pos_below(int pos, int d) { return pos == 1 ? d : pos - 1; }
// m = 1 + ((n - 1) mod d), the link type (paper position) attached to number n >= 1.
inline int m_of_number(std::uint64_t n, int d) {
  return 1 + static_cast<int>((n - 1) % static_cast<std::uint64_t>(d));
}
// ceil((2^d - 1) / d): Table 1, multinode broadcast and scatter under MLA.
inline std::uint64_t ceil_mnb(int d) {
  const std::uint64_t n = (std::uint64_t{1} << d) - 1;
  return (n + static_cast<std::uint64_t>(d) - 1) / static_cast<std::uint64_t>(d);
}

struct RotationClass {
  int k = 0;      // number of unity bits
  Node rep = 0;   // smallest element (numerically)
  int size = 0;   // number of elements: the period of rep under rotation (divides d)
};

// The classes R_k1, ..., R_kn_k for k = 1, ..., d - 1 in the order of §2:
// (00..0) R_11 R_21 ... R_2n_2 ... R_(d-1)1 (11..1). R_k1 is the class of the element whose k
// rightmost bits are unity (2^k - 1, which is also its smallest element); the paper leaves the
// order of R_k2, ..., R_kn_k free and we take increasing representatives.
std::vector<RotationClass> ordered_classes(int d);

// True when the unity bits of t form one cyclic block, i.e. t is in R_k1 with k = popcount(t)
// (for 1 <= k <= d - 1).
bool in_first_class(Node t, int d);

}  // namespace schedcert::schedules::constructions::bertsekas1991
