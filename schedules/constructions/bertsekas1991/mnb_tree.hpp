// The single-node broadcast tree of Bertsekas et al. 1991, §2 ("Multinode Broadcast Under the
// MLA Assumption"): numbering n(t), link types m(t), sets E_i and A_i, and the structural check
// of the key observation.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

struct MnbTree {
  int d = 0;
  std::uint64_t q = 0;             // number of sets A_1..A_q: ceil((2^d - 1) / d)
  std::vector<Node> by_number;     // by_number[n] = the node t with n(t) = n
  std::vector<std::uint32_t> number;  // n(t)
  std::vector<Node> parent;        // t xor e_m(t): the start node of t's link in A_i (parent[0] = 0)
  // Places where the ordering rules of §2 could not be met while numbering (empty if all were).
  std::vector<std::string> rule_failures;

  int m(Node t) const;                    // m(t) = 1 + ((n(t) - 1) mod d), t != 0
  std::uint64_t set_index(Node t) const;  // the i with t in E_i (0 for t = 0)
};

// Builds the numbering of §2 exactly as the paper states it: classes in the order
// (00..0) R_11 R_21 .. R_2n_2 .. R_(d-1)1 (11..1); the first element t of each class has a unity
// bit in position m(t), the next ones are successive left rotations; in R_k1 the bit in position
// m(t) - 1 (or d when m(t) = 1) is zero. The link of t in A_i flips position m(t).
// Throws InputError for d outside 1..kMaxClassDim.
MnbTree mnb_tree(int d);

// A counterexample to the key observation or to the legitimacy of the sets A_i.
struct KeyObservationFailure {
  std::string rule;        // "numbering", "property (1)", "R_k1 zero", "earlier set",
                           // "distinct types", "set size"
  std::uint64_t set = 0;   // the i of A_i (or E_i) concerned
  Node node = 0;           // t
  Node parent = 0;         // t xor e_m(t)
  std::string message;
};

// Checks, for the tree of mnb_tree(d): n is a bijection onto 0..2^d - 1; every t != 0 has a
// unity bit in position m(t) (property (1)); every t in some R_k1 has a zero in position
// m(t) - 1 (or d); every t in E_i has its parent in E_0 u .. u E_(i-1) (so the A_i form a
// spanning tree rooted at 0 whose links point away from the root in time order); the links of
// each A_i are of pairwise distinct types (the key observation); |A_i| = d for i < q.
// Returns the first failure, in increasing n(t), or nullopt if the construction is legitimate.
std::optional<KeyObservationFailure> key_observation(const MnbTree& tree);
std::optional<KeyObservationFailure> key_observation(int d);

}  // namespace schedcert::schedules::constructions::bertsekas1991
