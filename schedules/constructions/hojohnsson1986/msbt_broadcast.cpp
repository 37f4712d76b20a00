// MSBT broadcast (Ho-Johnsson 1986, §3.3.2), three port models.
//
// One send and one receive: the labelled routing. The edge into node i of ERSBT j carries
// round r's packet (p = r*n + j) at 0-based step f(i, j) + r*n, f the labelling of §3.3.2
// (msbt_graph.hpp). Condition 1 gives causality inside a tree; conditions 2 and 3 (labels distinct
// mod n) give at most one receive and one send per node and step, across rounds too. The largest
// label of tree j is j + n, so packet p finishes at step p + n + 1 and Q packets take Q + n steps.
// One send or one receive: the paper "transforms each cycle into two cycles", noting that
// during the first n steps and the last step links are used in one direction only; we make that
// precise as: a step of the schedule above in which no node both sends and receives is kept as
// one step, any other step is split in two, first the senders of even weight |i ^ s| then those
// of odd weight (Q_n is bipartite, so in each half no node sends and receives). The paper's count
// 2Q + n - 1 is what comes out when exactly n + 1 steps need no split; the tests measure it.
// All ports: every ERSBT pipelines its own packets, one round per step: the edge into i in tree j
// carries round r at step depth_j(i) + r (1-based); the ERSBTs are edge-disjoint, so no link
// carries two packets. Height n + 1 gives ceil(Q/n) + n steps.
// Limitation: n <= 20; for n = 1 the single ERSBT is the edge s -> s^1 (height 1, not n + 1), so
// the step counts are one less than the formulas.
#include "schedules/constructions/hojohnsson1986/msbt_broadcast.hpp"

#include <algorithm>
#include <bit>

#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"
#include "schedules/constructions/hojohnsson1986/packets.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
struct Edge {
  Node from, to;
};

// edges[j][x]: the edges of tree j with label x (labelled) or into depth x (all-port).
std::vector<std::vector<std::vector<Edge>>> bucket_edges(int n, Node s, bool by_label) {
  std::vector<std::vector<std::vector<Edge>>> e(n);
  const Node N = Node{1} << n;
  for (int j = 0; j < n; ++j) {
    SpanningTree t = msbt_tree(n, j, s);
    e[j].resize(by_label ? 2 * n : t.height + 1);
    for (Node v = 0; v < N; ++v) {
      if (v == s) continue;
      const int x = by_label ? msbt_label(n, v, j, s) : t.depth[v];
      e[j][x].push_back({t.parent[v], v});
    }
  }
  return e;
}

// Emits one full-duplex step, kept whole or split by sender parity (see the file comment).
void emit_half(Schedule& out, const std::vector<std::pair<Edge, std::uint32_t>>& step,
               const std::vector<std::vector<Item>>& items, Node s,
               std::vector<std::uint32_t>& sends, std::vector<std::uint32_t>& recvs,
               std::uint32_t stamp) {
  bool clash = false;
  for (auto& [e, p] : step) {
    sends[e.from] = stamp;
    recvs[e.to] = stamp;
  }
  for (auto& [e, p] : step)
    if (recvs[e.from] == stamp || sends[e.to] == stamp) clash = true;
  for (int half = 0; half < (clash ? 2 : 1); ++half) {
    out.begin_step();
    for (auto& [e, p] : step)
      if (!clash || static_cast<int>(std::popcount(e.from ^ s) & 1) == half)
        out.add(e.from, e.to, items[p]);
  }
}
}  // namespace

Schedule msbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B) {
  check_dim_root(n, s, 20, "hj-msbt-broadcast");
  if (model == Model::ShoutWhisper)
    throw InputError("--model: hj-msbt-broadcast is built for all-port, single-port-full and "
                     "single-port-half");
  Packets pk(M, B);
  const std::uint32_t Q = pk.count();
  std::vector<std::vector<Item>> items(Q);
  for (std::uint32_t p = 0; p < Q; ++p) items[p] = pk.items(p);
  Schedule out(Network::hypercube(n), model, broadcast_problem(s, M, B));
  const std::size_t N = std::size_t{1} << n;
  out.reserve((N - 1) * Q);
  const auto un = static_cast<std::uint32_t>(n);

  if (model == Model::AllPort) {
    auto e = bucket_edges(n, s, false);
    const std::uint32_t rounds = (Q + un - 1) / un;
    std::size_t height = 0;
    for (auto& t : e) height = std::max(height, t.size() - 1);
    for (std::size_t st = 1; st <= height + rounds - 1; ++st) {
      out.begin_step();
      for (std::uint32_t j = 0; j < un; ++j)
        for (std::uint32_t r = 0; r < rounds; ++r) {
          const std::uint32_t p = r * un + j;
          if (p >= Q || r >= st) continue;
          const std::size_t d = st - r;
          if (d < e[j].size())
            for (const Edge& x : e[j][d]) out.add(x.from, x.to, items[p]);
        }
    }
    return out;
  }

  auto e = bucket_edges(n, s, true);
  // Last 0-based step: packet p = r*n + j uses labels up to the largest label of tree j.
  std::size_t last = 0;
  for (std::uint32_t p = 0; p < Q; ++p) {
    const std::uint32_t j = p % un, r = p / un;
    std::size_t top = 0;
    for (std::size_t x = 0; x < e[j].size(); ++x)
      if (!e[j][x].empty()) top = x;
    last = std::max(last, top + std::size_t{r} * un);
  }
  std::vector<std::pair<Edge, std::uint32_t>> step;
  std::vector<std::uint32_t> sends(N, 0), recvs(N, 0);
  for (std::size_t t = 0; t <= last; ++t) {
    step.clear();
    for (std::size_t x = t % un; x <= t && x < 2 * std::size_t{un}; x += un) {
      const std::size_t r = (t - x) / un;
      for (std::uint32_t j = 0; j < un; ++j) {
        const std::size_t p = r * un + j;
        if (p >= Q) continue;
        for (const Edge& ed : e[j][x]) step.push_back({ed, static_cast<std::uint32_t>(p)});
      }
    }
    if (model == Model::SinglePortFull) {
      out.begin_step();
      for (auto& [ed, p] : step) out.add(ed.from, ed.to, items[p]);
    } else {
      emit_half(out, step, items, s, sends, recvs, static_cast<std::uint32_t>(t + 1));
    }
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
