// Lower bounds for the single-node problems: broadcast, accumulation, scatter and gather
// (docs/lower-bounds.md; shared arguments in bounds_arguments.cpp).
#include <algorithm>

#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

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

}  // namespace schedcert::verifier::bounds_detail
