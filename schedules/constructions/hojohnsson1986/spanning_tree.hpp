// A spanning tree of Q_n given by parent and children functions (Ho-Johnsson 1986 defines every
// tree this way: §3.1 SBT, §3.2 the ERSBTs of the MSBT, §4.1 BST), materialised as a parent
// array with depths, plus the generic check that the two functions are consistent.
//
// materialise() walks the parent function from every node; it fails (holds = false) when a parent
// is not a neighbour, the root has a parent, or the pointers cycle. check_consistency() also asks
// the children function: every child q of i must have parent(q) = i, be a neighbour and be listed
// once, and the children lists must hold N - 1 nodes in total (so every non-root node is a child
// of its parent). Dimensions up to 20 (N = 2^20 nodes, the size of Table 5).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "schedules/constructions/hojohnsson1986/structural_check.hpp"
#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

inline constexpr Node kNone = ~Node{0};  // "phi": no parent

using ParentFn = std::function<Node(Node)>;
using ChildrenFn = std::function<std::vector<Node>(Node)>;

struct SpanningTree {
  int dim = 0;
  Node root = 0;
  std::vector<Node> parent;         // kNone at the root
  std::vector<std::uint32_t> depth;  // level: root 0
  int height = 0;
  std::uint64_t size() const { return parent.size(); }
};

// Fills `out` from the parent function. The check says whether the pointers form a spanning tree
// of Q_dim rooted at `root` (measured: the height).
StructuralCheck materialise(const std::string& what, int dim, Node root, const ParentFn& parent,
                            SpanningTree& out);

// Parent and children functions agree and define a spanning tree (see the file comment).
StructuralCheck check_consistency(const std::string& what, int dim, Node root,
                                  const ParentFn& parent, const ChildrenFn& children);

// Children lists of a materialised tree, in increasing node order.
std::vector<std::vector<Node>> children_lists(const SpanningTree& t);

// Throws InputError naming `field` if dim is outside [1, max_dim] or root is not a node of Q_dim.
void check_dim_root(int dim, Node root, int max_dim, const std::string& who);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
