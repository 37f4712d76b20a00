// The time-indexed item-flow core shared by the synthesis encodings.
//
// Idea (SCCL-style time-indexed Boolean encoding; DESIGN-HINTS "Z3"): for every item i, step t
// (0-based) and directed link u -> v a variable send(i, t, u->v), and for every node v a variable
// holds(i, t, v) = "v holds i at the start of step t" (t = 0..T; t = T is the end). Constraints:
//   holds(i, 0, v)   <=> v is the origin of i                    (constants)
//   holds(i, t+1, v) <=> holds(i, t, v) or some send(i, t, u->v)
//   send(i, t, u->v) =>  holds(i, t, u)                          (store-and-forward causality)
//   holds(i, T, g)   for every node g that needs i               (completion)
//   ordered items:    send(j, t, u->v) => holds(j-1, t, v), and, from the source of j,
//                     => holds(j-1, t, u)                        (successive broadcasts)
//   combining items:  send => not holds(i, t, v), and at most one send of i into v per step
//                     (the verifier's Duplicate rule).
// Capacity and port rules differ between encodings and are added by the caller.
//
// Normalisation (only with FlowOptions::prune; every rule is proved in docs/synthesis.md):
//   - no redundant reception: send(i, t, u->v) => not holds(i, t, v)  (so never to the origin);
//   - a personalised item is never sent from its target, nor to a node v from which its target
//     is out of reach in the remaining steps (dist(v, g) > T - 1 - t).
// Sends from nodes that cannot hold the item yet (dist(origin, u) > t) are constants false.
//
// Topology materialises a small network (links, adjacency lists, distances) once per query.
#pragma once
#include <cstdint>
#include <vector>

#include "encodings/synth/formula.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::encodings::synth {

using schedules::Item;
using schedules::Network;
using schedules::Node;

struct DLink {
  Node from, to;
  std::uint32_t mult = 1;  // packets per step under all-port (a graph link's multiplicity)
};

class Topology {
 public:
  explicit Topology(const Network& net);  // throws InputError for networks too large
  const Network& net() const { return net_; }
  std::uint32_t n() const { return n_; }
  const std::vector<DLink>& links() const { return links_; }
  const std::vector<std::uint32_t>& out(Node v) const { return out_[v]; }
  const std::vector<std::uint32_t>& in(Node v) const { return in_[v]; }
  std::uint32_t dist(Node a, Node b) const { return dist_[static_cast<std::size_t>(a) * n_ + b]; }
  std::uint32_t ecc(Node a) const { return ecc_[a]; }
  // Index of the directed link a -> b, or -1 when they are not adjacent.
  std::int64_t link_index(Node a, Node b) const;

 private:
  const Network& net_;
  std::uint32_t n_;
  std::vector<DLink> links_;
  std::vector<std::vector<std::uint32_t>> out_, in_;
  std::vector<std::uint16_t> dist_;
  std::vector<std::uint32_t> ecc_;
};

inline constexpr Node kEveryNode = ~Node{0};  // same value as schedules::kAllNodes

struct FlowItem {
  Item id;       // the problem's item id (for decoding)
  Node origin;
  Node target;   // kEveryNode when every node needs it
  int prev = -1; // ordered problems: index (in the item list) of the item that must come first
};

// The problem's items that have to move (items whose origin is their only target are delivered
// at the start and left out), in item-id order; successive broadcasts get `prev` links.
std::vector<FlowItem> items_to_move(const schedules::Problem& p, std::uint32_t n);

struct FlowOptions {
  bool prune = true;      // the normalisation rules above
  bool combining = false; // Duplicate rule (mandatory for combining problems)
  // The routes phase (routes.hpp): (*routes)[i], when not empty, lists the only links
  // item i may use (sorted); sends on other links are constants false.
  const std::vector<std::vector<std::uint32_t>>* routes = nullptr;
};

class Flow {
 public:
  Flow(Formula& f, const Topology& topo, std::vector<FlowItem> items, unsigned steps,
       FlowOptions opt);
  const std::vector<FlowItem>& items() const { return items_; }
  unsigned steps() const { return steps_; }
  Lit send(std::size_t item, unsigned t, std::uint32_t link) const {
    return x_[(item * steps_ + t) * links_ + link];
  }
  Lit holds(std::size_t item, unsigned t, Node v) const {
    return h_[(item * (steps_ + 1) + t) * n_ + v];
  }
  // Before building (issue 18): the bytes this flow and the solver's copy of it will take, from
  // an upper bound on its send variables (an item can be on link u->v in step t only when
  // dist(origin, u) <= t and, pruned, t + 1 + dist(v, target) <= T) and on its holding variables
  // (items x T x N), at kBytesPerVariable each (our formula and Z3's copy of it; measured in
  // docs/limits.md), plus the index arrays.
  static std::uint64_t estimate_bytes(const Topology& topo, const std::vector<FlowItem>& items,
                                      unsigned steps, FlowOptions opt);
  static constexpr std::uint64_t kBytesPerVariable = 2000;

 private:
  std::vector<FlowItem> items_;
  unsigned steps_;
  std::size_t links_, n_;
  std::vector<Lit> x_, h_;
};

}  // namespace schedcert::encodings::synth
