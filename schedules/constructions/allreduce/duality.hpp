// Allreduce constructions from the duality of Bertsekas et al. 1991 (§1, Fig. 2): a reduction
// (reversed broadcast) followed by the broadcast. One construction per file:
// mna_mnb_hypercube.cpp, mna_mnb_torus.cpp, tree_reduce_broadcast.cpp, tree_torus.cpp; and the
// step-optimal torus construction torus_rings.cpp.
#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::allreduce {

// Q_d, allreduce(M = 2^d): bertsekas-mna then bertsekas-mnb (all-port or single-port-full).
Schedule mna_mnb_hypercube(int d, Model model);

// The k-ary n-dimensional torus (k odd), allreduce(M = k^n), all-port: the reversal of the
// Fragopoulou-Akl multinode broadcast, then that broadcast.
Schedule mna_mnb_torus(int n, int k);

// Q_d, allreduce(M = 1): accumulation to `root` along the reversed spanning binomial tree, then
// the SBT broadcast of the complete value (all-port or single-port-full).
Schedule tree_reduce_broadcast(int d, Node root, Model model);

// MT_{n,k} (k odd), allreduce(M = 1), all-port: accumulation to node 0 along the reversed BSG
// broadcast of Fragopoulou-Akl §4.2, then that broadcast of the complete value.
Schedule tree_torus(int n, int k);

// C_k^n (k odd), allreduce(M = 1), all-port, n (k - 1)/2 steps (the diameter): per dimension, a
// bidirectional ring exchange of the blocks combined over the earlier dimensions.
Schedule torus_rings(int n, int k);

}  // namespace schedcert::schedules::constructions::allreduce
