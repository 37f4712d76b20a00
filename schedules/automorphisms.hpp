// Automorphism groups and canonical forms of (vertex-coloured) graphs, computed by nauty
// (Debian libnauty2-dev; McKay & Piperno, "Practical graph isomorphism II", 2014).
//
// Used wherever a search runs "one case per orbit" (search/, the synthesis symmetry rules):
// generators and order of Aut(G), orbits, the canonical labelling of a coloured graph, and the
// canonical representative of a vertex colouring (a vertex subset, an ordered tuple of vertices)
// under the colour-preserving automorphisms of G.
//
// Trust: nauty is not trusted blindly. Every automorphism it hands back (a generator, the map
// of canonical_colouring) is re-checked here to preserve adjacency and colours; a failing check
// throws std::logic_error. So a nauty bug can make a result missing, never a wrong map accepted.
// The canonicity itself (two colourings in one orbit get the same representative) is nauty's
// claim; callers that need it for a proof (cube coverage, search/) check what they rely on.
//
// Graph is a plain adjacency-list graph so that any network (products of schedules/network.hpp
// today, graph files later) can be handed in; Graph::of(Network) materialises a product network.
// Limitations: simple undirected graphs only (no multi-edges, no loops); up to about 10^6 vertices
// (nauty's sparse mode), each call allocates its own work space (thread-safe: Debian's nauty is
// built with thread-local storage).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::schedules {

// A permutation of the vertices: perm[v] is the image of v.
using Perm = std::vector<Node>;

// Simple undirected graph on vertices 0..n-1 (each edge in both adjacency lists).
struct Graph {
  std::vector<std::vector<Node>> adj;
  std::uint32_t size() const { return static_cast<std::uint32_t>(adj.size()); }
  std::size_t edges() const;
  bool adjacent(Node u, Node v) const;
  // The network's graph, materialised (throws InputError when it is too large to index).
  static Graph of(const Network& net);
};

struct AutomorphismGroup {
  std::vector<Perm> generators;  // strong generators from nauty (possibly none: trivial group)
  double order_mantissa = 1;     // |Aut| = order_mantissa * 10^order_exponent (nauty's grpsize)
  int order_exponent = 0;
  std::vector<Node> orbit;       // orbit[v]: the least vertex of v's orbit
  double order() const;          // as a double (inf when it overflows)
  std::string order_string() const;  // exact integer when below 2^53, else "m x 10^e"
  std::size_t num_orbits() const;
};

// colour: one value per vertex (empty: all vertices alike); automorphisms preserve it.
// Throws InputError when colour has the wrong length.
AutomorphismGroup automorphisms(const Graph& g, const std::vector<int>& colour = {});
AutomorphismGroup automorphisms(const Network& net, const std::vector<int>& colour = {});

// True when p is a permutation of g's vertices preserving adjacency and the colouring.
bool is_automorphism(const Graph& g, const Perm& p, const std::vector<int>& colour = {});

// The canonical form of a coloured graph: labelling[i] is the vertex placed at position i, and
// `edges` / `colours` are the graph and colouring relabelled that way (edges sorted, u < v).
// Two coloured graphs are isomorphic (by a colour-preserving map) iff their forms are equal.
struct CanonicalForm {
  std::vector<Node> labelling;
  std::vector<std::pair<Node, Node>> edges;
  std::vector<int> colours;
  bool operator==(const CanonicalForm& o) const { return edges == o.edges && colours == o.colours; }
};
CanonicalForm canonical_form(const Graph& g, const std::vector<int>& colour = {});

// The canonical representative of the vertex colouring `paint` under the automorphisms of g that
// preserve `base` (empty: all of Aut(g)): `rep` is a colouring of g's vertices in the orbit of
// `paint`, the same for every colouring in that orbit, and `map` an automorphism of (g, base)
// with rep[map[v]] == paint[v]. Paint values are compared, not renamed (a colouring and the same
// colouring with swapped values are different). Throws InputError on wrong lengths.
struct CanonicalColouring {
  std::vector<int> rep;
  Perm map;
};
CanonicalColouring canonical_colouring(const Graph& g, const std::vector<int>& paint,
                                       const std::vector<int>& base = {});

// Vertex subsets: paint 1 on the subset. `subset` is the sorted representative.
struct CanonicalSubset {
  std::vector<Node> subset;
  Perm map;  // automorphism with map(input subset) = subset
};
CanonicalSubset canonical_subset(const Graph& g, const std::vector<Node>& subset,
                                 const std::vector<int>& base = {});

}  // namespace schedcert::schedules
