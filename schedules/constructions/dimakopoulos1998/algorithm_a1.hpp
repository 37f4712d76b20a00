// Algorithm A1 (Dimakopoulos & Dimopoulos 1998, §4, Fig. 3): single-port total exchange on any
// Cartesian product, from total exchanges in the dimensions. See algorithm_a1.cpp.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "schedules/constructions/dimakopoulos1998/te_pattern.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

// Streams a total exchange of some graph with `nodes` nodes into a sink.
using Emitter = std::function<void(TeSink&)>;

// One level of A1 for G = A x B (A's ids are the low digits: node (a, b) = a + |A| b):
// lines 1-3, |A| total exchanges in every copy B_i of B, the r-th moving batch R_r (Table 1);
// then lines 4-6, |B| total exchanges in every copy A_j of A, the k-th distributing the
// messages that came from A_k. Takes n1 T_B + n2 T_A steps (Theorem 2).
void a1_compose(const Emitter& a, std::uint32_t a_nodes, const TePattern& b, TeSink& out);

// A1 applied recursively with A = G_1 x ... x G_{k-1}, B = G_k, on the factor patterns of
// factor_te(., model). Model may be single-port-full (the paper's) or all-port (an extension:
// A1 is valid there too, since every phase uses one dimension's links in disjoint copies).
void emit_a1(const Network& net, Model model, TeSink& out);
// The whole schedule, M messages per pair (the pattern run M times).
Schedule algorithm_a1(const Network& net, Model model, std::uint32_t messages = 1);

// Theorem 2: n1 T_B + n2 T_A.
std::uint64_t theorem2_steps(std::uint64_t n1, std::uint64_t t_a, std::uint64_t n2,
                             std::uint64_t t_b);
// Corollary 3: n * sum_i T_i / |V_i| with T_i = factor_te_steps (an integer: n/|V_i| is one).
std::uint64_t corollary3_steps(const Network& net, Model model);
// The same written out, e.g. "n sum T_i/|V_i| = 25 (2/5 + 2/5) = 20".
std::string corollary3_formula(const Network& net, Model model);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
