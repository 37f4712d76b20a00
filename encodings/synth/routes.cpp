// Balanced shortest-path routes (design note in routes.hpp).
#include "encodings/synth/routes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <set>

#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::synth {

namespace {

constexpr unsigned kMaxRounds = 50;
constexpr double kMaxWork = 5e8;

struct Router {
  const Topology& topo;
  std::vector<double> load;     // packets on each link
  std::vector<double> noise;    // per-round tie-breaks (from the seed)
  std::vector<double> history;  // PathFinder's history cost: past overuse of each link
  std::vector<double> best;     // per node: cheapest cost to the current target
  std::vector<std::uint32_t> next;
  double level = 0;             // the even spread: packets per unit of multiplicity
  double pressure = 0.5;        // PathFinder's present-congestion factor, raised every round

  // Negotiated congestion (PathFinder, McMurchie and Ebeling 1995): a link costs more the
  // further one more packet would take it past the even level, and more again for every
  // round in which it was overused.
  double cost(std::uint32_t l) const {
    const double over = std::max(0.0, (load[l] + 1) / topo.links()[l].mult - level);
    return (1 + history[l]) * (1 + pressure * over) + noise[l];
  }
  // The cheapest shortest path from o to g (link ids, in order) under cost(): dynamic
  // programming over the nodes on shortest o-g paths, by distance to g.
  std::vector<std::uint32_t> path(Node o, Node g) {
    const std::uint32_t d = topo.dist(o, g), n = topo.n();
    std::vector<std::vector<Node>> layer(d + 1);
    for (Node u = 0; u < n; ++u)
      if (topo.dist(o, u) + topo.dist(u, g) == d) layer[topo.dist(u, g)].push_back(u);
    best[g] = 0;
    for (std::uint32_t k = 1; k <= d; ++k)
      for (Node u : layer[k]) {
        best[u] = std::numeric_limits<double>::infinity();
        for (std::uint32_t l : topo.out(u)) {
          const Node v = topo.links()[l].to;
          if (topo.dist(v, g) + 1 != k || topo.dist(o, v) + topo.dist(v, g) != d) continue;
          const double c = cost(l) + best[v];
          if (c < best[u]) {
            best[u] = c;
            next[u] = l;
          }
        }
      }
    std::vector<std::uint32_t> p;
    for (Node u = o; u != g; u = topo.links()[next[u]].to) p.push_back(next[u]);
    return p;
  }
  void place(const std::vector<std::uint32_t>& p, double sign) {
    for (std::uint32_t l : p) load[l] += sign;
  }
  double overuse() const {
    double s = 0;
    for (std::size_t l = 0; l < load.size(); ++l)
      s += std::max(0.0, load[l] / topo.links()[l].mult - level);
    return s;
  }
};

// Why `steps` steps cannot carry these paths under `model`, or "" (a necessary condition only).
std::string hopeless(const Topology& topo, const std::vector<FlowItem>& items, const Routes& routes,
                     const std::vector<double>& load, schedules::Model model, unsigned steps) {
  using schedules::Model;
  char buf[160];
  for (std::size_t i = 0; i < items.size(); ++i)
    if (routes[i].size() > steps) {
      std::snprintf(buf, sizeof buf, "item %zu needs %zu hops in %u steps", i, routes[i].size(), steps);
      return buf;
    }
  if (model == Model::AllPort) {
    for (std::size_t l = 0; l < load.size(); ++l)
      if (load[l] > double(steps) * topo.links()[l].mult) {
        std::snprintf(buf, sizeof buf, "link %u->%u carries %.0f packets in %u steps",
                      topo.links()[l].from, topo.links()[l].to, load[l], steps);
        return buf;
      }
    return "";
  }
  // One packet per node and step: sends (distinct items for shout-whisper) and receptions.
  std::vector<std::set<std::size_t>> sent(topo.n());
  std::vector<std::uint64_t> in(topo.n(), 0), out(topo.n(), 0);
  for (std::size_t i = 0; i < items.size(); ++i)
    for (std::uint32_t l : routes[i]) {
      ++out[topo.links()[l].from];
      ++in[topo.links()[l].to];
      sent[topo.links()[l].from].insert(i);
    }
  for (Node v = 0; v < topo.n(); ++v) {
    std::uint64_t busy = std::max(in[v], out[v]);
    if (model == Model::SinglePortHalf) busy = in[v] + out[v];
    if (model == Model::ShoutWhisper) busy = in[v] + sent[v].size();
    if (busy > steps) {
      std::snprintf(buf, sizeof buf, "node %u is busy in %llu steps of %u", v,
                    static_cast<unsigned long long>(busy), steps);
      return buf;
    }
  }
  return "";
}

}  // namespace

