// Combining problems as reversed broadcasts (design note in reverse.hpp).
#include "encodings/synth/reverse.hpp"

#include <vector>

#include "schedules/transforms/reverse.hpp"

namespace schedcert::encodings::synth {

using schedules::Item;
using schedules::Model;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

std::optional<Problem> combining_dual(const Problem& p, Model model) {
  if (model == Model::ShoutWhisper) return std::nullopt;
  Problem d = p;
  d.messages = 1;
  d.packet_items = 1;
  if (p.kind == ProblemKind::Accumulation) {
    d.kind = ProblemKind::Broadcast;
    return d;
  }
  if (p.kind == ProblemKind::MultinodeAccumulation) {
    d.kind = ProblemKind::MultinodeBroadcast;
    return d;
  }
  return std::nullopt;
}

Schedule reverse_dual_schedule(const Schedule& dual) {
  // Keep each node's first reception of each item: a spanning tree per item.
  const std::uint64_t n = dual.network().size();
  const std::uint64_t items = dual.problem().num_items(n);
  std::vector<bool> has(items * n, false);
  for (Item i = 0; i < items; ++i) has[i * n + dual.problem().origin(i, n)] = true;
  Schedule tree(dual.network(), dual.model(), dual.problem());
  tree.provenance() = dual.provenance();
  for (std::size_t st = 0; st < dual.num_steps(); ++st) {
    tree.begin_step();
    for (std::size_t k = dual.step_begin(st); k < dual.step_end(st); ++k) {
      const Item i = dual.packet(k)[0];
      const std::size_t slot = i * n + dual.to(k);
      if (has[slot]) continue;
      has[slot] = true;  // same-step duplicates are dropped too
      tree.add(dual.from(k), dual.to(k), i);
    }
  }
  return schedules::transforms::reverse(tree);
}

}  // namespace schedcert::encodings::synth
