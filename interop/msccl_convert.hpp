// From MSCCL rounds to a schedcert Schedule, so that the native verifier can check link and port
// limits on a network.
//
// Rank r is node r, or node placement[r] (e.g. a ring's ranks along a Gray-code cycle of Q_d). Chunks become items through the data flow: a transfer's packet is the set
// of contributions its chunks carry (msccl_dataflow), and a contribution (rank r, input chunk k)
// is item r*in_chunks + k, which is exactly schedcert's numbering for
//   allgather = multinode-broadcast(M = cf)   item src*M + m
//   broadcast = broadcast(root, M = C)       item m
//   alltoall  = total-exchange(M = cf)        item (src*N + dst)*M + m
//   allreduce = allreduce(M = nchunksperloop) item src*M + m (contribution of src to chunk m)
// B (packet_items) is the largest number of chunks one transfer carries. An allreduce transfer's
// packet is the union of the contribution sets of the slots it sends, as the data-flow simulation
// holds them at send time (one partial sum, or the complete value, per chunk; no B); a transfer
// that carries one contribution in two of its slots has no schedcert transmission and `why_not`
// says so. reduce_scatter has no conversion: its data flow is verified at MSCCL level only.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "interop/msccl_dataflow.hpp"
#include "interop/msccl_schedule.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::interop {

struct Conversion {
  std::optional<schedules::Schedule> schedule;
  std::string why_not;  // when there is no schedule
};

// placement[rank] = the node the rank runs on (empty: rank r on node r); items are numbered by
// nodes. InputError when the network's size is not ngpus or placement is not a permutation.
Conversion to_schedcert(const MscclAlgo& a, const MscclRounds& r, const DataflowReport& d,
                        const schedules::Network& net, schedules::Model model,
                        std::vector<schedules::Node> placement = {});

// "0,1,3,2" -> {0, 1, 3, 2}; InputError naming --placement otherwise.
std::vector<schedules::Node> parse_placement(const std::string& text);

}  // namespace schedcert::interop
