// Gray-code ring multinode broadcast (Bertsekas et al. 1991, §2, SLA paragraph).
//
// The ring g(0), g(1), ..., g(2^d - 1), g(0) with g the binary-reflected Gray code is a
// Hamiltonian cycle of Q_d (consecutive codes differ in one bit, and so do g(2^d - 1) and g(0)).
// At step t = 1..2^d - 1 every node g(i) sends to its clockwise neighbour g(i+1) the packet it
// received at step t - 1 (its own packet at step 1): the packet of source g(i) crosses the link
// g(i+t-1) -> g(i+t) at step t. One send and one receive per node per step.
// For d = 1 the "ring" is the single edge used in both directions.
#include "schedules/constructions/gray_ring_mnb.hpp"

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions {

Schedule gray_ring_mnb(int d, Model model) {
  Network net = Network::hypercube(d);
  if (model != Model::SinglePortFull && model != Model::AllPort)
    throw InputError("--model: gray-ring-mnb is built for single-port-full (valid all-port too)");
  Problem p;
  p.kind = ProblemKind::MultinodeBroadcast;
  Schedule s(net, model, p);
  const Node n = static_cast<Node>(net.size());
  s.reserve(static_cast<std::size_t>(n) * (n - 1));
  for (Node t = 1; t < n; ++t) {
    s.begin_step();
    for (Node i = 0; i < n; ++i) {
      const Node src = gray(i);
      s.add(gray((i + t - 1) % n), gray((i + t) % n), Item{src});
    }
  }
  return s;
}

}  // namespace schedcert::schedules::constructions
