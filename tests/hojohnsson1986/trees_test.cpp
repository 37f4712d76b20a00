// Ho-Johnsson 1986 §3.1, §3.2, §3.3.2: SBT consistency, the MSBT's n ERSBTs (consistent,
// edge-disjoint, height n + 1) and the labelling f's three conditions, for n = 1..16; the TCBT
// embedding's shape. The product computes; the paper's claims are asserted here.
#include <doctest/doctest.h>

#include "schedules/constructions/hojohnsson1986/msbt_checks.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_tree.hpp"
#include "schedules/constructions/hojohnsson1986/tcbt.hpp"
#include "schedules/error.hpp"

namespace schedcert_test_hojohnsson1986_trees_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::hojohnsson1986;

TEST_CASE("hj1986 §3.1: SBT parent and children functions are consistent, any source") {
  for (int n = 1; n <= 16; ++n)
    for (Node s : {Node{0}, (Node{1} << n) - 1, Node{5} % (Node{1} << n)}) {
      StructuralCheck c = check_sbt_consistency(n, s);
      INFO(format(c));
      CHECK(c.holds);
      CHECK(c.measured == "height " + std::to_string(n));
    }
}

TEST_CASE("hj1986 §3.1: Figure 1, the SBT rooted at 0 in a 4-cube") {
  // Complementing leading zeroes: children(0) = all neighbours, children(0001) = 0011, 0101,
  // 1001, children(0100) = 1100, children(1000) = {}.
  CHECK(sbt_children(4, 0, 0) == std::vector<Node>{1, 2, 4, 8});
  CHECK(sbt_children(4, 1, 0) == std::vector<Node>{3, 5, 9});
  CHECK(sbt_children(4, 4, 0) == std::vector<Node>{12});
  CHECK(sbt_children(4, 8, 0).empty());
  CHECK(sbt_parent(4, 13, 0) == 5);
  CHECK(sbt_parent(4, 0, 0) == kNone);
  CHECK(sbt_parent(4, 13 ^ 6, 6) == (5 ^ 6));
}

TEST_CASE("hj1986 §3.2: Figure 2, the three ERSBTs of the 3-cube from source 0") {
  // Tree j: 0 -> 2^j; node 2^j has every other neighbour as child.
  CHECK(msbt_children(3, 0, 0, 0) == std::vector<Node>{1});
  CHECK(msbt_children(3, 1, 0, 0) == std::vector<Node>{3, 5});
  CHECK(msbt_parent(3, 6, 0, 0) == 7);   // bit 0 of 110 is 0: a leaf hanging off 111
  CHECK(msbt_parent(3, 7, 0, 0) == 3);   // k = 2 (first one right of bit 0, cyclically)
  CHECK(msbt_children(3, 6, 0, 0).empty());
  // Labels of Figure 3 (tree 0): f(1,0) = 0, f(3,0) = 1, f(5,0) = 2, leaves 3.
  CHECK(msbt_label(3, 1, 0, 0) == 0);
  CHECK(msbt_label(3, 3, 0, 0) == 1);
  CHECK(msbt_label(3, 5, 0, 0) == 2);
  CHECK(msbt_label(3, 6, 0, 0) == 3);
  CHECK(msbt_label(3, 0, 0, 0) == kNoLabel);
}

TEST_CASE("hj1986 §3.2: the n ERSBTs are consistent, edge-disjoint, of height n+1 (n = 2..16)") {
  for (int n = 2; n <= 16; ++n) {
    const Node s = n % 3 == 0 ? 0 : (Node{0x5A5A} & ((Node{1} << n) - 1));
    std::vector<StructuralCheck> cs = check_msbt_trees(n, s);
    INFO(format(cs));
    REQUIRE(cs.size() == 4);
    CHECK(all_hold(cs));
  }
}

TEST_CASE("hj1986 §3.2 finding: for n = 1 the single ERSBT has height 1, not n + 1 = 2") {
  std::vector<StructuralCheck> cs = check_msbt_trees(1, 0);
  CHECK(cs[0].holds);
  CHECK(cs[1].holds);
  CHECK(cs[2].holds);
  CHECK_FALSE(cs[3].holds);
  CHECK(cs[3].measured == "heights 1");
}

TEST_CASE("hj1986 §3.3.2: labelling f satisfies conditions 1-3 and tops at 2n-1 (n = 2..16)") {
  for (int n = 2; n <= 16; ++n) {
    const Node s = n % 2 == 0 ? 0 : (Node{1} << n) - 1;
    std::vector<StructuralCheck> cs = check_msbt_labelling(n, s);
    INFO(format(cs));
    CHECK(all_hold(cs));
  }
  // n = 1: the conditions hold; the only label is 0, so "largest label 2n-1 = 1" fails.
  std::vector<StructuralCheck> one = check_msbt_labelling(1, 1);
  CHECK(one[0].holds);
  CHECK(one[1].holds);
  CHECK(one[2].holds);
  CHECK_FALSE(one[3].holds);
}

TEST_CASE("hj1986: a broken tree is reported with a counterexample") {
  // Parent of 3 is 1 but children(1) forgets it.
  StructuralCheck c = check_consistency(
      "toy", 2, 0, [](Node i) { return i == 0 ? kNone : i == 3 ? Node{1} : Node{0}; },
      [](Node i) { return i == 0 ? std::vector<Node>{1, 2} : std::vector<Node>{}; });
  CHECK_FALSE(c.holds);
  CHECK(c.counterexample.find("N-1") != std::string::npos);
  StructuralCheck cyc = check_consistency(
      "cycle", 2, 0, [](Node i) { return i == 0 ? kNone : i == 1 ? Node{3} : i == 3 ? Node{1} : 0; },
      [](Node) { return std::vector<Node>{}; });
  CHECK_FALSE(cyc.holds);
  CHECK(cyc.counterexample.find("cycle") != std::string::npos);
}

TEST_CASE("hj1986 §3.4: the TCBT embedding is a two-rooted complete binary tree of Q_n") {
  for (int n = 2; n <= 14; ++n)
    for (Node s : {Node{0}, Node{3}}) {
      StructuralCheck c = check_tcbt(n, s);
      INFO(format(c));
      CHECK(c.holds);
      CHECK(c.measured == "height " + std::to_string(n));
    }
  CHECK_THROWS_AS(tcbt_embedding(1, 0), schedcert::InputError);
}

}  // namespace schedcert_test_hojohnsson1986_trees_test
