// An independent, deliberately naive reference checker for the mutation and differential tests
// (issue 9). It shares no code with verifier/native.cpp (nor with Network::adjacent or
// Network::port): node ids are decoded digit by digit from the factor list, a node's holdings
// are a std::map from (node, item) to the step it arrived in, and every per-step limit is a
// plain loop over the transmissions already seen in the step. Quadratic in the step size and
// slow on purpose: only for small schedules.
// It follows the order of verifier/verdict.hpp: transmissions in order; at one transmission
// Adjacency < Packet < LinkCapacity < Port < Causality < Duplicate < Order (lowest item first
// among the item rules); Completion last (lowest item, then lowest node).
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace trust {

using namespace schedcert::schedules;
using schedcert::verifier::Rule;

struct RefResult {
  bool valid = true;
  Rule rule = Rule::Completion;
  std::int64_t transmission = -1, step = -1;
  Item item = 0;
  Node node = 0;
};

// Digits of v, factor 0 least significant.
inline std::vector<std::uint64_t> ref_digits(const Network& net, std::uint64_t v) {
  std::vector<std::uint64_t> d;
  for (const Factor& f : net.factors()) {
    d.push_back(v % f.size);
    v /= f.size;
  }
  return d;
}

inline bool ref_adjacent(const Network& net, std::uint64_t u, std::uint64_t v) {
  const auto a = ref_digits(net, u), b = ref_digits(net, v);
  int differing = 0;
  bool ok = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i]) continue;
    ++differing;
    const Factor& f = net.factors()[i];
    const std::uint64_t hi = std::max(a[i], b[i]), lo = std::min(a[i], b[i]);
    switch (f.kind) {
      case FactorKind::K2:
      case FactorKind::Complete: ok = true; break;
      case FactorKind::Path: ok = hi - lo == 1; break;
      case FactorKind::Ring: ok = hi - lo == 1 || (lo == 0 && hi == f.size - 1); break;
      // An explicit graph has no formula: its edge list is the definition (schedules/topology).
      case FactorKind::Graph: ok = f.adjacent(static_cast<std::uint32_t>(a[i]), static_cast<std::uint32_t>(b[i])); break;
    }
  }
  return differing == 1 && ok;
}

