// Lower bounds on networks with a graph factor (graph files, the built-in real topologies).
//
// The product-network arguments of bounds_single_node.cpp, bounds_multinode.cpp and
// bounds_successive.cpp read the factor structure (per-dimension cuts, path columns, degree-one
// ends of a lone path, one packet per link); none of that holds on an arbitrary graph, where a
// link may also carry several packets per step (its multiplicity). This file replaces them by
// three families that hold on every directed multigraph (docs/lower-bounds.md, "Graph networks"):
//  * distance: an item needs dist(origin, target) hops (eccentricity of the root, diameter);
//  * counting at a node: a node receives at most in_cap(v) packets per step (all-port: the sum of
//    the multiplicities of its in-links; single-port models: 1), sends at most out_cap(v), and a
//    packet holds at most B items; a node at distance e from the root cannot receive before
//    step e;
//  * cuts: for a node set S, every item from S needed outside S crosses the arcs leaving S,
//    which carry at most cap(S) packets of B items per step (all-port: the sum of the arc
//    multiplicities; single-port: also at most the number of nodes of S with such an arc, and of
//    nodes outside S with one). Every S gives a valid bound; the sets tried are minimum s-t
//    cuts found by max-flow (Edmonds-Karp on the multiplicities), where they are strongest for
//    single-source problems, and for multinode broadcast and total exchange on graphs of at most
//    16 nodes every subset S (bisection-like cuts are rarely minimum s-t cuts).
// Combining problems (accumulations) get distance and send counts only.
#include <algorithm>
#include <deque>

#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

namespace {

// The network as an arc list with capacities (multiplicities), for max-flow and counting.
struct Arcs {
  u64 n = 0;
  std::vector<std::uint32_t> off, head, cap;  // CSR, out-arcs
  std::vector<std::uint32_t> rev;             // index of the reverse arc (added with cap 0 if absent)
  std::vector<u64> out_cap, in_cap;

  explicit Arcs(const Network& net) : n(net.size()) {
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> adj(n);
    for (Node v = 0; v < n; ++v)
      net.for_each_neighbour(v, [&](Node w, int dim) { adj[v].push_back({w, net.link_capacity(v, w, dim)}); });
    // Residual graph: every arc with its reverse (capacity 0 when the reverse is not a link).
    // The lists are sorted first, so that the reverse is found by binary search (a linear scan
    // per arc made this quadratic in the degree: minutes on dense graph files, issue 28).
    for (Node v = 0; v < n; ++v) std::sort(adj[v].begin(), adj[v].end());
    std::vector<std::pair<Node, Node>> missing;  // (w, v): add v to w's list with capacity 0
    for (Node v = 0; v < n; ++v)
      for (auto [w, c] : adj[v]) {
        const auto& l = adj[w];
        const auto it = std::lower_bound(l.begin(), l.end(), std::make_pair(static_cast<std::uint32_t>(v), std::uint32_t{0}));
        if (it == l.end() || it->first != v) missing.emplace_back(w, v);
      }
    for (auto [w, v] : missing) adj[w].push_back({v, 0});
    out_cap.assign(n, 0);
    in_cap.assign(n, 0);
    off.assign(n + 1, 0);
    for (Node v = 0; v < n; ++v) {
      std::sort(adj[v].begin(), adj[v].end());
      off[v + 1] = off[v] + static_cast<std::uint32_t>(adj[v].size());
      for (auto [w, c] : adj[v]) {
        head.push_back(w);
        cap.push_back(c);
        out_cap[v] += c;
        in_cap[w] += c;
      }
    }
    rev.assign(head.size(), 0);
    for (Node v = 0; v < n; ++v)
      for (std::uint32_t a = off[v]; a < off[v + 1]; ++a) {
        const Node w = head[a];
        rev[a] = static_cast<std::uint32_t>(
            std::lower_bound(head.begin() + off[w], head.begin() + off[w + 1], v) - head.begin());
      }
  }

