// Graph files in Graphviz's dot language (issue 16): `graph:FILE.dot` / `graph:FILE.gv`.
// Parsed by Graphviz's own cgraph library (Debian libgraphviz-dev), not by hand:
//   - `graph` is undirected, `digraph` directed; nodes in the order cgraph lists them (the order
//     of first mention), named by their dot names;
//   - an edge's multiplicity is its attribute `multiplicity` (a positive integer) or, without it,
//     the number of parallel edges between the same pair (a non-strict dot graph keeps them), so
//     DGX-1's double NVLinks can be written either way;
//   - the Topology constructor then checks what it checks for JSON graph files (self-loops,
//     connectivity, sizes); its errors are prefixed with the file and the edge in dot words.
#include <graphviz/cgraph.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/topology.hpp"
#include "schedules/units.hpp"

namespace schedcert::schedules::io {

namespace {

struct GraphCloser {
  Agraph_t* g;
  ~GraphCloser() {
    if (g) agclose(g);
  }
};

std::uint32_t parse_multiplicity(const std::string& text, const std::string& where) {
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || v < 1 || v > 1024)
    throw InputError(where + ": multiplicity \"" + text + "\" is not an integer in [1, 1024]");
  return static_cast<std::uint32_t>(v);
}

}  // namespace

TopologyPtr parse_topology_dot(const std::string& text, const std::string& source,
                               const std::string& name) {
  agseterr(AGMAX);  // no printing on stderr: the error comes back through aglasterr()
  GraphCloser closer{agmemread(text.c_str())};
  Agraph_t* g = closer.g;
  if (!g) {
    char* e = aglasterr();  // malloc'd by cgraph: ours to free
    std::string msg = e ? e : "a syntax error";
    std::free(e);
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    throw InputError(source + ": not a Graphviz dot graph: " + msg);
  }
  const bool directed = agisdirected(g);
  std::vector<std::string> labels;
  std::map<Agnode_t*, std::uint32_t> id;
  for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n)) {
    id[n] = static_cast<std::uint32_t>(labels.size());
    labels.emplace_back(agnameof(n));
  }
  if (labels.size() > kMaxTopologyNodes)
    throw InputError(source + ": " + std::to_string(labels.size()) + " nodes, at most " +
                     std::to_string(kMaxTopologyNodes));
  Agsym_t* mult_attr = agattr(g, AGEDGE, const_cast<char*>("multiplicity"), nullptr);
  // Link attributes for the time model (docs/cost-model.md): latency="0.3us" bandwidth="21.7GB/s".
  Agsym_t* lat_attr = agattr(g, AGEDGE, const_cast<char*>("latency"), nullptr);
  Agsym_t* bw_attr = agattr(g, AGEDGE, const_cast<char*>("bandwidth"), nullptr);
  // (u, v) -> index in `edges`; undirected pairs keyed with u <= v.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> seen;
  std::vector<TopologyEdge> edges;
  for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
      std::uint32_t u = id[agtail(e)], v = id[aghead(e)];
      const std::string w = source + ": edge " + labels[u] + (directed ? " -> " : " -- ") + labels[v];
      std::uint32_t m = 1;
      if (mult_attr) {
        const std::string t = agxget(e, mult_attr);
        if (!t.empty()) m = parse_multiplicity(t, w);
      }
      double latency = -1, bandwidth = -1;
      if (lat_attr) {
        const std::string t = agxget(e, lat_attr);
        if (!t.empty()) latency = parse_duration(t, w + ": latency");
      }
      if (bw_attr) {
        const std::string t = agxget(e, bw_attr);
        if (!t.empty()) bandwidth = parse_bandwidth(t, w + ": bandwidth");
      }
      auto key = directed || u <= v ? std::make_pair(u, v) : std::make_pair(v, u);
      if (auto it = seen.find(key); it != seen.end()) {  // a parallel edge: one more link
        edges[it->second].multiplicity += m;
        if (edges[it->second].multiplicity > 1024)
          throw InputError(w + ": more than 1024 parallel links");
        continue;
      }
      seen.emplace(key, edges.size());
      edges.push_back({u, v, m, latency, bandwidth});
    }
  try {
    return std::make_shared<Topology>(name, directed, std::move(labels), edges, false);
  } catch (const InputError& e) {
    throw InputError(source + ": " + e.what());
  }
}

}  // namespace schedcert::schedules::io
