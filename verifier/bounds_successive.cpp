// Lower bounds for successive broadcasts (Desprez et al. 1993 Prop. 2 generalised):
//  ordered  successive broadcasts: arrival times obey a(i,v) >= a(i-1,v) + 1 and propagate from
//           the source's release a(i-1, src_i); a monotone Dijkstra gives the least solution.
// When the Dijkstra would be too costly the rate and forwarding arguments still apply.
#include <algorithm>
#include <queue>
#include <unordered_map>

#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

namespace {

// Least solution of the ordered-arrival inequalities (header comment); false when too costly.
bool ordered_arrival(Ctx& c, u64 max_work) {
  const auto& src = c.p.sources;
  const u64 n = c.net.size(), q = src.size();
  if (static_cast<Wide>(q) * (directed_links(c.net) + n) > max_work) return false;
  constexpr std::uint32_t kInf = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> prev(n, 0), best(n), stamp(n, 0);
  using Entry = std::pair<std::uint32_t, Node>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pq;
  Wide top = 0, top_release = 0;
  std::size_t top_item = 0, release_item = 0;
  Node top_node = 0;
  for (std::size_t i = 0; i < q; ++i) {
    const Node s = src[i];
    const std::uint32_t release = i == 0 ? 0 : prev[s];
    std::fill(best.begin(), best.end(), kInf);
    best[s] = release;
    pq.push({release, s});
    const std::uint32_t gen = static_cast<std::uint32_t>(i + 1);
    while (!pq.empty()) {
      const std::uint32_t k = pq.top().first;
      const Node u = pq.top().second;
      pq.pop();
      if (stamp[u] == gen) continue;
      stamp[u] = gen;
      c.net.for_each_neighbour(u, [&](Node w, int) {
        if (stamp[w] == gen) return;
        const std::uint32_t cand = std::max(i == 0 ? 0u : prev[w] + 1, k + 1);
        if (cand < best[w]) best[w] = cand, pq.push({cand, w});
      });
    }
    best[s] = 0;
    for (Node v = 0; v < n; ++v)
      if (best[v] > top) top = best[v], top_item = i, top_node = v;
    if (release >= top_release) top_release = release, release_item = i;
    std::swap(prev, best);
  }
  c.add(top, "broadcast #" + std::to_string(top_item + 1) + " reaches node " +
                 std::to_string(top_node) + " at step >= " + S(top) +
                 ": each node receives the values in order, one step apart, "
                 "and a source starts only once it holds the previous value");
  if (c.model == Model::SinglePortFull || c.model == Model::SinglePortHalf)
    c.add(top_release + ceil_log2(n), "broadcast #" + std::to_string(release_item + 1) +
                                          " cannot leave its source before step " +
                                          S(top_release + 1) + ", and under " + c.model_name +
                                          " its holders at most double per step");
  return true;
}

}  // namespace

void successive(Ctx& c) {
  const auto& src = c.p.sources;
  const Wide q = src.size();
  c.set_tx(q * (c.n - 1), "each of the " + S(q) + " values must reach the " + S(c.n - 1) +
                              " other nodes, and the ordering allows one new value per reception");
  std::unordered_map<Node, u64> origins;
  for (Node s : src) ++origins[s];
  u64 max_o = 0, min_o = origins.size() < c.net.size() ? 0 : kU64Max;
  for (const auto& [v, k] : origins) max_o = std::max(max_o, k), min_o = std::min(min_o, k);
  if (!ordered_arrival(c, 50'000'000)) {
    c.add(q - min_o, "some node must receive " + S(q - min_o) +
                         " values, and the ordering puts them in distinct steps");
    u64 e = 0;
    for (const auto& [v, k] : origins) e = std::max<u64>(e, c.net.eccentricity(v));
    c.add(e, "largest eccentricity of a source in " + c.net_name);
    if (c.model == Model::SinglePortFull || c.model == Model::SinglePortHalf)
      c.add(ceil_log2(c.net.size()),
            "under " + c.model_name + " the holders of a value at most double per step");
  }
  if (c.exclusive()) {
    Wide total = 0;
    for (Node s : src) total += forwarders(c, s);
    const Wide f = cdiv(total, c.n);
    const Wide r = q - max_o;  // fewest values a node receives
    c.add(r + cdiv(q - r + f, c.B),
          "every node receives or sends each of the " + S(q) +
              " values, and some node forwards >= " + S(f) + " of them (" + c.leaves.argument + "); under " + c.model_name +
              " sending and receiving take separate steps (Desprez Prop. 2, generalised)");
  }
  c.half_rate();
}

}  // namespace schedcert::verifier::bounds_detail
