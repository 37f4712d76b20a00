// The implied counting rules of the time-indexed encoding (design note in timeindexed.hpp):
// reception counts per node and across slab cuts (issue 19), and the sender/receiver counts with
// their idle rules (issue 27; proofs in docs/synthesis.md, "Reception counts", "Sender counts").
#include <map>
#include <set>

#include "encodings/synth/bounds.hpp"
#include "encodings/synth/timeindexed.hpp"

namespace schedcert::encodings::synth {

namespace {
// The idle rules apply when the room G is tight: G < 0 refutes the query (an empty clause), and
// above n they are left out (a sequential counter over n T literals costs about n T G). True when
// the caller should add them.
bool idle_room_tight(Formula& f, std::string& notes, std::int64_t G, std::uint64_t n) {
  if (G < 0) {
    f.add_clause({});
    notes += ", idle rules: no room (G < 0)";
    return false;
  }
  return static_cast<std::uint64_t>(G) <= n;
}
}  // namespace


using schedules::Model;

void TimeIndexedEncoding::add_cds_rules(std::uint64_t leaf_bound) {
  const auto& items = flow_->items();
  const std::uint32_t n = topo_.n();
  if (n < 2 || leaf_bound >= n) return;
  const std::uint64_t need = n - leaf_bound;  // senders of each broadcast item, at least
  std::uint64_t rules = 0, relays_needed = 0;
  std::vector<Lit> relay_sent;  // sent(v) of every broadcast item at a node other than its origin
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].target != kEveryNode) continue;
    // sent(v) <=> v sends item i in some step (a valid schedule sets it so).
    std::vector<Lit> not_sent;
    for (Node v = 0; v < n; ++v) {
      std::vector<Lit> sends;
      for (unsigned t = 0; t < steps_; ++t)
        for (std::uint32_t l : topo_.out(v)) {
          const Lit x = flow_->send(i, t, l);
          if (x != kFalse) sends.push_back(x);
        }
      if (sends.empty()) continue;  // v never sends i: not a candidate
      const Lit s = f_.make_or(sends);
      not_sent.push_back(-s);
      if (v != items[i].origin) relay_sent.push_back(s);
    }
    // At least `need` of the candidates send i: at most |candidates| - need do not.
    if (not_sent.size() < need) {
      f_.add_clause({});
    } else {
      f_.at_most(not_sent, static_cast<unsigned>(not_sent.size() - need));
    }
    relays_needed += need - 1;
    ++rules;
  }
  if (rules == 0) return;
  notes_ += ", " + std::to_string(rules) + " sender-count rules (at least " +
            std::to_string(need) + " senders per broadcast item, leaves <= " +
            std::to_string(leaf_bound) + ")";
  if (model_ == Model::ShoutWhisper && problem_.packet_items == 1)
    add_idle_rules(relays_needed, relay_sent);
}

// Shout-whisper, one item per packet: node v holds one reception or one shout per step, so
// (with R_v the items it needs and does not originate, O_v the items it originates, A_v the
// distinct items it relays, I_v its idle steps) R_v + O_v + A_v + I_v <= T. Summed over nodes,
// with sum A_v >= D = the relays the sender counts need (need - 1 per broadcast item):
//     sum I_v + (sum A_v - D) <= G = sum_v (T - R_v - O_v) - D.
// So at most G node-steps are idle, at most D + G relay senders exist and a node shouts one item
// in at most 1 + G steps (a repeated shout is a busy step beyond R_v + O_v + A_v). All are implied by
// validity (docs/synthesis.md, "Sender counts"); at G = 0 (the counting bound itself) every node
// is busy in every step and each broadcast item has exactly `need` senders.
void TimeIndexedEncoding::add_idle_rules(std::uint64_t relays_needed,
                                         const std::vector<Lit>& relay_sent) {
  const auto& items = flow_->items();
  const std::uint32_t n = topo_.n();
  std::vector<std::int64_t> free_slots(n, static_cast<std::int64_t>(steps_));
  for (const auto& it : items) {
    --free_slots[it.origin];
    if (it.target != kEveryNode) {
      --free_slots[it.target];
    } else {
      for (Node v = 0; v < n; ++v)
        if (v != it.origin) --free_slots[v];
    }
  }
  std::int64_t total = 0;
  for (std::int64_t s : free_slots) total += s;
  const std::int64_t G = total - static_cast<std::int64_t>(relays_needed);
  if (!idle_room_tight(f_, notes_, G, n)) return;
  std::vector<Lit> idle;
  for (unsigned t = 0; t < steps_; ++t)
    for (Node v = 0; v < n; ++v) {
      // idle(v, t) or v receives something or v shouts something in step t.
      std::vector<Lit> busy;
      for (std::uint32_t l : topo_.in(v))
        for (std::size_t i = 0; i < items.size(); ++i) {
          const Lit x = flow_->send(i, t, l);
          if (x != kFalse) busy.push_back(x);
        }
      for (const auto& [i, s] : shout_[t * n + v]) busy.push_back(s);
      const Lit x = f_.new_var();
      busy.push_back(x);
      f_.add_clause(busy);
      idle.push_back(x);
    }
  f_.at_most(idle, static_cast<unsigned>(G));
  f_.at_most(relay_sent, static_cast<unsigned>(relays_needed + static_cast<std::uint64_t>(G)));
  // A node shouts the same item in at most 1 + G steps: every shout beyond the first of an item
  // at a node is a busy step that none of R_v, O_v, A_v counts, so it takes one of the G.
  std::vector<std::vector<Lit>> per_pair(static_cast<std::size_t>(n) * items.size());
  for (unsigned t = 0; t < steps_; ++t)
    for (Node v = 0; v < n; ++v)
      for (const auto& [i, s] : shout_[t * n + v]) per_pair[v * items.size() + i].push_back(s);
  for (auto& lits : per_pair)
    if (lits.size() > 1 + static_cast<std::size_t>(G)) f_.at_most(lits, 1 + static_cast<unsigned>(G));
  notes_ += ", idle rules (at most " + std::to_string(G) + " idle node-steps, at most " +
            std::to_string(relays_needed + static_cast<std::uint64_t>(G)) + " relay senders)";
}

