// nauty wrapper (design note in automorphisms.hpp). nauty's sparse-graph mode (sparsenauty) is
// called with the graph's adjacency lists and a partition built from the colouring: cells are
// the colour classes in increasing colour order, so the canonical form depends on the colour
// values and not only on the classes.
//
// canonical_colouring needs a representative inside g itself, not in nauty's canonical
// relabelling: it labels (g, base + paint) canonically (graph C, paint P on C), then labels
// (C, base) and (g, base) canonically; both give the same graph (C is a relabelled copy of g),
// which yields an isomorphism C -> g, and the image of P under it is the representative. Every
// input to the last step is a function of the orbit, so the representative is too.
#include "schedules/automorphisms.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include <nauty.h>
#include <nausparse.h>

#include "schedules/error.hpp"

namespace schedcert::schedules {

std::size_t Graph::edges() const {
  std::size_t s = 0;
  for (const auto& a : adj) s += a.size();
  return s / 2;
}

bool Graph::adjacent(Node u, Node v) const {
  const auto& a = adj[u];
  return std::find(a.begin(), a.end(), v) != a.end();
}

Graph Graph::of(const Network& net) {
  Graph g;
  const std::uint32_t n = net.num_nodes();
  g.adj.resize(n);
  for (Node v = 0; v < n; ++v) {
    auto& a = g.adj[v];
    net.for_each_neighbour(v, [&](Node w, int) { a.push_back(w); });
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
  }
  return g;
}

double AutomorphismGroup::order() const { return order_mantissa * std::pow(10.0, order_exponent); }

std::string AutomorphismGroup::order_string() const {
  const double o = order();
  std::ostringstream s;
  if (o < 9007199254740992.0)
    s << static_cast<std::uint64_t>(std::llround(o));
  else
    s << order_mantissa << " x 10^" << order_exponent;
  return s.str();
}

std::size_t AutomorphismGroup::num_orbits() const {
  std::size_t k = 0;
  for (Node v = 0; v < orbit.size(); ++v) k += orbit[v] == v;
  return k;
}

namespace {

thread_local std::vector<Perm>* g_generators = nullptr;

void collect_generator(int, int* perm, int*, int, int, int n) {
  if (g_generators) g_generators->emplace_back(perm, perm + n);
}

void check_colour(const Graph& g, const std::vector<int>& colour, const char* what) {
  if (!colour.empty() && colour.size() != g.size())
    throw InputError(std::string(what) + ": colouring has " + std::to_string(colour.size()) +
                     " entries for a graph with " + std::to_string(g.size()) + " vertices");
}

struct NautyRun {
  std::vector<int> lab, ptn, orbits;
  std::vector<Perm> generators;
  double grpsize1 = 1;
  int grpsize2 = 0;
  CanonicalForm form;  // when canonical
};

// One sparsenauty call on (g, colour key) with the partition "cells = equal keys, increasing".
NautyRun run_nauty(const Graph& g, const std::vector<long long>& key, bool canonical) {
  const int n = static_cast<int>(g.size());
  NautyRun r;
  if (n == 0) return r;
  nauty_check(WORDSIZE, SETWORDSNEEDED(n), n, NAUTYVERSIONID);
  std::vector<size_t> vpos(static_cast<std::size_t>(n));
  std::vector<int> deg(static_cast<std::size_t>(n)), edges;
  for (int v = 0; v < n; ++v) {
    vpos[v] = edges.size();
    deg[v] = static_cast<int>(g.adj[v].size());
    for (Node w : g.adj[v]) edges.push_back(static_cast<int>(w));
  }
  sparsegraph sg;
  SG_INIT(sg);
  sg.nv = n;
  sg.nde = edges.size();
  sg.v = vpos.data();
  sg.vlen = vpos.size();
  sg.d = deg.data();
  sg.dlen = deg.size();
  sg.e = edges.empty() ? nullptr : edges.data();
  sg.elen = edges.size();

  r.lab.resize(static_cast<std::size_t>(n));
  r.ptn.resize(static_cast<std::size_t>(n));
  r.orbits.resize(static_cast<std::size_t>(n));
  std::iota(r.lab.begin(), r.lab.end(), 0);
  std::stable_sort(r.lab.begin(), r.lab.end(), [&](int a, int b) { return key[a] < key[b]; });
  for (int i = 0; i < n; ++i) r.ptn[i] = (i + 1 < n && key[r.lab[i]] == key[r.lab[i + 1]]) ? 1 : 0;

  DEFAULTOPTIONS_SPARSEGRAPH(options);
  options.defaultptn = FALSE;
  options.getcanon = canonical ? TRUE : FALSE;
  options.userautomproc = collect_generator;
  statsblk stats;
  SG_DECL(canong);
  std::vector<Perm>* saved = g_generators;
  g_generators = &r.generators;
  sparsenauty(&sg, r.lab.data(), r.ptn.data(), r.orbits.data(), &options, &stats,
              canonical ? &canong : nullptr);
  g_generators = saved;
  // nauty keeps its work space in thread-local buffers; a worker thread that ends without
  // freeing them leaks them (LeakSanitizer, cube alpha --lex-leader --jobs 2).
  nausparse_freedyn();
  nauty_freedyn();
  nautil_freedyn();
  naugraph_freedyn();
  if (stats.errstatus != 0) {
    SG_FREE(canong);
    throw std::runtime_error("nauty: error status " + std::to_string(stats.errstatus));
  }
  r.grpsize1 = stats.grpsize1;
  r.grpsize2 = stats.grpsize2;
  if (canonical) {
    r.form.labelling.assign(r.lab.begin(), r.lab.end());
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < canong.d[i]; ++k) {
        const int j = canong.e[canong.v[i] + static_cast<size_t>(k)];
        if (i < j) r.form.edges.emplace_back(static_cast<Node>(i), static_cast<Node>(j));
      }
    std::sort(r.form.edges.begin(), r.form.edges.end());
    SG_FREE(canong);
  }
  return r;
}

std::vector<long long> key_of(const Graph& g, const std::vector<int>& colour) {
  std::vector<long long> k(g.size(), 0);
  for (std::size_t v = 0; v < colour.size(); ++v) k[v] = colour[v];
  return k;
}

// Combined key of (base, paint): ordered by base first, then paint.
std::vector<long long> key_of(const Graph& g, const std::vector<int>& base, const std::vector<int>& paint) {
  std::vector<long long> k(g.size(), 0);
  for (std::size_t v = 0; v < k.size(); ++v) {
    const long long b = base.empty() ? 0 : base[v];
    k[v] = b * (1LL << 32) + static_cast<long long>(static_cast<std::uint32_t>(paint[v]) ^ 0x80000000u);
  }
  return k;
}

CanonicalForm form_with_colours(NautyRun&& r, const std::vector<int>& colour) {
  CanonicalForm f = std::move(r.form);
  f.colours.resize(f.labelling.size());
  for (std::size_t i = 0; i < f.labelling.size(); ++i) f.colours[i] = colour.empty() ? 0 : colour[f.labelling[i]];
  return f;
}

Graph relabelled(const CanonicalForm& f) {
  Graph c;
  c.adj.resize(f.labelling.size());
  for (auto [u, v] : f.edges) {
    c.adj[u].push_back(v);
    c.adj[v].push_back(u);
  }
  return c;
}

}  // namespace

