// Lower bounds, one function per problem; docs/lower-bounds.md proves each candidate.
//
// Shared arguments (helpers below):
//  shells   a node must send (receive) M items to (from) each other node; those for nodes at
//           distance >= k can only use steps 1..T-k+1 (k..T), at most `cap` per step
//           (Bertsekas §2-3 per-node counting, refined by distance).
//  rate     the work (transmissions, or item-hops) divided by the most the model allows per step
//           (Bertsekas §4 eq. (3)-(4); Dimakopoulos eq. (3) is this for single-port).
//  cuts     Dimakopoulos eq. (4) on the dimension cuts of a product, counting what the model lets
//           cross per step; separators: a path factor's middle column must relay.
//  forward  a first-arrival tree has at most L leaves (max_leaves_upper_bound), so n - 1 - L
//           nodes forward each broadcast item; with send/receive exclusive this adds up
//           (Desprez Prop. 2 generalised).
//  ordered  successive broadcasts: arrival times obey a(i,v) >= a(i-1,v) + 1 and propagate from
//           the source's release a(i-1, src_i); a monotone Dijkstra gives the least solution.
#include "verifier/bounds.hpp"

#include <algorithm>
#include <limits>
#include <queue>
#include <unordered_map>

#include "verifier/status.hpp"

namespace schedcert::verifier {

using schedules::FactorKind;
using schedules::Model;
using schedules::ProblemKind;
using u64 = std::uint64_t;

namespace {

constexpr u64 kU64Max = std::numeric_limits<u64>::max();

u64 sat(Wide x) {
  return x > kU64Max ? kU64Max : static_cast<u64>(x);
}
Wide cdiv(Wide a, Wide b) {
  return b == 0 ? 0 : (a + b - 1) / b;
}

std::string S(Wide x) {
  if (x == 0) return "0";
  std::string s;
  while (x > 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  }
  return s;
}

u64 ceil_log2(u64 n) {
  u64 j = 0;
  while (j < 64 && (u64{1} << j) < n) ++j;
  return j;
}

struct Ctx {
  const Network& net;
  Model model;
  const schedules::Problem& p;
  Wide n, M, B;
  std::string net_name, model_name;
  std::vector<Bound> cands;
  Bound tx;

