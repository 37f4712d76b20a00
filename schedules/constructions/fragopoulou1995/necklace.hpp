// Necklaces, periods, unfolded necklaces and leaders (Fragopoulou-Akl 1995, §2, Definitions 3-6).
//
// A necklace is the orbit of a node under the rotation Ro, listed from its leader by successive
// rotations (Definition 3); its size is the period P(v) (Definition 4), a divisor of 2n. The
// unfolded necklace repeats it 2n/P times (Definition 5). The leader (Definition 6) is the node
// with the largest binary correspondent (nonzero digits -> 1, v_{n-1} the most significant bit),
// ties broken by comparing digits from v_{n-1} down in the order
//     0 < 1 < k-1 < 2 < k-2 < ... < i < k-i < ... < ceil(k/2),
// i.e. by the distance a digit contributes, i before k-i. The paper writes the last element as
// floor(k/2); with i < k-i that element is k - floor(k/2) = ceil(k/2), and the MT_{3,3} listing
// (leader 210, not 120) confirms 1 < 2 = k-1 there. digit_rank implements this order.
//
// necklace_listing prints the paper's listing (the MT_{3,3} one is reproduced in a test): one line
// per distance d from 0^n, the necklaces at that distance in decreasing leader order, each from
// its leader (underlined in the paper, written _x_ here).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/constructions/fragopoulou1995/torus.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

// Position of digit d in the order of Definition 6 (0 for digit 0, 1 for digit 1, 2 for k-1, ...).
std::uint32_t digit_rank(int k, std::uint32_t d);
// The binary correspondent of v: bit i set iff v_i != 0.
std::uint32_t binary_correspondent(const Torus& t, Node v);
// a < b in the order that picks the leader (Definition 6, steps 1 and 2).
bool leader_order_less(const Torus& t, Node a, Node b);

// P(v), the number of distinct nodes Ro^i(v) (Definition 4).
int period(const Torus& t, Node v);
// The leader of v's necklace (Definition 6).
Node leader_of(const Torus& t, Node v);

struct Necklace {
  std::vector<Node> nodes;  // leader, Ro(leader), Ro^2(leader), ... (P nodes)
  std::uint32_t distance = 0;
  Node leader() const { return nodes.front(); }
  int period() const { return static_cast<int>(nodes.size()); }
};

Necklace necklace_of(const Torus& t, Node v);
// The unfolded necklace: 2n nodes, the necklace repeated 2n/P times (Definition 5).
std::vector<Node> unfolded(const Torus& t, const Necklace& nk);
// Every necklace: by distance from 0^n ascending, then leader descending (the paper's order).
std::vector<Necklace> all_necklaces(const Torus& t);
// The paper's listing of (unfolded) necklaces by distance, e.g. for MT_{3,3}:
//   d = 1 : ( _200_, 020, 002, 100, 010, 001 )
// one line per necklace; lines of the same distance after the first start with "      ".
std::string necklace_listing(const Torus& t, bool unfold);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
