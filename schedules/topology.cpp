#include "schedules/topology.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <deque>
#include <unordered_map>

#include "schedules/error.hpp"
#include "schedules/io/input_text.hpp"
#include "schedules/io/json_cursor.hpp"
#include "schedules/units.hpp"

namespace schedcert::schedules {

namespace {

// A construction error that names an edge (index into the edge list) or none (-1), so that a
// reader can report the position of that edge in its text.
struct TopologyError : InputError {
  TopologyError(long e, const std::string& what) : InputError(what), edge(e) {}
  long edge;
};

constexpr std::uint16_t kUnreached = 0xFFFF;

// All-pairs distances, 64 sources per pass: reached[v] holds one bit per source of the batch;
// a level pushes each frontier node's bits along its out-arcs. O(n/64 * diameter * arcs), where
// one BFS per source was O(n * arcs): minutes for a 4096-node graph with 800k edges (issue 28).
void all_pairs(std::uint32_t n, const std::vector<std::uint32_t>& offset,
               const std::vector<std::uint32_t>& head, std::vector<std::uint16_t>& dist,
               std::vector<std::uint32_t>& ecc, std::uint32_t& diameter) {
  dist.assign(static_cast<std::size_t>(n) * n, kUnreached);
  ecc.assign(n, 0);
  std::vector<std::uint64_t> reached(n), frontier(n), next(n);
  for (std::uint32_t base = 0; base < n; base += 64) {
    const std::uint32_t batch = std::min<std::uint32_t>(64, n - base);
    std::fill(reached.begin(), reached.end(), 0);
    std::fill(frontier.begin(), frontier.end(), 0);
    for (std::uint32_t j = 0; j < batch; ++j) {
      reached[base + j] = frontier[base + j] = std::uint64_t{1} << j;
      dist[static_cast<std::size_t>(base + j) * n + base + j] = 0;
    }
    for (std::uint16_t level = 1;; ++level) {
      std::fill(next.begin(), next.end(), 0);
      for (std::uint32_t u = 0; u < n; ++u) {
        if (!frontier[u]) continue;
        for (std::uint32_t a = offset[u]; a < offset[u + 1]; ++a) next[head[a]] |= frontier[u];
      }
      bool any = false;
      for (std::uint32_t w = 0; w < n; ++w) {
        std::uint64_t fresh = next[w] & ~reached[w];
        frontier[w] = fresh;
        if (!fresh) continue;
        any = true;
        reached[w] |= fresh;
        for (; fresh; fresh &= fresh - 1)
          dist[static_cast<std::size_t>(base + static_cast<std::uint32_t>(__builtin_ctzll(fresh))) * n + w] = level;
      }
      if (!any) break;
    }
  }
  diameter = 0;
  for (std::uint32_t s = 0; s < n; ++s) {
    const std::uint16_t* d = dist.data() + static_cast<std::size_t>(s) * n;
    ecc[s] = *std::max_element(d, d + n);
    diameter = std::max(diameter, ecc[s]);
  }
}

}  // namespace

Topology::Topology(std::string name, bool directed, std::vector<std::string> labels,
                   const std::vector<TopologyEdge>& edges, bool builtin)
    : name_(std::move(name)), directed_(directed), builtin_(builtin), labels_(std::move(labels)),
      edges_(edges) {
  const std::uint32_t n = size();
  if (n < 2 || n > kMaxTopologyNodes)
    throw TopologyError(-1, "graph '" + name_ + "': " + std::to_string(n) +
                                " nodes; a graph needs 2 to " + std::to_string(kMaxTopologyNodes));
  auto label = [&](std::uint32_t v) { return v < n ? "'" + labels_[v] + "'" : std::to_string(v); };
  auto at = [&](std::size_t i) {
    const TopologyEdge& e = edges_[i];
    return "edge " + std::to_string(i) + " (" + label(e.from) + ", " + label(e.to) + ")";
  };
  // Per-edge checks, in edge order; the first bad edge stops here unless a duplicate comes
  // earlier (found below by sorting the arcs: linear-logarithmic, no map per node).
  std::size_t bad = edges_.size();
  for (std::size_t i = 0; i < edges_.size() && bad == edges_.size(); ++i) {
    const TopologyEdge& e = edges_[i];
    if (e.from >= n || e.to >= n || e.from == e.to || e.multiplicity < 1 || e.multiplicity > 1024) bad = i;
  }
  struct Arc {
    std::uint32_t u, v, edge;
  };
  std::vector<Arc> arcs;
  arcs.reserve(edges_.size() * (directed_ ? 1 : 2));
  for (std::size_t i = 0; i < bad; ++i) {
    const TopologyEdge& e = edges_[i];
    arcs.push_back({e.from, e.to, static_cast<std::uint32_t>(i)});
    if (!directed_) arcs.push_back({e.to, e.from, static_cast<std::uint32_t>(i)});
  }
  std::sort(arcs.begin(), arcs.end(), [](const Arc& x, const Arc& y) {
    return x.u != y.u ? x.u < y.u : x.v != y.v ? x.v < y.v : x.edge < y.edge;
  });
  std::size_t dup = bad;  // the first edge (in edge order) that repeats an earlier one
  for (std::size_t k = 1; k < arcs.size(); ++k)
    if (arcs[k].u == arcs[k - 1].u && arcs[k].v == arcs[k - 1].v) dup = std::min<std::size_t>(dup, arcs[k].edge);
  if (dup < bad) {
    const TopologyEdge& e = edges_[dup];
    throw TopologyError(static_cast<long>(dup),
                        at(dup) + ": duplicate edge (" + label(e.from) + " and " + label(e.to) +
                            " are already joined; use a multiplicity for parallel links)");
  }
  if (bad < edges_.size()) {
    const TopologyEdge& e = edges_[bad];
    const long i = static_cast<long>(bad);
    if (e.from >= n || e.to >= n)
      throw TopologyError(i, at(bad) + ": node id out of range [0, " + std::to_string(n) + ")");
    if (e.from == e.to) throw TopologyError(i, at(bad) + ": self-loop");
    throw TopologyError(i, at(bad) + ": multiplicity " + std::to_string(e.multiplicity) +
                               " is out of range [1, 1024]");
  }
  offset_.assign(n + 1, 0);
  in_degree_.assign(n, 0);
  head_.reserve(arcs.size());
  mult_.reserve(arcs.size());
  for (const Arc& x : arcs) {
    ++offset_[x.u + 1];
    head_.push_back(x.v);
    mult_.push_back(edges_[x.edge].multiplicity);
    ++in_degree_[x.v];
    multi_ = multi_ || edges_[x.edge].multiplicity > 1;
  }
  for (std::uint32_t u = 0; u < n; ++u) {
    max_out_degree_ = std::max(max_out_degree_, offset_[u + 1]);
    offset_[u + 1] += offset_[u];
  }
  // Connected (strongly, when directed): every node reachable from node 0 and, when directed,
  // node 0 reachable from every node. The message names the first source s (in id order) that
  // misses a node, and the first node it misses, as a BFS from every source would.
  auto reach = [&](std::uint32_t s, bool backward) {
    std::vector<char> seen(n, 0);
    std::vector<std::uint32_t> queue{s};
    seen[s] = 1;
    std::vector<std::vector<std::uint32_t>> in;
    if (backward) {
      in.resize(n);
      for (std::uint32_t u = 0; u < n; ++u)
        for (std::uint32_t a = offset_[u]; a < offset_[u + 1]; ++a) in[head_[a]].push_back(u);
    }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const std::uint32_t u = queue[q];
      auto visit = [&](std::uint32_t w) {
        if (!seen[w]) {
          seen[w] = 1;
          queue.push_back(w);
        }
      };
      if (backward)
        for (std::uint32_t w : in[u]) visit(w);
      else
        for (std::uint32_t a = offset_[u]; a < offset_[u + 1]; ++a) visit(head_[a]);
    }
    return seen;
  };
  auto fail_from = [&](std::uint32_t s) {
    const std::vector<char> seen = reach(s, false);
    std::uint32_t miss = 0;
    while (seen[miss]) ++miss;
    throw TopologyError(-1, "graph '" + name_ + "' is not " +
                                (directed_ ? "strongly connected" : "connected") + ": node " +
                                label(miss) + " cannot be reached from node " + label(s));
  };
  {
    const std::vector<char> seen = reach(0, false);
    if (std::find(seen.begin(), seen.end(), 0) != seen.end()) fail_from(0);
  }
  if (directed_) {
    const std::vector<char> back = reach(0, true);
    const auto it = std::find(back.begin(), back.end(), 0);
    if (it != back.end()) fail_from(static_cast<std::uint32_t>(it - back.begin()));
  }
  all_pairs(n, offset_, head_, dist_, ecc_, diameter_);
}