// Combining problems (accumulation, multinode accumulation): the same argument towards each
// target w. Each contribution (u -> w) reaches w along a chain of sends of it in increasing steps;
// pick one chain per u. The set R* of w and the chains' inner nodes is connected (each inner node
// reaches w along its chain) and dominating (each other node u starts its chain at a neighbour in
// R*), so |R*| >= n - alpha >= n - L; every member of R* receives a packet for w (one packet has
// one target), so at least n - L nodes receive one (w among them). Under shout-whisper a node v sends packets for at least S_v distinct targets (those it
// holds a contribution for) and each step holds one shout or one reception, so, summed,
//     sum_v I_v + (receptions - sum_w (n - L))  <=  G = sum_v (T - S_v) - sum_w (n - L):
// at most G idle node-steps, at most sum_w (n - L) + G nodes receiving for some target, a node's
// shouts for one target in at most 1 + G steps (docs/synthesis.md, "Sender counts").
void TimeIndexedEncoding::add_gather_rules(std::uint64_t leaf_bound) {
  const auto& items = flow_->items();
  const std::uint32_t n = topo_.n();
  if (n < 2 || leaf_bound >= n) return;
  const std::uint64_t need = n - leaf_bound;
  std::map<Node, std::vector<std::size_t>> by_target;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].target != kEveryNode) by_target[items[i].target].push_back(i);
  std::vector<Lit> receivers;  // rec(v, w) of every node and target
  std::uint64_t needed = 0;
  for (const auto& [w, its] : by_target) {
    std::vector<Lit> not_rec;
    for (Node v = 0; v < n; ++v) {
      std::vector<Lit> recs;
      for (unsigned t = 0; t < steps_; ++t)
        for (std::uint32_t l : topo_.in(v))
          for (std::size_t i : its) {
            const Lit x = flow_->send(i, t, l);
            if (x != kFalse) recs.push_back(x);
          }
      if (recs.empty()) continue;
      const Lit r = f_.make_or(recs);
      not_rec.push_back(-r);
      receivers.push_back(r);
    }
    if (not_rec.size() < need) {
      f_.add_clause({});
    } else {
      f_.at_most(not_rec, static_cast<unsigned>(not_rec.size() - need));
    }
    needed += need;
  }
  if (by_target.empty()) return;
  notes_ += ", " + std::to_string(by_target.size()) + " receiver-count rules (at least " +
            std::to_string(need) + " receivers per target, leaves <= " + std::to_string(leaf_bound) + ")";
  if (model_ != Model::ShoutWhisper) return;
  std::int64_t total = 0;
  for (Node v = 0; v < n; ++v) {
    std::set<Node> targets;
    for (const auto& it : items)
      if (it.origin == v && it.target != v) targets.insert(it.target);
    total += static_cast<std::int64_t>(steps_) - static_cast<std::int64_t>(targets.size());
  }
  const std::int64_t G = total - static_cast<std::int64_t>(needed);
  if (!idle_room_tight(f_, notes_, G, n)) return;
  std::vector<Lit> idle;
  std::vector<std::vector<Lit>> per_pair(static_cast<std::size_t>(n) * n);  // (v, w): shouts for w
  for (unsigned t = 0; t < steps_; ++t)
    for (Node v = 0; v < n; ++v) {
      std::vector<Lit> busy;
      for (std::uint32_t l : topo_.in(v))
        for (std::size_t i = 0; i < items.size(); ++i) {
          const Lit x = flow_->send(i, t, l);
          if (x != kFalse) busy.push_back(x);
        }
      std::map<Node, std::vector<Lit>> shouts;
      for (const auto& [i, s] : shout_[t * n + v]) {
        busy.push_back(s);
        shouts[items[i].target].push_back(s);
      }
      for (auto& [w, ss] : shouts) per_pair[static_cast<std::size_t>(v) * n + w].push_back(f_.make_or(ss));
      const Lit x = f_.new_var();
      busy.push_back(x);
      f_.add_clause(busy);
      idle.push_back(x);
    }
  f_.at_most(idle, static_cast<unsigned>(G));
  f_.at_most(receivers, static_cast<unsigned>(needed + static_cast<std::uint64_t>(G)));
  for (auto& lits : per_pair)
    if (lits.size() > 1 + static_cast<std::size_t>(G)) f_.at_most(lits, 1 + static_cast<unsigned>(G));
  notes_ += ", idle rules (at most " + std::to_string(G) + " idle node-steps, at most " +
            std::to_string(needed + static_cast<std::uint64_t>(G)) + " receivers)";
}

