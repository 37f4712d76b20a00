// Combining problems solved as reversed broadcasts (Bertsekas et al. 1991, §1, Fig. 2: single
// node accumulation is the dual of single node broadcast, multinode accumulation of multinode
// broadcast).
//
// Claim (proof in docs/synthesis.md, "Combining problems"): for the all-port and both single-port
// models, an accumulation (multinode accumulation) schedule of T steps exists iff a broadcast of
// one message from the root (a multinode broadcast with M = 1, B = 1) of T steps exists.
//   <= : prune the broadcast to each node's first reception (a spanning tree per item, node v
//        reached in step t_v); reversing time and direction, v sends to its parent in step
//        T + 1 - t_v everything its subtree has combined; its children sent strictly earlier.
//        Per-link and per-node limits are the mirror images of the broadcast's.
//   => : after deleting useless copies every reception of an accumulation value is forwarded
//        later (or is at the target), so the reversed transmissions are causal, and every node
//        is reached because every node's value must leave it.
// Shout-whisper is not symmetric under reversal (one send to many, but one receive), so it keeps
// the direct combining encoding.
//
// combining_dual gives the dual problem; reverse_dual_schedule prunes a dual schedule to first
// receptions and reverses it with schedules::transforms::reverse.
#pragma once
#include <optional>

#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

std::optional<schedules::Problem> combining_dual(const schedules::Problem& p,
                                                 schedules::Model model);
schedules::Schedule reverse_dual_schedule(const schedules::Schedule& dual);

}  // namespace schedcert::encodings::synth
