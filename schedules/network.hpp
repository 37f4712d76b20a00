// Networks: Cartesian products of K2, rings C_n, paths P_n and complete graphs K_n.
//
// Node ids are mixed-radix integers: factor 0 is the least significant digit.
// The hypercube Q_d is the product of d copies of K2, so a node id is its binary identity
// number with dimension 0 the least significant bit (Bertsekas' "bit position 1 from the right").
// Nothing is materialised: neighbours, edge dimensions, ports and distances are computed from the
// digits, so Q_30 is usable implicitly.
//
// Ports: every node has the same number of ports P = sum of factor port counts
// (K2: 1; C_n (n >= 3) and P_n: 2, "+1" and "-1"; K_n: n - 1). A directed link is (node, port);
// link_id = node * P + port is dense, which is what the verifier's counters index.
// On a path a boundary node has an unused port (no link behind it).
//
// Explicit graphs (graph files, the built-in real topologies: schedules/topology.hpp) are one
// more factor kind, FactorKind::Graph: a factor whose adjacency, ports and distances come from
// a Topology. It may be directed (adjacent(u, v) is then the arc u -> v) and its links may have
// a multiplicity (link_capacity). Such networks are not translation invariant: everything that
// needs a Cayley or product structure checks is_translation_invariant() or has_graph().
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "schedules/topology.hpp"

namespace schedcert::schedules {

using Node = std::uint32_t;
using Item = std::uint64_t;

enum class FactorKind { K2, Ring, Path, Complete, Graph };

struct Factor {
  FactorKind kind;
  std::uint32_t size;  // number of vertices of the factor graph
  TopologyPtr graph = nullptr;  // FactorKind::Graph only
  std::uint32_t ports() const;
  std::uint32_t distance(std::uint32_t a, std::uint32_t b) const;
  std::uint32_t diameter() const;
  bool adjacent(std::uint32_t a, std::uint32_t b) const;
  std::string name() const;  // "K2", "C5", "P4", "K3", or the graph's name ("dgx1")
  bool same_as(const Factor& o) const { return kind == o.kind && size == o.size && graph == o.graph; }
};

class Network {
 public:
  // Parse "Q4", "C5", "P4", "K3", "K2", and products "C3xC3", "C5xP4xK3", powers "C3^4", "Q2xC3".
  // Built-in graphs are factors too ("dgx1", "petersen", "dgx1xK2"; builtin_topology_names());
  // "graph:PATH" (the whole spec) reads a graph file. Factors are listed from dimension 0
  // upwards. Throws InputError naming the bad token.
  static Network parse(const std::string& spec);
  static Network hypercube(int d);
  explicit Network(std::vector<Factor> factors);

  const std::vector<Factor>& factors() const { return factors_; }
  int dims() const { return static_cast<int>(factors_.size()); }
  bool is_hypercube() const { return hypercube_; }
  // Number of nodes as a 64-bit value (may exceed what can be materialised).
  std::uint64_t size() const { return size_; }
  std::uint32_t num_nodes() const;  // throws InputError when the network is too large to index
  std::uint32_t ports() const { return ports_; }
  std::string name() const;  // canonical spec, e.g. "Q4" or "C3xC3"
  // Graph factors (FactorKind::Graph).
  bool has_graph() const { return has_graph_; }
  bool directed() const { return directed_; }
  bool multi_links() const { return multi_links_; }  // some link carries more than one packet
  // The topology when the network is one graph factor read from a file (not re-creatable from
  // its name): a schedule file embeds it. nullptr otherwise.
  const Topology* file_graph() const;
  // Packets the directed link u -> v (adjacent, edge in dimension dim) carries per step.
  std::uint32_t link_capacity(Node u, Node v, int dim) const {
    if (!multi_links_) return 1;
    const Factor& f = factors_[static_cast<std::size_t>(dim)];
    return f.kind == FactorKind::Graph ? f.graph->multiplicity(digit(u, dim), digit(v, dim)) : 1;
  }
  // Directed links (u, v) with u -> v adjacent; with multiplicities summed when `capacity`.
  std::uint64_t directed_links(bool capacity = false) const;

