// The properties Fragopoulou and Akl state for BSG_{0^n} (§3, after Definition 7), each checked
// by an independent computation on the graph, never assumed:
//  "t0-tree"      the Definition 7 parent of every leader is a leader adjacent to it, so T_0 is a
//                 tree on the leaders (the paper takes this for granted);
//  "spanning"     every node of MT_{n,k} lies in some T_i;
//  "shortest"     (property 1) the depth of every node of every T_i equals its torus distance
//                 from 0^n (Network::distance, not the digit formula);
//  "equal-sizes"  (property 2) the 2n subtrees, each built as its own parent map, have the same
//                 number of nodes;
//  "non-full"     (property 3) a node of period P < 2n lies in exactly 2n/P subtrees (so it has
//                 2n/P paths to 0^n) and is a leaf in each;
//  "dimensions"   (property 4) for every edge of T_0 the 2n corresponding edges Ro^i(e) have 2n
//                 distinct dimensions g_i^j (Network::edge_type, the key of the symmetric check).
// Each result says whether it holds and, if not, the first counterexample.
#pragma once
#include <string>
#include <vector>

#include "schedules/constructions/fragopoulou1995/bsg.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

struct PropertyResult {
  std::string property;
  bool holds = false;
  std::string detail;  // the counterexample, or a one-line summary when it holds
};

std::vector<PropertyResult> check_bsg(const Bsg& g);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
