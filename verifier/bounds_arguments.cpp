// Arguments shared by the lower bounds of several problems (docs/lower-bounds.md):
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
// The "rate" argument is Ctx::rate in bounds_detail.hpp.
#include <algorithm>

#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

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
  const Wide L = c.leaves.value - (c.net.degree(origin) == 1 ? 1 : 0);
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
            " forwarded, since " + c.leaves.argument + "), and under " + c.model_name +
            " sending and receiving take separate steps");
}

}  // namespace schedcert::verifier::bounds_detail
