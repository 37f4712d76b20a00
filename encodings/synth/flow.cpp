// The time-indexed item-flow core (design note in flow.hpp).
#include "encodings/synth/flow.hpp"

#include <algorithm>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::synth {

namespace {
constexpr std::uint32_t kMaxSynthesisNodes = 4096;
}

Topology::Topology(const Network& net) : net_(net) {
  if (net.size() > kMaxSynthesisNodes)
    throw InputError("synthesis: network " + net.name() + " has " + std::to_string(net.size()) +
                     " nodes; the time-indexed encodings support at most " +
                     std::to_string(kMaxSynthesisNodes));
  n_ = net.num_nodes();
  out_.resize(n_);
  in_.resize(n_);
  for (Node u = 0; u < n_; ++u)
    net.for_each_neighbour(u, [&](Node v, int dim) {
      const auto id = static_cast<std::uint32_t>(links_.size());
      links_.push_back(DLink{u, v, net.link_capacity(u, v, dim)});
      out_[u].push_back(id);
      in_[v].push_back(id);
    });
  dist_.resize(static_cast<std::size_t>(n_) * n_);
  ecc_.assign(n_, 0);
  for (Node a = 0; a < n_; ++a)
    for (Node b = 0; b < n_; ++b) {
      const std::uint32_t d = net.distance(a, b);
      dist_[static_cast<std::size_t>(a) * n_ + b] = static_cast<std::uint16_t>(d);
      ecc_[a] = std::max(ecc_[a], d);
    }
}

std::int64_t Topology::link_index(Node a, Node b) const {
  for (std::uint32_t l : out_[a])
    if (links_[l].to == b) return l;
  return -1;
}

std::vector<FlowItem> items_to_move(const schedules::Problem& p, std::uint32_t n) {
  // Every time-indexed encoding starts here: allreduce (complete values overwrite, packets of
  // several chunks; docs/allreduce.md) is stated by none of them, so refuse it for all.
  if (p.kind == schedules::ProblemKind::Allreduce)
    throw InputError("synthesis: allreduce is not supported (the time-indexed encodings have no "
                     "complete-value overwrite and no multi-chunk packets)");
  std::vector<FlowItem> out;
  if (n < 2) return out;
  const std::uint64_t count = p.num_items(n);
  for (Item i = 0; i < count; ++i) {
    const Node o = p.origin(i, n), g = p.target(i, n);
    if (g == o) continue;
    FlowItem it{i, o, g == schedules::kAllNodes ? kEveryNode : g, -1};
    if (p.ordered() && i > 0) it.prev = static_cast<int>(out.size()) - 1;
    out.push_back(it);
  }
  return out;
}

std::uint64_t Flow::estimate_bytes(const Topology& topo, const std::vector<FlowItem>& items,
                                   unsigned steps, FlowOptions opt) {
  // 128-bit sums: the estimate of a hopeless query must not wrap into a small one.
  unsigned __int128 sends = 0;
  const auto T = static_cast<std::int64_t>(steps);
  // The exact count walks items x links; beyond 5 x 10^7 pairs the plain product bounds it.
  if (static_cast<unsigned __int128>(items.size()) * topo.links().size() > 50'000'000) {
    sends = static_cast<unsigned __int128>(items.size()) * steps * topo.links().size();
  } else {
    for (const FlowItem& it : items)
      for (const DLink& l : topo.links()) {
        std::int64_t first = topo.dist(it.origin, l.from), last = T - 1;
        if (opt.prune && it.target != kEveryNode) {
          if (l.from == it.target) continue;
          last = T - 1 - static_cast<std::int64_t>(topo.dist(l.to, it.target));
        }
        if (last >= first) sends += static_cast<unsigned __int128>(last - first + 1);
      }
  }
  const unsigned __int128 holds =
      static_cast<unsigned __int128>(items.size()) * steps * topo.n();
  const unsigned __int128 arrays =
      4 * static_cast<unsigned __int128>(items.size()) *
      (static_cast<unsigned __int128>(steps) * topo.links().size() +
       static_cast<unsigned __int128>(steps + 1) * topo.n());
  const unsigned __int128 total = (sends + holds) * kBytesPerVariable + arrays;
  return total > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(total);
}

