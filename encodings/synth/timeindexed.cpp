// The full time-indexed synthesis encoding (design note in timeindexed.hpp).
#include "encodings/synth/timeindexed.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <optional>

#include "encodings/synth/bounds.hpp"
#include "encodings/synth/lex_leader.hpp"
#include "encodings/synth/slack.hpp"
#include "encodings/synth/symmetry.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

namespace {

bool prune_allowed(Model m, const Problem& p) {
  return !(m == Model::ShoutWhisper && (p.packet_items > 1 || p.combining()));
}

}  // namespace

std::uint64_t TimeIndexedEncoding::estimate_bytes(const Topology& topo, Model model,
                                                  const Problem& p, unsigned steps) {
  FlowOptions fo;
  fo.prune = prune_allowed(model, p);
  fo.combining = p.combining();
  return Flow::estimate_bytes(topo, items_to_move(p, topo.n()), steps, fo);
}

TimeIndexedEncoding::TimeIndexedEncoding(const Topology& topo, Model model, const Problem& p,
                                         unsigned steps, const EncodeFlags& flags)
    : topo_(topo), model_(model), problem_(p), steps_(steps), f_(flags.keep_names) {
  FlowOptions fo;
  fo.prune = prune_allowed(model, p);
  fo.combining = p.combining();
  fo.routes = flags.routes;
  flow_ = std::make_unique<Flow>(f_, topo, items_to_move(p, topo.n()), steps, fo);
  notes_ = std::string("time-indexed (") + (fo.prune ? "normalised" : "not normalised") + ")";
  if (flags.routes) notes_ += ", restricted to fixed routes";
  add_link_rules();
  add_port_rules();
  // The slack rules count one packet per link-step: not on networks with multi-links.
  if (fo.prune && flags.slack && !topo.net().multi_links()) add_slack_rules();
  if (flags.counts && !p.combining()) add_count_rules(flags.cut_counts);
  if (flags.leaf_bound > 0 && !p.combining()) add_cds_rules(flags.leaf_bound);
  if (flags.leaf_bound > 0 && p.combining()) add_gather_rules(flags.leaf_bound);
  if (!flags.symmetry || flags.routes || steps == 0) return;
  if (flags.lex_leader) {
    LexLeaderOptions lo;
    if (p.has_root()) lo.root = static_cast<int>(p.root);
    const std::string lex = add_lex_leader(f_, topo, *flow_, steps, lo);
    notes_ += ", symmetry: " + (lex.empty() ? std::string("none (no automorphism maps the problem "
                                                          "to itself)") : lex);
    return;
  }
  std::optional<Node> anchor;
  if (p.has_root()) anchor = p.root;
  if (p.kind == ProblemKind::MultinodeBroadcast || p.kind == ProblemKind::TotalExchange ||
      p.kind == ProblemKind::MultinodeAccumulation)
    anchor = 0;
  if (p.kind == ProblemKind::SuccessiveBroadcast &&
      std::all_of(p.sources.begin(), p.sources.end(), [&](Node s) { return s == p.sources[0]; }))
    anchor = p.sources[0];
  if (!anchor) return;
  const Node r = *anchor;
  auto activity = [&](Node w) {
    std::vector<Lit> lits;
    const auto a = topo.link_index(r, w), b = topo.link_index(w, r);
    for (std::size_t i = 0; i < flow_->items().size(); ++i) {
      lits.push_back(flow_->send(i, 0, static_cast<std::uint32_t>(a)));
      lits.push_back(flow_->send(i, 0, static_cast<std::uint32_t>(b)));
    }
    return f_.make_or(std::move(lits));
  };
  const std::string sym = add_stabilizer_rules(f_, topo, r, activity, true);
  if (!sym.empty()) notes_ += ", symmetry: " + sym;
}