  // Edmonds-Karp max-flow s -> t; `side` gets the source side of a minimum cut.
  u64 max_flow(Node s, Node t, std::vector<char>& side) const {
    std::vector<std::int64_t> flow(head.size(), 0);
    u64 total = 0;
    std::vector<std::uint32_t> via(n);
    while (true) {
      side.assign(n, 0);
      side[s] = 1;
      std::deque<Node> q{s};
      while (!q.empty() && !side[t]) {
        const Node u = q.front();
        q.pop_front();
        for (std::uint32_t a = off[u]; a < off[u + 1]; ++a)
          if (!side[head[a]] && static_cast<std::int64_t>(cap[a]) - flow[a] > 0) {
            side[head[a]] = 1;
            via[head[a]] = a;
            q.push_back(head[a]);
          }
      }
      if (!side[t]) return total;
      std::int64_t push = std::numeric_limits<std::int64_t>::max();
      for (Node v = t; v != s; v = head[rev[via[v]]])
        push = std::min(push, static_cast<std::int64_t>(cap[via[v]]) - flow[via[v]]);
      for (Node v = t; v != s; v = head[rev[via[v]]]) {
        flow[via[v]] += push;
        flow[rev[via[v]]] -= push;
      }
      total += static_cast<u64>(push);
    }
  }
};

struct Cut {
  Wide inside = 0;    // |S|
  Wide capacity = 0;  // packets per step across S -> outside under the model
};

Cut cut_of(const Ctx& c, const Arcs& g, const std::vector<char>& side) {
  Cut k;
  Wide arcs = 0, senders = 0;
  std::vector<char> receiver(g.n, 0);
  for (Node v = 0; v < g.n; ++v) {
    if (!side[v]) continue;
    ++k.inside;
    bool sends = false;
    for (std::uint32_t a = g.off[v]; a < g.off[v + 1]; ++a)
      if (!side[g.head[a]] && g.cap[a] > 0) {
        arcs += g.cap[a];
        sends = true;
        receiver[g.head[a]] = 1;
      }
    senders += sends;
  }
  const Wide receivers = static_cast<Wide>(std::count(receiver.begin(), receiver.end(), 1));
  k.capacity = c.all_port() ? arcs : std::min({arcs, senders, receivers});
  return k;
}

std::string cut_text(const Cut& k, const std::string& items, const Ctx& c) {
  return "a minimum cut (max-flow) puts " + S(k.inside) + " nodes on one side; " + items +
         " must cross it, at most " + S(k.capacity) + " packets of B = " + S(c.B) +
         " items per step under " + c.model_name;
}

constexpr u64 kMaxFlowNodes = 4096;  // and kMaxFlowWork below

std::string members(const std::vector<char>& side) {
  std::string s;
  for (std::size_t v = 0; v < side.size(); ++v)
    if (side[v]) s += (s.empty() ? "" : ",") + std::to_string(v);
  return s;
}

}  // namespace

// Networks with more nodes than this (a graph factor times a large product, dgx1xQ28) get only
// the bounds that need no per-node pass and no arc list: distances from the factors (O(dims)),
// the transmission count, and the all-port rate.
constexpr u64 kMaxPerNodeNodes = u64{1} << 20;
// Max-flow work (arc visits, estimated as arcs x the flow's upper bound min(out_cap(s),
// in_cap(t)) per s-t pair) spent on cut bounds; the pairs are tried in order until it is spent.
// Every cut gives a valid bound, so fewer cuts only weaken the bound (a dense 4096-node graph
// file would otherwise take hours; issue 28).
constexpr Wide kMaxFlowWork = 1000000000;

