// Helpers shared by the lower-bound tests (bounds_*_test.cpp): problem shorthand, the bound of a
// network spec, a greedy valid schedule generator and the soundness check (no valid schedule
// beats a bound).
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "schedules/status.hpp"

namespace bounds_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::verifier;
using u64 = std::uint64_t;

inline Problem make(ProblemKind k, Node root = 0, std::uint32_t m = 1, std::uint32_t b = 1) {
  Problem p;
  p.kind = k;
  p.root = root;
  p.messages = m;
  p.packet_items = b;
  return p;
}

inline u64 steps(const std::string& net, Model m, const Problem& p) {
  return lower_bounds(Network::parse(net), m, p).steps.value;
}

inline u64 cdiv(u64 a, u64 b) {
  return (a + b - 1) / b;
}

// A greedy valid schedule for a non-combining problem: every step, in random order, moves items
// one hop (towards the target for personalised items, to any node lacking it otherwise) while
// the model allows. Shouts go to one neighbour, so the time reversal stays within the model.
inline Schedule greedy(const Network& net, Model model, const Problem& p, unsigned seed) {
  const std::uint32_t n = net.num_nodes();
  const u64 items = p.num_items(n);
  std::vector<std::uint8_t> holds(items * n, 0);
  auto has = [&](Item i, Node v) -> std::uint8_t& { return holds[i * n + v]; };
  for (Item i = 0; i < items; ++i) has(i, p.origin(i, n)) = 1;
  auto done = [&] {
    for (Item i = 0; i < items; ++i) {
      const Node t = p.target(i, n);
      if (t != kAllNodes) {
        if (!has(i, t)) return false;
      } else {
        for (Node v = 0; v < n; ++v)
          if (!has(i, v)) return false;
      }
    }
    return true;
  };
  std::mt19937 rng(seed);
  Schedule s(net, model, p);
  struct Cand {
    Item i;
    Node u, w;
    u64 key;
  };
  while (!done()) {
    REQUIRE(s.num_steps() < 100000);
    std::vector<Cand> cands;
    for (Item i = 0; i < items; ++i) {
      const Node t = p.target(i, n), origin = p.origin(i, n);
      for (Node u = 0; u < n; ++u) {
        if (!has(i, u)) continue;
        if (p.ordered() && i > 0 && u == origin && !has(i - 1, u)) continue;
        net.for_each_neighbour(u, [&](Node w, int) {
          if (has(i, w)) return;
          if (t != kAllNodes && net.distance(w, t) >= net.distance(u, t)) return;
          if (p.ordered() && i > 0 && !has(i - 1, w)) return;
          const u64 far = t != kAllNodes ? net.distance(u, t) : 0;
          cands.push_back({i, u, w, (far << 32) | (rng() & 0xffff)});
        });
      }
    }
    std::sort(cands.begin(), cands.end(),
              [](const Cand& a, const Cand& b) { return a.key > b.key; });
    s.begin_step();
    std::vector<std::uint8_t> sent(n, 0), recv(n, 0);
    std::vector<std::pair<Item, Node>> arrivals;
    std::vector<std::pair<Node, Node>> links;
    for (const Cand& c : cands) {
      if (std::find(arrivals.begin(), arrivals.end(), std::make_pair(c.i, c.w)) != arrivals.end())
        continue;
      bool ok = true;
      switch (model) {
        case Model::AllPort:
          ok = std::find(links.begin(), links.end(), std::make_pair(c.u, c.w)) == links.end();
          break;
        case Model::SinglePortFull:
          ok = !sent[c.u] && !recv[c.w];
          break;
        case Model::SinglePortHalf:
        case Model::ShoutWhisper:
          ok = !sent[c.u] && !recv[c.u] && !sent[c.w] && !recv[c.w];
          break;
      }
      if (!ok) continue;
      sent[c.u] = recv[c.w] = 1;
      links.emplace_back(c.u, c.w);
      arrivals.emplace_back(c.i, c.w);
      s.add(c.u, c.w, c.i);
    }
    for (const auto& [i, w] : arrivals) has(i, w) = 1;
  }
  return s;
}

inline void check_sound(const Schedule& s, const std::string& what) {
  const Verdict v = verify_native(s);
  CAPTURE(what);
  REQUIRE_MESSAGE(v.valid, (v.violation ? v.violation->message : ""));
  const LowerBounds lb = lower_bounds(s.network(), s.model(), s.problem());
  CHECK_MESSAGE(lb.steps.value <= v.metrics.steps, lb.steps.argument);
  CHECK_MESSAGE(lb.transmissions.value <= v.metrics.transmissions, lb.transmissions.argument);
  for (const Bound& b : lb.step_candidates) {
    CHECK(!b.argument.empty());
    CHECK(b.value <= lb.steps.value);
  }
}

inline std::vector<Node> gray_code(int d) {
  std::vector<Node> g;
  for (Node j = 0; j < (Node{1} << d); ++j) g.push_back(j ^ (j >> 1));
  return g;
}

}  // namespace bounds_test
