// Native verifier.
//
// Two passes over flat arrays, no per-transmission heap objects (DESIGN-HINTS "Performance").
//  1. Step pass, in schedule order: node range and adjacency, packet rules, link capacity and
//     the model's port limits. Per-step counters live in flat arrays indexed by directed link
//     (node * ports + port) or by node, and are reset by generation stamps (the step number),
//     never cleared. It also records each transmission's step and the metrics.
//  2. Item pass: transmissions are bucketed by item with a counting sort (stable, so each
//     bucket is in step order). For one item at a time, per-node stamp/arrival arrays hold who
//     has it and since when: the sender must have it from an earlier step (store-and-forward
//     causality); in combining problems a node must not receive a contribution it already has;
//     for successive broadcasts the previous item's arrival array gives the in-order rules.
//     Memory is O(nodes + transmissions), not O(nodes x items): total exchange on Q_12 works.
// The first violation is the minimum over both passes in the order of verdict.hpp; pass 2 only
// looks at transmissions before pass 1's first violation. Completion is checked per item at the
// end of its bucket and reported only when no transmission broke a rule.
#include "verifier/native.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert::verifier {

using schedules::kAllNodes;
using schedules::Model;
using schedules::Schedule;

namespace {

std::string tx_label(const Schedule& s, std::size_t k, std::size_t step) {
  std::string items;
  auto pk = s.packet(k);
  for (std::size_t j = 0; j < pk.size() && j < 4; ++j)
    items += (j ? "," : "") + std::to_string(pk[j]);
  if (pk.size() > 4) items += ",...";
  return "step " + std::to_string(step + 1) + ", transmission " + std::to_string(k) + " (" +
         std::to_string(s.from(k)) + " -> " + std::to_string(s.to(k)) + ", item" +
         (pk.size() > 1 ? "s " : " ") + items + ")";
}

Violation make(Rule r, const Schedule& s, std::size_t k, std::size_t step, Item item, Node node,
               const std::string& what) {
  Violation v;
  v.rule = r;
  v.transmission = static_cast<std::int64_t>(k);
  v.step = static_cast<std::int64_t>(step);
  v.from = s.from(k);
  v.to = s.to(k);
  v.item = item;
  v.node = node;
  v.message = tx_label(s, k, step) + ": " + to_string(r) + ": " + what;
  return v;
}

struct StepPass {
  std::optional<Violation> first;
};

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
    } else {
      std::uint64_t cap = 1;
      while (cap < 2 * transmissions + 16) cap <<= 1;
      keys_.assign(cap, kEmpty);
      stamp_.assign(cap, 0);
      load_.assign(cap, 0);
      mask_ = cap - 1;
    }
  }
  // Records a use of `link` in step `gen`; returns true if it was already used in that step.
  bool use(std::uint64_t link, std::uint32_t gen) {
    std::uint32_t* st;
    std::uint32_t* ld;
    if (!dense_stamp_.empty()) {
      st = &dense_stamp_[link];
      ld = &dense_load_[link];
    } else {
      std::uint64_t h = (link * 0x9E3779B97F4A7C15ull) & mask_;
      while (keys_[h] != link && keys_[h] != kEmpty) h = (h + 1) & mask_;
      keys_[h] = link;
      st = &stamp_[h];
      ld = &load_[h];
    }
    ++*ld;
    const bool again = *st == gen;
    *st = gen;
    return again;
  }
  std::uint64_t max_load() const {
    std::uint32_t mx = 0;
    for (auto l : dense_load_) mx = std::max(mx, l);
    for (auto l : load_) mx = std::max(mx, l);
    return mx;
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::vector<std::uint32_t> dense_stamp_, dense_load_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> stamp_, load_;
  std::uint64_t mask_ = 0;
};

