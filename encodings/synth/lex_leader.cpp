// Lex-leader constraints for the time-indexed and successive-broadcast queries (design note in
// lex_leader.hpp; the chain in encodings/sat/lex_chain.hpp).
#include "encodings/synth/lex_leader.hpp"

#include <map>
#include <optional>
#include <tuple>

#include "encodings/sat/lex_chain.hpp"
#include "schedules/automorphisms.hpp"

namespace schedcert::encodings::synth {

namespace {

// The image of every item under the node map g, or nullopt when g does not map the problem's
// items onto themselves. Items are matched by (origin, target, rank among equal pairs).
std::optional<std::vector<std::size_t>> item_map(const std::vector<FlowItem>& items,
                                                 const schedules::Perm& g) {
  using Key = std::tuple<Node, Node, std::size_t>;
  std::map<Key, std::size_t> index;
  std::map<std::pair<Node, Node>, std::size_t> rank;
  std::vector<Key> keys;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].prev >= 0) return std::nullopt;  // ordered items: not invariant
    const std::pair<Node, Node> pair{items[i].origin, items[i].target};
    const Key k{pair.first, pair.second, rank[pair]++};
    index.emplace(k, i);
    keys.push_back(k);
  }
  std::vector<std::size_t> out(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto& [o, t, r] = keys[i];
    const Key image{g[o], t == kEveryNode ? kEveryNode : g[t], r};
    const auto it = index.find(image);
    if (it == index.end()) return std::nullopt;
    out[i] = it->second;
  }
  return out;
}

// nauty's generators of the automorphisms of the network that preserve `colour`, each with its
// map on the directed links; a generator that sends some link to a non-link or to a link of
// another multiplicity is dropped (counted in `dropped`).
struct LinkGenerators {
  std::vector<schedules::Perm> nodes;
  std::vector<std::vector<std::uint32_t>> links;
  std::size_t total = 0, dropped = 0;
  std::string order;
};

LinkGenerators link_generators(const Topology& topo, const std::vector<int>& colour) {
  const schedules::AutomorphismGroup group = schedules::automorphisms(topo.net(), colour);
  LinkGenerators out;
  out.total = group.generators.size();
  out.order = group.order_string();
  const std::size_t L = topo.links().size();
  for (const schedules::Perm& g : group.generators) {
    std::vector<std::uint32_t> lmap(L);
    bool ok = true;
    for (std::uint32_t l = 0; l < L && ok; ++l) {
      const auto& dl = topo.links()[l];
      const std::int64_t image = topo.link_index(g[dl.from], g[dl.to]);
      ok = image >= 0 && topo.links()[static_cast<std::size_t>(image)].mult == dl.mult;
      if (ok) lmap[l] = static_cast<std::uint32_t>(image);
    }
    if (!ok) {
      ++out.dropped;
      continue;
    }
    out.nodes.push_back(g);
    out.links.push_back(std::move(lmap));
  }
  return out;
}

sat::LexChain formula_chain(Formula& f, std::size_t max_positions) {
  return sat::LexChain([&f] { return f.new_var(); },
                       [&f](std::vector<int> c) { f.add_clause(std::move(c)); }, max_positions, kTrue);
}

}  // namespace

std::string add_lex_leader(Formula& f, const Topology& topo, const Flow& flow, unsigned steps,
                           const LexLeaderOptions& opt) {
  if (steps == 0 || topo.net().multi_links()) return {};
  const auto& items = flow.items();
  std::vector<int> colour;
  if (opt.root >= 0) {
    colour.assign(topo.n(), 0);
    colour[static_cast<std::size_t>(opt.root)] = 1;
  }
  const LinkGenerators gens = link_generators(topo, colour);
  const std::size_t L = topo.links().size();
  std::size_t used = 0, skipped = gens.dropped, positions = 0;
  for (std::size_t k = 0; k < gens.nodes.size(); ++k) {
    const auto imap = item_map(items, gens.nodes[k]);
    if (!imap) {
      ++skipped;
      continue;
    }
    const auto& lmap = gens.links[k];
    sat::LexChain chain = formula_chain(f, opt.max_positions);
    for (unsigned t = 0; t < steps && !chain.full(); ++t)
      for (std::uint32_t l = 0; l < L && !chain.full(); ++l)
        for (std::size_t i = 0; i < items.size() && !chain.full(); ++i)
          chain.add(flow.send(i, t, l), flow.send((*imap)[i], t, lmap[l]));
    positions += chain.positions();
    ++used;
  }
  if (used == 0) return {};
  std::string note = "lex-leader: " + std::to_string(used) + " of " + std::to_string(gens.total) +
                     " generators of Aut (order " + gens.order + ")" +
                     (opt.root >= 0 ? " fixing the root" : "") + ", " + std::to_string(positions) +
                     " positions";
  if (skipped > 0) note += ", " + std::to_string(skipped) + " not mapping the problem to itself";
  return note;
}

std::string add_successive_lex_leader(Formula& f, const Topology& topo, const SuccessiveVars& v,
                                      std::size_t max_positions) {
  const std::size_t n = v.values;
  if (v.steps == 0 || n < 2) return "lex-leader: none (nothing to order)";
  if (topo.net().multi_links()) return "lex-leader: none (a network with multi-links)";
  // A fixed allocation: only automorphisms that fix every source (colour = its value's index).
  std::vector<int> colour;
  if (!v.fixed_sources.empty()) {
    colour.assign(topo.n(), 0);
    for (std::size_t j = 0; j < v.fixed_sources.size(); ++j)
      colour[v.fixed_sources[j]] = static_cast<int>(j) + 1;
  }
  const LinkGenerators gens = link_generators(topo, colour);
  if (gens.nodes.empty())
    return std::string("lex-leader: none (") +
           (gens.total == 0 ? (v.fixed_sources.empty() ? "Aut is trivial"
                                                       : "the automorphisms fixing every source are "
                                                         "the identity alone")
                            : "no generator preserves the links") +
           ")";
  const std::size_t L = topo.links().size();
  const std::vector<Lit>& a = *v.alloc;
  std::size_t positions = 0;
  for (std::size_t k = 0; k < gens.nodes.size(); ++k) {
    const schedules::Perm& g = gens.nodes[k];
    const auto& lmap = gens.links[k];
    sat::LexChain chain = formula_chain(f, max_positions);
    for (std::size_t j = 0; j < n && !chain.full(); ++j)
      for (Node u = 0; u < n && !chain.full(); ++u) chain.add(-a[j * n + u], -a[j * n + g[u]]);
    for (unsigned t = 0; t < v.steps && !chain.full(); ++t)
      for (std::uint32_t l = 0; l < L && !chain.full(); ++l)
        for (std::size_t j = 0; j < n && !chain.full(); ++j) chain.add(v.send(j, t, l), v.send(j, t, lmap[l]));
    positions += chain.positions();
  }
  std::string note = "lex-leader: " + std::to_string(gens.nodes.size()) + " of " +
                     std::to_string(gens.total) + " generators of Aut (order " + gens.order + ")" +
                     (v.fixed_sources.empty() ? "" : " fixing every source") + ", " +
                     std::to_string(positions) + " positions";
  if (gens.dropped > 0) note += ", " + std::to_string(gens.dropped) + " not preserving the links";
  return note;
}

}  // namespace schedcert::encodings::synth
