// Pass 2 of the native verifier, item by item: every problem, memory O(nodes + items +
// transmissions) on the dense path and O(touched nodes + touched items + transmissions) on the
// compact path.
//
// Transmissions are bucketed by item with a counting sort (stable, so each bucket is in step
// order). For one item at a time, per-node stamp/arrival arrays hold who has it and since when:
// the sender must have it from an earlier step (store-and-forward causality); in combining
// problems a node must not receive a contribution it already has; for successive broadcasts the
// previous item's arrival array gives the in-order rules. Completion is checked per item at the
// end of its bucket. The item policy decides which items are visited: all of them (dense), or
// only the touched ones (compact), whose untouched neighbours are then settled by
// first_incomplete_untouched; the previous item of an ordered problem, when untouched, is held by
// its origin alone, and is set up as such.
//
// Generation stamps: item rank r writes 2r + 2; the stand-in for an untouched previous item
// writes 2r + 1. Every value is written for one purpose only, so arrays are never cleared.
// A header included by native.cpp only (instantiated where it is called, like the step pass).
//
// Allreduce (docs/allreduce.md): a packet holding every contribution to a chunk is that chunk's
// complete value and overwrites the receiver's value, so receiving contributions already held is
// a duplicate only in a packet that is not complete for their chunk. Which chunks a packet holds
// completely is counted once per packet, when first asked.
#pragma once
#include <limits>
#include <unordered_map>

#include "schedules/error.hpp"
#include "verifier/native_detail.hpp"

namespace schedcert::verifier::detail {

using schedules::kAllNodes;

namespace buckets_impl {

// A slot carries what the item pass reads (sender and receiver as counter indices, step, index),
// so that pass streams through memory instead of chasing transmission indices.
struct Slot {
  std::uint32_t from, to, step, k;
};
struct Buckets {
  std::vector<std::uint32_t> begin;  // size item ranks + 1
  std::vector<Slot> slots;
};

template <class Nodes, class Items>
Buckets bucket_by_item(const Schedule& s, std::size_t limit, const Nodes& nodes,
                       const Items& items) {
  if (s.num_item_slots() >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("schedule too large for the native verifier (2^32 item slots)");
  const std::uint64_t ranks = items.size();
  Buckets b;
  b.begin.assign(ranks + 1, 0);
  for (std::size_t k = 0; k < limit; ++k)
    for (Item i : s.packet(k))
      if (auto r = items.rank(i)) ++b.begin[*r + 1];
  for (std::uint64_t r = 0; r < ranks; ++r) b.begin[r + 1] += b.begin[r];
  b.slots.resize(b.begin[ranks]);
  std::vector<std::uint32_t> fill(b.begin.begin(), b.begin.end() - 1);
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::size_t end = std::min(s.step_end(st), limit);
    for (std::size_t k = s.step_begin(st); k < end; ++k)
      for (Item i : s.packet(k))
        if (auto r = items.rank(i))
          b.slots[fill[*r]++] = Slot{nodes(s.from(k)), nodes(s.to(k)),
                                     static_cast<std::uint32_t>(st), static_cast<std::uint32_t>(k)};
  }
  return b;
}

}  // namespace buckets_impl

template <class Nodes, class Items>
ItemPass item_pass_buckets(const Schedule& s, std::size_t limit, const Nodes& nodes,
                           const Items& items) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  buckets_impl::Buckets b = buckets_impl::bucket_by_item(s, limit, nodes, items);
  ItemPass out;
  // The first violation is the least (transmission, rule) pair; among equal pairs the lowest
  // item, which is the first one met since items are visited in increasing order.
  auto consider = [&](Violation&& x) {
    if (!out.first_tx || x.transmission < out.first_tx->transmission ||
        (x.transmission == out.first_tx->transmission && x.rule < out.first_tx->rule))
      out.first_tx = std::move(x);
  };

  // Per item: stamp[v] == gen iff v holds it; arrive[v] = step it arrived (-1: at start).
  const std::uint64_t slots = nodes.size();
  std::vector<std::uint64_t> stamp(slots, 0), prev_stamp(slots, 0);
  std::vector<std::int32_t> arrive(slots, 0), prev_arrive(slots, 0);
  const bool ordered = prob.ordered();
  const bool allreduce = prob.kind == schedules::ProblemKind::Allreduce;
  std::unordered_map<std::uint32_t, std::vector<std::uint64_t>> complete_chunks;  // by k, sorted
  auto complete_for = [&](std::uint32_t k, Item i) {
    auto it = complete_chunks.find(k);
    if (it == complete_chunks.end()) {
      std::vector<std::uint64_t> chunks;
      for (Item j : s.packet(k)) chunks.push_back(prob.chunk(j));
      std::sort(chunks.begin(), chunks.end());
      std::vector<std::uint64_t> full;
      for (std::size_t a = 0; a < chunks.size();) {
        std::size_t b = a;
        while (b < chunks.size() && chunks[b] == chunks[a]) ++b;
        if (b - a == n) full.push_back(chunks[a]);  // distinct items (packet rule): all n sources
        a = b;
      }
      it = complete_chunks.emplace(k, std::move(full)).first;
    }
    return std::binary_search(it->second.begin(), it->second.end(), prob.chunk(i));
  };
  const bool complete_run = limit == s.num_transmissions();

