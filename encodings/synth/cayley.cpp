// Translation-invariant (Cayley) restricted search (design note in cayley.hpp).
#include "encodings/synth/cayley.hpp"

#include <map>

#include "encodings/synth/slack.hpp"
#include "encodings/synth/symmetry.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

bool CayleyEncoding::applicable(const Network& net, Model model, const Problem& p) {
  return net.is_translation_invariant() && net.size() > 1 &&
         (p.kind == ProblemKind::MultinodeBroadcast || p.kind == ProblemKind::TotalExchange) &&
         p.packet_items == 1 && (model == Model::AllPort || model == Model::SinglePortFull);
}

CayleyEncoding::CayleyEncoding(const Topology& topo, Model model, const Problem& p,
                               unsigned steps, bool symmetry, bool keep_names)
    : topo_(topo), model_(model), problem_(p), steps_(steps), f_(keep_names) {
  const std::uint32_t n = topo.n();
  const std::uint32_t M = p.messages;
  std::vector<FlowItem> pattern;
  if (p.kind == ProblemKind::MultinodeBroadcast) {
    for (std::uint32_t m = 0; m < M; ++m) pattern.push_back(FlowItem{m, 0, kEveryNode, -1});
  } else {
    for (Node d = 1; d < n; ++d)
      for (std::uint32_t m = 0; m < M; ++m)
        pattern.push_back(FlowItem{Item{d} * M + m, 0, d, -1});
  }
  flow_ = std::make_unique<Flow>(f_, topo, std::move(pattern), steps, FlowOptions{true, false});
  notes_ = "translation-invariant pattern of source 0";

  std::map<std::uint64_t, std::vector<std::uint32_t>> by_type;
  for (std::uint32_t l = 0; l < topo.links().size(); ++l)
    by_type[topo.net().edge_type(topo.links()[l].from, topo.links()[l].to)].push_back(l);
  const auto& items = flow_->items();
  // Slack rule (slack.hpp) over the pattern's slots: (step, edge type) all-port, steps
  // single-port; extras are moves of a personalised item that do not approach its target.
  SlackResource slack;
  for (const auto& it : items)
    slack.needed += it.target == kEveryNode ? n - 1 : topo.dist(it.origin, it.target);
  for (unsigned t = 0; t < steps; ++t) {
    std::vector<Lit> all;
    for (const auto& [type, links] : by_type) {
      std::vector<Lit> lits;
      for (std::uint32_t l : links)
        for (std::size_t i = 0; i < items.size(); ++i) {
          const Lit x = flow_->send(i, t, l);
          if (x == kFalse) continue;
          lits.push_back(x);
          const auto& e = topo.links()[l];
          if (items[i].target != kEveryNode &&
              topo.dist(e.to, items[i].target) >= topo.dist(e.from, items[i].target))
            slack.extra.push_back(x);
        }
      all.insert(all.end(), lits.begin(), lits.end());
      if (model == Model::AllPort) slack.slots.push_back(lits);
      f_.at_most(std::move(lits), 1);
    }
    if (model == Model::SinglePortFull) slack.slots.push_back(all);
    if (model == Model::SinglePortFull) f_.at_most(std::move(all), 1);
  }
  const auto sl = add_slack_rule(f_, slack, slack.slots.size() / 4);
  if (sl >= 0) notes_ += ", slack " + std::to_string(sl);
  if (symmetry && steps > 0) {
    auto activity = [&](Node w) {
      std::vector<Lit> lits;
      const auto a = static_cast<std::uint32_t>(topo.link_index(0, w));
      for (std::size_t i = 0; i < items.size(); ++i) lits.push_back(flow_->send(i, 0, a));
      return f_.make_or(std::move(lits));
    };
    const std::string sym = add_stabilizer_rules(f_, topo, 0, activity, false);
    if (!sym.empty()) notes_ += ", symmetry: " + sym;
  }
}

Schedule CayleyEncoding::decode(const SolveOutcome& sat) const {
  const std::uint32_t n = topo_.n();
  const std::uint64_t M = problem_.messages;
  const Network& net = topo_.net();
  Schedule s(net, model_, problem_);
  s.provenance().construction = "smt-synthesis";
  s.provenance().parameters.emplace_back("encoding", "cayley");
  s.provenance().parameters.emplace_back("steps", std::to_string(steps_));
  const auto& items = flow_->items();
  for (unsigned t = 0; t < steps_; ++t) {
    s.begin_step();
    for (std::uint32_t l = 0; l < topo_.links().size(); ++l)
      for (std::size_t i = 0; i < items.size(); ++i) {
        const Lit x = flow_->send(i, t, l);
        if (x == kFalse || !sat.value(x)) continue;
        const DLink& e = topo_.links()[l];
        for (Node src = 0; src < n; ++src) {
          Item id;
          if (problem_.kind == ProblemKind::MultinodeBroadcast) {
            id = Item{src} * M + items[i].id;
          } else {
            const Node dst = static_cast<Node>(items[i].id / M);
            id = (Item{src} * n + net.translate(dst, src)) * M + items[i].id % M;
          }
          s.add(net.translate(e.from, src), net.translate(e.to, src), id);
        }
      }
  }
  return s;
}

}  // namespace schedcert::encodings::synth
