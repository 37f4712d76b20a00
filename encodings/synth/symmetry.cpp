// Stabiliser symmetry breaking (design note and soundness argument in symmetry.hpp).
#include "encodings/synth/symmetry.hpp"

#include <map>
#include <utility>

#include "schedules/automorphisms.hpp"

namespace schedcert::encodings::synth {

using schedules::FactorKind;

namespace {

// x >=lex y over Booleans: e_0 = true; e_i and y_i imply x_i; e_i and (x_i = y_i) imply e_{i+1}.
// The lex-largest member of an orbit satisfies it with e_i = "x and y agree before i".
void lex_geq(Formula& f, const std::vector<Lit>& x, const std::vector<Lit>& y) {
  Lit e = 0;  // 0: true
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] == y[i]) continue;
    if (e == 0) f.add_clause({-y[i], x[i]});
    else f.add_clause({-e, -y[i], x[i]});
    if (i + 1 == x.size()) break;
    const Lit next = f.new_var();
    for (Lit a : {x[i], -x[i]}) {  // e and x_i = y_i = a imply next
      const Lit b = a == x[i] ? y[i] : -y[i];
      if (e == 0) f.add_clause({-a, -b, next});
      else f.add_clause({-e, -a, -b, next});
    }
    e = next;
  }
}

// A single undirected graph factor: nauty's generators of the stabiliser of the anchor in Aut(G)
// (schedules/automorphisms.hpp; each generator re-checked there), kept only when they also
// preserve every link multiplicity; then a(w_1..w_k) >=lex a(g(w_1)..g(w_k)) over the anchor's
// neighbours in id order, per generator g. Sound for the group the kept generators generate: the
// lexicographically largest activity vector of an orbit satisfies every such rule.
std::string graph_stabilizer_rules(Formula& f, const Network& net, Node anchor,
                                   const std::function<Lit(Node)>& activity) {
  const auto g = schedules::Graph::of(net);
  std::vector<int> colour(g.size(), 0);
  colour[anchor] = 1;
  const auto aut = schedules::automorphisms(g, colour);
  std::vector<Node> nb;
  net.for_each_neighbour(anchor, [&](Node w, int) { nb.push_back(w); });
  std::vector<Lit> x;
  for (Node w : nb) x.push_back(activity(w));
  std::size_t kept = 0;
  for (const auto& p : aut.generators) {
    bool ok = p[anchor] == anchor;
    for (Node u = 0; ok && u < g.size(); ++u)
      net.for_each_neighbour(u, [&](Node w, int dim) {
        ok = ok && net.link_capacity(u, w, dim) == net.link_capacity(p[u], p[w], dim);
      });
    if (!ok) continue;
    std::vector<Lit> y;
    for (Node w : nb) y.push_back(x[static_cast<std::size_t>(
        std::lower_bound(nb.begin(), nb.end(), p[w]) - nb.begin())]);
    lex_geq(f, x, y);
    ++kept;
  }
  if (kept == 0) return "";
  return "anchor " + std::to_string(anchor) + ": lex-leader step-1 use under " + std::to_string(kept) +
         " nauty generator(s) of its stabiliser (order " + aut.order_string() + ")";
}

}  // namespace

std::string add_stabilizer_rules(Formula& f, const Topology& topo, Node anchor,
                                 const std::function<Lit(Node)>& activity,
                                 bool value_permutations) {
  const Network& net = topo.net();
  const int dims = net.dims();
  if (dims == 1 && net.factors()[0].kind == FactorKind::Graph) {
    if (net.directed()) return "";
    return graph_stabilizer_rules(f, net, anchor, activity);
  }
  // a[k][delta-index]: activity of the anchor's neighbours in dimension k, in offset order.
  std::vector<std::vector<Lit>> a(static_cast<std::size_t>(dims));
  std::vector<bool> usable(static_cast<std::size_t>(dims), false);
  std::string desc;
  auto note = [&](const std::string& s) { desc += (desc.empty() ? "" : "; ") + s; };
  for (int k = 0; k < dims; ++k) {
    const auto& fa = net.factors()[static_cast<std::size_t>(k)];
    const std::uint32_t base = net.digit(anchor, k);
    auto neighbour = [&](std::uint32_t delta) {
      return net.with_digit(anchor, k, (base + delta) % fa.size);
    };
    auto& ak = a[static_cast<std::size_t>(k)];
    switch (fa.kind) {
      case FactorKind::K2:
        ak.push_back(activity(neighbour(1)));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Ring:
        ak.push_back(activity(neighbour(1)));
        ak.push_back(activity(neighbour(fa.size - 1)));
        f.implies(ak[1], ak[0]);
        note("reflection in dim " + std::to_string(k));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Complete:
        if (!value_permutations) break;
        for (std::uint32_t d = 1; d < fa.size; ++d) ak.push_back(activity(neighbour(d)));
        for (std::size_t j = 0; j + 1 < ak.size(); ++j) f.implies(ak[j + 1], ak[j]);
        note("value permutation in dim " + std::to_string(k));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Path:
      case FactorKind::Graph: break;  // no rotation or value permutation known to be a symmetry
    }
  }
  // Permutations of identical factors: consecutive usable dims of one (kind, size) class.
  std::map<std::pair<int, std::uint32_t>, std::vector<int>> classes;
  for (int k = 0; k < dims; ++k)
    if (usable[static_cast<std::size_t>(k)]) {
      const auto& fa = net.factors()[static_cast<std::size_t>(k)];
      classes[{static_cast<int>(fa.kind), fa.size}].push_back(k);
    }
  for (const auto& [key, ks] : classes) {
    if (ks.size() < 2) continue;
    for (std::size_t j = 0; j + 1 < ks.size(); ++j) {
      const auto& hi = a[static_cast<std::size_t>(ks[j])];
      const auto& lo = a[static_cast<std::size_t>(ks[j + 1])];
      for (std::size_t p = 0; p < hi.size(); ++p) f.implies(lo[p], hi[p]);
    }
    std::string list;
    for (int k : ks) list += (list.empty() ? "" : ",") + std::to_string(k);
    note("dims {" + list + "} sorted by step-1 use");
  }
  if (!desc.empty()) desc = "anchor " + std::to_string(anchor) + ": " + desc;
  return desc;
}

}  // namespace schedcert::encodings::synth
