// Single-node scatter of Bertsekas et al. 1991, §3: farthest-first sending along a spanning tree.
#pragma once
#include <string>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// Scatter from `root` along the tree given by parent pointers of the root-0 tree (translated by
// XOR with root). all-port: every subtree of the root is fed on its own link, one packet per step,
// farthest nodes first; single-port-full: one packet per step over all subtrees, farthest first.
// A packet leaves the root at its turn and moves one link per step. Ties: smaller node id first.
Schedule farthest_first_scatter(int d, Node root, Model model, const std::vector<Node>& parent);

// §3 MLA scatter: the Fig. 7 tree (scatter_tree.hpp), ceil((2^d - 1)/d) steps, d 2^(d-1)
// transmissions.
Schedule scatter_mla(int d, Node root);

// §3 SLA scatter: 2^d - 1 steps along a shortest-path tree. variant "" or "sbt": the spanning
// binomial tree of Fig. 4; "fig7": the §3 MLA tree. Throws InputError for another variant.
Schedule scatter_sla(int d, Node root, const std::string& variant);

}  // namespace schedcert::schedules::constructions::bertsekas1991
