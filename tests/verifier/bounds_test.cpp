// Lower bounds: the papers' tables as oracles (Bertsekas et al. 1991 Tables 1-2; Dimakopoulos
// 1998 eq. (3)-(4); Fragopoulou-Akl 1995 §4.1; Desprez 1993 Prop. 2), closed forms on tori,
// meshes and K_n, and large networks without enumeration. Soundness against valid schedules:
// bounds_soundness_test.cpp; the maximum-status counterexample: bounds_max_status_test.cpp.
#include <doctest/doctest.h>

#include "tests/verifier/bounds_test_util.hpp"

namespace schedcert_test_verifier_bounds_test {

using namespace bounds_test;

TEST_CASE("bounds: Bertsekas Table 1 (times, MLA and SLA) for d = 1..12") {
  for (int d = 1; d <= 12; ++d) {
    const std::string q = "Q" + std::to_string(d);
    const u64 n = u64{1} << d, half = n / 2, per_link = cdiv(n - 1, d);
    CAPTURE(d);
    for (Node root : {Node{0}, static_cast<Node>(n - 1)}) {
      for (Model m : {Model::AllPort, Model::SinglePortFull}) {
        CHECK(steps(q, m, make(ProblemKind::Broadcast, root)) == u64(d));
        CHECK(steps(q, m, make(ProblemKind::Accumulation, root)) == u64(d));
      }
      CHECK(steps(q, Model::AllPort, make(ProblemKind::Scatter, root)) == per_link);
      CHECK(steps(q, Model::AllPort, make(ProblemKind::Gather, root)) == per_link);
      CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::Scatter, root)) == n - 1);
      CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::Gather, root)) == n - 1);
    }
    CHECK(steps(q, Model::AllPort, make(ProblemKind::MultinodeBroadcast)) == per_link);
    CHECK(steps(q, Model::AllPort, make(ProblemKind::MultinodeAccumulation)) == per_link);
    CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::MultinodeBroadcast)) == n - 1);
    CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::MultinodeAccumulation)) == n - 1);
    CHECK(steps(q, Model::AllPort, make(ProblemKind::TotalExchange)) == half);
    // SLA total exchange: d 2^(d-1), which is the status of every hypercube node (eq. (2)).
    const u64 sla_te = steps(q, Model::SinglePortFull, make(ProblemKind::TotalExchange));
    CHECK(sla_te == u64(d) * half);
    CHECK(sla_te == status_bfs(Network::hypercube(d), 0));
  }
}

TEST_CASE("bounds: Bertsekas Table 2 (transmissions, MLA and SLA) for d = 1..12") {
  for (int d = 1; d <= 12; ++d) {
    const Network q = Network::hypercube(d);
    const u64 n = u64{1} << d;
    CAPTURE(d);
    for (Model m : {Model::AllPort, Model::SinglePortFull}) {
      auto tx = [&](ProblemKind k) {
        return lower_bounds(q, m, make(k, 3 % n)).transmissions.value;
      };
      CHECK(tx(ProblemKind::Broadcast) == n - 1);
      CHECK(tx(ProblemKind::Accumulation) == n - 1);
      CHECK(tx(ProblemKind::Scatter) == u64(d) * n / 2);
      CHECK(tx(ProblemKind::Gather) == u64(d) * n / 2);
      CHECK(tx(ProblemKind::MultinodeBroadcast) == n * (n - 1));
      CHECK(tx(ProblemKind::MultinodeAccumulation) == n * (n - 1));
      CHECK(tx(ProblemKind::TotalExchange) == u64(d) * n * n / 2);
    }
  }
}

TEST_CASE("bounds: M messages and B-item packets (Ho-Johnsson §2 bounds on Q_d)") {
  for (int d = 1; d <= 10; ++d)
    for (std::uint32_t m : {1u, 2u, 7u, 64u})
      for (std::uint32_t b : {1u, 3u}) {
        const std::string q = "Q" + std::to_string(d);
        const u64 n = u64{1} << d;
        CAPTURE(d);
        CAPTURE(m);
        CAPTURE(b);
        // All-port broadcast: ceil(M / (B log N)) + log N - 1 (Ho-Johnsson §2).
        CHECK(steps(q, Model::AllPort, make(ProblemKind::Broadcast, 0, m, b)) ==
              cdiv(m, b * d) + d - 1);
        // Scatter: the root sends (N - 1) M items over d links (Fragopoulou-Akl §4.1 analogue).
        CHECK(steps(q, Model::AllPort, make(ProblemKind::Scatter, 0, m, b)) >=
              cdiv((n - 1) * m, u64(d) * b));
        CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::Scatter, 0, m, b)) >=
              cdiv((n - 1) * m, b));
        CHECK(steps(q, Model::AllPort, make(ProblemKind::TotalExchange, 0, m, b)) >=
              cdiv(n / 2 * m, b));
        if (b == 1) {
          CHECK(steps(q, Model::SinglePortFull, make(ProblemKind::Scatter, 0, m, b)) ==
                (n - 1) * m);
          CHECK(steps(q, Model::AllPort, make(ProblemKind::TotalExchange, 0, m, b)) == n / 2 * m);
        }
      }
}

