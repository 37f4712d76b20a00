// Explicit graphs as network factors: graph files and the built-in real topologies.
//
// A Topology is an immutable adjacency structure on vertices 0..n-1 (the order of the "nodes"
// list of a graph file). It is held by a Factor of kind FactorKind::Graph (schedules/network.hpp)
// through a shared_ptr, so a graph is one more factor: every engine that goes through Network's
// API (adjacency, ports, distances, neighbours) works on it, and products such as dgx1xK2 come
// for free. Arcs are stored in CSR form, out-neighbours sorted by id; the port of the arc u -> v
// is the rank of v among u's out-neighbours, so the number of ports is the largest out-degree
// and a node of smaller degree has unused ports (as a path's boundary node does).
//
// Multiplicity: an edge may carry m parallel links (DGX-1's double NVLinks); the directed link
// u -> v then carries up to m packets per step (Network::link_capacity). Directed graphs keep
// only the listed arcs; undirected edges give both arcs with the same multiplicity.
// All-pairs distances are computed by BFS once (n <= kMaxTopologyNodes, so n^2 16-bit entries).
//
// Sources of the built-ins: docs/networks-graphs.md.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace schedcert::schedules {

namespace io::json {
class Cursor;
}

inline constexpr std::uint32_t kMaxTopologyNodes = 4096;

struct TopologyEdge {
  std::uint32_t from, to, multiplicity;
  // Optional link attributes for the time model (verifier/time_model.hpp): seconds and bytes per
  // second of one of the edge's links; negative = not given (the default link class applies).
  double latency = -1, bandwidth = -1;
};

class Topology {
 public:
  // Builds and checks: node count in [2, kMaxTopologyNodes], endpoints in range, no self-loop,
  // no duplicate edge (for undirected graphs {u, v} and {v, u} are the same edge), multiplicity
  // >= 1, connected (strongly connected when directed). Throws InputError naming the edge.
  Topology(std::string name, bool directed, std::vector<std::string> labels,
           const std::vector<TopologyEdge>& edges, bool builtin);

  const std::string& name() const { return name_; }  // spec: "dgx1", "graph:FILE", ...
  bool builtin() const { return builtin_; }            // re-creatable from its name alone
  bool directed() const { return directed_; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(labels_.size()); }
  const std::vector<std::string>& labels() const { return labels_; }
  const std::vector<TopologyEdge>& edges() const { return edges_; }  // as given (for writing)
  std::uint32_t ports() const { return max_out_degree_; }
  bool multi_links() const { return multi_; }

  std::uint32_t out_degree(std::uint32_t v) const { return offset_[v + 1] - offset_[v]; }
  std::uint32_t in_degree(std::uint32_t v) const { return in_degree_[v]; }
  // Out-neighbours of v, sorted, with the multiplicity of each arc.
  std::pair<const std::uint32_t*, const std::uint32_t*> out(std::uint32_t v) const {
    return {head_.data() + offset_[v], head_.data() + offset_[v + 1]};
  }
  std::uint32_t multiplicity_at(std::uint32_t v, std::uint32_t port) const {
    return mult_[offset_[v] + port];
  }
  std::optional<std::uint32_t> port(std::uint32_t u, std::uint32_t v) const;  // arc u -> v
  bool adjacent(std::uint32_t u, std::uint32_t v) const { return port(u, v).has_value(); }
  std::uint32_t multiplicity(std::uint32_t u, std::uint32_t v) const;  // 0 when not adjacent
  std::uint32_t distance(std::uint32_t u, std::uint32_t v) const {
    return dist_[static_cast<std::size_t>(u) * size() + v];
  }
  std::uint32_t eccentricity(std::uint32_t v) const { return ecc_[v]; }
  std::uint32_t diameter() const { return diameter_; }
  std::uint64_t arcs() const { return head_.size(); }  // directed links (not counting multiplicity)
  std::uint64_t link_capacity_total() const;           // sum of multiplicities over arcs

 private:
  std::string name_;
  bool directed_ = false, builtin_ = false, multi_ = false;
  std::vector<std::string> labels_;
  std::vector<TopologyEdge> edges_;
  std::vector<std::uint32_t> offset_, head_, mult_, in_degree_, ecc_;
  std::vector<std::uint16_t> dist_;
  std::uint32_t max_out_degree_ = 0, diameter_ = 0;
};

using TopologyPtr = std::shared_ptr<const Topology>;

// A built-in by spec at the start of `spec` (case-insensitive): dgx1, petersen, fattree<k>,
// dragonfly-a<a>h<h>, twisted-Q<d>, folded-Q<d>. On a match returns the topology and sets
// `length` to the number of characters consumed; nullptr when no built-in name starts there.
// Throws InputError for a known name with bad parameters.
TopologyPtr builtin_topology(const std::string& spec, std::size_t at, std::size_t& length);
// The names of the built-ins, for help texts and errors.
std::string builtin_topology_names();

// A graph file (docs/networks-graphs.md): {"format": "schedcert-graph", "name", "directed",
// "nodes": [names], "edges": [[u, v] or [u, v, multiplicity]]}; an edge may end with an object
// {"latency": "0.3us", "bandwidth": "21.7GB/s"} (docs/cost-model.md). The network name is "graph:PATH".
TopologyPtr load_topology_file(const std::string& path);
TopologyPtr parse_topology_text(const std::string& text, const std::string& source,
                                const std::string& name);
// A graph in Graphviz's dot language (io/topology_dot.cpp: parsed by cgraph; `graph` undirected,
// `digraph` directed, multiplicity from the edge attribute `multiplicity` or parallel edges).
// load_topology_file reads FILE.dot and FILE.gv this way.
namespace io {
TopologyPtr parse_topology_dot(const std::string& text, const std::string& source,
                               const std::string& name);
}  // namespace io
// The same object read at the cursor (a schedule file's embedded "network"); `path` prefixes
// error paths. The topology's name is the object's "name" (required there).
TopologyPtr read_topology(io::json::Cursor& c, const std::string& path, const std::string& name);
// The JSON object of a topology, as embedded in a schedule file (one line per edge).
std::string topology_json(const Topology& t, const std::string& indent);

}  // namespace schedcert::schedules
