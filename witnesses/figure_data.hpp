// Shared data for the figure writers (latex, tikz, dot, html): node and item labels, the tree of
// a single-node schedule, the union graph of any schedule, and a 2-D layout for small networks.
//
// Labels: on Q_d a node is its binary identity number, d digits, dimension 0 rightmost
// (Bertsekas' convention); on other products of two or more factors (tori C_k^n, meshes) its
// digits v_{n-1}..v_0, dimension 0 rightmost (Fragopoulou-Akl's notation; '.'-separated when a
// factor has more than 10 vertices); on a single ring, path or complete graph its decimal id. Items are labelled by what the
// problem numbers them after (problem.hpp): total exchange "(src,dst)", multinode broadcast and
// gather "src", scatter "dst", multinode accumulation "(src,tgt)", a ".m" suffix when M > 1;
// other problems print the item id.
// Tree (build_tree): broadcast, scatter and successive broadcast use each node's first
// reception (the edge parent -> node at that step); accumulation and gather use each node's first
// send (node -> parent). It is the tree the schedule actually uses, not a recomputed one.
// Layout: hypercubes up to d = 6 as the usual projection (one vector per dimension), products of
// two factors as a grid, anything else on a circle. Coordinates in centimetres.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

std::string node_label(const schedules::Network& net, schedules::Node v);
std::string item_label(const schedules::Schedule& s, schedules::Item i);
// Comma-separated item labels of transmission t's packet ("{a,b}" when it holds several).
std::string packet_label(const schedules::Schedule& s, std::size_t t);

struct FigureTree {
  schedules::Node root = 0;
  bool towards_root = false;  // accumulation/gather: edges point from child to parent
  // For every node: parent (root: itself) and the 1-based step of its tree edge (root: 0).
  // Nodes the schedule never reaches have step 0 and parent = themselves.
  std::vector<schedules::Node> parent;
  std::vector<std::uint64_t> step;
  std::vector<std::uint32_t> depth;
};
// Throws InputError when the problem has no root or the network has more than 4096 nodes.
FigureTree build_tree(const schedules::Schedule& s);

struct UnionEdge {
  schedules::Node from = 0, to = 0;
  std::vector<std::uint64_t> steps;  // 1-based steps in which the directed link is used
  bool violating = false;            // carries the verdict's first violating transmission
};
// Every directed link the schedule uses, sorted by (from, to). Throws InputError above 4096
// nodes. When verdict has a violation tied to a transmission, that edge is marked.
std::vector<UnionEdge> build_union(const schedules::Schedule& s,
                                   const verifier::Verdict* verdict = nullptr);

struct Point {
  double x = 0, y = 0;
};
std::vector<Point> layout(const schedules::Network& net);
// Positions for a tree: depth downwards, leaves spread in DFS order.
std::vector<Point> tree_layout(const FigureTree& t);

// "1, 3, 4" for step lists.
std::string join_steps(const std::vector<std::uint64_t>& steps);

}  // namespace schedcert::witnesses
