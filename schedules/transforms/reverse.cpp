// Time reversal (Bertsekas et al. 1991, §1 "Single Node and Multinode Accumulation" and Fig. 2;
// §1 "Single Node Scatter and Gather": reversing a scatter gives a gather).
//
// Personalised problems reverse item by item: the item's path is walked backwards, so scatter
// item (dst, m) becomes gather item (src = dst, m) with the same id, and total-exchange item
// (src, dst, m) becomes (dst, src, m). Broadcast -> accumulation needs combining: the reversed
// transmission carries what the sender has gathered so far for that target (simulated target by
// target, in reversed step order). Accumulation -> broadcast maps every packet to the broadcast
// item of its target. Whether the result is valid is for the verifier to say, not assumed here.
#include "schedules/transforms/reverse.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert::schedules::transforms {

ProblemKind reversed_kind(ProblemKind k) {
  switch (k) {
    case ProblemKind::Broadcast: return ProblemKind::Accumulation;
    case ProblemKind::Accumulation: return ProblemKind::Broadcast;
    case ProblemKind::Scatter: return ProblemKind::Gather;
    case ProblemKind::Gather: return ProblemKind::Scatter;
    case ProblemKind::MultinodeBroadcast: return ProblemKind::MultinodeAccumulation;
    case ProblemKind::MultinodeAccumulation: return ProblemKind::MultinodeBroadcast;
    case ProblemKind::TotalExchange: return ProblemKind::TotalExchange;
    case ProblemKind::SuccessiveBroadcast: break;
    case ProblemKind::Allreduce:
      throw InputError(
          "reverse: allreduce has no time-reversed dual here (a reversed partial sum would have "
          "to be split; build it as a reduction followed by a broadcast, docs/allreduce.md)");
  }
  throw InputError("reverse: successive broadcasts have no time-reversed dual");
}

namespace {

struct Tx {
  std::size_t step;
  Node from, to;
  std::vector<Item> packet;
};

// Broadcast-type -> accumulation-type: simulate, per target, the contributions each node holds.
void reverse_to_combining(const Schedule& s, const Problem& dual, std::vector<Tx>& out) {
  const Network& net = s.network();
  const std::uint64_t n = net.size();
  const Problem& p = s.problem();
  const std::size_t T = s.num_steps();
  // For each source item of the broadcast problem (target of the accumulation), the reversed
  // transmissions in reversed order.
  std::unordered_map<Item, std::vector<std::size_t>> by_item;
  for (std::size_t k = 0; k < s.num_transmissions(); ++k)
    for (Item i : s.packet(k)) by_item[i].push_back(k);
  std::vector<std::size_t> step_of(s.num_transmissions());
  for (std::size_t st = 0; st < T; ++st)
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) step_of[k] = st;
  std::vector<Item> keys;
  for (auto& [i, ks] : by_item) keys.push_back(i);
  std::sort(keys.begin(), keys.end());
  for (Item i : keys) {
    auto& ks = by_item[i];
    const Node target = p.origin(i, n);  // the broadcast source is the accumulation target
    // held[v]: contributions v holds and has not sent; contributions are identified by source.
    std::unordered_map<Node, std::vector<Node>> held;
    auto pending = [&](Node v) -> std::vector<Node>& {
      auto it = held.find(v);
      if (it == held.end()) it = held.emplace(v, std::vector<Node>{v}).first;
      return it->second;
    };
    for (auto it = ks.rbegin(); it != ks.rend(); ++it) {
      const std::size_t k = *it;
      const Node u = s.from(k), v = s.to(k);  // reversed: v -> u
      auto& mine = pending(v);
      if (mine.empty()) continue;
      Tx tx{T - 1 - step_of[k], v, u, {}};
      for (Node c : mine)
        tx.packet.push_back(dual.kind == ProblemKind::Accumulation ? Item{c}
                                                                   : Item{c} * n + target);
      auto& theirs = pending(u);
      theirs.insert(theirs.end(), mine.begin(), mine.end());
      mine.clear();
      std::sort(tx.packet.begin(), tx.packet.end());
      out.push_back(std::move(tx));
    }
  }
}

}  // namespace

Schedule reverse(const Schedule& s) {
  const Problem& p = s.problem();
  const Network& net = s.network();
  if (net.directed())
    throw InputError("reverse: " + net.name() + " is directed; a reversed schedule would use its arcs backwards");
  const std::uint64_t n = net.size();
  Problem dual = p;
  dual.kind = reversed_kind(p.kind);
  const bool to_combining = dual.combining() && !p.combining();
  if (to_combining && p.messages != 1)
    throw InputError("reverse: a broadcast of " + std::to_string(p.messages) +
                     " messages has no single-value accumulation dual (use messages = 1)");
  if (to_combining) dual.packet_items = 1;
  const std::size_t T = s.num_steps();
  std::vector<Tx> txs;
  if (to_combining) {
    reverse_to_combining(s, dual, txs);
  } else {
    for (std::size_t st = 0; st < T; ++st)
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
        Tx tx{T - 1 - st, s.to(k), s.from(k), {}};
        for (Item i : s.packet(k)) {
          Item r = i;
          if (p.kind == ProblemKind::TotalExchange) {
            const std::uint64_t m = p.messages;
            const Item pair = i / m;
            r = ((pair % n) * n + pair / n) * m + i % m;
          } else if (p.kind == ProblemKind::MultinodeAccumulation) {
            r = i % n;  // the broadcast item of the target
          } else if (p.kind == ProblemKind::Accumulation) {
            r = 0;
          }
          if (std::find(tx.packet.begin(), tx.packet.end(), r) == tx.packet.end())
            tx.packet.push_back(r);
        }
        txs.push_back(std::move(tx));
      }
  }
  std::stable_sort(txs.begin(), txs.end(),
                   [](const Tx& a, const Tx& b) { return a.step < b.step; });
  Schedule out(net, s.model(), dual);
  out.provenance() = s.provenance();
  out.provenance().parameters.emplace_back("transform", "reverse");
  out.reserve(txs.size());
  std::size_t at = 0;
  for (std::size_t st = 0; st < T; ++st) {
    out.begin_step();
    for (; at < txs.size() && txs[at].step == st; ++at)
      out.add(txs[at].from, txs[at].to, txs[at].packet);
  }
  return out;
}

}  // namespace schedcert::schedules::transforms