StepPass step_pass(const Schedule& s, Metrics& m) {
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.size();
  const std::uint64_t items = prob.num_items(n);
  const std::uint64_t ports = net.ports();
  const Model model = s.model();
  StepPass out;
  LinkCounters links(n * ports, s.num_transmissions());
  std::vector<std::uint32_t> send_stamp(n, 0), recv_stamp(n, 0);
  std::vector<std::uint32_t> send_count(n, 0), recv_count(n, 0);
  std::vector<std::uint64_t> first_send(n, 0);
  std::vector<Item> sorted;

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
              fail(Rule::Packet, *dup, f, "item " + std::to_string(*dup) + " appears twice in the packet");
            if (!out.first && prob.combining()) {
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
      // Link capacity: one packet per directed link per step.
      const std::uint64_t link = static_cast<std::uint64_t>(f) * ports + net.port_in_dim(f, t, *dim);
      if (links.use(link, gen))
        fail(Rule::LinkCapacity, pk[0], f,
             "link " + std::to_string(f) + " -> " + std::to_string(t) +
                 " already carries a packet in this step (capacity one packet per direction)");
      // Port limits of the model.
      if (send_stamp[f] != gen) {
        send_stamp[f] = gen;
        send_count[f] = 0;
        first_send[f] = k;
      }
      if (recv_stamp[t] != gen) {
        recv_stamp[t] = gen;
        recv_count[t] = 0;
      }
      ++send_count[f];
      ++recv_count[t];
      const auto sends_of = [&](Node v) { return send_stamp[v] == gen ? send_count[v] : 0u; };
      const auto recvs_of = [&](Node v) { return recv_stamp[v] == gen ? recv_count[v] : 0u; };
      switch (model) {
        case Model::AllPort: break;
        case Model::SinglePortFull:
          if (send_count[f] > 1)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " sends " + std::to_string(send_count[f]) +
                     " packets in this step (single-port: at most one send per step)");
          else if (recv_count[t] > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " receives " + std::to_string(recv_count[t]) +
                     " packets in this step (single-port: at most one receive per step)");
          break;
        case Model::SinglePortHalf:
          if (sends_of(f) + recvs_of(f) > 1)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " already " +
                     (recvs_of(f) > 0 ? "receives" : "sends") +
                     " in this step (single-port half duplex: one send or one receive per step)");
          else if (sends_of(t) + recvs_of(t) > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " already " +
                     (sends_of(t) > 0 ? "sends" : "receives") +
                     " in this step (single-port half duplex: one send or one receive per step)");
          break;
        case Model::ShoutWhisper: {
          auto first = s.packet(first_send[f]);
          if (send_count[f] > 1 && !std::equal(first.begin(), first.end(), pk.begin(), pk.end()))
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) + " sends a different packet than its transmission " +
                     std::to_string(first_send[f]) +
                     " in this step (shout-whisper: one message per step, to any set of neighbours)");
          else if (recv_count[t] > 1)
            fail(Rule::Port, pk[0], t,
                 "node " + std::to_string(t) + " receives " + std::to_string(recv_count[t]) +
                     " packets in this step (shout-whisper: at most one receive per step)");
          else if (recvs_of(f) > 0)
            fail(Rule::Port, pk[0], f,
                 "node " + std::to_string(f) +
                     " sends and receives in the same step (shout-whisper forbids it)");
          else if (sends_of(t) > 0)
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

// Counting sort of (transmission, item) slots by item; stable, so buckets are in step order.
// A slot carries what the item pass reads (sender, receiver, step, index), so that pass streams
// through memory instead of chasing transmission indices.
struct Slot {
  std::uint32_t from, to, step, k;
};
struct Buckets {
  std::vector<std::uint32_t> begin;  // size items + 1
  std::vector<Slot> slots;
};

Buckets bucket_by_item(const Schedule& s, std::uint64_t items, std::size_t limit) {
  if (s.num_item_slots() >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("schedule too large for the native verifier (2^32 item slots)");
  Buckets b;
  b.begin.assign(items + 1, 0);
  for (std::size_t k = 0; k < limit; ++k)
    for (Item i : s.packet(k))
      if (i < items) ++b.begin[i + 1];
  for (std::uint64_t i = 0; i < items; ++i) b.begin[i + 1] += b.begin[i];
  b.slots.resize(b.begin[items]);
  std::vector<std::uint32_t> fill(b.begin.begin(), b.begin.end() - 1);
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::size_t end = std::min(s.step_end(st), limit);
    for (std::size_t k = s.step_begin(st); k < end; ++k)
      for (Item i : s.packet(k))
        if (i < items)
          b.slots[fill[i]++] = Slot{s.from(k), s.to(k), static_cast<std::uint32_t>(st),
                                    static_cast<std::uint32_t>(k)};
  }
  return b;
}

}  // namespace

std::optional<Violation> first_step_rule_violation(const Schedule& s) {
  Metrics m;
  return step_pass(s, m).first;
}

