// Lower bounds for the multinode problems: multinode broadcast, multinode accumulation and total
// exchange, with the cut arguments of Dimakopoulos eq. (4) (docs/lower-bounds.md).
#include <algorithm>

#include "schedules/domination.hpp"
#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

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
  if (c.model == Model::ShoutWhisper && c.n <= 64) {
    // Issue 27: in one step the senders, with the nodes no sender reaches, dominate the network
    // (every receiver has a sending neighbour), so at most n - gamma nodes receive a packet.
    std::vector<std::uint64_t> closed(c.n);
    for (Node v = 0; v < c.n; ++v) {
      closed[v] = std::uint64_t{1} << v;
      c.net.for_each_neighbour(v, [&](Node w, int) { closed[v] |= std::uint64_t{1} << w; });
    }
    if (const auto gamma = schedules::domination_number(closed); gamma && *gamma > 1)
      c.rate(c.n - *gamma, "shout-whisper (the senders of a step and the nodes they do not reach "
                           "dominate " + c.net_name + ", whose domination number is " + S(*gamma) +
                           " (exhaustive search), so at most " + S(c.n) + " - " + S(*gamma) +
                           " nodes receive a packet per step)");
  }
}

void multinode_accumulation(Ctx& c) {
  c.set_tx(c.n * (c.n - 1), "each node must send its value for each of the other " + S(c.n - 1) +
                                " targets, and a packet carries values for one target only");
  shells(c, 0, 1, c.all_port() ? min_degree(c.net) : 1, "send packets (one per target) for");
  c.add(c.net.diameter(), "diameter of " + c.net_name);
  if (c.exclusive()) {
    // The receivers of packets for target t, with t, form a connected dominating set.
    const Wide L = std::min<Wide>(c.leaves.value, c.n - 1);
    c.add(
        (c.n - 1) + (c.n - L),
        "the nodes receiving packets for a target form with it a connected dominating set of >= " +
            S(c.n - L) + " nodes (" + c.leaves.argument + "), so some node "
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
  if (c.model == Model::ShoutWhisper)
    // Issue 27: a shout counts only when somebody receives it, and each receiver takes one packet
    // per step, so the senders of counted shouts have disjoint, non-empty sets of receivers: with
    // senders and receivers apart, at most n / 2 of them per step (as under single-port-half).
    c.rate(c.n / 2, "shout-whisper (a packet for one target is sent only if some neighbour receives "
                    "it; each receiver takes one packet per step and does not send, so the counted "
                    "senders and their receivers are disjoint, at most " + S(c.n) + " / 2 senders)");
}

namespace {

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

}  // namespace

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

}  // namespace schedcert::verifier::bounds_detail