std::string RoutePlan::summary() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%u items on fixed shortest paths, max link load %.2f, %u rounds",
                restricted, max_load, rounds);
  return buf;
}

RoutePlan balanced_routes(const Topology& topo, const std::vector<FlowItem>& items,
                          schedules::Model model, unsigned steps, std::uint64_t seed) {
  RoutePlan plan;
  plan.routes.assign(items.size(), {});
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].target != kEveryNode && items[i].prev < 0) order.push_back(i);
  if (order.empty()) return plan;
  // A round re-routes every item over at most every node; beyond kMaxWork node visits in all
  // the phase is not worth its time (the exact query of such a size is hopeless too).
  const double per_round = static_cast<double>(order.size()) * topo.n();
  if (per_round > kMaxWork) {
    plan.hopeless = "routing " + std::to_string(order.size()) + " items on " +
                    std::to_string(topo.n()) + " nodes is beyond the phase's work limit";
    return plan;
  }
  const unsigned max_rounds =
      static_cast<unsigned>(std::min<double>(kMaxRounds, kMaxWork / per_round));
  std::mt19937_64 rng(seed);
  Router r{topo, std::vector<double>(topo.links().size(), 0.0), {},
           std::vector<double>(topo.links().size(), 0.0), std::vector<double>(topo.n(), 0.0),
           std::vector<std::uint32_t>(topo.n(), 0)};
  // The level every link would carry if the load spread evenly: no plan does better.
  double hops = 0, capacity = 0;
  for (std::size_t i : order) hops += topo.dist(items[i].origin, items[i].target);
  for (const DLink& l : topo.links()) capacity += l.mult;
  r.level = std::ceil(hops / capacity - 1e-9);
  std::uniform_real_distribution<double> tiny(0.0, 0.1);
  auto shake = [&] {  // fresh tie-breaks and a fresh order for every round
    r.noise.clear();
    for (std::size_t l = 0; l < topo.links().size(); ++l) r.noise.push_back(tiny(rng));
    std::shuffle(order.begin(), order.end(), rng);
  };
  auto max_load = [&] {
    double m = 0;
    for (std::size_t l = 0; l < r.load.size(); ++l) m = std::max(m, r.load[l] / topo.links()[l].mult);
    return m;
  };
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  const auto routing = budget.phase("balancing shortest-path routes");
  shake();
  for (std::size_t i : order) {
    routing.tick();
    plan.routes[i] = r.path(items[i].origin, items[i].target);
    r.place(plan.routes[i], 1);
  }
  Routes best = plan.routes;
  double best_max = max_load(), best_over = r.overuse();
  for (; plan.rounds < max_rounds && best_max > r.level; ++plan.rounds) {
    for (std::size_t l = 0; l < r.load.size(); ++l)
      r.history[l] += std::max(0.0, r.load[l] / topo.links()[l].mult - r.level);
    r.pressure *= 1.5;
    shake();
    for (std::size_t i : order) {
      routing.tick();
      r.place(plan.routes[i], -1);
      plan.routes[i] = r.path(items[i].origin, items[i].target);
      r.place(plan.routes[i], 1);
    }
    const double m = max_load(), q = r.overuse();
    if (m < best_max || (m == best_max && q < best_over)) {
      best = plan.routes;
      best_max = m;
      best_over = q;
    }
  }
  plan.routes = std::move(best);
  std::fill(r.load.begin(), r.load.end(), 0.0);
  for (auto& p : plan.routes) {
    r.place(p, 1);
    std::sort(p.begin(), p.end());
  }
  plan.restricted = static_cast<std::uint32_t>(order.size());  // every one has a path (dist >= 1)
  plan.max_load = best_max;
  plan.hopeless = hopeless(topo, items, plan.routes, r.load, model, steps);
  return plan;
}

}  // namespace schedcert::encodings::synth