void large_graph_bounds(Ctx& c) {
  const Network& net = c.net;
  const Node r = c.p.root;
  const std::string far = "(" + S(net.size()) + " nodes: per-node and cut bounds are not computed)";
  switch (c.p.kind) {
    case ProblemKind::Broadcast:
      c.set_tx((c.n - 1) * cdiv(c.M, c.B), "each of the " + S(c.n - 1) + " non-root nodes must receive all M = " +
                                               S(c.M) + " items, at most B = " + S(c.B) + " per packet");
      c.add(net.eccentricity(r), "eccentricity of root " + std::to_string(r) + " in " + c.net_name + " " + far);
      break;
    case ProblemKind::Scatter:
      c.add(net.eccentricity(r), "eccentricity of root " + std::to_string(r) + " in " + c.net_name + " " + far);
      break;
    case ProblemKind::Gather:
    case ProblemKind::Accumulation:
      if (!net.directed())
        c.add(net.eccentricity(r), "largest distance to root " + std::to_string(r) + " in " + c.net_name + " " + far);
      break;
    case ProblemKind::SuccessiveBroadcast:
      for (Node s : c.p.sources)
        c.add(net.eccentricity(s), "eccentricity of source " + std::to_string(s) + " in " + c.net_name + " " + far);
      break;
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::TotalExchange:
    case ProblemKind::MultinodeAccumulation:
    case ProblemKind::Allreduce:
      c.add(net.diameter(), "diameter of " + c.net_name + " " + far);
      break;
  }
  if (c.all_port()) {
    const Wide links = net.directed_links(true);
    c.rate(links, "all-port (" + S(links) + " packets per step over all links, multiplicities counted)");
  }
  c.half_rate();
}

