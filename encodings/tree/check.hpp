// Rooted spanning trees of a network (schedules/network.hpp) and their solver-free check.
//
// A tree is a parent array: parent[root] = kNoParent, parent[v] a neighbour of v otherwise.
// check_tree() is the independent re-check of every tree the Z3 search (search.hpp) or a
// construction (extract.hpp) hands back: it takes nothing from the producer but the parent
// array, checks that every parent pointer is an edge of the network and that following parents
// from every node reaches the root (so there is no cycle and the tree spans), and recomputes the
// objective values from scratch: leaves (nodes of degree 1 in the tree, the root included when it
// has one child: the count alpha of encodings/alpha/alpha.hpp uses), height (largest depth) and the
// sizes of the subtrees hanging from the root's children (Bertsekas et al. 1991 §3: each subtree
// of the scatter tree holds at most ceil((N - 1)/d) nodes).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::encodings::tree {

using schedules::Network;
using schedules::Node;

inline constexpr Node kNoParent = ~Node{0};

struct RootedTree {
  Node root = 0;
  std::vector<Node> parent;  // kNoParent at the root
};

struct TreeMetrics {
  std::uint32_t nodes = 0;
  std::uint32_t leaves = 0;        // degree-1 nodes of the (undirected) tree
  std::uint32_t height = 0;        // largest depth; the root has depth 0
  std::uint32_t max_subtree = 0;   // largest subtree of a root child (0 when N = 1)
  std::vector<std::uint32_t> depth;
  // (root child, size of its subtree), in increasing order of the child.
  std::vector<std::pair<Node, std::uint32_t>> root_subtrees;
};

// Returns the metrics, or nullopt with *why set to the first defect (a sentence naming the node).
std::optional<TreeMetrics> check_tree(const Network& net, const RootedTree& t,
                                      std::string* why = nullptr);

// Breadth-first tree from the root (each node hangs from its first-discovered neighbour): a
// shortest-path tree, so its height is the root's eccentricity.
RootedTree bfs_tree(const Network& net, Node root);

// The tree mapped by the automorphism v -> translate(v, t) (vertex-transitive networks only).
RootedTree translate_tree(const Network& net, const RootedTree& t, Node by);

// "0<-1 0<-2 1<-3 ...": every non-root node after its parent, compact for printing.
std::string tree_edges_text(const RootedTree& t);

}  // namespace schedcert::encodings::tree
