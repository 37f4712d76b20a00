// M x (maximum status) is not a lower bound for single-port total exchange: a verified schedule on
// P3 x K3 with M = 29 beats it (docs/findings.md, "Lower bounds").
#include <doctest/doctest.h>

#include "tests/verifier/bounds_test_util.hpp"

namespace schedcert_test_verifier_bounds_max_status_test {

using namespace bounds_test;

namespace {

// König: a bipartite multigraph of maximum degree D splits into D matchings. Returns a colour in
// [0, D) per edge (left = sender, right = receiver), by swapping alternating paths.
std::vector<int> bipartite_colouring(int nodes, const std::vector<std::pair<int, int>>& edges,
                                     int D) {
  std::vector<int> left(nodes * D, -1), right(nodes * D, -1), colour(edges.size(), -1);
  auto free_at = [&](const std::vector<int>& side, int v) {
    for (int c = 0; c < D; ++c)
      if (side[v * D + c] < 0) return c;
    FAIL("degree above D");
    return -1;
  };
  for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
    const auto [u, v] = edges[e];
    const int a = free_at(left, u), b = free_at(right, v);
    if (right[v * D + a] >= 0) {  // swap a and b along the path from v that starts with colour a
      std::vector<int> path;
      int node = v, c = a;
      bool at_right = true;
      while (true) {
        const int f = (at_right ? right : left)[node * D + c];
        if (f < 0) break;
        path.push_back(f);
        node = at_right ? edges[f].first : edges[f].second;
        at_right = !at_right;
        c = c == a ? b : a;
      }
      for (int f : path)
        left[edges[f].first * D + colour[f]] = right[edges[f].second * D + colour[f]] = -1;
      for (int f : path) {
        colour[f] = colour[f] == a ? b : a;
        left[edges[f].first * D + colour[f]] = right[edges[f].second * D + colour[f]] = f;
      }
    }
    colour[e] = a;
    left[u * D + a] = right[v * D + a] = e;
  }
  return colour;
}

}  // namespace

// The brief proposed "single-port total exchange takes at least M * max_v s(v) steps". It is not a
// lower bound: on P3 x K3 the end columns have status 15, the average status is 14, and a
// shortest-path routing loads every node with exactly 14 sends and 14 receives per message, so a
// pipelined schedule (hop h of message round r in period r + h - 1, each period split into 14
// matchings by König's theorem) takes 14 (M + 2) < 15 M steps once M >= 29.
TEST_CASE("bounds: maximum status is not a single-port total exchange bound (P3 x K3, M = 29)") {
  const Network net = Network::parse("P3xK3");  // node = column + 3 * x, column = P3 digit
  const std::uint32_t n = 9, M = 29;
  REQUIRE(status_bfs(net, 0) == 15);
  REQUIRE(average_status(net) == 14.0);
  // Route: the K3 hop is taken in an end column (the source's if it is one, else the target's).
  auto route = [&](Node s, Node t) {
    std::vector<Node> path{s};
    const Node cs = s % 3, ct = t % 3, xt = t / 3;
    Node cur = s;
    auto k_hop = [&] {
      if (cur / 3 != xt) path.push_back(cur = cur % 3 + 3 * xt);
    };
    if (cs != 1) k_hop();
    while (cur % 3 != ct) path.push_back(cur = cur % 3 < ct ? cur + 1 : cur - 1);
    k_hop();
    return path;
  };
  std::vector<int> sends(n, 0), recvs(n, 0);
  for (Node s = 0; s < n; ++s)
    for (Node t = 0; t < n; ++t) {
      if (s == t) continue;
      const auto p = route(s, t);
      CHECK(p.size() - 1 == net.distance(s, t));
      for (std::size_t h = 0; h + 1 < p.size(); ++h) ++sends[p[h]], ++recvs[p[h + 1]];
    }
  for (Node v = 0; v < n; ++v) CHECK((sends[v] == 14 && recvs[v] == 14));

  Problem p = make(ProblemKind::TotalExchange, 0, M);
  Schedule s(net, Model::SinglePortFull, p);
  for (std::uint32_t period = 0; period < M + 2; ++period) {
    std::vector<std::pair<int, int>> edges;
    std::vector<Item> items;
    for (Node a = 0; a < n; ++a)
      for (Node b = 0; b < n; ++b) {
        if (a == b) continue;
        const auto path = route(a, b);
        for (std::uint32_t h = 0; h + 1 < path.size(); ++h) {
          if (period < h || period - h >= M) continue;
          const std::uint32_t round = period - h;
          edges.emplace_back(path[h], path[h + 1]);
          items.push_back((Item{a} * n + b) * M + round);
        }
      }
    const std::vector<int> colour = bipartite_colouring(n, edges, 14);
    for (int c = 0; c < 14; ++c) {
      s.begin_step();
      for (std::size_t e = 0; e < edges.size(); ++e)
        if (colour[e] == c) s.add(edges[e].first, edges[e].second, items[e]);
    }
  }
  const Verdict v = verify_native(s);
  REQUIRE_MESSAGE(v.valid, (v.violation ? v.violation->message : ""));
  CHECK(v.metrics.steps == 14 * (M + 2));
  CHECK(v.metrics.steps < 15 * M);  // below M * max_v s(v)
  CHECK(lower_bounds(net, Model::SinglePortFull, p).steps.value <= v.metrics.steps);
  CHECK(lower_bounds(net, Model::SinglePortFull, p).steps.value == 14 * M);
}

}  // namespace schedcert_test_verifier_bounds_max_status_test
