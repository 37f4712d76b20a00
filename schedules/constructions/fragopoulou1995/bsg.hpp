// The spanning graph BSG_{0^n} of MT_{n,k} (Fragopoulou-Akl 1995, §3, Definition 7).
//
// BSG_{0^n} is 2n subtrees T_0 .. T_{2n-1} rooted at 0^n. T_0 holds exactly the necklace leaders
// (Definition 6), linked by the parent function of Definition 7: for a leader v != 0^n with p the
// position of its rightmost nonzero digit, parent(v) is v with digit p moved one step towards 0
// (v_p - 1 if v_p <= floor(k/2), else (v_p + 1) mod k; the paper's condition "k <= floor(k/2)"
// is read as "v_p <= floor(k/2)", the only reading that moves towards 0^n). T_i = Ro^i(T_0).
// Nothing here assumes the properties the paper states (the parent of a leader is a leader,
// shortest paths, equal sizes, non-full nodes are leaves, distinct dimensions): the constructor
// records what it computes and bsg_checks.hpp tests each property independently.
//
// Functions: definition7_parent (the formula), Bsg::parent0 / children0 / preorder (T_0 as a
// tree, children in increasing node id: the paper leaves the order of children open),
// Bsg::path (the path of T_i to Ro^i(v)), Bsg::table (the §4.3 table: T_0 nodes by distance
// descending, ties in decreasing leader order).
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/constructions/fragopoulou1995/torus.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

inline constexpr Node kNoNode = ~Node{0};

// Definition 7's parent of v != 0^n (any node; T_0 applies it to leaders only).
Node definition7_parent(const Torus& t, Node v);

class Bsg {
 public:
  explicit Bsg(Torus t);

  const Torus& torus() const { return torus_; }
  int subtrees() const { return 2 * torus_.n(); }

  bool is_leader(Node v) const { return leader_[v] != 0; }
  int period(Node v) const { return period_[v]; }
  // T_0: parent of a leader (kNoNode for the root), its children, preorder of the non-root nodes.
  Node parent0(Node v) const { return parent0_[v]; }
  std::vector<Node> children0(Node v) const;
  const std::vector<Node>& preorder() const { return preorder_; }
  // Leaders whose Definition 7 parent is not a leader (empty when T_0 is a tree on the leaders).
  const std::vector<Node>& orphans() const { return orphans_; }
  // Depth of leader v in T_0 (number of edges to the root); ~0u if v does not reach the root.
  std::uint32_t depth0(Node v) const;
  // The path root = Ro^i(0^n), ..., Ro^i(v) of T_i for a leader v (depth0(v) + 1 nodes).
  std::vector<Node> path(int i, Node v) const;
  // The §4.3 table: non-root T_0 nodes, farthest from 0^n first, ties in decreasing leader order.
  const std::vector<Node>& table() const { return table_; }
  // Parent of node v in T_i (kNoNode when v is the root or not in T_i).
  Node parent(int i, Node v) const;

 private:
  Torus torus_;
  std::vector<std::uint8_t> leader_;
  std::vector<std::uint8_t> period_;
  std::vector<Node> parent0_;
  std::vector<Node> child_begin_, child_list_;
  std::vector<Node> preorder_, table_, orphans_;
};

}  // namespace schedcert::schedules::constructions::fragopoulou1995