inline RefResult reference_check(const Schedule& s) {
  const Network& net = s.network();
  const Problem& prob = s.problem();
  const std::uint64_t n = net.size();
  const std::uint64_t items = prob.num_items(n);
  const Model model = s.model();
  std::map<std::pair<Node, Item>, std::int64_t> arrived;  // -1: held at the start
  for (Item i = 0; i < items; ++i) arrived[{prob.origin(i, n), i}] = -1;
  auto held_before = [&](Node v, Item i, std::int64_t st) {
    auto it = arrived.find({v, i});
    return it != arrived.end() && it->second < st;
  };
  auto holds = [&](Node v, Item i) { return arrived.count({v, i}) > 0; };

  RefResult r;
  auto fail = [&](Rule rule, std::size_t k, std::size_t st, Item item, Node node) {
    r.valid = false;
    r.rule = rule;
    r.transmission = static_cast<std::int64_t>(k);
    r.step = static_cast<std::int64_t>(st);
    r.item = item;
    r.node = node;
    return r;
  };
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::int64_t sst = static_cast<std::int64_t>(st);
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      const Node f = s.from(k), t = s.to(k);
      const std::vector<Item> pk(s.packet(k).begin(), s.packet(k).end());
      // Adjacency.
      if (f >= n || t >= n) return fail(Rule::Adjacency, k, st, pk[0], f >= n ? f : t);
      if (!ref_adjacent(net, f, t)) return fail(Rule::Adjacency, k, st, pk[0], f);
      // Packet.
      for (Item i : pk)
        if (i >= items) return fail(Rule::Packet, k, st, i, f);
      if (!prob.combining() && pk.size() > prob.packet_items)
        return fail(Rule::Packet, k, st, pk[0], f);
      std::set<Item> seen;
      std::optional<Item> dup;
      for (Item i : pk)
        if (!seen.insert(i).second && (!dup || i < *dup)) dup = i;
      if (dup) return fail(Rule::Packet, k, st, *dup, f);
      if (prob.combining() && prob.kind != ProblemKind::Allreduce)
        for (Item i : pk)
          if (prob.target(i, n) != prob.target(pk[0], n)) return fail(Rule::Packet, k, st, i, f);
      // Allreduce (docs/allreduce.md): the chunks of which the packet holds all n contributions
      // are complete values, which overwrite instead of being combined.
      std::set<Item> complete_chunks;
      if (prob.kind == ProblemKind::Allreduce) {
        std::map<Item, std::set<Item>> by_chunk;
        for (Item i : pk) by_chunk[i % prob.messages].insert(i);
        for (const auto& [c, its] : by_chunk)
          if (its.size() == n) complete_chunks.insert(c);
      }
      // Link capacity and ports: loops over the earlier transmissions of this step.
      int same_link = 0, f_sends = 0, f_recvs = 0, t_sends = 0, t_recvs = 0;
      bool f_other_packet = false;
      std::optional<std::size_t> f_first;
      for (std::size_t j = s.step_begin(st); j <= k; ++j) {
        if (s.from(j) == f && s.to(j) == t && j < k) ++same_link;
        if (s.from(j) == f) {
          ++f_sends;
          if (!f_first) f_first = j;
        }
        if (s.to(j) == f) ++f_recvs;
        if (s.from(j) == t) ++t_sends;
        if (s.to(j) == t) ++t_recvs;
      }
      if (f_first && *f_first != k) {  // shout-whisper: packets are compared as sets
        const std::set<Item> a(s.packet(*f_first).begin(), s.packet(*f_first).end());
        f_other_packet = a != std::set<Item>(pk.begin(), pk.end());
      }
      if (same_link > 0) return fail(Rule::LinkCapacity, k, st, pk[0], f);
      switch (model) {
        case Model::AllPort: break;
        case Model::SinglePortFull:
          if (f_sends > 1) return fail(Rule::Port, k, st, pk[0], f);
          if (t_recvs > 1) return fail(Rule::Port, k, st, pk[0], t);
          break;
        case Model::SinglePortHalf:
          if (f_sends + f_recvs > 1) return fail(Rule::Port, k, st, pk[0], f);
          if (t_sends + t_recvs > 1) return fail(Rule::Port, k, st, pk[0], t);
          break;
        case Model::ShoutWhisper:
          if (f_other_packet) return fail(Rule::Port, k, st, pk[0], f);
          if (t_recvs > 1) return fail(Rule::Port, k, st, pk[0], t);
          if (f_recvs > 0) return fail(Rule::Port, k, st, pk[0], f);
          if (t_sends > 0) return fail(Rule::Port, k, st, pk[0], t);
          break;
      }
      // Item rules: the least (rule, item) over the packet.
      std::optional<std::pair<Rule, Item>> worst;
      std::map<Item, Node> node_of;
      auto note = [&](Rule rule, Item i, Node v) {
        if (!worst || std::make_pair(rule, i) < *worst) {
          worst = std::make_pair(rule, i);
          node_of[i] = v;
        }
      };
      for (Item i : pk) {
        if (!held_before(f, i, sst)) {
          note(Rule::Causality, i, f);
          continue;
        }
        if (prob.combining() && holds(t, i) && !complete_chunks.count(i % prob.messages)) {
          note(Rule::Duplicate, i, t);
          continue;
        }
        if (prob.ordered() && i > 0) {
          if (f == prob.origin(i, n) && !held_before(f, i - 1, sst)) {
            note(Rule::Order, i, f);
            continue;
          }
          if (!held_before(t, i - 1, sst) && !holds(t, i)) {
            note(Rule::Order, i, t);
            continue;
          }
        }
      }
      if (worst) return fail(worst->first, k, st, worst->second, node_of[worst->second]);
      for (Item i : pk)
        if (!holds(t, i)) arrived[{t, i}] = sst;
    }
  }
  // Completion: lowest item, then lowest node.
  for (Item i = 0; i < items; ++i) {
    const Node tg = prob.target(i, n);
    for (std::uint64_t v = 0; v < n; ++v) {
      if (tg != kAllNodes && v != tg) continue;
      if (!holds(static_cast<Node>(v), i)) {
        r.valid = false;
        r.rule = Rule::Completion;
        r.item = i;
        r.node = static_cast<Node>(v);
        return r;
      }
    }
  }
  return r;
}

}  // namespace trust