namespace {

struct ItemPass {
  std::optional<Violation> first_tx;    // first violation tied to a transmission
  std::optional<Violation> completion;  // first completion failure (lowest item, lowest node)
};

Violation completion_violation(const Schedule& s, Item i, Node node) {
  const std::uint64_t n = s.network().size();
  Violation c;
  c.rule = Rule::Completion;
  c.item = i;
  c.node = node;
  c.message = "completion: node " + std::to_string(node) + " never receives " +
              s.problem().describe_item(i, n) + " (after " + std::to_string(s.num_steps()) +
              " steps)";
  return c;
}

Violation causality_violation(const Schedule& s, std::size_t k, std::size_t st, Item i,
                              const std::string& when) {
  const std::uint64_t n = s.network().size();
  const Node f = s.from(k);
  return make(Rule::Causality, s, k, st, i, f,
              "node " + std::to_string(f) + " sends " + s.problem().describe_item(i, n) +
                  " but does not hold it at the start of step " + std::to_string(st + 1) + " (" +
                  when + "; store-and-forward)");
}

// Item by item over the buckets: every problem, O(nodes + transmissions) memory.
ItemPass item_pass_buckets(const Schedule& s, std::size_t limit) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  const std::uint64_t items = prob.num_items(n);
  Buckets b = bucket_by_item(s, items, limit);
  ItemPass out;
  // The first violation is the least (transmission, rule) pair; among equal pairs the lowest
  // item, which is the first one met since items are visited in increasing order.
  auto consider = [&](Violation&& x) {
    if (!out.first_tx || x.transmission < out.first_tx->transmission ||
        (x.transmission == out.first_tx->transmission && x.rule < out.first_tx->rule))
      out.first_tx = std::move(x);
  };

  // Per item: stamp[v] == item + 1 iff v holds it; arrive[v] = step it arrived (-1: at start).
  std::vector<std::uint64_t> stamp(n, 0), prev_stamp(n, 0);
  std::vector<std::int32_t> arrive(n, 0), prev_arrive(n, 0);
  const bool ordered = prob.ordered();