void TimeIndexedEncoding::add_link_rules() {
  const std::size_t L = topo_.links().size();
  const auto& items = flow_->items();
  const bool single = problem_.packet_items == 1 && !problem_.combining();
  const bool need_active = model_ != Model::AllPort && !single;
  if (need_active) active_.assign(steps_ * L, kFalse);
  std::vector<Lit> lits;
  for (unsigned t = 0; t < steps_; ++t)
    for (std::uint32_t l = 0; l < L; ++l) {
      lits.clear();
      std::map<Node, std::vector<Lit>> by_target;
      for (std::size_t i = 0; i < items.size(); ++i) {
        const Lit x = flow_->send(i, t, l);
        if (x == kFalse) continue;
        lits.push_back(x);
        if (problem_.combining()) by_target[items[i].target].push_back(x);
      }
      if (lits.empty()) continue;
      // Packets per link and step: the link's multiplicity under all-port, else one (a node
      // sends at most one packet per step under the other models).
      const unsigned cap = model_ == Model::AllPort ? topo_.links()[l].mult : 1;
      if (!problem_.combining()) {
        f_.at_most(lits, cap * problem_.packet_items);
      } else if (by_target.size() > 1) {
        std::vector<Lit> sel;
        for (const auto& [g, xs] : by_target) {
          const Lit s = f_.new_var();
          sel.push_back(s);
          for (Lit x : xs) f_.implies(x, s);
        }
        f_.at_most(sel, cap);
      }
      if (need_active) active_[t * L + l] = f_.make_or(lits);
    }
}

void TimeIndexedEncoding::add_port_rules() {
  if (model_ == Model::AllPort) return;
  const std::size_t L = topo_.links().size();
  const auto& items = flow_->items();
  const bool single = problem_.packet_items == 1 && !problem_.combining();
  // The literals whose sum is "number of packets on these links in step t".
  if (model_ == Model::ShoutWhisper) shout_.assign(steps_ * topo_.n(), {});
  auto packets = [&](unsigned t, const std::vector<std::uint32_t>& links) {
    std::vector<Lit> out;
    for (std::uint32_t l : links) {
      if (!single) {
        out.push_back(active_[t * L + l]);
        continue;
      }
      for (std::size_t i = 0; i < items.size(); ++i) out.push_back(flow_->send(i, t, l));
    }
    std::erase(out, kFalse);
    return out;
  };
  for (unsigned t = 0; t < steps_; ++t)
    for (Node v = 0; v < topo_.n(); ++v) {
      std::vector<Lit> out = packets(t, topo_.out(v)), in = packets(t, topo_.in(v));
      switch (model_) {
        case Model::AllPort: break;
        case Model::SinglePortFull:
          f_.at_most(out, 1);
          f_.at_most(in, 1);
          break;
        case Model::SinglePortHalf:
          out.insert(out.end(), in.begin(), in.end());
          f_.at_most(out, 1);
          break;
        case Model::ShoutWhisper: {
          f_.at_most(in, 1);
          const Lit sends = f_.make_or(out), recvs = f_.make_or(in);
          f_.add_clause({-sends, -recvs});
          // One packet per sender: the set of shouted items.
          std::vector<Lit> shout;
          std::map<Node, std::vector<Lit>> by_target;
          for (std::size_t i = 0; i < items.size(); ++i) {
            std::vector<Lit> xs;
            for (std::uint32_t l : topo_.out(v)) xs.push_back(flow_->send(i, t, l));
            if (std::all_of(xs.begin(), xs.end(), [](Lit x) { return x == kFalse; })) continue;
            const Lit s = f_.new_var();
            shout.push_back(s);
            shout_[t * topo_.n() + v].emplace_back(i, s);
            if (problem_.combining()) by_target[items[i].target].push_back(s);
            for (std::size_t j = 0; j < xs.size(); ++j) {
              f_.implies(xs[j], s);
              if (!single) f_.add_clause({-s, -active_[t * L + topo_.out(v)[j]], xs[j]});
            }
          }
          if (!problem_.combining()) {
            f_.at_most(shout, problem_.packet_items);
          } else if (by_target.size() > 1) {
            std::vector<Lit> sel;
            for (const auto& [g, ss] : by_target) {
              const Lit s = f_.new_var();
              sel.push_back(s);
              for (Lit x : ss) f_.implies(x, s);
            }
            f_.at_most(sel, 1);
          }
          break;
        }
      }
    }
}

