// Internals of the native verifier shared by its passes (native*.cpp, native*.hpp); not a
// public API.
//
// The passes are written once over two index policies, so the dense and the compact paths run
// the same rule code and cannot drift apart:
//  - node policies map a node id to the index of its per-node counters: DenseNodes is the
//    identity (arrays of network size), CompactNodes the rank among the touched nodes;
//  - item policies list the items the bucket pass visits: DenseItems every item of the problem,
//    CompactItems only the touched ones (the untouched ones can only fail completion, which
//    first_incomplete_untouched decides from the problem's numbering alone).
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::verifier::detail {

using schedules::Network;
using schedules::Problem;
using schedules::Schedule;

// Violations with their one-sentence messages (native_messages.cpp).
Violation make(Rule r, const Schedule& s, std::size_t k, std::size_t step, Item item, Node node,
               const std::string& what);
Violation completion_violation(const Schedule& s, Item i, Node node);
Violation causality_violation(const Schedule& s, std::size_t k, std::size_t st, Item i,
                              const std::string& when);

// Sum of the node degrees (directed links) from the factors, without visiting every node.
std::uint64_t directed_links(const Network& net);

// The nodes and items a schedule touches, sorted and unique, so a rank is a dense index that
// keeps the order of the ids (native_touched.cpp). Nodes: every endpoint (in range or not), and
// the origin and single target of every touched item (for ordered problems also the origin of
// the item before it). Items: every item id below the problem's item count found in a packet.
struct Touched {
  std::vector<Node> nodes;
  std::vector<Item> items;
  static Touched of(const Schedule& s);
  std::uint32_t node_rank(Node v) const {  // v must be in `nodes`
    return static_cast<std::uint32_t>(std::lower_bound(nodes.begin(), nodes.end(), v) -
                                       nodes.begin());
  }
};

// The smallest item no transmission carries that some node lacks at the end (it is held by its
// origin only), with the lowest node lacking it. `touched` is sorted.
std::optional<std::pair<Item, Node>> first_incomplete_untouched(const Problem& p, std::uint64_t n,
                                                                const std::vector<Item>& touched);

struct DenseNodes {
  std::uint64_t n;
  std::uint64_t size() const { return n; }
  std::uint32_t operator()(Node v) const { return v; }
  // The lowest node whose stamp is not `gen` (one exists).
  template <class Stamps>
  Node first_missing(const Stamps& stamp, std::uint64_t gen) const {
    Node v = 0;
    while (stamp[v] == gen) ++v;
    return v;
  }
};

struct CompactNodes {
  const Touched* t;
  std::uint64_t size() const { return t->nodes.size(); }
  std::uint32_t operator()(Node v) const { return t->node_rank(v); }
  // Walks the touched nodes in id order; an id missing from them holds nothing but origins,
  // which are touched.
  template <class Stamps>
  Node first_missing(const Stamps& stamp, std::uint64_t gen) const {
    Node v = 0;
    for (std::size_t r = 0; r < t->nodes.size(); ++r, ++v)
      if (t->nodes[r] != v || stamp[r] != gen) return v;
    return v;
  }
};

struct DenseItems {
  std::uint64_t items;
  std::uint64_t size() const { return items; }
  Item global(std::uint64_t r) const { return r; }
  std::optional<std::uint64_t> rank(Item i) const {
    return i < items ? std::optional<std::uint64_t>(i) : std::nullopt;
  }
  static constexpr bool kAll = true;  // every item is visited: completion is decided in the loop
};

struct CompactItems {
  const Touched* t;
  std::uint64_t size() const { return t->items.size(); }
  Item global(std::uint64_t r) const { return t->items[r]; }
  std::optional<std::uint64_t> rank(Item i) const {
    auto it = std::lower_bound(t->items.begin(), t->items.end(), i);
    if (it == t->items.end() || *it != i) return std::nullopt;
    return static_cast<std::uint64_t>(it - t->items.begin());
  }
  static constexpr bool kAll = false;
};

// Pass 1: node range, adjacency, packet, link capacity and port rules, in schedule order; fills
// the metrics' item_transmissions and max_link_load (native_step_pass.hpp).
struct StepPass {
  std::optional<Violation> first;
};
template <class Nodes>
StepPass step_pass(const Schedule& s, Metrics& m, const Nodes& nodes);

// Pass 2: causality, duplicate and order rules on transmissions before `limit`, and completion.
struct ItemPass {
  std::optional<Violation> first_tx;    // first violation tied to a transmission
  std::optional<Violation> completion;  // first completion failure (lowest item, lowest node)
};
ItemPass item_pass_bitset(const Schedule& s, std::size_t limit);  // native_item_bitset.cpp
template <class Nodes, class Items>                                // native_item_buckets.hpp
ItemPass item_pass_buckets(const Schedule& s, std::size_t limit, const Nodes& nodes,
                           const Items& items);

}  // namespace schedcert::verifier::detail