  bool all_port() const { return model == Model::AllPort; }
  // Single-port half duplex and shout-whisper: a node never sends and receives in one step.
  bool exclusive() const { return model == Model::SinglePortHalf || model == Model::ShoutWhisper; }
  void add(Wide v, std::string arg) {
    if (v > kU64Max) arg += " (saturated to 2^64 - 1)";
    cands.push_back({sat(v), std::move(arg)});
  }
  void set_tx(Wide v, std::string arg) {
    if (v > kU64Max) arg += " (saturated to 2^64 - 1)";
    tx = {sat(v), std::move(arg)};
  }
  // Rate bound on packets: at most `per_step` transmissions per step.
  void rate(Wide per_step, const std::string& why) {
    if (per_step == 0) return;
    add(cdiv(tx.value, per_step), "at least " + S(tx.value) + " transmissions are needed and " +
                                      why + " allows at most " + S(per_step) + " per step");
  }
  void half_rate() {
    if (model == Model::SinglePortHalf)
      rate(n / 2, "single-port-half (each transmission occupies two of the " + S(n) + " nodes)");
  }
};

// Node v must move `per_node_pair` items to (or from) every other node, at most `cap` items per
// step through its ports; items for nodes at distance >= k need the window 1..T-k+1.
void shells(Ctx& c, Node v, Wide per_pair, Wide cap, const std::string& what) {
  const auto prof = distance_profile(c.net, v);
  std::vector<u64> counts = prof ? *prof : std::vector<u64>{1, c.net.size() - 1};
  Wide at_least = 0;  // nodes at distance >= k
  for (u64 x : counts) at_least += x;
  Wide best = 0;
  std::size_t best_k = 1;
  Wide best_nodes = 0;
  for (std::size_t k = 1; k < counts.size(); ++k) {
    at_least -= counts[k - 1];
    const Wide val = (k - 1) + cdiv(per_pair * at_least, cap);
    if (val > best) best = val, best_k = k, best_nodes = at_least;
  }
  std::string arg = "node " + std::to_string(v) + " of " + c.net_name + " must " + what + " " +
                    S(per_pair * best_nodes) + " items";
  if (best_k > 1)
    arg += " for the " + S(best_nodes) + " nodes at distance >= " + std::to_string(best_k) +
           ", which can use only T - " + std::to_string(best_k - 1) + " of the T steps";
  arg += ", at most " + S(cap) + " per step under " + c.model_name;
  c.add(best, arg);
}

// Nodes other than the origin that must forward an item in its first-arrival tree: all but the
// childless ones, which are leaves of the tree, at most L of them, and at most L - 1 when the
// origin has degree one (it is then a leaf itself).
Wide forwarders(const Ctx& c, Node origin) {
  const Wide L = max_leaves_upper_bound(c.net) - (c.net.degree(origin) == 1 ? 1 : 0);
  return c.n - 1 > L ? c.n - 1 - L : 0;
}

// Degree-one nodes exist only in a lone path P_k (its ends 0 and k - 1) or K2.
Wide degree_one_nodes(const Network& net) {
  return net.dims() == 1 && net.factors()[0].kind != FactorKind::Ring &&
                 net.factors()[0].kind != FactorKind::Complete
             ? 2
             : 0;
}

// All-port broadcast: in step t node v can only hear from neighbours within distance t - 1 of the
// root. With a, b, c neighbours at distance e - 1, e, e + 1 (e = dist(root, v)), the items v can
// have received by step T >= e + 1 are B (a (T-e+1) + b (T-e) + c (T-e-1)).
Wide neighbour_startup(const Ctx& c, Node v) {
  const Node r = c.p.root;
  const Wide e = c.net.distance(r, v);
  Wide a = 0, b = 0, far = 0;
  c.net.for_each_neighbour(v, [&](Node w, int) {
    const Wide dw = c.net.distance(r, w);
    (dw < e ? a : dw == e ? b : far) += 1;
  });
  const Wide need = cdiv(c.M, c.B), deg = a + b + far;
  return a >= need ? e : e + std::max<Wide>(1, cdiv(need - a + far, deg));
}

void forward_exclusive(Ctx& c, Wide receive_items, Wide own_items, Wide forwards,
                       const std::string& who) {
  c.add(cdiv(receive_items, c.B) + cdiv(own_items + forwards, c.B),
        who + " receives " + S(receive_items) + " items and sends " + S(own_items + forwards) +
            " distinct items (at least " + S(forwards) +
            " forwarded, since every spanning tree of " + c.net_name + " has at most " +
            S(max_leaves_upper_bound(c.net)) + " leaves), and under " + c.model_name +
            " sending and receiving take separate steps");
}

void broadcast(Ctx& c) {
  const Node r = c.p.root;
  const Wide e = c.net.eccentricity(r), pk = cdiv(c.M, c.B);
  c.set_tx((c.n - 1) * pk, "each of the " + S(c.n - 1) + " non-root nodes must receive all M = " +
                               S(c.M) + " items, at most B = " + S(c.B) + " per packet");
  c.add(e, "eccentricity of root " + std::to_string(r) + " in " + c.net_name);
  if (c.all_port()) {
    const Wide d = min_degree(c.net);
    c.add(e - 1 + cdiv(c.M, d * c.B),
          "a node at distance " + S(e) + " from root " + std::to_string(r) + " has degree " + S(d) +
              ", gets nothing before step " + S(e) + " and at most " + S(d * c.B) +
              " items per step after, and needs all " + S(c.M));
    if (c.M > c.B) {  // neighbours start sending only once they hold something
      Wide best = 0;
      Node v_at = 0;
      auto consider = [&](Node v) {
        if (v == r) return;
        const Wide t = neighbour_startup(c, v);
        if (t > best) best = t, v_at = v;
      };
      if (c.net.size() <= (u64{1} << 16)) {
        for (Node v = 0; v < c.net.size(); ++v) consider(v);
      } else {
        c.net.for_each_neighbour(r, [&](Node w, int) { consider(w); });
      }
      c.add(best, "node " + std::to_string(v_at) + " needs all " + S(c.M) +
                      " items, at most B = " + S(c.B) +
                      " per link per step, and in step t only its neighbours within distance "
                      "t - 1 of root " +
                      std::to_string(r) + " can hold any");
    }
    return;
  }
  c.add(e - 1 + pk, "the root sends at most one packet per step under " + c.model_name +
                        ", so the last of the " + S(c.M) + " items leaves it at step >= " + S(pk) +
                        " and still needs " + S(e - 1) + " hops");
  if (c.model != Model::ShoutWhisper) {
    c.add(ceil_log2(c.net.size()) - 1 + pk,
          "under " + c.model_name +
              " each holder passes an item to at most one node per step, so "
              "the holders of the item leaving the root last at most double per step from step " +
              S(pk) + " on, and " + S(c.n) + " nodes need " + S(ceil_log2(c.net.size())) +
              " doublings");
    // Slow start: at most 2^(j-1) nodes hold anything at the start of step j, each sends one
    // packet, and at most `cap` transmissions fit in one step.
    const Wide cap = c.model == Model::SinglePortFull ? c.n : c.n / 2;
    Wide done = 0, t = 0, holders = 1;
    while (holders < cap && done < c.tx.value) done += holders, holders *= 2, ++t;
    if (done < c.tx.value) t += cdiv(c.tx.value - done, cap);
    c.add(t,
          "at most 2^(j-1) nodes hold an item at the start of step j and each sends one packet, "
          "at most " +
              S(cap) + " transmissions fit in a step under " + c.model_name + ", and " +
              S(c.tx.value) + " are needed");
  }
  if (c.exclusive() && forwarders(c, r) > 0)
    forward_exclusive(c, c.M, 0, cdiv(c.M * forwarders(c, r), c.n - 1), "some non-root node");
  c.half_rate();
}

void accumulation(Ctx& c) {
  const Node r = c.p.root;
  c.set_tx(c.n - 1,
           "each of the " + S(c.n - 1) + " non-root nodes must send its value at least once");
  c.add(c.net.eccentricity(r), "eccentricity of root " + std::to_string(r) + " in " + c.net_name +
                                   ": the farthest value needs that many hops");
  if (!c.all_port())
    c.add(ceil_log2(c.net.size()),
          "under " + c.model_name +
              " a node receives at most one packet per step, so the number "
              "of values combined at any node at most doubles per step, and the root needs " +
              S(c.n));
  c.half_rate();
}

void scatter_gather(Ctx& c, bool scatter) {
  const Node r = c.p.root;
  const Wide s = status_formula(c.net, r), deg = c.net.degree(r);
  const Wide a = (c.n - 1) * cdiv(c.M, c.B), b = cdiv(c.M * s, c.B);
  c.set_tx(
      std::max(a, b),
      b >= a
          ? "the items travel at least M x status(root " + std::to_string(r) + ") = " + S(c.M * s) +
                " hops (sum of distances), at most B = " + S(c.B) + " per packet"
          : "each of the " + S(c.n - 1) + " non-root nodes " + (scatter ? "receives " : "sends ") +
                S(c.M) + " items, at most B = " + S(c.B) + " per packet");
  shells(c, r, c.M, (c.all_port() ? deg : 1) * c.B, scatter ? "send" : "receive");
  c.add(c.net.eccentricity(r), "eccentricity of root " + std::to_string(r) + " in " + c.net_name);
  if (c.exclusive()) {
    const Wide g = cdiv((c.n - 1) * c.M, deg), relay = g > c.M ? g - c.M : 0;
    c.add(cdiv(g, c.B) + cdiv(relay, c.B),
          std::string("every item's first-arrival path ") + (scatter ? "leaves" : "reaches") +
              " root " + std::to_string(r) + " through one of its " + S(deg) +
              " neighbours, so one of them " + (scatter ? "receives" : "sends") + " at least " +
              S(g) + " items and " + (scatter ? "passes on" : "first receives") +
              " all but its own " + S(c.M) + "; under " + c.model_name +
              " sending and receiving take separate steps");
  }
  c.half_rate();
  if (c.model == Model::ShoutWhisper && c.n / 2 > 0)
    c.add(
        cdiv(c.M * s, c.B * (c.n / 2)),
        "the items need " + S(c.M * s) +
            " hops; under shout-whisper each hop has a sender and a "
            "receiver, senders do not receive, and each moves at most B items per step: at most " +
            S(c.B * (c.n / 2)) + " hops per step");
}

void multinode_broadcast(Ctx& c) {
  const Wide pk = cdiv((c.n - 1) * c.M, c.B);
  c.set_tx(c.n * pk, "each of the " + S(c.n) + " nodes must receive the " + S((c.n - 1) * c.M) +
                         " items of the others, at most B = " + S(c.B) + " per packet");
  shells(c, 0, c.M, (c.all_port() ? min_degree(c.net) : 1) * c.B, "receive");
  c.add(c.net.diameter(), "diameter of " + c.net_name);
  if (c.exclusive()) {
    // Forwarding operations over all items: the ends of a lone path are origins of degree one.
    const Wide ends = degree_one_nodes(c.net);
    const Wide total =
        c.M * (ends * forwarders(c, 0) + (c.n - ends) * (ends < c.n ? forwarders(c, 1) : 0));
    forward_exclusive(c, (c.n - 1) * c.M, c.M, cdiv(total, c.n), "some node");
  }
  if (!c.all_port()) {
    // A middle column W of a path factor P_k separates the sides L and R: W sends every item of L
    // into R and back, and each of its own items into both sides (one shout may serve both).
    std::uint32_t k = 0;
    for (const auto& f : c.net.factors())
      if (f.kind == FactorKind::Path) k = std::max(k, f.size);
    if (k >= 3) {
      const Wide w = c.n / k;
      const Wide out = c.M * (c.n + (c.model == Model::ShoutWhisper ? 0 : w));
      const Wide in = c.exclusive() ? w * (c.n - 1) * c.M : 0;
      c.add(cdiv(in + out, w * c.B),
            "the " + S(w) + " nodes of a middle column of P" + std::to_string(k) + " separate " +
                c.net_name + ": they send >= " + S(out) +
                " items across (each item of one side to "
                "the other, their own to both sides)" +
                (c.exclusive() ? " and receive " + S(in) : "") + ", at most B = " + S(c.B) +
                " per node per step under " + c.model_name);
    }
  }
  if (c.all_port()) c.rate(directed_links(c.net), "all-port (one packet per directed link)");
  c.half_rate();
}

void multinode_accumulation(Ctx& c) {
  c.set_tx(c.n * (c.n - 1), "each node must send its value for each of the other " + S(c.n - 1) +
                                " targets, and a packet carries values for one target only");
  shells(c, 0, 1, c.all_port() ? min_degree(c.net) : 1, "send packets (one per target) for");
  c.add(c.net.diameter(), "diameter of " + c.net_name);
  if (c.exclusive()) {
    // The receivers of packets for target t, with t, form a connected dominating set.
    const Wide L = std::min<Wide>(max_leaves_upper_bound(c.net), c.n - 1);
    c.add(
        (c.n - 1) + (c.n - L),
        "the nodes receiving packets for a target form with it a connected dominating set of >= " +
            S(c.n - L) + " nodes (at most " + S(L) +
            " leaves in a spanning tree), so some node "
            "receives packets for >= " +
            S(c.n - L) + " targets and sends " + S(c.n - 1) + ", in separate steps under " +
            c.model_name);
  }
  std::uint32_t k = 0;
  for (const auto& f : c.net.factors())
    if (f.kind == FactorKind::Path) k = std::max(k, f.size);
  if (!c.all_port() && k >= 3) {
    // A middle column W of P_k: for every target outside a side, the values of that side enter W
    // in at least one packet for that target, received by a node of W.
    const Wide w = c.n / k, in = c.n + w, out = c.exclusive() ? w * (c.n - 1) : 0;
    c.add(cdiv(in + out, w), "the " + S(w) + " nodes of a middle column of P" + std::to_string(k) +
                                 " separate " + c.net_name + ": they receive >= " + S(in) +
                                 " packets (one per side and target outside "
                                 "it)" +
                                 (c.exclusive() ? " and send " + S(out) + " (own values)" : "") +
                                 ", at most one per node per step under " + c.model_name);
  }
  if (c.all_port()) c.rate(directed_links(c.net), "all-port (one packet per directed link)");
  c.half_rate();
}

void te_cuts(Ctx& c) {
  Wide best = 0;
  std::string arg;
  for (int i = 0; i < c.net.dims(); ++i) {
    const auto& f = c.net.factors()[i];
    const Wide k = f.size, copies = c.n / k;
    for (Wide a = 1; a <= k / 2; ++a) {
      const Wide b = k - a;
      Wide edges = 1, s1 = 1, s2 = 1;  // per copy: crossing edges, endpoints on each side
      if (f.kind == FactorKind::Ring) edges = 2, s1 = a == 1 ? 1 : 2, s2 = b == 1 ? 1 : 2;
      if (f.kind == FactorKind::Complete) edges = a * b, s1 = a, s2 = b;
      const Wide items = c.M * a * b * copies * copies;  // one direction
      Wide val = 0, cap = 0;
      std::string how;
      if (c.all_port()) {
        cap = copies * edges * c.B;
        val = cdiv(items, cap);
        how = "over " + S(copies * edges) + " directed links";
      } else if (c.model == Model::SinglePortFull) {
        cap = copies * std::min({edges, s1, s2}) * c.B;
        val = cdiv(items, cap);
        how = "through at most " + S(cap / c.B) + " single-port senders";
      } else {
        cap = copies * std::min({2 * edges, s1, s2}) * c.B;
        val = cdiv(2 * items, cap);
        how = "in both directions through at most " + S(cap / c.B) + " boundary node pairs";
      }
      if (val > best) {
        best = val;
        arg = "cut of dimension " + std::to_string(i) + " (" + f.name() + ") into digits < " +
              S(a) + " and >= " + S(a) + ": " + S(items) + " items must cross each way " + how +
              ", at most " + S(cap) + " items per step (Dimakopoulos eq. (4))";
      }
    }
  }
  if (best > 0) c.add(best, arg);
  if (c.all_port()) return;
  // Separators: the middle column of a path factor relays everything between its two sides.
  best = 0;
  for (int i = 0; i < c.net.dims(); ++i) {
    const auto& f = c.net.factors()[i];
    if (f.kind != FactorKind::Path || f.size < 3) continue;
    const Wide k = f.size, w = c.n / k, col = (k - 1) / 2;
    const Wide lr = col * (k - 1 - col) * w * w;
    const Wide work = c.M * (w * (c.n - 1) + 2 * lr);
    const Wide val = cdiv(c.exclusive() ? 2 * work : work, w * c.B);
    if (val > best) {
      best = val;
      arg = "the " + S(w) + " nodes with digit " + S(col) + " in dimension " + std::to_string(i) +
            " (" + f.name() + ") separate the rest: they receive " + S(work) +
            " items (their own and every item between the two sides)" +
            (c.exclusive() ? " and send as many" : "") + ", at most B = " + S(c.B) +
            " per node per step under " + c.model_name;
    }
  }
  if (best > 0) c.add(best, arg);
}

void total_exchange(Ctx& c) {
  const Wide S_G = total_status(c.net), hops = c.M * S_G;
  const Wide a = c.n * cdiv((c.n - 1) * c.M, c.B), b = cdiv(hops, c.B);
  c.set_tx(std::max(a, b), "the items travel at least M x (sum of all distances) = " + S(hops) +
                               " hops, at most B = " + S(c.B) + " per packet");
  shells(c, 0, c.M, (c.all_port() ? min_degree(c.net) : 1) * c.B, "send");
  c.add(c.net.diameter(), "diameter of " + c.net_name);
  switch (c.model) {
    case Model::AllPort:
      c.add(cdiv(hops, c.B * directed_links(c.net)),
            S(hops) + " item-hops (M x sum of distances) over " + S(directed_links(c.net)) +
                " directed links carrying at most B = " + S(c.B) + " items per step");
      break;
    case Model::SinglePortFull:
      c.add(cdiv(hops, c.B * c.n), "average status: M x AS(" + c.net_name + ") = " + S(hops) + "/" +
                                       S(c.n) + " hops per node, and a node sends at most B = " +
                                       S(c.B) + " items per step (Dimakopoulos eq. (3))");
      break;
    case Model::SinglePortHalf:
      c.half_rate();
      break;
    case Model::ShoutWhisper:
      c.add(cdiv(hops, c.B * (c.n / 2)),
            S(hops) +
                " item-hops; under shout-whisper senders do not receive and each moves at most "
                "B items per step, so at most " +
                S(c.B * (c.n / 2)) + " hops per step");
      break;
  }
  te_cuts(c);
}

// Least solution of the ordered-arrival inequalities (header comment); false when too costly.
bool ordered_arrival(Ctx& c, u64 max_work) {
  const auto& src = c.p.sources;
  const u64 n = c.net.size(), q = src.size();
  if (static_cast<Wide>(q) * (directed_links(c.net) + n) > max_work) return false;
  constexpr std::uint32_t kInf = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> prev(n, 0), best(n), stamp(n, 0);
  using Entry = std::pair<std::uint32_t, Node>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pq;
  Wide top = 0, top_release = 0;
  std::size_t top_item = 0, release_item = 0;
  Node top_node = 0;
  for (std::size_t i = 0; i < q; ++i) {
    const Node s = src[i];
    const std::uint32_t release = i == 0 ? 0 : prev[s];
    std::fill(best.begin(), best.end(), kInf);
    best[s] = release;
    pq.push({release, s});
    const std::uint32_t gen = static_cast<std::uint32_t>(i + 1);
    while (!pq.empty()) {
      const std::uint32_t k = pq.top().first;
      const Node u = pq.top().second;
      pq.pop();
      if (stamp[u] == gen) continue;
      stamp[u] = gen;
      c.net.for_each_neighbour(u, [&](Node w, int) {
        if (stamp[w] == gen) return;
        const std::uint32_t cand = std::max(i == 0 ? 0u : prev[w] + 1, k + 1);
        if (cand < best[w]) best[w] = cand, pq.push({cand, w});
      });
    }
    best[s] = 0;
    for (Node v = 0; v < n; ++v)
      if (best[v] > top) top = best[v], top_item = i, top_node = v;
    if (release >= top_release) top_release = release, release_item = i;
    std::swap(prev, best);
  }
  c.add(top, "broadcast #" + std::to_string(top_item + 1) + " reaches node " +
                 std::to_string(top_node) + " at step >= " + S(top) +
                 ": each node receives the values in order, one step apart, "
                 "and a source starts only once it holds the previous value");
  if (c.model == Model::SinglePortFull || c.model == Model::SinglePortHalf)
    c.add(top_release + ceil_log2(n), "broadcast #" + std::to_string(release_item + 1) +
                                          " cannot leave its source before step " +
                                          S(top_release + 1) + ", and under " + c.model_name +
                                          " its holders at most double per step");
  return true;
}

void successive(Ctx& c) {
  const auto& src = c.p.sources;
  const Wide q = src.size();
  c.set_tx(q * (c.n - 1), "each of the " + S(q) + " values must reach the " + S(c.n - 1) +
                              " other nodes, and the ordering allows one new value per reception");
  std::unordered_map<Node, u64> origins;
  for (Node s : src) ++origins[s];
  u64 max_o = 0, min_o = origins.size() < c.net.size() ? 0 : kU64Max;
  for (const auto& [v, k] : origins) max_o = std::max(max_o, k), min_o = std::min(min_o, k);
  if (!ordered_arrival(c, 50'000'000)) {
    c.add(q - min_o, "some node must receive " + S(q - min_o) +
                         " values, and the ordering puts them in distinct steps");
    u64 e = 0;
    for (const auto& [v, k] : origins) e = std::max<u64>(e, c.net.eccentricity(v));
    c.add(e, "largest eccentricity of a source in " + c.net_name);
    if (c.model == Model::SinglePortFull || c.model == Model::SinglePortHalf)
      c.add(ceil_log2(c.net.size()),
            "under " + c.model_name + " the holders of a value at most double per step");
  }
  if (c.exclusive()) {
    const Wide L = max_leaves_upper_bound(c.net);
    Wide total = 0;
    for (Node s : src) total += forwarders(c, s);
    const Wide f = cdiv(total, c.n);
    const Wide r = q - max_o;  // fewest values a node receives
    c.add(r + cdiv(q - r + f, c.B),
          "every node receives or sends each of the " + S(q) +
              " values, and some node forwards >= " + S(f) + " of them (at most " + S(L) +
              " leaves per broadcast tree); under " + c.model_name +
              " sending and receiving take separate steps (Desprez Prop. 2, generalised)");
  }
  c.half_rate();
}

}  // namespace

std::uint64_t desprez_lower_bound(std::uint64_t p, std::uint64_t alpha) {
  return 2 * p > alpha + 1 ? 2 * p - alpha - 1 : 0;
}

std::uint64_t max_leaves_upper_bound(const Network& net) {
  const u64 n = net.size();
  if (n <= 2) return n;
  const u64 d = max_degree(net);
  const Wide bound = (static_cast<Wide>(n) * (d - 2) + 2) / (d - 1);
  return std::min<u64>(sat(bound), n - 1);
}

LowerBounds lower_bounds(const Network& net, Model model, const schedules::Problem& p) {
  p.validate(net);
  Ctx c{net,        model,
        p,          net.size(),
        p.messages, p.packet_items,
        net.name(), schedules::to_string(model),
        {},         {}};
  switch (p.kind) {
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
  }
  LowerBounds out;
  out.transmissions = c.tx;
  out.step_candidates = std::move(c.cands);
  for (const Bound& b : out.step_candidates)
    if (out.steps.argument.empty() || b.value > out.steps.value) out.steps = b;
  return out;
}

}  // namespace schedcert::verifier
