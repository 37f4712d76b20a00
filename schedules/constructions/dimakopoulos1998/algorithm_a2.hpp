// Algorithm A2 (Dimakopoulos & Dimopoulos 1998, §5, Fig. 5, message sets (7) and (8)):
// all-port total exchange on A x B with |A| = |B|, applied recursively. See algorithm_a2.cpp.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

// One level of A2 for G = A x B, |A| = |B| = n (node (v, u) = v + n u): n rounds of
// max(T_A, T_B) steps; in round r every A_j runs a total exchange (native messages in round 1,
// those received in round r - 1 afterwards) while every B_i runs one with the set (7)
// (m_(v_i,u_j)(v_i, *) in round n). Theorem 4 / §6: n max(T_A, T_B) steps.
void a2_compose(const TePattern& a, const TePattern& b, TeSink& out);

// The split A2 uses for the factors [lo, hi) of net: the p in (lo, hi) with |G_lo..G_p-1| =
// |G_p..G_hi-1| closest to the middle; nullopt if there is none.
std::optional<std::size_t> a2_split(const Network& net, std::size_t lo, std::size_t hi);

// A2 on the whole network, recursively: a single factor uses its all-port pattern; a range with
// an equal split uses a2_compose; a range without one (e.g. H^3) throws InputError when strict,
// and otherwise uses one level of A1 (all-port) with B = its last factor.
void emit_a2(const Network& net, bool strict, TeSink& out);
Schedule algorithm_a2(const Network& net, std::uint32_t messages = 1, bool strict = false);

// The steps emit_a2 is built to take: Theorem 4 / §6 (n max(T_A, T_B)) at equal splits,
// Theorem 2 at A1 levels, T_H = factor_te_steps(H, all-port) for a factor.
std::uint64_t a2_steps(const Network& net, bool strict = false);
// Written out, e.g. "n max(T_A, T_B) = 5 max(3, 3) = 15" (top level only, sub-levels in
// parentheses).
std::string a2_formula(const Network& net, bool strict = false);
// Corollary 4: n^(d-1) T_H for G = H^d, d = 2^k.
std::uint64_t corollary4_steps(std::uint64_t n, int d, std::uint64_t t_h);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
