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
