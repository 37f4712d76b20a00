// Greedy list schedules as phase hints (design note in synth_greedy.hpp).
#include "encodings/synth_greedy.hpp"

#include <algorithm>
#include <random>

namespace schedcert::encodings::synth {

using schedules::Model;

bool greedy_applicable(Model m, const schedules::Problem& p) {
  return (m == Model::AllPort || m == Model::SinglePortFull) && p.packet_items == 1 &&
         !p.combining() && !p.ordered();
}

namespace {

struct Cand {
  std::uint64_t key;  // larger first
  std::size_t item;
  std::uint32_t link;
};

// Kuhn's augmenting paths over the candidate edges, items in the order of `cands` (sorted by
// priority); a link takes up to its multiplicity of items.
std::vector<std::pair<std::size_t, std::uint32_t>> match_step(const std::vector<Cand>& cands,
                                                              const std::vector<DLink>& links) {
  std::vector<std::size_t> order;                         // items, first appearance
  std::vector<std::vector<std::uint32_t>> adj;            // per order index: links
  std::vector<std::size_t> index_of;                      // item -> order index + 1
  for (const Cand& c : cands) {
    if (c.item >= index_of.size()) index_of.resize(c.item + 1, 0);
    if (index_of[c.item] == 0) {
      order.push_back(c.item);
      adj.emplace_back();
      index_of[c.item] = order.size();
    }
    adj[index_of[c.item] - 1].push_back(c.link);
  }
  std::vector<std::vector<std::size_t>> on(links.size());  // order indices matched to a link
  std::vector<std::int64_t> mate(order.size(), -1);
  std::vector<std::uint32_t> seen(links.size(), 0);
  std::uint32_t stamp = 0;
  auto augment = [&](auto&& self, std::size_t a) -> bool {
    for (std::uint32_t l : adj[a]) {
      if (seen[l] == stamp) continue;
      seen[l] = stamp;
      if (on[l].size() < links[l].mult) {
        on[l].push_back(a);
        mate[a] = l;
        return true;
      }
      for (std::size_t& b : on[l])
        if (self(self, b)) {
          b = a;
          mate[a] = l;
          return true;
        }
    }
    return false;
  };
  for (std::size_t a = 0; a < order.size(); ++a) {
    ++stamp;
    augment(augment, a);
  }
  std::vector<std::pair<std::size_t, std::uint32_t>> out;
  for (std::size_t a = 0; a < order.size(); ++a)
    if (mate[a] >= 0) out.emplace_back(order[a], static_cast<std::uint32_t>(mate[a]));
  return out;
}

}  // namespace

GreedyPlan greedy_plan(const Topology& topo, Model m, const std::vector<FlowItem>& items,
                       unsigned steps, unsigned tries, std::uint64_t seed) {
  const std::uint32_t n = topo.n();
  const auto& links = topo.links();
  std::mt19937_64 rng(seed);
  GreedyPlan best;
  bool have = false;
  std::vector<Cand> cands;
  // All-port with personalised items only (total exchange, scatter): each step is a bipartite
  // matching of items to links; taking the items in priority order with augmenting paths (Kuhn)
  // gives a maximum matching that serves the highest-priority items first.
  const bool matching = m == Model::AllPort &&
                        std::all_of(items.begin(), items.end(), [](const FlowItem& it) { return it.target != kEveryNode; });
  for (unsigned attempt = 0; attempt < std::max(1u, tries); ++attempt) {
    GreedyPlan plan;
    plan.sends.assign(steps, {});
    std::vector<std::uint8_t> held(items.size() * n, 0);
    std::vector<Node> pos(items.size());  // a personalised item's single copy
    for (std::size_t i = 0; i < items.size(); ++i) {
      held[i * n + items[i].origin] = 1;
      pos[i] = items[i].origin;
    }
    std::vector<std::uint32_t> holders(items.size(), 1);
    std::vector<std::uint32_t> link_use(links.size());
    std::vector<std::uint8_t> sent(n), recv(n), moved(items.size());
    std::vector<std::uint8_t> incoming(items.size() * n);
    for (unsigned t = 0; t < steps; ++t) {
      cands.clear();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const FlowItem& it = items[i];
        const bool personal = it.target != kEveryNode;
        if (personal && pos[i] == it.target) continue;
        if (!personal && holders[i] == n) continue;
        for (Node u = 0; u < n; ++u) {
          if (personal ? u != pos[i] : !held[i * n + u]) continue;
          for (std::uint32_t l : topo.out(u)) {
            const Node v = links[l].to;
            if (!personal && held[i * n + v]) continue;
            std::uint64_t key;
            if (personal) {
              if (topo.dist(v, it.target) + 1 != topo.dist(u, it.target)) continue;
              key = topo.dist(u, it.target);
            } else {
              key = n - holders[i];
            }
            cands.push_back(Cand{(key << 32) | (rng() & 0xffffffffu), i, l});
          }
        }
      }
      std::sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) { return a.key > b.key; });
      if (matching) {
        plan.sends[t] = match_step(cands, links);
        for (const auto& [i, l] : plan.sends[t]) pos[i] = links[l].to;
        continue;
      }
      std::fill(link_use.begin(), link_use.end(), 0);
      std::fill(sent.begin(), sent.end(), 0);
      std::fill(recv.begin(), recv.end(), 0);
      std::fill(moved.begin(), moved.end(), 0);
      std::fill(incoming.begin(), incoming.end(), 0);
      for (const Cand& c : cands) {
        const FlowItem& it = items[c.item];
        const Node u = links[c.link].from, v = links[c.link].to;
        if (it.target != kEveryNode && moved[c.item]) continue;  // one copy of a personalised item
        if (incoming[c.item * n + v]) continue;
        const std::uint32_t cap = m == Model::AllPort ? links[c.link].mult : 1;
        if (link_use[c.link] >= cap) continue;
        if (m == Model::SinglePortFull && (sent[u] || recv[v])) continue;
        ++link_use[c.link];
        sent[u] = recv[v] = 1;
        moved[c.item] = 1;
        incoming[c.item * n + v] = 1;
        plan.sends[t].emplace_back(c.item, c.link);
      }
      for (const auto& [i, l] : plan.sends[t]) {
        const Node v = links[l].to;
        if (items[i].target != kEveryNode) {
          pos[i] = v;
        } else if (!held[i * n + v]) {
          held[i * n + v] = 1;
          ++holders[i];
        }
      }
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i].target != kEveryNode) {
        ++plan.needed;
        plan.delivered += pos[i] == items[i].target;
      } else {
        plan.needed += n;
        plan.delivered += holders[i];
      }
    }
    if (!have || plan.delivered > best.delivered) {
      best = std::move(plan);
      have = true;
    }
    if (best.complete()) break;
  }
  return best;
}

}  // namespace schedcert::encodings::synth