void TimeIndexedEncoding::add_slack_rules() {
  if (problem_.packet_items != 1 || problem_.combining()) return;
  const auto& items = flow_->items();
  const auto& links = topo_.links();
  const std::uint32_t n = topo_.n();
  auto personal = [&](std::size_t i) { return items[i].target != kEveryNode; };
  // Per-node counts of what it must receive and send at least once.
  std::vector<std::uint64_t> need_in(n, 0), need_out(n, 0);
  std::uint64_t hops = 0;
  for (const auto& it : items) {
    ++need_out[it.origin];
    if (it.target != kEveryNode) {
      ++need_in[it.target];
      hops += topo_.dist(it.origin, it.target);
    } else {
      for (Node v = 0; v < n; ++v)
        if (v != it.origin) ++need_in[v];
      hops += n - 1;
    }
  }
  auto sends_on = [&](unsigned t, std::uint32_t l, std::vector<Lit>& out) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      const Lit x = flow_->send(i, t, l);
      if (x != kFalse) out.push_back(x);
    }
  };
  auto slack_limit = [](std::size_t slots) { return static_cast<std::uint64_t>(slots / 4); };
  std::string added;
  // Whole network: slots are link-steps (all-port) or sender-steps (single-port full).
  if (model_ == Model::AllPort || model_ == Model::SinglePortFull) {
    SlackResource g;
    g.needed = hops;
    for (unsigned t = 0; t < steps_; ++t) {
      if (model_ == Model::AllPort) {
        for (std::uint32_t l = 0; l < links.size(); ++l) {
          g.slots.emplace_back();
          sends_on(t, l, g.slots.back());
        }
      } else {
        for (Node v = 0; v < n; ++v) {
          g.slots.emplace_back();
          for (std::uint32_t l : topo_.out(v)) sends_on(t, l, g.slots.back());
        }
      }
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (!personal(i)) continue;
        for (std::uint32_t l = 0; l < links.size(); ++l) {
          const Lit x = flow_->send(i, t, l);
          if (x != kFalse &&
              topo_.dist(links[l].to, items[i].target) >= topo_.dist(links[l].from, items[i].target))
            g.extra.push_back(x);
        }
      }
    }
    const auto s = add_slack_rule(f_, g, slack_limit(g.slots.size()));
    if (s >= 0) added += "network slack " + std::to_string(s);
  }
  // Per node: receive side and send side (one combined port for half duplex).
  std::uint64_t node_rules = 0;
  for (Node v = 0; v < n; ++v) {
    SlackResource in, out;
    in.needed = need_in[v];
    out.needed = need_out[v];
    for (unsigned t = 0; t < steps_; ++t) {
      if (model_ == Model::AllPort) {
        for (std::uint32_t l : topo_.in(v)) {
          in.slots.emplace_back();
          sends_on(t, l, in.slots.back());
        }
        for (std::uint32_t l : topo_.out(v)) {
          out.slots.emplace_back();
          sends_on(t, l, out.slots.back());
        }
      } else {
        in.slots.emplace_back();
        for (std::uint32_t l : topo_.in(v)) sends_on(t, l, in.slots.back());
        out.slots.emplace_back();
        for (std::uint32_t l : topo_.out(v)) sends_on(t, l, out.slots.back());
      }
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (personal(i) && items[i].target != v)
          for (std::uint32_t l : topo_.in(v)) {
            const Lit x = flow_->send(i, t, l);
            if (x != kFalse) in.extra.push_back(x);
          }
        if (items[i].origin != v)
          for (std::uint32_t l : topo_.out(v)) {
            const Lit x = flow_->send(i, t, l);
            if (x != kFalse) out.extra.push_back(x);
          }
      }
    }
    if (model_ == Model::ShoutWhisper) {
      // A step holds one reception or one shouted item (possibly on several links).
      SlackResource both;
      both.needed = in.needed + out.needed;
      both.extra = in.extra;
      for (unsigned t = 0; t < steps_; ++t) {
        both.slots.push_back(in.slots[t]);
        for (const auto& [i, s] : shout_[t * n + v]) {
          both.slots.back().push_back(s);
          if (items[i].origin != v) both.extra.push_back(s);
        }
      }
      node_rules += add_slack_rule(f_, both, slack_limit(both.slots.size())) >= 0;
      continue;
    }
    if (model_ == Model::SinglePortHalf) {
      SlackResource both;
      both.needed = in.needed + out.needed;
      for (unsigned t = 0; t < steps_; ++t) {
        both.slots.push_back(in.slots[t]);
        both.slots.back().insert(both.slots.back().end(), out.slots[t].begin(), out.slots[t].end());
      }
      both.extra = in.extra;
      both.extra.insert(both.extra.end(), out.extra.begin(), out.extra.end());
      node_rules += add_slack_rule(f_, both, slack_limit(both.slots.size())) >= 0;
      continue;
    }
    node_rules += add_slack_rule(f_, in, slack_limit(in.slots.size())) >= 0;
    node_rules += add_slack_rule(f_, out, slack_limit(out.slots.size())) >= 0;
  }
  if (node_rules > 0)
    added += (added.empty() ? "" : ", ") + std::to_string(node_rules) + " node port slack rules";
  if (!added.empty()) notes_ += ", " + added;
}

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
  if (G < 0) {
    f_.add_clause({});
    notes_ += ", idle rules: no room (G < 0)";
    return;
  }
  // Only where it is tight: a sequential counter over n T literals costs about n T G.
  if (static_cast<std::uint64_t>(G) > n) return;
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
  if (G < 0) {
    f_.add_clause({});
    notes_ += ", idle rules: no room (G < 0)";
    return;
  }
  if (static_cast<std::uint64_t>(G) > n) return;
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

