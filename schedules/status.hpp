// Status (total distance) and average status of multidimensional networks.
//
// Dimakopoulos & Dimopoulos 1998, §3 and §3.1. The status s(v) of a node is the sum of its
// distances to every node (eq. (2), (5)); the average status AS(G) = sum_v s(v) / n is the
// single-port total exchange lower bound of eq. (3). Theorem 1 gives the status in a product
// from the factors' statuses, s(v) = n * sum_i s_i(v_i) / |V_i|; Corollary 1 the average
// distance AD(v) = s(v) / (n - 1); Corollary 2 the average status AS(G) = n * sum_i AS(G_i)/|V_i|.
//
// Two independent computations so that each checks the other:
//   status_bfs      breadth-first search over the implicit graph (Network::for_each_neighbour);
//   status_formula  Theorem 1 with the closed forms of the factors (ring, path, K_n, K2).
// distance_profile is the distribution of distances from a node (the convolution of the
// factors' distributions, since distances add over dimensions, eq. (1)); the lower bounds use it.
// Totals over all pairs can exceed 64 bits (Q_31), so they are returned as unsigned __int128.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::schedules {

using Wide = unsigned __int128;

// --- One factor (closed forms) ---------------------------------------------------------------
std::uint64_t factor_status(const Factor& f, std::uint32_t a);  // status of vertex a in f
std::uint64_t factor_total_status(const Factor& f);             // sum over f's vertices
// counts[d] = number of vertices of f at distance d from a, d = 0 .. eccentricity of a.
std::vector<std::uint64_t> factor_distance_profile(const Factor& f, std::uint32_t a);

// --- Closed forms of Corollaries 1-2 and the usual special cases -----------------------------
std::uint64_t ring_status(std::uint32_t k);                   // C_k, any vertex: floor(k^2/4)
std::uint64_t path_status(std::uint32_t k, std::uint32_t a);  // P_k, vertex a: a(a+1)/2 + b(b+1)/2
std::uint64_t complete_status(std::uint32_t k);               // K_k: k - 1
std::uint64_t hypercube_status(int d);                        // Q_d: d 2^(d-1)
double ring_average_status(std::uint32_t k);                  // floor(k^2/4)
double path_average_status(std::uint32_t k);                  // (k^2 - 1) / 3
// Generalized hypercube K_m1 x ... x K_mk (m_i >= 2): s(v) = n * sum (m_i - 1)/m_i for every v,
// and the average distance n/(n-1) * (k - sum 1/m_i) (Dimakopoulos, after Corollary 1).
std::uint64_t generalized_hypercube_status(const std::vector<std::uint32_t>& m);
double generalized_hypercube_average_distance(const std::vector<std::uint32_t>& m);

// --- A whole network ---------------------------------------------------------------------------
// BFS over the implicit graph. Throws InputError above 2^24 nodes (use status_formula).
std::uint64_t status_bfs(const Network& net, Node v);
// Theorem 1: s(v) = sum_i (n / |V_i|) * s_i(v_i).
std::uint64_t status_formula(const Network& net, Node v);
// S_G = sum_v s(v) = sum_i (n / |V_i|)^2 * S_{G_i} (Corollary 2 multiplied by n); exact.
Wide total_status(const Network& net);
double average_status(const Network& net);                       // AS(G) = S_G / n, eq. (3)
double average_status_corollary2(const Network& net);            // n * sum_i AS(G_i) / |V_i|
double average_distance(const Network& net);                     // S_G / (n (n - 1))
double average_distance(const Network& net, Node v);             // s(v) / (n - 1)
double average_distance_corollary1(const Network& net, Node v);  // n/(n-1) sum (1-1/|V_i|) AD_i

// Distance distribution from v: counts[d] for d = 0 .. ecc(v). The convolution costs about
// sum_i (prefix diameter) * (diameter_i) operations; returns nullopt when that exceeds max_work.
std::optional<std::vector<std::uint64_t>> distance_profile(const Network& net, Node v,
                                                           std::uint64_t max_work = 50'000'000);

// Degrees and links of the product (sums over the factors, no enumeration).
std::uint32_t min_degree(const Network& net);
std::uint32_t max_degree(const Network& net);
std::uint64_t directed_links(const Network& net);  // sum of degrees = 2 |E|

}  // namespace schedcert::schedules
