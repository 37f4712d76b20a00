// Allreduce on the k-ary n-dimensional torus MT_{n,k} (k odd) as multinode accumulation followed
// by multinode broadcast: Bertsekas et al. 1991, §1 (duality, Fig. 2) applied to the multinode
// broadcast of Fragopoulou & Akl 1995, §4.2 (the BSG of §3, translated to every root).
//
// Phase 1 reverses fa-mnb (M = 1): each node's contributions flow up the reversed BSG of every
// target, combined on the way, so node t ends with chunk t complete. Phase 2 is fa-mnb, node t
// broadcasting its complete chunk, which overwrites partial sums (docs/allreduce.md). All-port
// only, like fa-mnb. Limitation: the same factor of two over the lower bound as on Q_d.
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/constructions/fragopoulou1995/mnb.hpp"
#include "schedules/transforms/allreduce_compose.hpp"
#include "schedules/transforms/translate.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule mna_mnb_torus(int n, int k) {
  namespace fa = fragopoulou1995;
  const fa::Bsg g{fa::Torus(n, k)};
  return transforms::allreduce_from_mnb(transforms::translate_to_all_roots(
      fa::mnb_root_broadcast(g, 1, fa::MnbVariant::Paper)));
}

}  // namespace schedcert::schedules::constructions::allreduce