  for (Item i = 0; i < items; ++i) {
    const std::uint64_t gen = i + 1;
    const Node origin = prob.origin(i, n);
    const Node target = prob.target(i, n);
    stamp[origin] = gen;
    arrive[origin] = -1;
    std::uint64_t holders = 1;
    bool broken = false;
    for (std::uint32_t e = b.begin[i]; e < b.begin[i + 1]; ++e) {
      const Slot& sl = b.slots[e];
      const std::uint32_t k = sl.k;
      if (out.first_tx && static_cast<std::int64_t>(k) > out.first_tx->transmission) break;
      const std::int32_t st = static_cast<std::int32_t>(sl.step);
      const Node f = sl.from, t = sl.to;
      // Rules in the order of the Rule enum: causality, duplicate, order.
      if (stamp[f] != gen || arrive[f] >= st) {
        consider(causality_violation(s, k, static_cast<std::size_t>(st), i,
                                     stamp[f] != gen ? "it never receives it before"
                                                     : "it only receives it in step " +
                                                           std::to_string(arrive[f] + 1)));
        broken = true;
        break;
      }
      if (stamp[t] == gen && prob.combining()) {
        consider(make(Rule::Duplicate, s, k, st, i, t,
                      "node " + std::to_string(t) + " receives " + prob.describe_item(i, n) +
                          " a second time (it would be combined twice)"));
        broken = true;
        break;
      }
      if (ordered && i > 0) {
        const Item prev = i - 1;
        const bool t_has_prev = prev_stamp[t] == i && prev_arrive[t] < st;
        const bool f_has_prev = prev_stamp[f] == i && prev_arrive[f] < st;
        if (f == origin && !f_has_prev) {
          consider(make(Rule::Order, s, k, st, i, f,
                        "source " + std::to_string(f) + " starts broadcast #" +
                            std::to_string(i + 1) + " before it holds broadcast #" +
                            std::to_string(prev + 1)));
          broken = true;
          break;
        }
        if (!t_has_prev && stamp[t] != gen) {
          consider(make(Rule::Order, s, k, st, i, t,
                        "node " + std::to_string(t) + " receives broadcast #" +
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
    if (!broken && !out.completion && !out.first_tx && limit == s.num_transmissions()) {
      if (target == kAllNodes) {
        if (holders < n) {
          Node missing = 0;
          while (stamp[missing] == gen) ++missing;
          out.completion = completion_violation(s, i, missing);
        }
      } else if (stamp[target] != gen) {
        out.completion = completion_violation(s, i, target);
      }
    }
    if (ordered) {
      std::swap(stamp, prev_stamp);
      std::swap(arrive, prev_arrive);
    }
  }
  return out;
}

// Step by step over a nodes x items bitset: the fast path for problems whose only item rule is
// causality (neither combining nor ordered) when the bitset is small (<= 2^31 bits). Receptions
// of a step are applied at its end (store-and-forward).
ItemPass item_pass_bitset(const Schedule& s, std::size_t limit) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  const std::uint64_t items = prob.num_items(n);
  const std::uint64_t words = (items + 63) / 64;
  std::vector<std::uint64_t> holds(n * words, 0);
  auto bit = [&](Node v, Item i) -> bool { return (holds[v * words + (i >> 6)] >> (i & 63)) & 1; };
  auto set = [&](Node v, Item i) { holds[v * words + (i >> 6)] |= std::uint64_t{1} << (i & 63); };
  for (Item i = 0; i < items; ++i) set(prob.origin(i, n), i);
  ItemPass out;
  std::vector<std::pair<Node, Item>> pending;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::size_t end = std::min(s.step_end(st), limit);
    for (std::size_t k = s.step_begin(st); k < end; ++k) {
      const Node f = s.from(k), t = s.to(k);
      std::optional<Item> missing;
      for (Item i : s.packet(k)) {
        if (i >= items) continue;
        if (!bit(f, i)) {
          if (!missing || i < *missing) missing = i;
        } else {
          pending.emplace_back(t, i);
        }
      }
      if (missing) {
        std::string when = "it never receives it before";
        for (auto [v, i] : pending)
          if (v == f && i == *missing) when = "it only receives it in step " + std::to_string(st + 1);
        out.first_tx = causality_violation(s, k, st, *missing, when);
        return out;
      }
    }
    for (auto [v, i] : pending) set(v, i);
    pending.clear();
  }
  if (limit != s.num_transmissions()) return out;
  // Completion, lowest item first: broadcast-type items by AND over nodes, word by word.
  std::vector<std::uint64_t> all(words, ~std::uint64_t{0});
  bool every_node = false;
  for (Item i = 0; i < items && !every_node; ++i) every_node = prob.target(i, n) == kAllNodes;
  if (every_node)
    for (Node v = 0; v < n; ++v)
      for (std::uint64_t w = 0; w < words; ++w) all[w] &= holds[v * words + w];
  for (Item i = 0; i < items; ++i) {
    const Node target = prob.target(i, n);
    if (target == kAllNodes) {
      if ((all[i >> 6] >> (i & 63)) & 1) continue;
      Node v = 0;
      while (bit(v, i)) ++v;
      out.completion = completion_violation(s, i, v);
      break;
    }
    if (!bit(target, i)) {
      out.completion = completion_violation(s, i, target);
      break;
    }
  }
  return out;
}

}  // namespace

Verdict verify_native(const Schedule& s, NativePath path) {
  Verdict v;
  v.engine = "native";
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.num_nodes();
  const std::uint64_t items = prob.num_items(n);

  Metrics& m = v.metrics;
  m.steps = s.num_steps();
  m.transmissions = s.num_transmissions();
  for (Node x = 0; x < n; ++x) m.directed_links += net.degree(x);
  if (m.steps > 0 && m.directed_links > 0)
    m.link_utilisation = static_cast<double>(m.transmissions) /
                         (static_cast<double>(m.steps) * static_cast<double>(m.directed_links));

  StepPass p1 = step_pass(s, m);
  const std::size_t limit =
      p1.first ? static_cast<std::size_t>(p1.first->transmission) : s.num_transmissions();
  const bool bitset_fits = !prob.combining() && !prob.ordered() &&
                           static_cast<long double>(n) * static_cast<long double>(items) <=
                               static_cast<long double>(std::uint64_t{1} << 31);
  if (path == NativePath::Bitset && !bitset_fits)
    throw InputError("native verifier: the bitset path does not apply to this problem or size");
  const bool use_bitset = path == NativePath::Bitset || (path == NativePath::Auto && bitset_fits);
  ItemPass p2 = use_bitset ? item_pass_bitset(s, limit) : item_pass_buckets(s, limit);

  if (p2.first_tx && (!p1.first || p2.first_tx->transmission < p1.first->transmission))
    v.violation = std::move(p2.first_tx);
  else if (p1.first)
    v.violation = std::move(p1.first);
  else if (p2.completion)
    v.violation = std::move(p2.completion);
  v.valid = !v.violation.has_value();
  return v;
}

}  // namespace schedcert::verifier