  std::uint32_t digit(Node v, int dim) const;
  Node with_digit(Node v, int dim, std::uint32_t value) const;
  // If u and v are adjacent, the dimension of the edge; otherwise nullopt.
  std::optional<int> edge_dim(Node u, Node v) const {
    if (hypercube_) {
      const Node x = u ^ v;
      if (u >= size_ || v >= size_ || x == 0 || (x & (x - 1)) != 0) return std::nullopt;
      return __builtin_ctz(x);
    }
    return edge_dim_product(u, v);
  }
  bool adjacent(Node u, Node v) const { return edge_dim(u, v).has_value(); }
  // Port of u used by the directed link u -> v (u, v adjacent).
  std::uint32_t port(Node u, Node v) const;
  // The same, when the caller already knows the edge's dimension.
  std::uint32_t port_in_dim(Node u, Node v, int dim) const {
    if (hypercube_) return static_cast<std::uint32_t>(dim);
    return port_product(u, v, dim);
  }
  std::uint32_t degree(Node v) const;
  std::uint32_t distance(Node u, Node v) const;
  std::uint32_t diameter() const;
  std::uint32_t eccentricity(Node v) const;

  // Calls f(neighbour, dim) for every neighbour of v.
  template <class F>
  void for_each_neighbour(Node v, F&& f) const {
    if (hypercube_) {
      for (int i = 0; i < dims(); ++i) f(v ^ (Node{1} << i), i);
      return;
    }
    // In increasing digit order, as a scan of every digit value would give, but in O(degree):
    // a scan costs the factor's size per node (minutes for a bound on P739771xK3, issue 13).
    for (int i = 0; i < dims(); ++i) {
      const Factor& fa = factors_[i];
      const std::uint32_t a = digit(v, i);
      switch (fa.kind) {
        case FactorKind::K2: f(with_digit(v, i, 1 - a), i); break;
        case FactorKind::Ring: {
          const std::uint32_t prev = a == 0 ? fa.size - 1 : a - 1;
          const std::uint32_t next = a + 1 == fa.size ? 0 : a + 1;  // distinct: size >= 3
          f(with_digit(v, i, std::min(prev, next)), i);
          f(with_digit(v, i, std::max(prev, next)), i);
          break;
        }
        case FactorKind::Path:
          if (a > 0) f(with_digit(v, i, a - 1), i);
          if (a + 1 < fa.size) f(with_digit(v, i, a + 1), i);
          break;
        case FactorKind::Complete:
          for (std::uint32_t b = 0; b < fa.size; ++b)
            if (b != a) f(with_digit(v, i, b), i);
          break;
        case FactorKind::Graph: {
          const auto [b, e] = fa.graph->out(a);
          for (const std::uint32_t* w = b; w != e; ++w) f(with_digit(v, i, *w), i);
          break;
        }
      }
    }
  }

  // Cayley structure: true when translation by digit-wise addition mod factor size is an
  // automorphism (no path or graph factors). Then translate(v, t) is one.
  bool is_translation_invariant() const;
  Node translate(Node v, Node t) const;  // XOR for the hypercube, digit-wise addition otherwise
  // Directed edge type for translations: dim * maxsize + (digit(v) - digit(u)) mod size.
  std::uint64_t edge_type(Node u, Node v) const;

 private:
  std::optional<int> edge_dim_product(Node u, Node v) const;
  std::uint32_t port_product(Node u, Node v, int dim) const;

  std::vector<Factor> factors_;
  std::vector<std::uint64_t> stride_;
  std::vector<std::uint32_t> port_base_;
  std::uint64_t size_ = 1;
  std::uint32_t ports_ = 0;
  bool hypercube_ = false;
  bool has_graph_ = false, directed_ = false, multi_links_ = false;
};

}  // namespace schedcert::schedules
