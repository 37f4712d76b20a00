// Lower bounds, one function per problem; docs/lower-bounds.md proves each candidate.
//
// This file dispatches to one function per problem (bounds_single_node.cpp, bounds_multinode.cpp,
// bounds_successive.cpp) and holds the public helpers; the arguments they share are in
// bounds_arguments.cpp, the context and numeric helpers in bounds_detail.hpp.
#include "verifier/bounds.hpp"

#include <algorithm>
#include <vector>

#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier {

using namespace bounds_detail;

std::uint64_t desprez_lower_bound(std::uint64_t p, std::uint64_t alpha) {
  return 2 * p > alpha + 1 ? 2 * p - alpha - 1 : 0;
}

std::uint64_t max_leaves_upper_bound(const Network& net) {
  const u64 n = net.size();
  if (n <= 2) return n;
  u64 d = max_degree(net);
  if (net.has_graph() && net.directed() && n > (u64{1} << 20)) {
    d = 2 * d;  // in- plus out-neighbours, without a pass over every node (a weaker valid bound)
  } else if (net.has_graph() && net.directed()) {
    // A spanning tree of the underlying undirected graph: in- and out-neighbours both count.
    std::vector<u64> deg(net.size(), 0);
    for (Node v = 0; v < net.size(); ++v)
      net.for_each_neighbour(v, [&](Node w, int) {
        ++deg[v];
        if (!net.adjacent(w, v)) ++deg[w];
      });
    d = *std::max_element(deg.begin(), deg.end());
  }
  if (d <= 2) return std::min<u64>(2, n - 1);  // a path or a cycle: at most two leaves
  const Wide bound = (static_cast<Wide>(n) * (d - 2) + 2) / (d - 1);
  return std::min<u64>(sat(bound), n - 1);
}

LowerBounds lower_bounds(const Network& net, Model model, const schedules::Problem& p) {
  const std::uint64_t L = max_leaves_upper_bound(net);
  return lower_bounds(net, model, p,
                      LeafBound{L, "every spanning tree of " + net.name() + " has at most " +
                                       std::to_string(L) + " leaves (degree count)"});
}

LowerBounds lower_bounds(const Network& net, Model model, const schedules::Problem& p,
                         const LeafBound& leaves) {
  p.validate(net);
  Ctx c{net,        model,
        p,          net.size(),
        p.messages, p.packet_items,
        net.name(), schedules::to_string(model),
        {},         {},
        leaves};
  if (net.has_graph()) graph_bounds(c);
  else switch (p.kind) {
    case ProblemKind::Broadcast:
      broadcast(c);
      break;
    case ProblemKind::Accumulation:
      accumulation(c);
      break;
    case ProblemKind::Scatter:
      scatter_gather(c, true);
      break;
    case ProblemKind::Gather:
      scatter_gather(c, false);
      break;
    case ProblemKind::MultinodeBroadcast:
      multinode_broadcast(c);
      break;
    case ProblemKind::MultinodeAccumulation:
      multinode_accumulation(c);
      break;
    case ProblemKind::TotalExchange:
      total_exchange(c);
      break;
    case ProblemKind::SuccessiveBroadcast:
      successive(c);
      break;
    case ProblemKind::Allreduce:
      allreduce(c);
      break;
  }
  LowerBounds out;
  out.transmissions = c.tx;
  out.step_candidates = std::move(c.cands);
  for (const Bound& b : out.step_candidates)
    if (out.steps.argument.empty() || b.value > out.steps.value) out.steps = b;
  return out;
}

}  // namespace schedcert::verifier