std::optional<std::uint32_t> Topology::port(std::uint32_t u, std::uint32_t v) const {
  if (u >= size()) return std::nullopt;
  const auto* b = head_.data() + offset_[u];
  const auto* e = head_.data() + offset_[u + 1];
  const auto* it = std::lower_bound(b, e, v);
  if (it == e || *it != v) return std::nullopt;
  return static_cast<std::uint32_t>(it - b);
}

std::uint32_t Topology::multiplicity(std::uint32_t u, std::uint32_t v) const {
  const auto p = port(u, v);
  return p ? multiplicity_at(u, *p) : 0;
}

std::uint64_t Topology::link_capacity_total() const {
  std::uint64_t t = 0;
  for (auto m : mult_) t += m;
  return t;
}

// ---------------------------------------------------------------------------------------------
// Built-ins. Sources in docs/networks-graphs.md.

namespace {

std::vector<std::string> numbered(const std::string& prefix, std::uint32_t n) {
  std::vector<std::string> l;
  for (std::uint32_t i = 0; i < n; ++i) l.push_back(prefix + std::to_string(i));
  return l;
}

// DGX-1 (Volta) hybrid cube-mesh, NVLink counts as in msccl-tools / SCCL (Cai et al. PPoPP 2021).
TopologyPtr dgx1() {
  static const std::uint32_t links[8][8] = {
      {0, 2, 1, 1, 2, 0, 0, 0}, {2, 0, 1, 2, 0, 1, 0, 0}, {1, 1, 0, 2, 0, 0, 2, 0},
      {1, 2, 2, 0, 0, 0, 0, 1}, {2, 0, 0, 0, 0, 2, 1, 1}, {0, 1, 0, 0, 2, 0, 1, 2},
      {0, 0, 2, 0, 1, 1, 0, 2}, {0, 0, 0, 1, 1, 2, 2, 0}};
  std::vector<TopologyEdge> e;
  for (std::uint32_t i = 0; i < 8; ++i)
    for (std::uint32_t j = i + 1; j < 8; ++j)
      if (links[i][j] > 0) e.push_back({i, j, links[i][j]});
  return std::make_shared<Topology>("dgx1", false, numbered("GPU", 8), e, true);
}

TopologyPtr petersen() {
  std::vector<TopologyEdge> e;
  for (std::uint32_t i = 0; i < 5; ++i) {
    e.push_back({i, (i + 1) % 5, 1});          // outer 5-cycle
    e.push_back({i, i + 5, 1});                // spokes
    e.push_back({i + 5, (i + 2) % 5 + 5, 1});  // inner pentagram
  }
  return std::make_shared<Topology>("petersen", false, numbered("v", 10), e, true);
}

// k-ary fat-tree (Al-Fares et al. SIGCOMM 2008): (k/2)^2 core, k pods of k/2 aggregation and
// k/2 edge switches, k/2 hosts per edge switch. Ids: cores, then per pod aggregation and edge
// switches, then hosts. Every vertex (switch or host) is a node of the network.
TopologyPtr fattree(std::uint32_t k, const std::string& name) {
  const std::uint32_t h = k / 2, cores = h * h, agg0 = cores, edge0 = agg0 + k * h,
                      host0 = edge0 + k * h, n = host0 + k * h * h;
  std::vector<std::string> l(n);
  std::vector<TopologyEdge> e;
  for (std::uint32_t c = 0; c < cores; ++c) l[c] = "core" + std::to_string(c);
  for (std::uint32_t p = 0; p < k; ++p)
    for (std::uint32_t i = 0; i < h; ++i) {
      const std::uint32_t a = agg0 + p * h + i, s = edge0 + p * h + i;
      l[a] = "agg" + std::to_string(p) + "." + std::to_string(i);
      l[s] = "edge" + std::to_string(p) + "." + std::to_string(i);
      for (std::uint32_t j = 0; j < h; ++j) {
        e.push_back({i * h + j, a, 1});             // aggregation switch i -> cores i*h .. i*h+h-1
        e.push_back({a, edge0 + p * h + j, 1});     // full bipartite aggregation-edge in a pod
        const std::uint32_t host = host0 + (p * h + i) * h + j;
        l[host] = "host" + std::to_string(p) + "." + std::to_string(i) + "." + std::to_string(j);
        e.push_back({s, host, 1});
      }
    }
  return std::make_shared<Topology>(name, false, l, e, true);
}

// Dragonfly (Kim, Dally, Scott, Abts, ISCA 2008) with a routers per group, h global links per
// router, g = a h + 1 groups, one global link between every pair of groups; routers of a group
// form a clique. Global port j = r h + q of group i leads to group (i + j + 1) mod g, whose port
// a h - 1 - j leads back ("absolute" arrangement). Terminals are not modelled.
TopologyPtr dragonfly(std::uint32_t a, std::uint32_t h, const std::string& name) {
  const std::uint32_t g = a * h + 1, n = g * a;
  std::vector<std::string> l(n);
  std::vector<TopologyEdge> e;
  for (std::uint32_t i = 0; i < g; ++i)
    for (std::uint32_t r = 0; r < a; ++r) {
      l[i * a + r] = "g" + std::to_string(i) + ".r" + std::to_string(r);
      for (std::uint32_t s = r + 1; s < a; ++s) e.push_back({i * a + r, i * a + s, 1});
      for (std::uint32_t q = 0; q < h; ++q) {
        const std::uint32_t j = r * h + q, i2 = (i + j + 1) % g, j2 = a * h - 1 - j;
        if (i < i2) e.push_back({i * a + r, i2 * a + j2 / h, 1});
      }
    }
  return std::make_shared<Topology>(name, false, l, e, true);
}

std::vector<std::string> binary_labels(std::uint32_t d) {
  std::vector<std::string> l;
  for (std::uint32_t v = 0; v < (1u << d); ++v) {
    std::string s;
    for (std::uint32_t b = d; b > 0; --b) s += ((v >> (b - 1)) & 1) ? '1' : '0';  // no wrap below 0
    l.push_back(s);
  }
  return l;
}

// Twisted hypercube TQ_d (Esfahanian, Ni, Sagan, IEEE TC 1991): Q_d with the edges 00..0-00..01
// and 00..11-00..10 replaced by 00..0-00..11 and 00..01-00..10 (one twisted 4-cycle).
TopologyPtr twisted(std::uint32_t d, const std::string& name) {
  std::vector<TopologyEdge> e;
  for (std::uint32_t v = 0; v < (1u << d); ++v)
    for (std::uint32_t b = 0; b < d; ++b) {
      const std::uint32_t w = v ^ (1u << b);
      if (v > w) continue;
      if ((v == 0 && w == 1) || (v == 2 && w == 3)) continue;
      e.push_back({v, w, 1});
    }
  e.push_back({0, 3, 1});
  e.push_back({1, 2, 1});
  return std::make_shared<Topology>(name, false, binary_labels(d), e, true);
}

// Folded hypercube FQ_d (El-Amawy, Latifi, IEEE TPDS 1991): Q_d plus an edge from every node to
// its complement.
TopologyPtr folded(std::uint32_t d, const std::string& name) {
  std::vector<TopologyEdge> e;
  const std::uint32_t all = (1u << d) - 1;
  for (std::uint32_t v = 0; v <= all; ++v) {
    for (std::uint32_t b = 0; b < d; ++b)
      if (v < (v ^ (1u << b))) e.push_back({v, v ^ (1u << b), 1});
    if (v < (v ^ all)) e.push_back({v, v ^ all, 1});
  }
  return std::make_shared<Topology>(name, false, binary_labels(d), e, true);
}

bool starts_with_ci(const std::string& s, std::size_t at, const std::string& word) {
  if (s.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[at + i])) != word[i]) return false;
  return true;
}

