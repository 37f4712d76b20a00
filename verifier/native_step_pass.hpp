// Pass 1 of the native verifier: the per-step rules, in schedule order.
//
// Node range and adjacency, packet rules, link capacity and the model's port limits. Per-step
// counters live in flat arrays indexed by directed link (node * ports + port) or by node, and
// are reset by generation stamps (the step number), never cleared. The per-node arrays are
// indexed through a node policy (native_detail.hpp): the node id itself on the dense path, its
// rank among the touched nodes on the compact path, so a schedule on Q31 needs no 2^31 arrays.
// A header, included by native.cpp only: instantiated in the TU that calls it, the dense pass
// runs as fast as the former single-file verifier (a separately compiled instantiation was
// 1.5x slower on sbt-broadcast Q20, docs/benchmarks.md).
#pragma once
#include <algorithm>

#include "schedules/checked.hpp"
#include "verifier/native_detail.hpp"

namespace schedcert::verifier::detail {

using schedules::Model;

namespace step_pass_impl {

// Per directed link: the step that last used it (generation stamp) and its load over the whole
// schedule. Dense arrays indexed by link id when the schedule touches a fair share of the links;
// an open-addressing table keyed by link id when it is sparse (a broadcast on Q_24 uses 2^24
// of its 4 * 10^8 directed links), so memory stays O(transmissions).
class LinkCounters {
 public:
  LinkCounters(std::uint64_t links, std::uint64_t transmissions) {
    if (links <= 4 * transmissions + (1u << 20)) {
      dense_stamp_.assign(links, 0);
      dense_load_.assign(links, 0);
      dense_count_.assign(links, 0);
    } else {
      std::uint64_t cap = 1;
      while (cap < 2 * transmissions + 16) cap <<= 1;
      keys_.assign(cap, kEmpty);
      stamp_.assign(cap, 0);
      load_.assign(cap, 0);
      count_.assign(cap, 0);
      mask_ = cap - 1;
    }
  }
  // Records a use of `link` in step `gen`; returns how many packets it carries in that step,
  // this one included.
  SCHEDCERT_INTENDED_WRAP std::uint32_t use(std::uint64_t link, std::uint32_t gen) {
    std::uint32_t* st;
    std::uint32_t* ld;
    std::uint32_t* ct;
    if (!dense_stamp_.empty()) {
      st = &dense_stamp_[link];
      ld = &dense_load_[link];
      ct = &dense_count_[link];
    } else {
      std::uint64_t h = (link * 0x9E3779B97F4A7C15ull) & mask_;
      while (keys_[h] != link && keys_[h] != kEmpty) h = (h + 1) & mask_;
      keys_[h] = link;
      st = &stamp_[h];
      ld = &load_[h];
      ct = &count_[h];
    }
    ++*ld;
    *ct = *st == gen ? *ct + 1 : 1;
    *st = gen;
    return *ct;
  }
  std::uint64_t max_load() const {
    std::uint32_t mx = 0;
    for (auto l : dense_load_) mx = std::max(mx, l);
    for (auto l : load_) mx = std::max(mx, l);
    return mx;
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::vector<std::uint32_t> dense_stamp_, dense_load_, dense_count_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> stamp_, load_, count_;
  std::uint64_t mask_ = 0;
};

}  // namespace step_pass_impl

// Whether two packets hold the same set of items (the scratch vectors avoid allocations).
inline bool same_item_set(std::span<const Item> a, std::span<const Item> b,
                          std::vector<Item>& sa, std::vector<Item>& sb) {
  if (a.size() == 1 && b.size() == 1) return a[0] == b[0];
  sa.assign(a.begin(), a.end());
  sb.assign(b.begin(), b.end());
  std::sort(sa.begin(), sa.end());
  std::sort(sb.begin(), sb.end());
  sa.erase(std::unique(sa.begin(), sa.end()), sa.end());
  sb.erase(std::unique(sb.begin(), sb.end()), sb.end());
  return sa == sb;
}

template <class Nodes>
StepPass step_pass(const Schedule& s, Metrics& m, const Nodes& nodes) {
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.size();
  const std::uint64_t items = prob.num_items(n);
  const std::uint64_t ports = net.ports();
  const Model model = s.model();
  StepPass out;
  step_pass_impl::LinkCounters links(n * ports, s.num_transmissions());
  // Per-node counters, indexed through the node policy (identity, or rank among touched nodes).
  const std::uint64_t slots = nodes.size();
  std::vector<std::uint32_t> send_stamp(slots, 0), recv_stamp(slots, 0);
  std::vector<std::uint32_t> send_count(slots, 0), recv_count(slots, 0);
  std::vector<std::uint64_t> first_send(slots, 0);
  std::vector<Item> sorted, sorted2;

  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const auto gen = static_cast<std::uint32_t>(st + 1);
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      const Node f = s.from(k), t = s.to(k);
      auto pk = s.packet(k);
      m.item_transmissions += pk.size();
      if (out.first) {  // past the first violation only the metrics still count
        if (auto dim = net.edge_dim(f, t))
          links.use(static_cast<std::uint64_t>(f) * ports + net.port_in_dim(f, t, *dim), gen);
        continue;
      }
      const bool seen = false;
      auto fail = [&](Rule r, Item item, Node node, const std::string& what) {
        if (!out.first) out.first = make(r, s, k, st, item, node, what);
      };
      if (f >= n || t >= n) {
        fail(Rule::Adjacency, pk[0], f >= n ? f : t,
             "node " + std::to_string(f >= n ? f : t) + " does not exist in " + net.name() +
                 " (nodes 0.." + std::to_string(n - 1) + ")");
        continue;
      }
      const auto dim = net.edge_dim(f, t);
      if (!dim) {
        fail(Rule::Adjacency, pk[0], f,
             "nodes " + std::to_string(f) + " and " + std::to_string(t) + " are not adjacent in " +
                 net.name() + (f == t ? " (a node cannot send to itself)" : ""));
        continue;
      }
      // Packet rules.
      if (!seen) {
        for (Item i : pk)
          if (i >= items) {
            fail(Rule::Packet, i, f,
                 "item " + std::to_string(i) + " does not exist (problem " + prob.describe() +
                     " has items 0.." + std::to_string(items - 1) + ")");
            break;
          }
        if (!out.first && pk.size() > 1) {
          if (!prob.combining() && pk.size() > prob.packet_items) {
            fail(Rule::Packet, pk[0], f,
                 "packet holds " + std::to_string(pk.size()) + " items but at most " +
                     std::to_string(prob.packet_items) + " fit in one packet");
          } else {
            sorted.assign(pk.begin(), pk.end());
            std::sort(sorted.begin(), sorted.end());
            auto dup = std::adjacent_find(sorted.begin(), sorted.end());
            if (dup != sorted.end())
              fail(Rule::Packet, *dup, f,
                   "item " + std::to_string(*dup) +
                       " is listed twice in the packet (a packet is a set of distinct items)");
            if (!out.first && prob.targeted_combining()) {
              Node tg = prob.target(pk[0], n);
              for (Item i : pk)
                if (prob.target(i, n) != tg) {
                  fail(Rule::Packet, i, f,
                       "combines " + prob.describe_item(pk[0], n) + " with " +
                           prob.describe_item(i, n) + ", which is bound for another target");
                  break;
                }
            }
          }
        }
      }
      // Link capacity: one packet per directed link per step, or the link's multiplicity.
      const std::uint64_t link = static_cast<std::uint64_t>(f) * ports + net.port_in_dim(f, t, *dim);
      const std::uint32_t cap = net.link_capacity(f, t, *dim);
      if (links.use(link, gen) > cap)
        fail(Rule::LinkCapacity, pk[0], f,
             "link " + std::to_string(f) + " -> " + std::to_string(t) +
                 (cap == 1 ? " already carries a packet in this step (capacity one packet per direction)"
                           : " already carries " + std::to_string(cap) +
                                 " packets in this step (capacity " + std::to_string(cap) +
                                 ", its multiplicity)"));
      // Port limits of the model.
      const std::uint32_t lf = nodes(f), lt = nodes(t);
      if (send_stamp[lf] != gen) {
        send_stamp[lf] = gen;
        send_count[lf] = 0;
        first_send[lf] = k;
      }
      if (recv_stamp[lt] != gen) {
        recv_stamp[lt] = gen;
        recv_count[lt] = 0;
      }
      ++send_count[lf];
      ++recv_count[lt];
      const auto sends_of = [&](std::uint32_t v) { return send_stamp[v] == gen ? send_count[v] : 0u; };
      const auto recvs_of = [&](std::uint32_t v) { return recv_stamp[v] == gen ? recv_count[v] : 0u; };
      switch (model) {
        case Model::AllPort: break;
        case Model::SinglePortFull:
          if (send_count[lf] > 1)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " sends " + std::to_string(send_count[lf]) +
                     " packets in this step (single-port: at most one send per step)");
          else if (recv_count[lt] > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " receives " + std::to_string(recv_count[lt]) +
                     " packets in this step (single-port: at most one receive per step)");
          break;
        case Model::SinglePortHalf:
          if (sends_of(lf) + recvs_of(lf) > 1)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " already " +
                     (recvs_of(lf) > 0 ? "receives" : "sends") +
                     " in this step (single-port half duplex: one send or one receive per step)");
          else if (sends_of(lt) + recvs_of(lt) > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " already " +
                     (sends_of(lt) > 0 ? "sends" : "receives") +
                     " in this step (single-port half duplex: one send or one receive per step)");
          break;
        case Model::ShoutWhisper: {
          // One message per step: every send of a node in a step carries the packet of its
          // first send, compared as sets of items (order within a packet means nothing).
          if (send_count[lf] > 1 && !same_item_set(s.packet(first_send[lf]), pk, sorted, sorted2))
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " sends a different packet than its transmission " +
                     std::to_string(first_send[lf]) +
                     " in this step (shout-whisper: one message per step, to any set of neighbours)");
          else if (recv_count[lt] > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " receives " + std::to_string(recv_count[lt]) +
                     " packets in this step (shout-whisper: at most one receive per step)");
          else if (recvs_of(lf) > 0)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) +
                     " sends and receives in the same step (shout-whisper forbids it)");
          else if (sends_of(lt) > 0)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) +
                     " sends and receives in the same step (shout-whisper forbids it)");
          break;
        }
      }
    }
  }
  m.max_link_load = links.max_load();
  return out;
}


}  // namespace schedcert::verifier::detail
