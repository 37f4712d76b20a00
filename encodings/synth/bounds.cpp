// Counting and cut lower bounds (design note in bounds.hpp).
#include "encodings/synth/bounds.hpp"

#include "encodings/synth/allreduce.hpp"
#include "schedules/domination.hpp"

#include <algorithm>
#include <optional>
#include <functional>
#include <map>

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Problem;

namespace {

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

unsigned ceil_log2(std::uint64_t n) {
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

std::string model_name(Model m) { return schedules::to_string(m); }

// The closed neighbourhoods of the topology as bit sets, for schedcert::domination_number.
std::optional<unsigned> domination_number(const Topology& topo) {
  const std::uint32_t n = topo.n();
  if (n == 0 || n > 64) return std::nullopt;
  std::vector<std::uint64_t> closed(n);
  for (Node v = 0; v < n; ++v) {
    closed[v] = std::uint64_t{1} << v;
    for (std::uint32_t l : topo.out(v)) closed[v] |= std::uint64_t{1} << topo.links()[l].to;
  }
  return schedules::domination_number(closed);
}

// Keeps the strongest bound of one kind.
struct Best {
  LowerBound b;
  void offer(std::uint64_t steps, const std::function<std::string()>& why) {
    if (steps > b.steps) b = LowerBound{static_cast<unsigned>(steps), why()};
  }
};

}  // namespace

std::vector<SlabCut> slab_cuts(const Topology& topo, schedules::Model model,
                               const std::vector<FlowItem>& items, std::uint32_t all_sets_up_to) {
  std::vector<SlabCut> out;
  const auto& net = topo.net();
  const std::uint32_t n = topo.n();
  for (int k = 0; k < net.dims(); ++k) {
    const std::uint32_t s = net.factors()[static_cast<std::size_t>(k)].size;
    std::vector<std::vector<bool>> sets;
    if (s <= all_sets_up_to) {
      for (std::uint32_t mask = 1; mask + 1 < (1u << s); ++mask) {
        std::vector<bool> a(s);
        for (std::uint32_t b = 0; b < s; ++b) a[b] = (mask >> b) & 1u;
        sets.push_back(a);
      }
    } else {
      for (std::uint32_t lo = 0; lo < s; ++lo)
        for (std::uint32_t len = 1; len < s; ++len) {
          std::vector<bool> a(s);
          for (std::uint32_t j = 0; j < len; ++j) a[(lo + j) % s] = true;
          sets.push_back(a);
        }
    }
    for (const auto& a : sets) {
      SlabCut c;
      c.in_s.resize(n);
      std::uint64_t size_s = 0;
      for (Node v = 0; v < n; ++v) size_s += (c.in_s[v] = a[net.digit(v, k)]);
      for (const auto& l : topo.links()) c.links += c.in_s[l.from] && !c.in_s[l.to] ? l.mult : 0;
      for (std::size_t i = 0; i < items.size(); ++i)
        if (c.in_s[items[i].origin] && (items[i].target == kEveryNode || !c.in_s[items[i].target]))
          c.cross.push_back(i);
      c.capacity = c.links;
      if (model != Model::AllPort) c.capacity = std::min({c.capacity, size_s, std::uint64_t{n} - size_s});
      std::string vals;
      for (std::uint32_t b = 0; b < s; ++b)
        if (a[b]) vals += (vals.empty() ? "" : ",") + std::to_string(b);
      c.name = "S = {v : digit " + std::to_string(k) + " of v in {" + vals + "}} (" +
               std::to_string(size_s) + " nodes)";
      out.push_back(std::move(c));
    }
  }
  return out;
}

std::vector<LowerBound> lower_bounds(const Topology& topo, Model model, const Problem& p) {
  if (p.kind == schedules::ProblemKind::Allreduce) return allreduce_lower_bounds(topo, model);
  const std::uint32_t n = topo.n();
  const auto items = items_to_move(p, n);
  const std::uint64_t B = p.packet_items;
  const bool single_port = model != Model::AllPort;
  std::vector<Best> kinds(8);

  // distance
  for (const auto& it : items) {
    const bool personal = it.target != kEveryNode;
    Node far = it.target;
    if (!personal) {
      far = 0;
      for (Node v = 0; v < n; ++v)
        if (topo.dist(it.origin, v) > topo.dist(it.origin, far)) far = v;
    }
    kinds[0].offer(topo.dist(it.origin, far), [&] {
      return p.describe_item(it.id, n) + " must reach node " + std::to_string(far) +
             " at distance " + std::to_string(topo.dist(it.origin, far)) + " from node " +
             std::to_string(it.origin) + ", one link per step";
    });
  }
  if (!p.combining()) {
    // receive: per node, per distance threshold
    std::vector<std::vector<std::uint32_t>> recv_dists(n);
    std::vector<std::vector<std::uint32_t>> send_needs(n);
    std::vector<std::uint64_t> all_node_items(n, 0);
    std::uint64_t hops = 0;
    for (const auto& it : items) {
      const bool personal = it.target != kEveryNode;
      if (personal) {
        recv_dists[it.target].push_back(topo.dist(it.origin, it.target));
        send_needs[it.origin].push_back(topo.dist(it.origin, it.target));
        hops += topo.dist(it.origin, it.target);
      } else {
        for (Node v = 0; v < n; ++v)
          if (v != it.origin) recv_dists[v].push_back(topo.dist(it.origin, v));
        send_needs[it.origin].push_back(topo.ecc(it.origin));
        ++all_node_items[it.origin];
        hops += n - 1;
      }
    }
    for (Node v = 0; v < n; ++v) {
      // All-port: packets per step = the multiplicities of the node's links.
      std::uint64_t rp = 0, sp = 0;
      for (std::uint32_t l : topo.in(v)) rp += topo.links()[l].mult;
      for (std::uint32_t l : topo.out(v)) sp += topo.links()[l].mult;
      if (single_port) rp = sp = 1;
      const std::string ports_r = single_port ? "1 packet" : std::to_string(rp) + " packets";
      const std::string ports_s = single_port ? "1 packet" : std::to_string(sp) + " packets";
      for (int side = 0; side < 2; ++side) {
        auto ds = side == 0 ? recv_dists[v] : send_needs[v];
        std::sort(ds.begin(), ds.end(), std::greater<>());
        const std::uint64_t cap = (side == 0 ? rp : sp) * B;
        if (cap == 0) continue;
        for (std::size_t c = 1; c <= ds.size(); ++c) {
          if (c < ds.size() && ds[c] == ds[c - 1]) continue;  // take the whole group of equal d
          const std::uint32_t d = ds[c - 1];
          kinds[side + 1].offer(d - 1 + ceil_div(c, cap), [&] {
            if (side == 0)
              return "node " + std::to_string(v) + " needs " + std::to_string(c) +
                     " items from nodes at distance >= " + std::to_string(d) +
                     "; none arrives before step " + std::to_string(d) + " and it receives at most " +
                     ports_r + " of " + std::to_string(B) + " item(s) per step (" +
                     model_name(model) + ")";
            return "node " + std::to_string(v) + " must send " + std::to_string(c) +
                   " of its items that still have to travel >= " + std::to_string(d) +
                   " links after leaving it (so they leave by step T-" + std::to_string(d - 1) +
                   "); it sends at most " + ports_s + " of " + std::to_string(B) +
                   " item(s) per step (" + model_name(model) + ")";
          });
        }
      }
      const std::uint64_t R = recv_dists[v].size(), S = send_needs[v].size();
      if (model == Model::SinglePortHalf || model == Model::ShoutWhisper)
        kinds[3].offer(ceil_div(R, B) + ceil_div(S, B), [&] {
          return "node " + std::to_string(v) + " must receive " + std::to_string(R) +
                 " and send " + std::to_string(S) + " items, at most " + std::to_string(B) +
                 " per packet and one packet per step, never sending and receiving in the same "
                 "step (" + model_name(model) + ")";
        });
      if ((model == Model::SinglePortFull || model == Model::SinglePortHalf) &&
          all_node_items[v] > 0)
        kinds[4].offer(ceil_div(all_node_items[v], B) + ceil_log2(n) - 1, [&] {
          return "node " + std::to_string(v) + " sends its " + std::to_string(all_node_items[v]) +
                 " items (needed by all " + std::to_string(n) +
                 " nodes) one packet per step, so the last leaves at step >= " +
                 std::to_string(ceil_div(all_node_items[v], B)) +
                 " held by 2 nodes, and holders at most double per step (single-port)";
        });
      if (p.ordered()) {
        // Runs of consecutive broadcasts v does not originate arrive in strictly increasing
        // steps (each needs its predecessor held before the step it arrives in).
        std::uint64_t run = 0, first = 0;
        for (std::size_t j = 0; j < p.sources.size(); ++j) {
          if (p.sources[j] == v) {
            run = 0;
            continue;
          }
          if (run == 0) first = j;
          ++run;
          kinds[5].offer(run, [&] {
            return "node " + std::to_string(v) + " must receive broadcasts #" +
                   std::to_string(first + 1) + "..#" + std::to_string(j + 1) +
                   " (none of them its own), each only in a step after the previous one arrived";
          });
        }
      }
    }
    // hops
    std::uint64_t cap = 0;
    for (const auto& l : topo.links()) cap += l.mult;
    if (model == Model::SinglePortFull) cap = std::min<std::uint64_t>(cap, n);
    if (model == Model::SinglePortHalf) cap = std::min<std::uint64_t>(cap, n / 2);
    std::optional<unsigned> gamma;
    if (model == Model::ShoutWhisper) {
      // k senders reach at most k * maxdeg receivers, and only the n - k others receive.
      std::uint64_t maxdeg = 0, best = 0;
      for (Node v = 0; v < n; ++v) maxdeg = std::max<std::uint64_t>(maxdeg, topo.out(v).size());
      for (std::uint64_t k = 1; k < n; ++k) best = std::max(best, std::min(n - k, k * maxdeg));
      cap = std::min(cap, best);
      // And at most n - gamma: the senders of a step together with the nodes no sender reaches
      // form a dominating set, so at least gamma nodes do not receive (issue 27).
      gamma = domination_number(topo);
      if (gamma && n - *gamma < cap) cap = n - *gamma;
      else gamma.reset();
    }
    if (cap > 0)
      kinds[6].offer(ceil_div(hops, cap * B), [&] {
        return "the items need " + std::to_string(hops) +
               " item-transmissions in all (distance for personalised items, N-1 receptions for "
               "items every node needs) and at most " + std::to_string(cap) + " packets of " +
               std::to_string(B) + " item(s) move per step (" + model_name(model) +
               (gamma ? ": the senders and the nodes they do not reach dominate the network, whose "
                        "domination number is " + std::to_string(*gamma) + " (exhaustive search), so at "
                        "most " + std::to_string(n) + " - " + std::to_string(*gamma) + " nodes receive"
                      : std::string()) + ")";
      });
    // cuts: slabs of one dimension
    for (const SlabCut& c : slab_cuts(topo, model, items)) {
      if (c.capacity == 0 || c.cross.empty()) continue;
      kinds[7].offer(ceil_div(c.cross.size(), c.capacity * B), [&] {
        return "cut " + c.name + ": " + std::to_string(c.cross.size()) +
               " items must cross from S to its complement, and at most " +
               std::to_string(c.capacity) + " packets of " + std::to_string(B) +
               " item(s) cross per step (" + std::to_string(c.links) + " directed links" +
               (single_port ? ", single-port" : "") + ")";
      });
    }
  }
  std::vector<LowerBound> out;
  for (auto& k : kinds)
    if (k.b.steps > 0) out.push_back(k.b);
  std::stable_sort(out.begin(), out.end(),
                   [](const LowerBound& a, const LowerBound& b) { return a.steps > b.steps; });
  return out;
}

}  // namespace schedcert::encodings::synth
