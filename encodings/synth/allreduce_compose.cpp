// Allreduce = reduction + distribution, composed (design note in allreduce_compose.hpp).
#include "encodings/synth/allreduce_compose.hpp"

#include <algorithm>
#include <vector>

#include "encodings/synth/allreduce.hpp"
#include "encodings/synth/request.hpp"
#include "verifier/native.hpp"

namespace schedcert::encodings::synth {

using schedules::Item;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

namespace {

struct Half {
  unsigned steps = 0;
  Schedule schedule;
};

// The optimum of one half by its own walk; empty with `why` set when none was established.
std::optional<Half> optimum_of(const schedules::Network& net, schedules::Model model, const Problem& p,
                               const SynthesisOptions& so, std::string& why) {
  const auto range = synthesis_range(net, model, route_synthesis(net, p, ""), 0);
  const auto r = minimize_steps(net, model, p, walk_start(so, range), range.hi, so);
  if (!r.optimum || !r.at_optimum.schedule) {
    why = p.describe() + ": no optimum established" + (r.below.reason.empty() ? "" : " (" + r.below.reason + ")");
    return std::nullopt;
  }
  return Half{*r.optimum, *r.at_optimum.schedule};
}

// Appends `h`'s steps to `out`, each packet mapped item by item through `map` (sorted, distinct).
template <class Map>
void append(Schedule& out, const Schedule& h, Map map) {
  std::vector<Item> packet;
  for (std::size_t s = 0; s < h.num_steps(); ++s) {
    out.begin_step();
    for (std::size_t t = h.step_begin(s); t < h.step_end(s); ++t) {
      packet.clear();
      for (Item i : h.packet(t)) map(i, packet);
      std::sort(packet.begin(), packet.end());
      packet.erase(std::unique(packet.begin(), packet.end()), packet.end());
      out.add(h.from(t), h.to(t), packet);
    }
  }
}

}  // namespace

ComposeOutcome compose_reduce_distribute(const schedules::Network& net, schedules::Model model,
                                         const Problem& allreduce, const SynthesisOptions& options) {
  ComposeOutcome out;
  const std::uint64_t n = net.num_nodes();
  const std::uint64_t M = allreduce.messages;
  if (allreduce.kind != ProblemKind::Allreduce || n < 2 || (M != 1 && M != n)) {
    out.why_not = "composition needs M = 1 (reduce + broadcast) or M = N = " + std::to_string(n) +
                  " (reduce-scatter + allgather); M = " + std::to_string(M);
    return out;
  }
  SynthesisOptions so = options;
  so.quiet = true;
  so.emit_smt2_path.clear();
  std::vector<std::pair<Problem, Problem>> candidates;
  bool all_roots = true;
  if (M == n) {
    Problem rs, ag;
    rs.kind = ProblemKind::MultinodeAccumulation;
    ag.kind = ProblemKind::MultinodeBroadcast;
    candidates.emplace_back(rs, ag);
  } else {
    all_roots = n <= 16;
    for (Node r = 0; r < (all_roots ? n : 1); ++r) {
      Problem red, bc;
      red.kind = ProblemKind::Accumulation;
      bc.kind = ProblemKind::Broadcast;
      red.root = bc.root = r;
      candidates.emplace_back(red, bc);
    }
  }
  std::optional<ComposedAllreduce> best;
  for (const auto& [red, dist] : candidates) {
    const auto a = optimum_of(net, model, red, so, out.why_not);
    if (!a) return {std::nullopt, out.why_not};
    const auto b = optimum_of(net, model, dist, so, out.why_not);
    if (!b) return {std::nullopt, out.why_not};
    if (best && a->steps + b->steps >= best->reduce_steps + best->distribute_steps) continue;
    Schedule s(net, model, allreduce);
    // The reduction's items are the allreduce's: src*N + tgt = src*M + m (M = N, m = tgt), s = s*1 + 0.
    append(s, a->schedule, [](Item i, std::vector<Item>& p) { p.push_back(i); });
    // The distribution's item c (the value of chunk c, or chunk 0 of a broadcast) becomes every
    // contribution to that chunk: its complete value.
    append(s, b->schedule, [&](Item c, std::vector<Item>& p) {
      const Item chunk = M == 1 ? 0 : c;
      for (Item src = 0; src < n; ++src) p.push_back(src * M + chunk);
    });
    s.provenance().construction = "synthesis:reduce+distribute";
    s.provenance().parameters = {{"reduce", red.describe()}, {"distribute", dist.describe()}};
    const auto v = verifier::verify_native(s);
    if (!v.valid)
      return {std::nullopt, "the composed schedule is rejected by the native verifier: " +
                                (v.violation ? v.violation->message : std::string("?"))};
    ComposedAllreduce c{std::move(s), red, dist, a->steps, b->steps, false, ""};
    c.whole_values = sends_whole_values(c.schedule);
    c.label = (M == n ? "reduce-scatter " : "reduce to node " + std::to_string(red.root) + " ") +
              std::to_string(a->steps) + " + " + (M == n ? "allgather " : "broadcast ") + std::to_string(b->steps) +
              (M == n || all_roots ? "" : " (root 0 only: N > 16)");
    best = std::move(c);
  }
  out.result = std::move(best);
  return out;
}

}  // namespace schedcert::encodings::synth
