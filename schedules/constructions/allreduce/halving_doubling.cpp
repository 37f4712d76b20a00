// Recursive halving-doubling allreduce (Rabenseifner, "Optimization of collective reduction
// operations", ICCS 2004, LNCS 3036; the long-message MPI_Allreduce of Thakur, Rabenseifner &
// Gropp 2005): a reduce-scatter by recursive halving, then an allgather by recursive doubling.
//
// The vector is cut into M = N = 2^d chunks. Halving, step j + 1 (j = 0..d-1): node v is
// responsible for the chunks m that agree with v on bits < j and holds their partial sums over
// its subcube {s : s >> j == v >> j}; it sends to v xor 2^j the half of them whose bit j differs
// from v's (one packet), and combines the other half with the partner's sums over the disjoint
// partner subcube. After d steps node v holds chunk v complete. Doubling, for j = d-1 down to 0:
// v sends its complete chunks (those agreeing with v on bits <= j) to v xor 2^j, which takes
// them as they are: a complete value overwrites the receiver's partial sum of that chunk
// (docs/allreduce.md), so the receiver's own contribution is not counted twice. Each node sends
// and receives one packet per step: single-port-full as well as all-port. Per node it moves
// 2 (N - 1) chunk values, the bandwidth-optimal volume, in 2d steps.
#include "schedules/constructions/allreduce/halving_doubling.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule halving_doubling(int d, Model model) {
  const Node n = Node{1} << d;
  Problem p;
  p.kind = ProblemKind::Allreduce;
  p.messages = n;
  Schedule s(Network::hypercube(d), model, p);
  std::vector<Item> packet;
  auto agree_below = [](Node a, Node b, int bits) {
    return ((a ^ b) & ((Node{1} << bits) - 1)) == 0;
  };
  for (int j = 0; j < d; ++j) {  // recursive halving (reduce-scatter)
    s.begin_step();
    for (Node v = 0; v < n; ++v) {
      const Node w = v ^ (Node{1} << j), base = (v >> j) << j;
      packet.clear();
      for (Node m = 0; m < n; ++m) {
        if (!agree_below(m, v, j) || ((m ^ v) >> j & 1) == 0) continue;  // not w's half
        for (Node src = base; src < base + (Node{1} << j); ++src)
          packet.push_back(Item{src} * n + m);
      }
      s.add(v, w, packet);
    }
  }
  for (int j = d - 1; j >= 0; --j) {  // recursive doubling (allgather of complete chunks)
    s.begin_step();
    for (Node v = 0; v < n; ++v) {
      packet.clear();
      for (Node m = 0; m < n; ++m)
        if (agree_below(m, v, j + 1))
          for (Node src = 0; src < n; ++src) packet.push_back(Item{src} * n + m);
      s.add(v, v ^ (Node{1} << j), packet);
    }
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::allreduce
