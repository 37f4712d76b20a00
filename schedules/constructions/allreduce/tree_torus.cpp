// Allreduce on the k-ary n-dimensional torus MT_{n,k} (k odd) as single-node accumulation
// followed by single-node broadcast over the BSG rooted at node 0: Bertsekas et al. 1991, §1
// (duality, Fig. 2) applied to the root broadcast of Fragopoulou & Akl 1995, §4.2 (the BSG of
// §3; M = 1, all-port).
//
// Phase 1 reverses the BSG broadcast: every node sends its subtree's partial sum towards node 0
// at the mirrored time, so node 0 ends with the complete value. Phase 2 is the broadcast of that
// complete value, which overwrites the partial sums on the way (docs/allreduce.md). 2 x the BSG
// broadcast's steps and 2 (N - 1) transmissions: transmission-optimal (2N - 2), at about twice
// the diameter bound.
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/constructions/fragopoulou1995/mnb.hpp"
#include "schedules/transforms/allreduce_compose.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule tree_torus(int n, int k) {
  namespace fa = fragopoulou1995;
  const fa::Bsg g{fa::Torus(n, k)};
  return transforms::allreduce_from_broadcast(fa::mnb_root_broadcast(g, 1, fa::MnbVariant::Paper));
}

}  // namespace schedcert::schedules::constructions::allreduce
