// Multinode broadcast and accumulation of Bertsekas et al. 1991, §2, built from the §2
// broadcast tree (mnb_tree.hpp) by translation to every root.
#pragma once
#include "schedules/constructions/bertsekas1991/mnb_tree.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// The single-node broadcast from node 0 that the multinode broadcast replicates.
// all-port: step i holds the links of A_i (parent[t] -> t for t in E_i), q = ceil((2^d-1)/d)
// steps. single-port-full: the §2 SLA transformation, step n(y) holds the one link (x, y) of
// the tree ending at y, 2^d - 1 steps.
Schedule mnb_root_broadcast(const MnbTree& tree, Model model);
Schedule mnb_root_broadcast(int d, Model model);

// The multinode broadcast: the root schedule translated to every root t (A_i(t) = t xor A_i).
Schedule multinode_broadcast(int d, Model model);

// Multinode accumulation by time reversal (§1, Fig. 2) of multinode_broadcast(d, model).
Schedule multinode_accumulation(int d, Model model);
// The root-0 single-node accumulation (the reversal of mnb_root_broadcast): its translates to
// every root are the multinode accumulation, so verify_translated certifies it without
// materialising it.
Schedule mna_root_accumulation(int d, Model model);

}  // namespace schedcert::schedules::constructions::bertsekas1991