  for (std::uint64_t r = 0; r < items.size(); ++r) {
    const Item i = items.global(r);
    const std::uint64_t gen = 2 * r + 2;
    std::uint64_t prev_gen = 2 * r;  // the previous rank's stamp
    if (ordered && i > 0 && (r == 0 || items.global(r - 1) != i - 1)) {
      prev_gen = 2 * r + 1;  // item i - 1 is untouched: only its origin holds it, from the start
      const std::uint32_t o = nodes(prob.origin(i - 1, n));
      prev_stamp[o] = prev_gen;
      prev_arrive[o] = -1;
    }
    const std::uint32_t origin = nodes(prob.origin(i, n));
    const Node target = prob.target(i, n);
    stamp[origin] = gen;
    arrive[origin] = -1;
    std::uint64_t holders = 1;
    bool broken = false;
    for (std::uint32_t e = b.begin[r]; e < b.begin[r + 1]; ++e) {
      const buckets_impl::Slot& sl = b.slots[e];
      const std::uint32_t k = sl.k;
      if (out.first_tx && static_cast<std::int64_t>(k) > out.first_tx->transmission) break;
      const std::int32_t st = static_cast<std::int32_t>(sl.step);
      const std::uint32_t f = sl.from, t = sl.to;
      // Rules in the order of the Rule enum: causality, duplicate, order.
      if (stamp[f] != gen || arrive[f] >= st) {
        consider(causality_violation(s, k, static_cast<std::size_t>(st), i,
                                     stamp[f] != gen ? "it never receives it before"
                                                     : "it only receives it in step " +
                                                           std::to_string(arrive[f] + 1)));
        broken = true;
        break;
      }
      if (stamp[t] == gen && prob.combining() && !(allreduce && complete_for(k, i))) {
        consider(make(Rule::Duplicate, s, k, st, i, s.to(k),
                      "node " + std::to_string(s.to(k)) + " receives " + prob.describe_item(i, n) +
                          " a second time (it would be combined twice)" +
                          (allreduce ? " in a partial sum of its chunk" : "")));
        broken = true;
        break;
      }
      if (ordered && i > 0) {
        const Item prev = i - 1;
        const bool t_has_prev = prev_stamp[t] == prev_gen && prev_arrive[t] < st;
        const bool f_has_prev = prev_stamp[f] == prev_gen && prev_arrive[f] < st;
        if (f == origin && !f_has_prev) {
          consider(make(Rule::Order, s, k, st, i, s.from(k),
                        "source " + std::to_string(s.from(k)) + " starts broadcast #" +
                            std::to_string(i + 1) + " before it holds broadcast #" +
                            std::to_string(prev + 1)));
          broken = true;
          break;
        }
        if (!t_has_prev && stamp[t] != gen) {
          consider(make(Rule::Order, s, k, st, i, s.to(k),
                        "node " + std::to_string(s.to(k)) + " receives broadcast #" +
                            std::to_string(i + 1) + " before broadcast #" +
                            std::to_string(prev + 1) + " (values must arrive in order)"));
          broken = true;
          break;
        }
      }
      if (stamp[t] != gen) {
        stamp[t] = gen;
        arrive[t] = st;
        ++holders;
      }
    }
    if (!broken && !out.completion && !out.first_tx && complete_run) {
      if (target == kAllNodes) {
        if (holders < n) out.completion = completion_violation(s, i, nodes.first_missing(stamp, gen));
      } else if (stamp[nodes(target)] != gen) {
        out.completion = completion_violation(s, i, target);
      }
    }
    if (ordered) {
      std::swap(stamp, prev_stamp);
      std::swap(arrive, prev_arrive);
    }
  }
  if constexpr (!Items::kAll) {
    // Items no transmission carries: the lowest incomplete one competes with the loop's.
    if (!out.first_tx && complete_run) {
      auto u = first_incomplete_untouched(prob, n, items.t->items);
      if (u && (!out.completion || u->first < out.completion->item))
        out.completion = completion_violation(s, u->first, u->second);
    }
  }
  return out;
}


}  // namespace schedcert::verifier::detail