bool is_automorphism(const Graph& g, const Perm& p, const std::vector<int>& colour) {
  const std::uint32_t n = g.size();
  if (p.size() != n) return false;
  std::vector<bool> hit(n, false);
  for (Node v = 0; v < n; ++v) {
    if (p[v] >= n || hit[p[v]]) return false;
    hit[p[v]] = true;
    if (!colour.empty() && colour[p[v]] != colour[v]) return false;
    if (g.adj[p[v]].size() != g.adj[v].size()) return false;
    for (Node w : g.adj[v])
      if (!g.adjacent(p[v], p[w])) return false;
  }
  return true;
}

AutomorphismGroup automorphisms(const Graph& g, const std::vector<int>& colour) {
  check_colour(g, colour, "automorphisms");
  NautyRun r = run_nauty(g, key_of(g, colour), false);
  AutomorphismGroup a;
  a.order_mantissa = r.grpsize1;
  a.order_exponent = r.grpsize2;
  for (auto& p : r.generators)
    if (!is_automorphism(g, p, colour)) throw std::logic_error("nauty returned a map that is not an automorphism");
  a.generators = std::move(r.generators);
  a.orbit.resize(g.size());
  for (Node v = 0; v < g.size(); ++v) a.orbit[v] = static_cast<Node>(r.orbits[v]);
  // nauty's orbits[] names an orbit by some member; make it the least member.
  std::vector<Node> least(g.size(), ~Node{0});
  for (Node v = 0; v < g.size(); ++v) least[a.orbit[v]] = std::min(least[a.orbit[v]], v);
  for (Node v = 0; v < g.size(); ++v) a.orbit[v] = least[a.orbit[v]];
  return a;
}

