// Allreduce on Q_d as single-node accumulation followed by single-node broadcast along the
// spanning binomial tree (Bertsekas et al. 1991, §1 duality and Fig. 2, with the SBT of §2,
// Fig. 4; Ho & Johnsson 1986 §3.1).
//
// Phase 1 reverses sbt-broadcast: every node sends its subtree's partial sum to its parent, so
// the root ends with the complete value (d steps all-port, 2^d - 1 transmissions). Phase 2 is
// sbt-broadcast of that complete value, which overwrites the receivers' partial sums
// (docs/allreduce.md). 2d steps, 2 (2^d - 1) transmissions: the fewest transmissions any
// allreduce can use (2N - 2, docs/lower-bounds.md), at twice the step bound.
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/transforms/allreduce_compose.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule tree_reduce_broadcast(int d, Node root, Model model) {
  return transforms::allreduce_from_broadcast(sbt_broadcast(d, root, model));
}

}  // namespace schedcert::schedules::constructions::allreduce