TEST_CASE("bounds: tori, meshes and complete graphs") {
  const Problem te = make(ProblemKind::TotalExchange);
  for (std::uint32_t k = 3; k <= 9; ++k) {
    CAPTURE(k);
    const std::string ks = std::to_string(k);
    const u64 ring = u64(k) * k / 4;  // status of a ring node
    // Torus C_k x C_k. Single-port: the average status n * 2 * floor(k^2/4) / k (Dimakopoulos
    // eq. (3)); all-port: a dimension cut, k * floor(k/2) ceil(k/2) / 2 (eq. (4)), which for odd k
    // is Fragopoulou-Akl's ceil(M (k^2 - 1) k^(n-1) / 8) with n = 2.
    CHECK(steps("C" + ks + "xC" + ks, Model::SinglePortFull, te) == 2 * k * ring);
    CHECK(steps("C" + ks + "xC" + ks, Model::AllPort, te) ==
          cdiv(u64(k) * (k / 2) * ((k + 1) / 2), 2));
    if (k % 2 == 1)
      CHECK(steps("C" + ks + "xC" + ks, Model::AllPort, te) == cdiv((u64(k) * k - 1) * k, 8));
    // Fragopoulou-Akl §4.1: multinode broadcast and scatter on MT_{n,k}: ceil(M (k^n - 1) / 2n).
    for (std::uint32_t m : {1u, 3u}) {
      CHECK(steps("C" + ks + "^3", Model::AllPort, make(ProblemKind::MultinodeBroadcast, 0, m)) >=
            cdiv(m * (u64(k) * k * k - 1), 6));
      CHECK(steps("C" + ks + "^3", Model::AllPort, make(ProblemKind::Scatter, 0, m)) >=
            cdiv(m * (u64(k) * k * k - 1), 6));
    }
    // Mesh P_k x P_k, all-port: the middle cut carries k floor(k/2) ceil(k/2) items over k links.
    CHECK(steps("P" + ks + "xP" + ks, Model::AllPort, te) == u64(k) * (k / 2) * ((k + 1) / 2));
    // A corner of the mesh has degree 2: multinode broadcast needs (k^2 - 1) / 2 steps.
    CHECK(steps("P" + ks + "xP" + ks, Model::AllPort, make(ProblemKind::MultinodeBroadcast)) >=
          cdiv(u64(k) * k - 1, 2));
    // Path P_k, single-port: the middle node relays 2 c (k-1-c) items besides its own k - 1.
    const u64 c = (k - 1) / 2;
    CHECK(steps("P" + ks, Model::SinglePortFull, te) == (k - 1) + 2 * c * (k - 1 - c));
    // Complete graph K_k.
    CHECK(steps("K" + ks, Model::AllPort, te) == 1);
    CHECK(steps("K" + ks, Model::AllPort, make(ProblemKind::MultinodeBroadcast)) == 1);
    CHECK(steps("K" + ks, Model::AllPort, make(ProblemKind::Scatter)) == 1);
    CHECK(steps("K" + ks, Model::SinglePortFull, te) == k - 1);
    CHECK(steps("K" + ks, Model::SinglePortFull, make(ProblemKind::MultinodeBroadcast)) == k - 1);
    u64 lg = 0;
    while ((u64{1} << lg) < k) ++lg;
    CHECK(steps("K" + ks, Model::SinglePortFull, make(ProblemKind::Broadcast)) == lg);
    CHECK(steps("K" + ks, Model::ShoutWhisper, make(ProblemKind::Broadcast)) == 1);
  }
}

TEST_CASE("bounds: the argument names the cut that gave the total exchange bound") {
  const LowerBounds lb =
      lower_bounds(Network::parse("C4xP6"), Model::AllPort, make(ProblemKind::TotalExchange));
  CHECK(lb.steps.value == 4 * 3 * 3);  // path cut: 4 copies, 3 x 3 digit pairs, one link each
  CHECK(lb.steps.argument.find("cut of dimension 1 (P6)") != std::string::npos);
  const LowerBounds q =
      lower_bounds(Network::hypercube(6), Model::AllPort, make(ProblemKind::TotalExchange));
  CHECK(q.steps.value == 32);
  bool bisection = false;
  for (const Bound& b : q.step_candidates)
    bisection |= b.value == 32 && b.argument.find("cut of dimension 0 (K2)") != std::string::npos;
  CHECK(bisection);
}

