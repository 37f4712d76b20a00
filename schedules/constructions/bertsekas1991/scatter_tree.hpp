// The spanning tree of Bertsekas et al. 1991, §3, "Single Node Scatter Under the MLA
// Assumption" (Fig. 7): built from compatible rotation classes so that every subtree of the
// root holds at most ceil((2^d - 1)/d) nodes and every tree path is a shortest path.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

struct ScatterTree {
  int d = 0;
  std::vector<Node> parent;              // parent[0] = 0
  std::vector<std::uint32_t> number;     // n(t): §2's class order, first elements chosen by §3
  // subtree_sizes[j]: nodes in the subtree of root neighbour 2^j (the paper's T_(j+1) when the
  // first element of R_11 is e_1, as chosen here).
  std::vector<std::uint64_t> subtree_sizes;
  std::vector<std::string> failures;     // assumptions of §3 that did not hold while building

  int m(Node t) const;  // 1 + ((n(t) - 1) mod d)
};

// Builds T as §3 says: R_11's first element e_1 and links (0, x) for x in R_11; then each class
// R_kn (2 <= k <= d-1) in order: a compatible class R_(k-1)n' found by the "longest run of
// zeros" recipe of §3, its element t' with m(t') = m_kn, the first element t of R_kn containing
// t' plus one unity bit, and links (rotl^r t', rotl^r t); finally (x, 11..1) with x in R_(d-1)1,
// m(x) = m(11..1). Throws InputError for d outside 1..kMaxClassDim.
ScatterTree scatter_tree(int d);

// Checks the tree's claimed properties: spanning tree rooted at 0 with links of the cube, every
// parent has one unity bit fewer (shortest paths), the root has d children, every node x lies in
// the subtree of the root neighbour with the same m, and every subtree has at most
// ceil((2^d - 1)/d) nodes. Returns the first failure as a sentence, or nullopt.
std::optional<std::string> check_scatter_tree(const ScatterTree& tree);

// The spanning binomial tree (Fig. 4) as a parent array: parent(x) = x with its lowest unity bit
// cleared. A shortest-path tree, used by the SLA scatter.
std::vector<Node> sbt_parents(int d);

}  // namespace schedcert::schedules::constructions::bertsekas1991