Flow::Flow(Formula& f, const Topology& topo, std::vector<FlowItem> items, unsigned steps,
           FlowOptions opt)
    : items_(std::move(items)), steps_(steps), links_(topo.links().size()), n_(topo.n()) {
  const unsigned T = steps_;
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  budget.admit(estimate_bytes(topo, items_, steps, opt),
               "the time-indexed query (" + std::to_string(items_.size()) + " items, T = " +
                   std::to_string(T) + ", " + std::to_string(links_) + " links)");
  const auto building = budget.phase("building the time-indexed query, T = " + std::to_string(T));
  // Checked sizes (issue 13): a wrapped product would allocate too little and index past it.
  const std::uint64_t T1 = std::uint64_t{T} + 1;
  x_.assign(checked_mul(checked_mul(items_.size(), T, "synthesis: items x T x links"), links_,
                        "synthesis: items x T x links"),
            kFalse);
  h_.assign(checked_mul(checked_mul(items_.size(), T1, "synthesis: items x (T + 1) x nodes"), n_,
                        "synthesis: items x (T + 1) x nodes"),
            kFalse);
  const bool keep_names = f.keeps_names();
  auto name = [&](const char* kind, std::size_t i, unsigned t, Node a, Node b) {
    if (!keep_names) return std::string{};
    std::string s = std::string(kind) + "_i" + std::to_string(items_[i].id) + "_t" +
                    std::to_string(t) + "_" + std::to_string(a);
    if (b != kEveryNode) s += "_" + std::to_string(b);
    return s;
  };
  std::vector<Lit> incoming;
  for (std::size_t i = 0; i < items_.size(); ++i) {
    building.tick([&] {
      return "item " + std::to_string(i) + " of " + std::to_string(items_.size()) + ", " +
             std::to_string(f.num_vars()) + " variables";
    });
    const FlowItem& it = items_[i];
    const bool personal = it.target != kEveryNode;
    auto H = [&](unsigned t, Node v) -> Lit& { return h_[(i * (T + 1) + t) * n_ + v]; };
    H(0, it.origin) = kTrue;
    for (unsigned t = 0; t < T; ++t) {
      for (std::uint32_t l = 0; l < links_; ++l) {
        const Node u = topo.links()[l].from, v = topo.links()[l].to;
        const Lit hu = H(t, u), hv = H(t, v);
        if (hu == kFalse) continue;                      // u cannot hold i yet
        if ((opt.prune || opt.combining) && hv == kTrue) continue;  // v already holds it
        if (opt.prune && personal &&
            (u == it.target || topo.dist(v, it.target) + t + 1 > T))
          continue;  // useless copy: from the target, or too far from it to matter
        if (opt.routes && !(*opt.routes)[i].empty() &&
            !std::binary_search((*opt.routes)[i].begin(), (*opt.routes)[i].end(), l))
          continue;  // off the item's fixed route (a restricted query)
        Lit prev_v = kTrue, prev_u = kTrue;
        if (it.prev >= 0) {
          prev_v = holds(static_cast<std::size_t>(it.prev), t, v);
          if (u == it.origin) prev_u = holds(static_cast<std::size_t>(it.prev), t, u);
          if (prev_v == kFalse || prev_u == kFalse) continue;
        }
        const Lit x = f.new_var(name("x", i, t, u, v));
        x_[(i * T + t) * links_ + l] = x;
        f.implies(x, hu);
        if (opt.prune || opt.combining) f.implies(x, -hv);
        f.implies(x, prev_v);
        f.implies(x, prev_u);
      }
      for (Node v = 0; v < n_; ++v) {
        const Lit hv = H(t, v);
        if (hv == kTrue) {
          H(t + 1, v) = kTrue;
          continue;
        }
        incoming.clear();
        for (std::uint32_t l : topo.in(v)) {
          const Lit x = x_[(i * T + t) * links_ + l];
          if (x != kFalse) incoming.push_back(x);
        }
        if (incoming.empty()) {
          H(t + 1, v) = hv;
          continue;
        }
        if (opt.combining) f.at_most(incoming, 1);
        const Lit y = f.new_var(name("h", i, t + 1, v, kEveryNode));
        H(t + 1, v) = y;
        std::vector<Lit> def{-y, hv};
        for (Lit x : incoming) {
          def.push_back(x);
          f.implies(x, y);
        }
        f.add_clause(std::move(def));
        f.implies(hv, y);
      }
    }
    if (personal) {
      f.add_clause({H(T, it.target)});
    } else {
      for (Node v = 0; v < n_; ++v) f.add_clause({H(T, v)});
    }
  }
}

}  // namespace schedcert::encodings::synth