std::uint32_t number_at(const std::string& spec, std::size_t& i, const std::string& what) {
  const std::size_t start = i;
  std::uint64_t v = 0;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i])) && v < 100000)
    v = v * 10 + static_cast<std::uint64_t>(spec[i++] - '0');
  if (i == start)
    throw InputError("network '" + spec + "': expected a number after '" + what +
                     "' at character " + std::to_string(start + 1));
  return static_cast<std::uint32_t>(v);
}

}  // namespace

std::string builtin_topology_names() {
  return "dgx1, petersen, fattree<k> (k even, 2..16), dragonfly-a<a>h<h>, twisted-Q<d>, folded-Q<d> (d 3..12)";
}

TopologyPtr builtin_topology(const std::string& spec, std::size_t at, std::size_t& length) {
  std::size_t i = at;
  auto range = [&](const std::string& what, std::uint32_t v, std::uint32_t lo, std::uint32_t hi) {
    if (v < lo || v > hi)
      throw InputError("network '" + spec + "': " + what + " " + std::to_string(v) +
                       " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  };
  TopologyPtr t;
  if (starts_with_ci(spec, i, "dgx1")) {
    i += 4;
    t = dgx1();
  } else if (starts_with_ci(spec, i, "petersen")) {
    i += 8;
    t = petersen();
  } else if (starts_with_ci(spec, i, "fattree")) {
    i += 7;
    const std::uint32_t k = number_at(spec, i, "fattree");
    range("fat-tree arity k", k, 2, 16);
    if (k % 2 != 0) throw InputError("network '" + spec + "': fat-tree arity k must be even");
    t = fattree(k, "fattree" + std::to_string(k));
  } else if (starts_with_ci(spec, i, "dragonfly-a")) {
    i += 11;
    const std::uint32_t a = number_at(spec, i, "dragonfly-a");
    if (i >= spec.size() || std::tolower(static_cast<unsigned char>(spec[i])) != 'h')
      throw InputError("network '" + spec + "': expected 'h' after the routers per group (dragonfly-a4h1)");
    ++i;
    const std::uint32_t h = number_at(spec, i, "h");
    range("dragonfly routers per group a", a, 1, 16);
    range("dragonfly global links per router h", h, 1, 16);
    if ((a * h + 1) * a < 2) throw InputError("network '" + spec + "': dragonfly needs at least 2 routers");
    t = dragonfly(a, h, "dragonfly-a" + std::to_string(a) + "h" + std::to_string(h));
  } else if (starts_with_ci(spec, i, "twisted-q") || starts_with_ci(spec, i, "folded-q")) {
    const bool tw = starts_with_ci(spec, i, "twisted-q");
    i += tw ? 9 : 8;
    const std::uint32_t d = number_at(spec, i, tw ? "twisted-Q" : "folded-Q");
    range(tw ? "twisted hypercube dimension" : "folded hypercube dimension", d, 3, 12);
    const std::string name = (tw ? "twisted-Q" : "folded-Q") + std::to_string(d);
    t = tw ? twisted(d, name) : folded(d, name);
  } else {
    return nullptr;
  }
  length = i - at;
  return t;
}

// ---------------------------------------------------------------------------------------------
// Graph files.

namespace {

constexpr const char* kGraphFormat = "schedcert-graph";
constexpr const char* kGraphKeys = "format, name, directed, source, nodes, edges";

// {"latency": "0.3us" or seconds, "bandwidth": "21.7GB/s" or bytes per second}, both optional.
void read_link_attributes(io::json::Cursor& c, const std::string& path, double& latency,
                          double& bandwidth) {
  using io::json::Kind;
  c.expect('{', path, "'{'");
  if (c.consume('}')) return;
  while (true) {
    c.skip_ws();
    const std::size_t key_at = c.pos();
    const std::string key = c.read_string(path);
    const std::string pk = path + "." + key;
    c.expect(':', pk, "':'");
    c.skip_ws();
    const std::size_t at = c.pos();
    double* slot = key == "latency" ? &latency : key == "bandwidth" ? &bandwidth : nullptr;
    if (!slot) c.fail(key_at, pk, "unknown link attribute (expected latency or bandwidth)");
    if (*slot >= 0) c.fail(key_at, pk, "duplicate key");
    std::string text;
    if (c.peek_kind() == Kind::Number) {
      const io::json::Number num = c.read_number(pk);
      text = c.literal(num);
    } else {
      c.require(Kind::String, pk, key == "latency" ? "a duration (\"0.3us\" or seconds)" : "a bandwidth (\"21.7GB/s\" or bytes per second)");
      text = c.read_string(pk);
    }
    try {
      *slot = key == "latency" ? parse_duration(text, pk) : parse_bandwidth(text, pk);
    } catch (const InputError& e) {
      c.fail(at, pk, std::string(e.what()).substr(pk.size() + 2));  // without the "path: " prefix
    }
    if (c.consume('}')) return;
    c.expect(',', path, "',' or '}'");
  }
}

}  // namespace

TopologyPtr read_topology(io::json::Cursor& c, const std::string& path,
                          const std::string& fallback_name) {
  using io::json::Kind;
  auto sub = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
  const std::string top = path.empty() ? std::string("top level") : path;
  c.skip_ws();
  const std::size_t obj_at = c.pos();
  c.require(Kind::Object, top, "a graph object");
  c.expect('{', top, "'{'");
  std::optional<std::vector<std::string>> nodes;
  std::vector<std::size_t> node_at;
  std::optional<std::vector<TopologyEdge>> edges;
  std::vector<std::size_t> edge_at;
  std::vector<std::string> edge_names;
  std::size_t edges_pos = 0;
  std::string name;
  bool directed = false, have_name = false;
  std::vector<std::string> seen;
  if (!c.consume('}')) {
    while (true) {
      c.skip_ws();
      const std::size_t key_at = c.pos();
      const std::string key = c.read_string(top);
      c.expect(':', sub(key), "':'");
      if (std::find(seen.begin(), seen.end(), key) != seen.end())
        c.fail(key_at, sub(key), "duplicate key");
      seen.push_back(key);
      c.skip_ws();
      const std::size_t at = c.pos();
      if (key == "format") {
        const std::string f = c.read_string(sub(key));
        if (f != kGraphFormat)
          c.fail(at, sub(key), "expected \"" + std::string(kGraphFormat) + "\", got \"" + f + "\"");
      } else if (key == "name") {
        name = c.read_string(sub(key));
        have_name = true;
      } else if (key == "source") {
        c.read_string(sub(key));
      } else if (key == "directed") {
        const Kind k = c.peek_kind();
        if (k != Kind::True && k != Kind::False) c.require(Kind::True, sub(key), "true or false");
        directed = k == Kind::True;
        c.skip_value(sub(key));
      } else if (key == "nodes") {
        c.require(Kind::Array, sub(key), "an array of node names");
        c.expect('[', sub(key), "'['");
        nodes.emplace();
        if (!c.consume(']')) {
          while (true) {
            const std::string p = sub(key) + "[" + std::to_string(nodes->size()) + "]";
            c.skip_ws();
            node_at.push_back(c.pos());
            c.require(Kind::String, p, "a node name (a string)");
            nodes->push_back(c.read_string(p));
            if (nodes->size() > kMaxTopologyNodes)
              c.fail(node_at.back(), p, "more than " + std::to_string(kMaxTopologyNodes) + " nodes");
            if (c.consume(']')) break;
            c.expect(',', sub(key), "',' or ']'");
          }
        }
      } else if (key == "edges") {
        edges_pos = at;
        c.require(Kind::Array, sub(key), "an array of edges [u, v] or [u, v, multiplicity]");
        c.expect('[', sub(key), "'['");
        edges.emplace();
        if (!c.consume(']')) {
          while (true) {
            const std::string p = sub(key) + "[" + std::to_string(edges->size()) + "]";
            c.skip_ws();
            edge_at.push_back(c.pos());
            c.require(Kind::Array, p, "an edge [u, v] or [u, v, multiplicity]");
            c.expect('[', p, "'['");
            std::string ends[2];
            for (int k = 0; k < 2; ++k) {
              if (k == 1) c.expect(',', p, "',' and the second node name");
              const std::string pk = p + "[" + std::to_string(k) + "]";
              c.require(Kind::String, pk, "a node name (a string)");
              ends[k] = c.read_string(pk);
            }
            std::uint32_t mult = 1;
            double latency = -1, bandwidth = -1;
            // [u, v], [u, v, m], [u, v, {attributes}] or [u, v, m, {attributes}].
            for (int slot = 2; slot <= 3 && c.consume(','); ++slot) {
              const std::string pm = p + "[" + std::to_string(slot) + "]";
              c.skip_ws();
              const std::size_t mat = c.pos();
              if (c.peek_kind() == Kind::Object) {
                read_link_attributes(c, pm, latency, bandwidth);
                break;
              }
              if (slot == 3) c.require(Kind::Object, pm, "link attributes {\"latency\": ..., \"bandwidth\": ...}");
              c.require(Kind::Number, pm, "a multiplicity (a positive integer) or link attributes {...}");
              const io::json::Number num = c.read_number(pm);
              if (num.negative || !num.integral || num.too_large || num.value < 1 || num.value > 1024)
                c.fail(mat, pm, "multiplicity " + c.literal(num) + " is not an integer in [1, 1024]");
              mult = static_cast<std::uint32_t>(num.value);
            }
            c.expect(']', p, "']' (an edge is [u, v] or [u, v, multiplicity])");
            edges->push_back({0, 0, mult, latency, bandwidth});
            edge_names.push_back(ends[0]);
            edge_names.push_back(ends[1]);
            if (c.consume(']')) break;
            c.expect(',', sub(key), "',' or ']'");
          }
        }
      } else {
        c.fail(key_at, sub(key), "unknown key (expected one of: " + std::string(kGraphKeys) + ")");
      }
      if (c.consume('}')) break;
      c.expect(',', top, "',' or '}'");
    }
  }
  if (!nodes) c.fail(obj_at, sub("nodes"), "required key is missing");
  if (!edges) c.fail(obj_at, sub("edges"), "required key is missing");
  if (!fallback_name.empty()) {
    name = fallback_name;  // a graph file is named by its path (graph:PATH), "name" is a note
  } else if (!have_name) {
    c.fail(obj_at, sub("name"), "required key is missing");
  }
  std::unordered_map<std::string, std::uint32_t> id;
  for (std::uint32_t v = 0; v < nodes->size(); ++v)
    if (!id.emplace((*nodes)[v], v).second)
      c.fail(node_at[v], sub("nodes") + "[" + std::to_string(v) + "]",
             "duplicate node name '" + (*nodes)[v] + "'");
  for (std::size_t i = 0; i < edges->size(); ++i)
    for (int k = 0; k < 2; ++k) {
      auto it = id.find(edge_names[2 * i + static_cast<std::size_t>(k)]);
      if (it == id.end())
        c.fail(edge_at[i], sub("edges") + "[" + std::to_string(i) + "][" + std::to_string(k) + "]",
               "unknown node '" + edge_names[2 * i + static_cast<std::size_t>(k)] + "' in edge " +
                   std::to_string(i) + " (not in \"nodes\")");
      (k == 0 ? (*edges)[i].from : (*edges)[i].to) = it->second;
    }
  const std::size_t count = nodes->size();
  try {
    return std::make_shared<Topology>(name, directed, std::move(*nodes), *edges, false);
  } catch (const TopologyError& e) {
    if (e.edge >= 0)
      c.fail(edge_at[static_cast<std::size_t>(e.edge)], sub("edges") + "[" + std::to_string(e.edge) + "]", e.what());
    c.fail(count < 2 ? obj_at : edges_pos, count < 2 ? sub("nodes") : sub("edges"), e.what());
  }
}

TopologyPtr parse_topology_text(const std::string& text, const std::string& source, const std::string& name) {
  io::json::Cursor c(text, source);
  auto t = read_topology(c, "", name);
  if (!c.at_end()) c.fail(c.pos(), "top level", "unexpected text after the end of the graph object");
  return t;
}

TopologyPtr load_topology_file(const std::string& path) {
  const auto ends_with = [&](const char* ext) {
    const std::string e = ext;
    return path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (ends_with(".dot") || ends_with(".gv"))
    return io::parse_topology_dot(io::read_json_input(path), path, "graph:" + path);
  return parse_topology_text(io::read_json_input(path), path, "graph:" + path);
}

namespace {

std::string quoted(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) {
      static const char* hex = "0123456789abcdef";
      o += "\\u00";
      o += hex[(ch >> 4) & 0xF];
      o += hex[ch & 0xF];
      continue;
    }
    o += ch;
  }
  return o + "\"";
}

}  // namespace

std::string topology_json(const Topology& t, const std::string& indent) {
  std::string o = "{\"format\": \"schedcert-graph\", \"name\": " + quoted(t.name()) +
                  ", \"directed\": " + (t.directed() ? "true" : "false") + ",\n" + indent +
                  " \"nodes\": [";
  for (std::uint32_t v = 0; v < t.size(); ++v) o += (v ? ", " : "") + quoted(t.labels()[v]);
  o += "],\n" + indent + " \"edges\": [";
  for (std::size_t i = 0; i < t.edges().size(); ++i) {
    const auto& e = t.edges()[i];
    o += (i ? ",\n" + indent + "   " : "") + std::string("[") + quoted(t.labels()[e.from]) + ", " +
         quoted(t.labels()[e.to]);
    if (e.multiplicity != 1) o += ", " + std::to_string(e.multiplicity);
    if (e.latency >= 0 || e.bandwidth >= 0) {  // exact round trip: 17 significant digits
      char buf[96];
      o += ", {";
      if (e.latency >= 0) std::snprintf(buf, sizeof buf, "\"latency\": %.17g", e.latency), o += buf;
      if (e.bandwidth >= 0)
        std::snprintf(buf, sizeof buf, "%s\"bandwidth\": %.17g", e.latency >= 0 ? ", " : "", e.bandwidth), o += buf;
      o += "}";
    }
    o += "]";
  }
  return o + "]}";
}

}  // namespace schedcert::schedules