Schedule TimeIndexedEncoding::decode(const SolveOutcome& sat) const {
  Schedule s(topo_.net(), model_, problem_);
  s.provenance().construction = "smt-synthesis";
  s.provenance().parameters.emplace_back("encoding", "time-indexed");
  s.provenance().parameters.emplace_back("steps", std::to_string(steps_));
  const auto& items = flow_->items();
  std::vector<Item> packet;
  for (unsigned t = 0; t < steps_; ++t) {
    s.begin_step();
    for (std::uint32_t l = 0; l < topo_.links().size(); ++l) {
      packet.clear();
      std::map<Node, std::vector<Item>> by_target;  // combining: one packet per target
      for (std::size_t i = 0; i < items.size(); ++i) {
        const Lit x = flow_->send(i, t, l);
        if (x == kFalse || !sat.value(x)) continue;
        packet.push_back(items[i].id);
        by_target[items[i].target].push_back(items[i].id);
      }
      const Node from = topo_.links()[l].from, to = topo_.links()[l].to;
      if (packet.empty()) continue;
      if (topo_.links()[l].mult == 1) {
        s.add(from, to, packet);
      } else if (problem_.combining()) {  // a multi-link carries several packets
        for (const auto& [g, ids] : by_target) s.add(from, to, ids);
      } else {
        const std::size_t B = problem_.packet_items;
        for (std::size_t a = 0; a < packet.size(); a += B)
          s.add(from, to, std::vector<Item>(packet.begin() + static_cast<std::ptrdiff_t>(a),
                                            packet.begin() + static_cast<std::ptrdiff_t>(std::min(packet.size(), a + B))));
      }
    }
  }
  return s;
}

}  // namespace schedcert::encodings::synth
