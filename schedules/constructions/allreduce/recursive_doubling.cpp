// Recursive doubling allreduce (Thakur, Rabenseifner & Gropp, "Optimization of collective
// communication operations in MPICH", IJHPCA 19(1), 2005, section on MPI_Allreduce: the
// short-message algorithm; the same exchange pattern as their recursive-doubling allgather).
//
// Before step j + 1 node v holds, for every chunk, the sum over the 2^j contributions of its
// subcube {s : s >> j == v >> j}. It sends all of them (one packet, one partial sum per chunk) to
// its partner v xor 2^j, whose subcube is disjoint, and combines what it receives: the subcubes
// double, no contribution is combined twice, and after d steps every node holds every chunk.
// Each node sends and receives one packet per step, so the schedule is single-port-full as well
// as all-port. It meets the diameter (all-port) and log2 N (single-port) step bounds; its cost is
// volume: every packet carries all M chunks (docs/allreduce.md, comparison table).
#include "schedules/constructions/allreduce/recursive_doubling.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule recursive_doubling(int d, std::uint32_t chunks, Model model) {
  Problem p;
  p.kind = ProblemKind::Allreduce;
  p.messages = chunks;
  Schedule s(Network::hypercube(d), model, p);
  const Node n = Node{1} << d;
  std::vector<Item> packet;
  for (int j = 0; j < d; ++j) {
    s.begin_step();
    for (Node v = 0; v < n; ++v) {
      packet.clear();
      const Node base = (v >> j) << j;
      for (Node src = base; src < base + (Node{1} << j); ++src)
        for (std::uint32_t m = 0; m < chunks; ++m) packet.push_back(Item{src} * chunks + m);
      s.add(v, v ^ (Node{1} << j), packet);
    }
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::allreduce
