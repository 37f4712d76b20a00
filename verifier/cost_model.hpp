// The linear cost model of Ho and Johnsson (1986, §2): sending a packet of b items over a link
// costs tau + b * t_c (start-up plus transfer). Two ways to charge a schedule:
//
//   synchronous:  steps are global rounds; a step lasts as long as its largest packet,
//                 T = sum over steps of (tau + t_c * largest packet in the step).
//                 This is how the paper's closed forms are written, e.g. Table 3's
//                 (ceil(M/B) + log N - 1)(tau + B t_c): every step moves full packets.
//   asynchronous: no global rounds. Transmissions keep the schedule's order on every resource;
//                 one starts when its sender holds every item of its packet and its resources
//                 are free, and lasts tau + t_c * |packet|. Resources: the directed link
//                 (all-port); the sender's send port and the receiver's receive port
//                 (single-port-full); one port per node for both directions (single-port-half,
//                 shout-whisper). T = the last arrival. Never more than the synchronous cost.
//
// The schedule must be valid (run verify_native first): a packet whose items the sender does
// not hold makes simulate_cost throw InputError.
#pragma once
#include <cstdint>

#include "schedules/schedule.hpp"

namespace schedcert::verifier {

struct LinearCost {
  double tau = 1.0;  // start-up time per packet
  double tc = 0.0;   // transfer time per item
};

struct CostEstimate {
  std::uint64_t steps = 0;
  std::uint64_t transmissions = 0;
  std::uint64_t max_packet_items = 0;
  double synchronous = 0.0;
  double asynchronous = 0.0;
};

CostEstimate simulate_cost(const schedules::Schedule& s, const LinearCost& c);

}  // namespace schedcert::verifier
