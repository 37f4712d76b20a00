// Lex-leader constraints for the time-indexed query (design note in lex_leader.hpp).
#include "encodings/synth/lex_leader.hpp"

#include <map>
#include <optional>
#include <tuple>

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
  const schedules::AutomorphismGroup group = schedules::automorphisms(topo.net(), colour);
  const std::size_t L = topo.links().size();
  std::size_t used = 0, skipped = 0, positions = 0;
  for (const schedules::Perm& g : group.generators) {
    const auto imap = item_map(items, g);
    if (!imap) {
      ++skipped;
      continue;
    }
    std::vector<std::uint32_t> lmap(L);
    for (std::uint32_t l = 0; l < L; ++l) {
      const auto& dl = topo.links()[l];
      lmap[l] = static_cast<std::uint32_t>(topo.link_index(g[dl.from], g[dl.to]));
    }
    // The chain: eq is "the prefix so far is equal" (true before the first position).
    Lit eq = kTrue;
    std::size_t n = 0;
    for (unsigned t = 0; t < steps && n < opt.max_positions; ++t)
      for (std::uint32_t l = 0; l < L && n < opt.max_positions; ++l)
        for (std::size_t i = 0; i < items.size() && n < opt.max_positions; ++i) {
          const Lit x = flow.send(i, t, l), y = flow.send((*imap)[i], t, lmap[l]);
          if (x == y) continue;
          // eq => x <= y; and eq' <= eq and x == y (only the forcing direction is needed).
          f.add_clause({-eq, -x, y});
          const Lit next = f.new_var();
          f.add_clause({-eq, -x, next});
          f.add_clause({-eq, y, next});
          eq = next;
          ++n;
        }
    positions += n;
    ++used;
  }
  if (used == 0) return {};
  std::string note = "lex-leader: " + std::to_string(used) + " of " +
                     std::to_string(group.generators.size()) + " generators of Aut (order " +
                     group.order_string() + ")" +
                     (opt.root >= 0 ? " fixing the root" : "") + ", " + std::to_string(positions) +
                     " positions";
  if (skipped > 0) note += ", " + std::to_string(skipped) + " not mapping the problem to itself";
  return note;
}

}  // namespace schedcert::encodings::synth