// Shout-whisper rate bounds (2026-12-01, issue 27), each met by a verified schedule of the sweep
// (docs/optimality-sweep.md): multinode accumulation at most n / 2 counted senders per step
// (T >= n (n - 1) / floor(n / 2): Q3 14, C3^2 18, Q4 30); multinode broadcast at most n - gamma
// receivers per step (gamma the domination number: C3^2 12, C5 7).
TEST_CASE("bounds: shout-whisper senders and receivers (n / 2 for accumulation, n - gamma for broadcast)") {
  const Problem mna = make(ProblemKind::MultinodeAccumulation), mnb = make(ProblemKind::MultinodeBroadcast);
  CHECK(steps("Q2", Model::ShoutWhisper, mna) == 6);
  CHECK(steps("Q3", Model::ShoutWhisper, mna) == 14);
  CHECK(steps("C3xC3", Model::ShoutWhisper, mna) == 18);
  CHECK(steps("Q4", Model::ShoutWhisper, mna) == 30);
  CHECK(steps("C5", Model::ShoutWhisper, mnb) == 7);
  const LowerBounds c = lower_bounds(Network::parse("C3xC3"), Model::ShoutWhisper, mnb);
  CHECK(c.steps.value == 12);
  CHECK(c.steps.argument.find("domination number is 3") != std::string::npos);
  // Other models keep their bounds (n / 2 is single-port-half's own rate).
  CHECK(steps("Q3", Model::SinglePortFull, mna) < 14);
}

TEST_CASE("bounds: Desprez Proposition 2 and the max-leaf bound") {
  CHECK(desprez_lower_bound(16, 10) == 21);
  CHECK(desprez_lower_bound(8, 4) == 11);
  CHECK(desprez_lower_bound(2, 5) == 0);
  // Exact max leaves on rings, paths and complete graphs.
  CHECK(max_leaves_upper_bound(Network::parse("C7")) == 2);
  CHECK(max_leaves_upper_bound(Network::parse("P7")) == 2);
  CHECK(max_leaves_upper_bound(Network::parse("K7")) == 6);
  CHECK(max_leaves_upper_bound(Network::parse("K2")) == 2);
  // Brute force over all spanning trees of small graphs: the bound is never below the truth.
  for (const char* spec : {"Q3", "C3xC3", "P3xP3", "K4", "P3xK3", "C4xK2"}) {
    const Network net = Network::parse(spec);
    const std::uint32_t n = net.num_nodes();
    std::vector<std::pair<Node, Node>> edges;
    for (Node u = 0; u < n; ++u)
      net.for_each_neighbour(u, [&](Node w, int) {
        if (u < w) edges.emplace_back(u, w);
      });
    u64 best = 0;
    const std::size_t E = edges.size();
    for (u64 mask = 0; mask < (u64{1} << E); ++mask) {
      if (static_cast<std::uint32_t>(__builtin_popcountll(mask)) != n - 1) continue;
      std::vector<Node> parent(n);
      for (Node v = 0; v < n; ++v) parent[v] = v;
      auto find = [&](Node v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
      };
      std::vector<int> deg(n, 0);
      bool tree = true;
      for (std::size_t e = 0; e < E && tree; ++e)
        if (mask >> e & 1) {
          const Node a = find(edges[e].first), b = find(edges[e].second);
          if (a == b) tree = false;
          parent[a] = b;
          ++deg[edges[e].first], ++deg[edges[e].second];
        }
      if (tree) best = std::max<u64>(best, std::count(deg.begin(), deg.end(), 1));
    }
    CAPTURE(spec);
    CHECK(max_leaves_upper_bound(net) >= best);
    if (std::string(spec) == "Q3") CHECK(best == 4);  // alpha(3) = 4
  }
  // Successive broadcasts from all nodes of Q_d in Gray-code order, shout-whisper: at least
  // Desprez's 2p - alpha - 1 with our alpha bound, at most Prop. 1's 2p + d - 2.
  for (int d = 1; d <= 7; ++d) {
    const Network q = Network::hypercube(d);
    Problem p = make(ProblemKind::SuccessiveBroadcast);
    p.sources = gray_code(d);
    const u64 n = q.size();
    const LowerBounds lb = lower_bounds(q, Model::ShoutWhisper, p);
    CAPTURE(d);
    CHECK(lb.steps.value >= desprez_lower_bound(n, max_leaves_upper_bound(q)));
    CHECK(lb.steps.value <= 2 * n + d - 2);
    CHECK(lb.transmissions.value == n * (n - 1));
  }
}

TEST_CASE("bounds: large networks are computed without enumeration") {
  const LowerBounds te =
      lower_bounds(Network::hypercube(24), Model::AllPort, make(ProblemKind::TotalExchange));
  CHECK(te.steps.value == u64{1} << 23);
  CHECK(te.transmissions.value == u64{24} << 47);
  // Scatter on a 2^31-node mesh with M = 2^18: M x status(corner) is about 2^68 and saturates.
  const LowerBounds big = lower_bounds(Network::parse("P1048576xP2048"), Model::SinglePortFull,
                                       make(ProblemKind::Scatter, 0, 1u << 18));
  CHECK(big.transmissions.value == ~u64{0});
  CHECK(big.transmissions.argument.find("saturated") != std::string::npos);
  CHECK(big.steps.value == ((u64{1} << 31) - 1) << 18);
  CHECK(lower_bounds(Network::parse("P1000xP1000"), Model::AllPort,
                     make(ProblemKind::MultinodeBroadcast))
            .steps.value == (u64{1000000} - 1 + 1) / 2);
}

}  // namespace schedcert_test_verifier_bounds_test
