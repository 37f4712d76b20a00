// Measurements and claims about the balanced spanning tree (Ho-Johnsson 1986, §4.1).
//
// bst_subtree_sizes: the size of each of the n subtrees of the root, computed from the
// parent function (not from counting bases), for Table 5 ("BST(max)", (N-1)/log N, ratio).
// check_bst_properties: the six properties listed after Lemma 4.1, each with its counterexample:
//   1. one subtree has height log N, all others log N - 1 (height = deepest level in the BST,
//      the root being level 0; the BST as a whole has height log N);
//   2. the maximum fanout of a node at level i is ceil((log N - i)/2), 1 <= i <= log N;
//   3. phi(i, j) >= phi(k, j) for every child k of i (phi(i, j): nodes at distance j below i);
//   4. for prime log N, the subtrees are isomorphic once node s ^ (11..1) is removed (checked as
//      rooted unordered trees, AHU canonical forms); for composite n the check is reported as
//      "not claimed" with the measured answer;
//   5. subtrees P .. log N - 1 contain no cyclic node of period P;
//   6. every cyclic node is a leaf.
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/constructions/hojohnsson1986/structural_check.hpp"
#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

struct BstSubtreeSizes {
  int n = 0;
  std::vector<std::uint64_t> sizes;  // sizes[j]: nodes in the subtree of the root's child s^2^j
  std::uint64_t max = 0, min = 0;
  double ideal = 0;  // (N - 1) / log N
  double ratio = 0;  // max / ideal
};

BstSubtreeSizes bst_subtree_sizes(int n, Node s = 0);  // n in [1, 20]

// Properties 1-6 (and consistency, base preservation). n in [1, 16].
std::vector<StructuralCheck> check_bst_properties(int n, Node s = 0);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
