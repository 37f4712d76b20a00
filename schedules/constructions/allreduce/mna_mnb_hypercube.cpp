// Allreduce on Q_d as multinode accumulation followed by multinode broadcast (Bertsekas,
// Özveren, Stamoulis, Tseng & Tsitsiklis 1991: §1 "Single Node and Multinode Accumulation", the
// duality of Fig. 2, applied to the §2 multinode broadcast).
//
// The vector is cut into N = 2^d chunks, chunk t owned by node t. Phase 1 is bertsekas-mna: the
// time reversal of the §2 multinode broadcast, after which node t holds chunk t complete (a
// reduce-scatter). Phase 2 is bertsekas-mnb itself, node t broadcasting its complete chunk
// (an allgather); a complete value overwrites the receiver's partial sum (docs/allreduce.md).
// Both phases take ceil((2^d - 1)/d) steps all-port and 2^d - 1 single-port, and N(N - 1)
// transmissions each. Step-optimal per phase under all-port, but twice the allreduce lower bound
// for d >= 2: allreduce can combine while it broadcasts (recursive doubling takes d steps).
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/constructions/bertsekas1991/mnb.hpp"
#include "schedules/transforms/allreduce_compose.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule mna_mnb_hypercube(int d, Model model) {
  return transforms::allreduce_from_mnb(bertsekas1991::multinode_broadcast(d, model));
}

}  // namespace schedcert::schedules::constructions::allreduce
