#pragma once
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::desprez1993 {

// The binary-reflected Gray code BRGC(d) as node ids (dimension 0 = least significant bit):
// g(j) = j ^ (j >> 1), so x^(j+1) (1-based in the paper) is brgc(d)[j].
std::vector<Node> brgc(int d);

// Left bit rotation R^r of a d-bit vertex (the paper's R: x_{d-1}..x_0 -> x_{d-2}..x_0 x_{d-1}).
Node rotate_left(Node u, int r, int d);

// How the broadcasts are laid out. Rotated is the paper's construction (Proposition 1);
// the other two are the variants the paper rejects, kept to show why (Fig. 2 and Fig. 4).
enum class Variant {
  Rotated,      // x^(j) uses R^nu(SBT(x^(j))), a new broadcast every two steps
  Unrotated,    // x^(j) uses SBT(x^(j)) (Fig. 4 style), a new broadcast every two steps
  EveryStep,    // rotated trees, but a new broadcast every step (Fig. 2)
};
Variant parse_variant(const std::string& name);  // "", "rotated", "unrotated", "every-step"

// Successive broadcasts from all p = 2^d nodes of Q_d in BRGC order under shout-whisper.
Schedule successive_broadcasts(int d, Variant v = Variant::Rotated);

// Proposition 1: 2p + log2 p - 2 steps (p = 2^d).
std::uint64_t proposition1_steps(int d);

}  // namespace schedcert::schedules::constructions::desprez1993