void TimeIndexedEncoding::add_count_rules(bool cuts) {
  const auto& items = flow_->items();
  const std::uint32_t n = topo_.n();
  const std::uint64_t B = problem_.packet_items;
  std::uint64_t rules = 0;
  std::vector<Lit> held;
  for (Node v = 0; v < n; ++v) {
    std::uint64_t cap = 0;  // items v can receive per step
    if (model_ == Model::AllPort) {
      for (std::uint32_t l : topo_.in(v)) cap += topo_.links()[l].mult;
    } else {
      cap = 1;
    }
    cap *= B;
    std::vector<std::size_t> needed;
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].origin != v && (items[i].target == v || items[i].target == kEveryNode))
        needed.push_back(i);
    const std::uint64_t R = needed.size();
    if (R == 0 || cap == 0) continue;
    // t = 0 folds to constants: "R <= T * cap" (an empty clause when it fails).
    for (unsigned t = 0; t < steps_; ++t) {
      held.clear();
      for (std::size_t i : needed) held.push_back(flow_->holds(i, t, v));
      const std::uint64_t most = static_cast<std::uint64_t>(t) * cap;
      const std::uint64_t rest = static_cast<std::uint64_t>(steps_ - t) * cap;
      if (most < R) {  // at most t * cap held
        f_.at_most(held, static_cast<unsigned>(most));
        ++rules;
      }
      if (rest < R) {  // at least R - rest held: at most rest of them missing
        for (Lit& l : held) l = -l;
        f_.at_most(held, static_cast<unsigned>(rest));
        ++rules;
      }
    }
  }
  if (rules > 0) notes_ += ", " + std::to_string(rules) + " reception-count rules";
  if (cuts) add_cut_count_rules();
}

void TimeIndexedEncoding::add_cut_count_rules() {
  // The same count across a slab cut S -> C = not S (bounds.hpp): of the R items that
  // originate in S and are needed in C, at most t * cap are in C at the start of step t (each
  // needs its own crossing, at most cap item-crossings per step) and at least R - (T - t) * cap.
  // "Item i is in C" is the OR of its holds over C. All digit sets of factors up to 6 nodes,
  // cyclic intervals beyond; at most kMaxCutLiterals holds literals in all.
  constexpr std::uint64_t kMaxCutLiterals = 2'000'000;  // about 100 MB at most, outside the estimate
  const std::uint64_t B = problem_.packet_items;
  const std::uint32_t n = topo_.n();
  std::uint64_t rules = 0, literals = 0;
  std::vector<Lit> in_c, held;
  for (const SlabCut& c : slab_cuts(topo_, model_, flow_->items(), 6)) {
    const std::uint64_t R = c.cross.size(), cap = c.capacity * B;
    if (R == 0 || cap == 0) continue;
    const std::uint64_t outside = n - static_cast<std::uint64_t>(std::count(c.in_s.begin(), c.in_s.end(), true));
    for (unsigned t = 0; t < steps_; ++t) {
      const std::uint64_t most = static_cast<std::uint64_t>(t) * cap;
      const std::uint64_t rest = static_cast<std::uint64_t>(steps_ - t) * cap;
      if (most >= R && rest >= R) continue;
      if (literals + R * outside > kMaxCutLiterals) break;
      literals += R * outside;
      held.clear();
      for (std::size_t i : c.cross) {
        in_c.clear();
        for (Node v = 0; v < n; ++v)
          if (!c.in_s[v]) in_c.push_back(flow_->holds(i, t, v));
        held.push_back(f_.make_or(in_c));
      }
      if (most < R) {
        f_.at_most(held, static_cast<unsigned>(most));
        ++rules;
      }
      if (rest < R) {
        for (Lit& l : held) l = -l;
        f_.at_most(held, static_cast<unsigned>(rest));
        ++rules;
      }
    }
  }
  if (rules > 0) notes_ += ", " + std::to_string(rules) + " cut-count rules";
}

}  // namespace schedcert::encodings::synth
