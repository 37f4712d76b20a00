// Test schedules for the SMT verifier tests: a greedy generator that produces a valid schedule
// for any network, model and problem, an editable copy of a schedule for corruptions, and the
// comparison of the SMT verdict with the native one.
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <random>
#include <vector>

#include "encodings/smt/verifier.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace smt_test {

using namespace schedcert::schedules;
using schedcert::verifier::Verdict;

struct Tx {
  Node from, to;
  std::vector<Item> packet;
};
using Steps = std::vector<std::vector<Tx>>;

inline Steps steps_of(const Schedule& s) {
  Steps out(s.num_steps());
  for (std::size_t st = 0; st < s.num_steps(); ++st)
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
      out[st].push_back({s.from(k), s.to(k), {s.packet(k).begin(), s.packet(k).end()}});
  return out;
}

inline Schedule build(const Network& net, Model model, const Problem& prob, const Steps& steps) {
  Schedule s(net, model, prob);
  for (const auto& st : steps) {
    s.begin_step();
    for (const auto& t : st) s.add(t.from, t.to, std::span<const Item>(t.packet));
  }
  return s;
}

// Next hop from u towards v: fix the lowest differing digit, one step (rings the short way).
inline Node next_hop(const Network& net, Node u, Node v) {
  for (int j = 0; j < net.dims(); ++j) {
    const auto a = net.digit(u, j), b = net.digit(v, j);
    if (a == b) continue;
    const Factor& f = net.factors()[static_cast<std::size_t>(j)];
    std::uint32_t c = b;
    if (f.kind == FactorKind::Path) c = b > a ? a + 1 : a - 1;
    if (f.kind == FactorKind::Ring) c = (b + f.size - a) % f.size <= f.size / 2 ? (a + 1) % f.size : (a + f.size - 1) % f.size;
    return net.with_digit(u, j, c);
  }
  return u;
}

// A valid schedule found greedily, step by step: every node offers packets to its neighbours
// (items bound for one target travel along dimension-order paths; items needed by everyone
// flood), accepted while the model's limits allow. `rotate` varies the order between calls.
inline Schedule greedy(const Network& net, Model model, const Problem& prob, unsigned rotate = 0) {
  const Node n = net.num_nodes();
  const std::uint64_t items = prob.num_items(n);
  const bool comb = prob.combining();
  const std::size_t cap = comb ? SIZE_MAX : prob.packet_items;
  std::vector<std::vector<int>> arrive(items, std::vector<int>(n, INT_MAX));  // -1: origin
  std::vector<Node> pos(items);
  for (Item i = 0; i < items; ++i) arrive[i][pos[i] = prob.origin(i, n)] = -1;
  auto personal = [&](Item i) { return prob.target(i, n) != kAllNodes; };
  auto done = [&] {
    for (Item i = 0; i < items; ++i)
      for (Node v = 0; v < n; ++v)
        if ((personal(i) ? v == prob.target(i, n) : true) && arrive[i][v] == INT_MAX) return false;
    return true;
  };
  Schedule s(net, model, prob);
  for (int st = 0; !done(); ++st) {
    if (st > 4000) throw schedcert::InputError("greedy: no progress");
    s.begin_step();
    std::vector<int> sends(n, 0), recvs(n, 0);
    std::vector<std::vector<Item>> sent(n);  // shout-whisper: the packet a node sends
    std::vector<std::vector<bool>> pending(items, std::vector<bool>(n, false));
    std::vector<std::pair<Node, Node>> links;
    std::vector<std::pair<Item, Node>> arrivals;
    auto has = [&](Item i, Node v) { return arrive[i][v] < st; };
    auto wants = [&](Node u, Node w, Item i) {
      if (!has(i, u) || arrive[i][w] != INT_MAX || pending[i][w]) return false;
      if (personal(i)) return pos[i] == u && next_hop(net, u, prob.target(i, n)) == w;
      if (prob.ordered() && i > 0)
        return has(i - 1, w) && (u != prob.origin(i, n) || has(i - 1, u));
      return true;
    };
    for (Node x = 0; x < n; ++x) {
      const Node u = static_cast<Node>((x + rotate + static_cast<unsigned>(st)) % n);
      net.for_each_neighbour(u, [&](Node w, int) {
        if (std::find(links.begin(), links.end(), std::make_pair(u, w)) != links.end()) return;
        bool ok = true;
        switch (model) {
          case Model::AllPort: break;
          case Model::SinglePortFull: ok = !sends[u] && !recvs[w]; break;
          case Model::SinglePortHalf: ok = !sends[u] && !recvs[u] && !sends[w] && !recvs[w]; break;
          case Model::ShoutWhisper: ok = !recvs[u] && !sends[w] && !recvs[w]; break;
        }
        if (!ok) return;
        std::vector<Item> pk;
        if (model == Model::ShoutWhisper && sends[u]) {
          for (Item i : sent[u])
            if (personal(i) || !wants(u, w, i)) return;
          pk = sent[u];
        } else {
          for (Item i = 0; i < items && pk.size() < cap; ++i)
            if (wants(u, w, i) && (!comb || pk.empty() || prob.target(i, n) == prob.target(pk[0], n)))
              pk.push_back(i);
        }
        if (pk.empty()) return;
        s.add(u, w, std::span<const Item>(pk));
        links.emplace_back(u, w);
        ++sends[u];
        ++recvs[w];
        sent[u] = pk;
        for (Item i : pk) {
          pending[i][w] = true;
          arrivals.emplace_back(i, w);
          if (personal(i)) pos[i] = w;
        }
      });
    }
    for (auto [i, w] : arrivals) arrive[i][w] = std::min(arrive[i][w], st);
  }
  return s;
}

// The SMT verdict must equal the native one: validity, the first violation's rule,
// transmission, step, item, node and endpoints, and the metrics.
inline void agree(const Schedule& s, const Verdict& a, const Verdict& b) {
  INFO("native: " << (a.violation ? a.violation->message : "valid"));
  INFO("smt:    " << (b.violation ? b.violation->message : "valid"));
  CHECK(b.engine == "smt");
  REQUIRE(a.valid == b.valid);
  if (!a.valid) {
    const auto &x = *a.violation, &y = *b.violation;
    CHECK(to_string(x.rule) == to_string(y.rule));
    CHECK(x.transmission == y.transmission);
    CHECK(x.step == y.step);
    CHECK(x.item == y.item);
    CHECK(x.node == y.node);
    CHECK(x.from == y.from);
    CHECK(x.to == y.to);
  }
  CHECK(a.metrics.steps == b.metrics.steps);
  CHECK(a.metrics.transmissions == b.metrics.transmissions);
  CHECK(a.metrics.item_transmissions == b.metrics.item_transmissions);
  CHECK(a.metrics.max_link_load == b.metrics.max_link_load);
  CHECK(a.metrics.directed_links == b.metrics.directed_links);
  CHECK(a.metrics.link_utilisation == doctest::Approx(b.metrics.link_utilisation));
  (void)s;
}

inline Verdict agree(const Schedule& s) {
  Verdict a = schedcert::verifier::verify_native(s);
  Verdict b = schedcert::encodings::smt::verify_smt(s);
  agree(s, a, b);
  return b;
}

}  // namespace smt_test
