// The spanning tree a construction uses, read off its schedule (for `search tree --than NAME`).
//
// A single-node broadcast or scatter schedule moves data outward from its root; the tree it uses
// is read off the transmissions, never from the construction's own tree code, so any registered
// construction can be compared:
//   broadcast: parent(v) = the sender of the first transmission that reaches v (earliest step,
//              then lowest index), the "first-arrival parent";
//   scatter:   parent(v) = the sender of the first transmission that hands v an item whose
//              target is v (the last hop of v's own packet path; Bertsekas et al. 1991 §3 and
//              Ho-Johnsson 1986 §4 route every packet down one tree, so this is that tree).
// The result is not trusted: check_tree (check.hpp) re-checks it, and a schedule whose
// arrivals do not form a spanning tree is reported as an input error naming the node.
// Limitations: only single-node broadcast and scatter constructions; the construction is built
// for the network's natural parameters (Q_d: --dim d; C_k^n: --dim n --radix k) and its default
// model, and must produce a schedule on the same network.
#pragma once
#include <string>

#include "encodings/tree/check.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::tree {

// The first-arrival tree of a valid single-node broadcast/scatter schedule. Throws InputError.
RootedTree tree_of_schedule(const schedules::Schedule& s);

// Generates construction `name` (registry) for `net` and `root`, variant `variant`, and returns
// its tree. Throws InputError (unknown name, wrong problem, other network, not a tree).
RootedTree tree_of_construction(const std::string& name, const Network& net, Node root,
                                const std::string& variant = "");

}  // namespace schedcert::encodings::tree
