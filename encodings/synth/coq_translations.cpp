// Translations of a product network as automorphisms for coq/synth/SynthSym.v (design note in
// coq_translations.hpp).
#include "encodings/synth/coq_translations.hpp"

#include <utility>

namespace schedcert::encodings::synth {

using schedules::Network;
using schedules::Node;

namespace {

// perm keeps every arc and its capacity; with as many arcs on both sides (perm is a bijection),
// it also maps non-arcs to non-arcs: what SynthSym.v's autob asks.
bool keeps_arcs(const Network& net, const std::vector<std::pair<Node, Node>>& arcs, const std::vector<Node>& perm) {
  for (const auto& [u, v] : arcs) {
    const Node fu = perm[u], fv = perm[v];
    if (fu == fv || !net.adjacent(fu, fv)) return false;
    if (net.link_capacity(fu, fv, *net.edge_dim(fu, fv)) != net.link_capacity(u, v, *net.edge_dim(u, v)))
      return false;
  }
  return true;
}

}  // namespace

std::optional<std::vector<NodePermutation>> coq_translations(const Network& net) {
  if (net.has_graph() || !net.is_translation_invariant()) return std::nullopt;
  const Node n = net.num_nodes();
  std::vector<std::pair<Node, Node>> arcs;
  for (Node u = 0; u < n; ++u)
    for (Node v = 0; v < n; ++v)
      if (u != v && net.adjacent(u, v)) arcs.emplace_back(u, v);
  std::vector<NodePermutation> auts(n);
  for (Node a = 0; a < n; ++a) {
    NodePermutation& p = auts[a];
    p.inv.resize(n);
    p.perm.assign(n, n);
    for (Node v = 0; v < n; ++v) {
      p.inv[v] = net.translate(v, a);
      if (p.inv[v] >= n || p.perm[p.inv[v]] != n) return std::nullopt;  // not a permutation
      p.perm[p.inv[v]] = v;
    }
    if (p.perm[a] != 0 || !keeps_arcs(net, arcs, p.perm)) return std::nullopt;
  }
  return auts;
}

std::string coq_translations_term(const std::vector<NodePermutation>& auts) {
  auto list = [](const std::vector<Node>& xs) {
    std::string s = "[";
    for (std::size_t k = 0; k < xs.size(); ++k) s += (k ? "; " : "") + std::to_string(xs[k]);
    return s + "]";
  };
  std::string s = "[";
  for (std::size_t k = 0; k < auts.size(); ++k)
    s += std::string(k ? ";\n   " : "") + "(" + list(auts[k].perm) + ", " + list(auts[k].inv) + ")";
  return s + "]";
}

}  // namespace schedcert::encodings::synth
