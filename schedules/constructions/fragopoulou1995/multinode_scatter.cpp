// Multinode scattering (Fragopoulou-Akl 1995, §4.4): every node scatters M messages to every
// other node over its own BSG_s. This file builds source 0's part; the whole schedule is its
// translate to every root, and Lemma 1 makes the translates collision-free exactly when every
// step of source 0's part uses distinct edge types (verifier/symmetric checks that).
//
// Paper variant (multinode_scatter_root with Paper): the source walks the table of T_0's nodes
// (Bsg::table, farthest first) and, for entry v, sends the messages for Ro^i(v) through subtree
// T_i, i = 0..2n-1. "Each node in a path receives all the messages from its parent node before
// it starts transmitting them to the next node down the path", and the next entry starts only
// when these messages have arrived: so hop h of the 2n paths carries the group in a block of
// steps, the 2n paths moving in lockstep (at each step 2n corresponding edges, all of distinct
// dimensions). An entry at distance d with groups of g messages takes d*g steps. Splitting as in
// splitting.hpp: a node of period P gets subgroup i div P of its messages through T_i; when 2n/P
// does not divide M the block lasts ceil(MP/2n) steps and subtrees with a smaller subgroup idle.
// With 2n/P | M the total is M * sum of distances / 2n = M(k^2 - 1)k^(n-1)/8, the §4.1 bound;
// otherwise each non-full entry at distance d costs d*ceil(MP/2n) instead of d*MP/2n (on MT_{3,3}
// with M = 1: 11 steps against the claimed 9).
//
// Greedy variant: the same paths (one per message: full-necklace messages for Ro^i(v) through
// T_i; a non-full node's message through the subtree, among the 2n/P possible, that keeps the
// per-type hop loads smallest), but hops are list-scheduled: at each step, for every edge type,
// the ready message (previous hop done in an earlier step) with the most hops left crosses its
// next edge (ties: table order). Steps are distinct-typed by construction. This shows how much
// of the paper's gap for indivisible M is due to the lockstep groups; it is not from the paper.
#include "schedules/constructions/fragopoulou1995/multinode_scatter.hpp"

#include <algorithm>
#include <map>
#include <queue>

#include "schedules/constructions/fragopoulou1995/splitting.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

MultinodeScatterVariant parse_multinode_scatter_variant(const std::string& variant) {
  if (variant.empty() || variant == "paper") return MultinodeScatterVariant::Paper;
  if (variant == "greedy") return MultinodeScatterVariant::Greedy;
  throw InputError("--variant: '" + variant +
                   "' is not a multinode scattering variant (paper, greedy)");
}

namespace {

Schedule empty_scatter(const Torus& t, std::uint32_t M) {
  if (M == 0) throw InputError("--messages: M must be at least 1");
  Problem p;
  p.kind = ProblemKind::Scatter;
  p.root = 0;
  p.messages = M;
  return Schedule(t.network(), Model::AllPort, p);
}

Schedule paper(const Bsg& g, std::uint32_t M) {
  const Torus& t = g.torus();
  Schedule s = empty_scatter(t, M);
  const int q = g.subtrees();
  for (Node v : g.table()) {
    const int P = g.period(v);
    const std::vector<Part> parts = split_messages(M, q / P);
    std::vector<std::vector<Node>> paths;
    for (int i = 0; i < q; ++i) paths.push_back(g.path(i, v));
    for (std::size_t h = 1; h < paths[0].size(); ++h)
      for (std::uint32_t step = 0; step < parts[0].count; ++step) {
        s.begin_step();
        for (int i = 0; i < q; ++i) {
          const Part& part = parts[static_cast<std::size_t>(i / P)];
          const auto& path = paths[static_cast<std::size_t>(i)];
          if (step < part.count)
            s.add(path[h - 1], path[h], static_cast<Item>(path.back()) * M + part.first + step);
        }
      }
  }
  return s;
}

Schedule greedy(const Bsg& g, std::uint32_t M) {
  const Torus& t = g.torus();
  const Network& net = t.network();
  const int q = g.subtrees();
  struct Demand {
    std::vector<Node> path;
    std::vector<std::uint64_t> types;  // type of hop h (h = 1..) at index h - 1
    Item item;
    std::size_t next = 1;  // the next hop to cross
  };
  std::vector<Demand> demands;
  std::map<std::uint64_t, std::uint64_t> load;  // hops per edge type
  for (Node v : g.table()) {
    const int P = g.period(v);
    for (int j = 0; j < P; ++j)
      for (std::uint32_t x = 0; x < M; ++x) {
        Demand best;
        std::pair<std::uint64_t, std::uint64_t> best_cost{~0ull, ~0ull};
        for (int i = j; i < q; i += P) {
          Demand d;
          d.path = g.path(i, v);
          for (std::size_t h = 1; h < d.path.size(); ++h)
            d.types.push_back(net.edge_type(d.path[h - 1], d.path[h]));
          std::uint64_t worst = 0, sum = 0;
          for (auto ty : d.types) {
            worst = std::max(worst, load[ty] + 1);
            sum += load[ty];
          }
          if (std::make_pair(worst, sum) < best_cost) {
            best_cost = {worst, sum};
            best = std::move(d);
          }
        }
        for (auto ty : best.types) ++load[ty];
        best.item = static_cast<Item>(best.path.back()) * M + x;
        demands.push_back(std::move(best));
      }
  }
  // Per type, the ready demands by (hops left, earlier in the table first).
  using Key = std::pair<std::size_t, std::size_t>;  // (hops left, -index as max-heap tie)
  auto cmp = [](const Key& a, const Key& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  };
  std::map<std::uint64_t, std::priority_queue<Key, std::vector<Key>, decltype(cmp)>> ready;
  for (const auto& [ty, l] : load) ready.emplace(ty, decltype(ready)::mapped_type(cmp));
  for (std::size_t d = 0; d < demands.size(); ++d)
    ready.at(demands[d].types[0]).push({demands[d].types.size(), d});
  Schedule s = empty_scatter(t, M);
  std::size_t left = demands.size();
  std::vector<std::size_t> moved;
  while (left > 0) {
    s.begin_step();
    moved.clear();
    for (auto& [ty, heap] : ready) {
      if (heap.empty()) continue;
      const std::size_t d = heap.top().second;
      heap.pop();
      Demand& dm = demands[d];
      s.add(dm.path[dm.next - 1], dm.path[dm.next], dm.item);
      moved.push_back(d);
    }
    for (std::size_t d : moved) {
      Demand& dm = demands[d];
      if (++dm.next == dm.path.size()) {
        --left;
        continue;
      }
      ready.at(dm.types[dm.next - 1]).push({dm.path.size() - dm.next, d});
    }
  }
  return s;
}

}  // namespace

Schedule multinode_scatter_root(const Bsg& g, std::uint32_t M, MultinodeScatterVariant variant) {
  return variant == MultinodeScatterVariant::Paper ? paper(g, M) : greedy(g, M);
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
