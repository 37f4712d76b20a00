// The forwarding rule of §4.3 step 2 / §4.4 step 2 (Fragopoulou-Akl 1995): a node of subtree
// T_i that holds a message for `dst` forwards it to the child "that has this digit updated",
// the digit being "the first digit to the left of digit (n-1-i) mod n" that differs from dst.
//
// Read literally (scan leftwards, towards more significant digits, from the digit after
// (n-1-i) mod n) the rule leaves the tree: on MT_{3,3} the root of T_0 would send a message for
// 212 to 002, a node of T_2 (tests/fragopoulou1995/routing_test.cpp). The reading that
// reproduces every path of BSG is: scan cyclically from digit (n-1-i) mod n itself towards less
// significant digits (rightwards in the paper's v_{n-1} ... v_0), and move the first differing
// digit one step towards dst's digit the short way round the ring. paper_route implements that
// reading; literal_route the literal one, kept only to document the discrepancy. The
// schedules themselves take their paths from the tree (Bsg::path), not from either rule.
#pragma once
#include "schedules/constructions/fragopoulou1995/torus.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

// Next node from `at` towards `dst` (at != dst) in subtree T_i, by the reading that matches BSG.
Node paper_route(const Torus& t, int i, Node at, Node dst);
// The same rule read literally (first differing digit strictly to the left of (n-1-i) mod n,
// scanning leftwards cyclically).
Node literal_route(const Torus& t, int i, Node at, Node dst);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