void graph_bounds(Ctx& c) {
  const Network& net = c.net;
  const u64 n = net.size();
  if (n > kMaxPerNodeNodes) {
    large_graph_bounds(c);
    return;
  }
  const Arcs g(net);
  Wide flow_work = 0;
  // Whether the s-t max-flow still fits the work budget (and charge it).
  auto afford = [&](Node s, Node t) {
    const Wide cost = static_cast<Wide>(g.head.size()) * std::max<Wide>(1, std::min(g.out_cap[s], g.in_cap[t]));
    if (flow_work + cost > kMaxFlowWork) return false;
    flow_work += cost;
    return true;
  };
  const bool ap = c.all_port();
  auto in_cap = [&](Node v) -> Wide { return ap ? g.in_cap[v] : 1; };
  auto out_cap = [&](Node v) -> Wide { return ap ? g.out_cap[v] : 1; };
  const std::string why_in = ap ? " packets per step (the multiplicities of its in-links)" : " packet per step";
  const std::string why_out = ap ? " packets per step (the multiplicities of its out-links)" : " packet per step";
  const Node r = c.p.root;
  const Wide pk = cdiv(c.M, c.B);
  const bool flows = n <= kMaxFlowNodes;
  std::vector<char> side(n, 0);

  // Node v must receive `packets` packets, the first not before step `first`.
  auto receive_count = [&](Node v, Wide first, Wide packets, const std::string& what) {
    if (packets == 0) return;
    c.add(first + cdiv(packets, in_cap(v)) - (first > 0 ? 1 : 0),
          "node " + std::to_string(v) + " must receive " + what + " (" + S(packets) +
              " packets" + (first > 1 ? ", the first not before step " + S(first) : "") +
              "), at most " + S(in_cap(v)) + why_in);
  };
  auto send_count = [&](Node v, Wide packets, const std::string& what) {
    if (packets == 0) return;
    c.add(cdiv(packets, out_cap(v)), "node " + std::to_string(v) + " must send " + what + " (" +
                                         S(packets) + " packets), at most " + S(out_cap(v)) + why_out);
  };
  // The best of the per-node candidates only (one line each would flood the report).
  auto best_of = [&](auto&& body) {
    const std::size_t from = c.cands.size();
    body();
    if (c.cands.size() <= from + 1) return;
    auto best = std::max_element(c.cands.begin() + static_cast<std::ptrdiff_t>(from), c.cands.end(),
                                 [](const Bound& a, const Bound& b) { return a.value < b.value; });
    Bound keep = *best;
    c.cands.resize(from);
    c.cands.push_back(std::move(keep));
  };

  switch (c.p.kind) {
    case ProblemKind::Broadcast: {
      c.set_tx((c.n - 1) * pk, "each of the " + S(c.n - 1) + " non-root nodes must receive all M = " +
                                   S(c.M) + " items, at most B = " + S(c.B) + " per packet");
      c.add(net.eccentricity(r), "eccentricity of root " + std::to_string(r) + " in " + c.net_name);
      best_of([&] {
        for (Node v = 0; v < n; ++v)
          if (v != r) receive_count(v, net.distance(r, v), pk, "all M = " + S(c.M) + " items");
      });
      send_count(r, pk, "every item at least once");
      if (flows)
        best_of([&] {
          for (Node t = 0; t < n; ++t) {
            if (t == r) continue;
            if (!afford(r, t)) break;
            g.max_flow(r, t, side);
            const Cut k = cut_of(c, g, side);
            c.add(cdiv(c.M, c.B * k.capacity),
                  cut_text(k, "the M = " + S(c.M) + " items (towards node " + std::to_string(t) + ")", c));
          }
        });
      break;
    }
    case ProblemKind::Scatter:
    case ProblemKind::Gather: {
      const bool scatter = c.p.kind == ProblemKind::Scatter;
      Wide hops = 0;
      for (Node v = 0; v < n; ++v) hops += scatter ? net.distance(r, v) : net.distance(v, r);
      c.set_tx(cdiv(c.M * hops, c.B), "the items travel at least M x (sum of distances " +
                                          std::string(scatter ? "from" : "to") + " the root) = " +
                                          S(c.M * hops) + " hops, at most B = " + S(c.B) + " per packet");
      Wide far = 0;
      for (Node v = 0; v < n; ++v) far = std::max<Wide>(far, scatter ? net.distance(r, v) : net.distance(v, r));
      c.add(far, std::string(scatter ? "eccentricity of" : "largest distance to") + " root " +
                     std::to_string(r) + " in " + c.net_name);
      const Wide all = cdiv((c.n - 1) * c.M, c.B);
      if (scatter) {
        send_count(r, all, "the " + S((c.n - 1) * c.M) + " items of the other nodes");
        best_of([&] {
          for (Node v = 0; v < n; ++v)
            if (v != r) receive_count(v, net.distance(r, v), pk, "its M = " + S(c.M) + " items");
        });
      } else {
        receive_count(r, 1, all, "the " + S((c.n - 1) * c.M) + " items of the other nodes");
      }
      if (flows)
        best_of([&] {
          for (Node t = 0; t < n; ++t) {
            if (t == r) continue;
            if (!afford(scatter ? r : t, scatter ? t : r)) break;
            g.max_flow(scatter ? r : t, scatter ? t : r, side);
            const Cut k = cut_of(c, g, side);
            const Wide crossing = (scatter ? c.n - k.inside : k.inside) * c.M;
            c.add(cdiv(crossing, c.B * k.capacity),
                  cut_text(k, "the " + S(crossing) + " items " + (scatter ? "for" : "from") + " the other side", c));
          }
        });
      break;
    }
    case ProblemKind::Accumulation: {
      c.set_tx(c.n - 1, "each of the " + S(c.n - 1) + " non-root nodes must send its value at least once");
      Wide far = 0;
      for (Node v = 0; v < n; ++v) far = std::max<Wide>(far, net.distance(v, r));
      c.add(far, "largest distance to root " + std::to_string(r) + " in " + c.net_name +
                     ": the farthest value needs that many hops");
      break;
    }
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::TotalExchange: {
      const bool te = c.p.kind == ProblemKind::TotalExchange;
      const Wide per_node = cdiv((c.n - 1) * c.M, c.B);
      if (te) {
        const Wide hops = total_status(net) * c.M;
        c.set_tx(std::max(cdiv(hops, c.B), c.n * per_node),
                 "the items travel at least M x (sum of all distances) = " + S(hops) +
                     " hops, at most B = " + S(c.B) + " per packet, and every node receives " + S(per_node) + " packets");
      } else {
        c.set_tx(c.n * per_node, "each of the " + S(c.n) + " nodes must receive the " + S((c.n - 1) * c.M) +
                                     " items of the others, at most B = " + S(c.B) + " per packet");
      }
      c.add(net.diameter(), "diameter of " + c.net_name);
      best_of([&] {
        for (Node v = 0; v < n; ++v) {
          receive_count(v, 1, per_node, "the " + S((c.n - 1) * c.M) + " items of the other nodes");
          if (te) send_count(v, per_node, "its " + S((c.n - 1) * c.M) + " items for the other nodes");
        }
      });
      if (n <= kAllCutsNodes) {
        best_of([&] {  // every cut
          for (std::uint32_t mask = 1; mask + 1 < (1u << n); ++mask) {
            for (Node v = 0; v < n; ++v) side[v] = static_cast<char>((mask >> v) & 1u);
            const Cut k = cut_of(c, g, side);
            const Wide crossing = te ? k.inside * (c.n - k.inside) * c.M : k.inside * c.M;
            c.add(cdiv(crossing, c.B * k.capacity),
                  "the cut S = {" + members(side) + "} (" + S(k.inside) + " nodes): " +
                      S(crossing) + " items " + (te ? "for the other side" : "of its nodes") +
                      " must leave S, at most " + S(k.capacity) + " packets of B = " + S(c.B) +
                      " items per step under " + c.model_name);
          }
        });
      } else if (flows)
        best_of([&] {
          const Node last = n <= 64 ? static_cast<Node>(n) : 1;  // all pairs on small graphs
          for (Node s = 0; s < last; ++s)
            for (Node t = 0; t < n; ++t) {
              if (t == s) continue;
              if (!afford(s, t)) break;
              g.max_flow(s, t, side);
              const Cut k = cut_of(c, g, side);
              const Wide crossing = te ? k.inside * (c.n - k.inside) * c.M : k.inside * c.M;
              c.add(cdiv(crossing, c.B * k.capacity),
                    cut_text(k, "the " + S(crossing) + " items " + (te ? "for the other side" : "of its nodes"), c));
            }
        });
      break;
    }
    case ProblemKind::MultinodeAccumulation: {
      c.set_tx(c.n * (c.n - 1), "each node must send its value for each of the other " + S(c.n - 1) +
                                    " targets, and a packet carries values for one target only");
      c.add(net.diameter(), "diameter of " + c.net_name);
      best_of([&] {
        for (Node v = 0; v < n; ++v) send_count(v, c.n - 1, "a packet for each of the other targets");
      });
      break;
    }
    case ProblemKind::Allreduce:
      // The allreduce arguments (bounds_allreduce.cpp) read no product structure: the gossip
      // count, the diameter and the doubling of combined contributions hold on every graph.
      allreduce(c);
      break;
    case ProblemKind::SuccessiveBroadcast: {
      const Wide q = c.p.sources.size();
      c.set_tx(q * (c.n - 1), "each of the " + S(q) + " values must reach the " + S(c.n - 1) + " other nodes");
      best_of([&] {
        for (Node s : c.p.sources)
          c.add(net.eccentricity(s), "eccentricity of source " + std::to_string(s) + " in " + c.net_name);
      });
      best_of([&] {
        for (Node v = 0; v < n; ++v) {
          const Wide own = static_cast<Wide>(std::count(c.p.sources.begin(), c.p.sources.end(), v));
          receive_count(v, 1, cdiv(q - own, c.B), "the values of the other sources");
        }
      });
      break;
    }
  }
  if (ap) {
    const Wide links = net.directed_links(true);
    c.rate(links, "all-port (" + S(links) + " packets per step over all links, multiplicities counted)");
  }
  c.half_rate();
}

}  // namespace schedcert::verifier::bounds_detail