AutomorphismGroup automorphisms(const Network& net, const std::vector<int>& colour) {
  return automorphisms(Graph::of(net), colour);
}

CanonicalForm canonical_form(const Graph& g, const std::vector<int>& colour) {
  check_colour(g, colour, "canonical_form");
  return form_with_colours(run_nauty(g, key_of(g, colour), true), colour);
}

CanonicalColouring canonical_colouring(const Graph& g, const std::vector<int>& paint, const std::vector<int>& base) {
  check_colour(g, base, "canonical_colouring (base)");
  if (paint.size() != g.size())
    throw InputError("canonical_colouring: paint has " + std::to_string(paint.size()) + " entries for a graph with " +
                     std::to_string(g.size()) + " vertices");
  const std::uint32_t n = g.size();
  CanonicalColouring out;
  if (n == 0) return out;
  // (g, base + paint) canonically: C = g relabelled by lab.
  CanonicalForm fc = form_with_colours(run_nauty(g, key_of(g, base, paint), true), base);
  const Graph c = relabelled(fc);
  // (C, base) and (g, base) canonically: the same form, giving C -> g.
  CanonicalForm f1 = form_with_colours(run_nauty(c, key_of(c, fc.colours), true), fc.colours);
  CanonicalForm f0 = canonical_form(g, base);
  if (!(f1 == f0)) throw std::logic_error("nauty: canonical forms of a graph and its relabelled copy differ");
  std::vector<Node> pos(n), pos1(n);
  for (Node i = 0; i < n; ++i) {
    pos[fc.labelling[i]] = i;
    pos1[f1.labelling[i]] = i;
  }
  out.map.resize(n);
  out.rep.assign(n, 0);
  for (Node v = 0; v < n; ++v) {
    out.map[v] = f0.labelling[pos1[pos[v]]];
    out.rep[out.map[v]] = paint[v];
  }
  if (!is_automorphism(g, out.map, base))
    throw std::logic_error("nauty: the canonical map is not an automorphism of the coloured graph");
  return out;
}

CanonicalSubset canonical_subset(const Graph& g, const std::vector<Node>& subset, const std::vector<int>& base) {
  std::vector<int> paint(g.size(), 0);
  for (Node v : subset) {
    if (v >= g.size()) throw InputError("canonical_subset: vertex " + std::to_string(v) + " is not in the graph");
    paint[v] = 1;
  }
  CanonicalColouring c = canonical_colouring(g, paint, base);
  CanonicalSubset out;
  for (Node v = 0; v < g.size(); ++v)
    if (c.rep[v] == 1) out.subset.push_back(v);
  out.map = std::move(c.map);
  return out;
}

}  // namespace schedcert::schedules
