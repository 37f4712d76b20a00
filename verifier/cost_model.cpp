// Linear cost simulation (see cost_model.hpp). The asynchronous pass keeps, per (item, node), the
// time the node holds the item, in a hash map keyed item * N + node; origins hold their items at
// time 0 (Problem::origin). Resource free times live in flat arrays.
#include "verifier/cost_model.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"

namespace schedcert::verifier {

using schedules::Item;
using schedules::Model;
using schedules::Node;

CostEstimate simulate_cost(const schedules::Schedule& s, const LinearCost& c) {
  if (c.tau < 0 || c.tc < 0) throw InputError("--tau/--tc: costs must be non-negative");
  CostEstimate e;
  e.steps = s.num_steps();
  e.transmissions = s.num_transmissions();
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.num_nodes();
  const Model model = s.model();

  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    std::size_t largest = 0;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
      largest = std::max(largest, s.packet(k).size());
    e.max_packet_items = std::max<std::uint64_t>(e.max_packet_items, largest);
    e.synchronous += c.tau + c.tc * static_cast<double>(largest);
  }

  // Keys item * N + node are distinct only while items x N fits in 64 bits (issue 13).
  (void)checked_mul(prob.num_items(n), n, "cost: the (item, node) keys, items x nodes");
  std::unordered_map<std::uint64_t, double> held;
  held.reserve(s.num_item_slots());
  auto holds = [&](Item i, Node v) -> double {
    if (prob.origin(i, n) == v) return 0.0;
    auto it = held.find(i * n + v);
    if (it == held.end())
      throw InputError("cost: node " + std::to_string(v) + " sends " +
                       prob.describe_item(i, n) +
                       " before it holds it; verify the schedule first");
    return it->second;
  };
  const std::uint64_t ports = net.ports();
  std::vector<double> link_free(model == Model::AllPort ? n * ports : 0, 0.0);
  std::vector<double> send_free(n, 0.0), recv_free(n, 0.0);
  const bool one_port = model == Model::SinglePortHalf || model == Model::ShoutWhisper;
  for (std::size_t k = 0; k < s.num_transmissions(); ++k) {
    const Node f = s.from(k), t = s.to(k);
    auto pk = s.packet(k);
    double start = 0.0;
    for (Item i : pk) start = std::max(start, holds(i, f));
    double* a = nullptr;
    double* b = nullptr;
    if (model == Model::AllPort) {
      a = &link_free[static_cast<std::uint64_t>(f) * ports + net.port(f, t)];
    } else if (one_port) {
      a = &send_free[f];  // the node's only port
      b = &send_free[t];
    } else {
      a = &send_free[f];
      b = &recv_free[t];
    }
    start = std::max(start, *a);
    if (b) start = std::max(start, *b);
    const double end = start + c.tau + c.tc * static_cast<double>(pk.size());
    *a = end;
    if (b) *b = end;
    for (Item i : pk) {
      if (prob.origin(i, n) == t) continue;
      auto [it, fresh] = held.emplace(i * n + t, end);
      if (!fresh) it->second = std::min(it->second, end);
    }
    e.asynchronous = std::max(e.asynchronous, end);
  }
  return e;
}

}  // namespace schedcert::verifier
