// Allreduce from the duality of Bertsekas et al. 1991, §1 (Fig. 2): a reduction (the time
// reversal of a broadcast) followed by the broadcast itself (docs/allreduce.md).
#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::transforms {

// Reduce-scatter then allgather: the multinode accumulation reverse(mnb) (node t ends with the
// complete chunk t; allreduce item s*N + t is multinode-accumulation item s*N + t), then `mnb`
// itself with its item t replaced by the complete value of chunk t (all N contributions).
// The result is allreduce(M = N). Throws InputError unless mnb is a multinode broadcast of one
// message per node and one item per packet.
Schedule allreduce_from_mnb(const Schedule& mnb);

// Reduce to one root then broadcast: the accumulation reverse(bc) (allreduce(M = 1) item s is
// accumulation item s), then `bc` carrying the complete value. Throws InputError unless bc is
// a broadcast of one message.
Schedule allreduce_from_broadcast(const Schedule& bc);

}  // namespace schedcert::schedules::transforms
