// Lower bounds for allreduce (docs/lower-bounds.md, "Allreduce"; semantics in docs/allreduce.md).
//
// Only arguments that survive combining and the overwrite by complete values are used: a
// contribution still moves one hop per step, a node's set of combined contributions grows per
// step by at most what it receives, and any valid schedule, read transmission by transmission,
// is a one-way gossip scheme (Harary & Schwenk 1974: 2N - 2 calls). Not used, because it is
// false: "reduce then broadcast" (2 x radius steps); recursive doubling finishes Q_d in d steps.
// A packet carries any number of chunks, so M changes none of these bounds.
#include "verifier/bounds_detail.hpp"

namespace schedcert::verifier::bounds_detail {

void allreduce(Ctx& c) {
  if (c.n <= 1) {
    c.set_tx(0, "a single node already holds every contribution");
    c.add(0, "a single node already holds every contribution");
    return;
  }
  c.set_tx(2 * (c.n - 1),
           "taken one at a time the transmissions form a one-way gossip among the " + S(c.n) +
               " nodes, which needs 2N - 2 = " + S(2 * (c.n - 1)) +
               " calls (Harary and Schwenk 1974): N - 1 senders up to the first call that "
               "completes a node, then N - 1 receivers after it");
  c.add(c.net.diameter(), "diameter of " + c.net_name +
                              ": the contribution of one end of a longest shortest path must "
                              "reach the other end, one hop per step");
  if (!c.all_port())
    c.add(ceil_log2(c.net.size()),
          "under " + c.model_name +
              " a node receives at most one packet per step, so the number of contributions "
              "combined at any node at most doubles per step, and every node needs " +
              S(c.n));
  c.half_rate();
}

}  // namespace schedcert::verifier::bounds_detail
