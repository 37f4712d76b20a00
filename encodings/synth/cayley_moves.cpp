// Translation-invariant total exchange as move scheduling (design note in the header).
#include "encodings/synth/cayley_moves.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "encodings/synth/slack.hpp"

namespace schedcert::encodings::synth {

using schedules::FactorKind;
using schedules::Model;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

bool CayleyMoveEncoding::applicable(const Network& net, Model model, const Problem& p) {
  return net.is_translation_invariant() && net.size() > 1 &&
         p.kind == ProblemKind::TotalExchange && p.packet_items == 1 &&
         (model == Model::AllPort || model == Model::SinglePortFull);
}

CayleyMoveEncoding::CayleyMoveEncoding(const Topology& topo, Model model, const Problem& p,
                                       unsigned steps)
    : topo_(topo), model_(model), problem_(p), steps_(steps), f_(false) {
  const Network& net = topo.net();
  const std::uint32_t n = topo.n(), M = p.messages;
  const unsigned T = steps;
  std::uint64_t total_moves = 0;
  auto new_move = [&](std::size_t item, int dim, std::uint32_t delta) {
    Move mv{item, dim, delta, {}};
    for (unsigned s = 0; s < T; ++s) mv.at.push_back(f_.new_var());
    moves_.push_back(std::move(mv));
    return moves_.size() - 1;
  };
  auto exactly = [&](const std::vector<Lit>& lits, unsigned k) {
    if (lits.size() < k) {  // fewer steps than moves: the restricted query is UNSAT
      f_.add_clause(std::vector<Lit>{});
      return;
    }
    f_.at_most(lits, k);
    std::vector<Lit> neg;
    for (Lit l : lits) neg.push_back(-l);
    f_.at_most(neg, static_cast<unsigned>(lits.size()) - k);
  };
  for (Node d = 1; d < n; ++d)
    for (std::uint32_t m = 0; m < M; ++m) {
      const std::size_t item = targets_.size();
      targets_.push_back(Item{d} * M + m);
      const std::size_t first_move = moves_.size();
      for (int k = 0; k < net.dims(); ++k) {
        const auto& fa = net.factors()[static_cast<std::size_t>(k)];
        const std::uint32_t a = net.digit(d, k);
        if (a == 0) continue;
        std::vector<Lit> lits;
        unsigned count = 1;
        if (fa.kind == FactorKind::Ring && 2 * a == fa.size) {
          count = a;
          const Lit dir = f_.new_var();
          const std::size_t plus = new_move(item, k, 1), minus = new_move(item, k, fa.size - 1);
          for (unsigned s = 0; s < T; ++s) {
            f_.implies(moves_[plus].at[s], dir);
            f_.implies(moves_[minus].at[s], -dir);
            lits.push_back(moves_[plus].at[s]);
            lits.push_back(moves_[minus].at[s]);
          }
        } else {
          std::uint32_t delta = a;
          if (fa.kind == FactorKind::Ring) {
            count = 2 * a < fa.size ? a : fa.size - a;
            delta = 2 * a < fa.size ? 1 : fa.size - 1;
          }
          const std::size_t mv = new_move(item, k, delta);
          lits = moves_[mv].at;
        }
        total_moves += count;
        exactly(lits, count);
      }
      for (unsigned s = 0; s < T; ++s) {  // an item makes one move per step
        std::vector<Lit> now;
        for (std::size_t j = first_move; j < moves_.size(); ++j) now.push_back(moves_[j].at[s]);
        f_.at_most(now, 1);
      }
    }
  // Capacity: per step and edge type (all-port) or per step (single-port full duplex).
  std::map<std::pair<int, std::uint32_t>, std::vector<std::size_t>> by_type;
  for (int k = 0; k < net.dims(); ++k) {  // every edge type of the network, used or not
    const auto& fa = net.factors()[static_cast<std::size_t>(k)];
    for (std::uint32_t delta = 1; delta < fa.size; ++delta)
      if (fa.kind == FactorKind::Complete || fa.kind == FactorKind::K2 || delta == 1 ||
          delta == fa.size - 1)
        by_type[{k, delta}];
  }
  for (std::size_t j = 0; j < moves_.size(); ++j)
    by_type[{moves_[j].dim, moves_[j].delta}].push_back(j);
  SlackResource slack;
  slack.needed = total_moves;
  for (unsigned s = 0; s < T; ++s) {
    std::vector<Lit> all;
    for (const auto& [type, js] : by_type) {
      std::vector<Lit> lits;
      for (std::size_t j : js) lits.push_back(moves_[j].at[s]);
      all.insert(all.end(), lits.begin(), lits.end());
      if (model == Model::AllPort) slack.slots.push_back(lits);
      f_.at_most(std::move(lits), 1);
    }
    if (model == Model::SinglePortFull) {
      slack.slots.push_back(all);
      f_.at_most(std::move(all), 1);
    }
  }
  const auto sl = add_slack_rule(f_, slack, slack.slots.size() / 4);
  notes_ = "translation-invariant move scheduling (shortest paths), " +
           std::to_string(total_moves) + " moves";
  if (sl >= 0) notes_ += ", slack " + std::to_string(sl);
}

Schedule CayleyMoveEncoding::decode(const SolveOutcome& sat) const {
  const Network& net = topo_.net();
  const std::uint32_t n = topo_.n();
  const std::uint64_t M = problem_.messages;
  // Pattern transmissions per step: (from, to, pattern item id).
  std::vector<std::vector<std::tuple<Node, Node, Item>>> pattern(steps_);
  std::vector<std::vector<std::pair<unsigned, std::size_t>>> per_item(targets_.size());
  for (std::size_t j = 0; j < moves_.size(); ++j)
    for (unsigned s = 0; s < steps_; ++s)
      if (sat.value(moves_[j].at[s])) per_item[moves_[j].item].emplace_back(s, j);
  for (std::size_t x = 0; x < targets_.size(); ++x) {
    auto& mv = per_item[x];
    std::sort(mv.begin(), mv.end());
    Node at = 0;
    for (const auto& [s, j] : mv) {
      const Move& m = moves_[j];
      const auto& fa = net.factors()[static_cast<std::size_t>(m.dim)];
      const Node next = net.with_digit(at, m.dim, (net.digit(at, m.dim) + m.delta) % fa.size);
      pattern[s].emplace_back(at, next, targets_[x]);
      at = next;
    }
  }
  Schedule out(net, model_, problem_);
  out.provenance().construction = "smt-synthesis";
  out.provenance().parameters.emplace_back("encoding", "cayley-moves");
  out.provenance().parameters.emplace_back("steps", std::to_string(steps_));
  for (unsigned s = 0; s < steps_; ++s) {
    out.begin_step();
    for (const auto& [a, b, id] : pattern[s]) {
      const Node dst = static_cast<Node>(id / M);
      for (Node src = 0; src < n; ++src)
        out.add(net.translate(a, src), net.translate(b, src),
                (Item{src} * n + net.translate(dst, src)) * M + id % M);
    }
  }
  return out;
}

}  // namespace schedcert::encodings::synth
