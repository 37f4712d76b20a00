// Lower bounds on time in seconds for every valid schedule of a problem on a network under a
// model, with the links timed by LinkTimes (time_model.hpp). Proofs in docs/cost-model.md
// "Lower bound"; in brief, with alpha_min the least latency and c_max the largest link capacity:
//   chain: some needed item travels at least D hops (D = the largest distance from an item's
//     origin to a node that needs it: the root's eccentricity, the diameter, ...), one after the
//     other, each at least alpha_min + (bytes of one item or partial sum) / c_max. Both models.
//   steps (synchronised only): every non-empty step lasts at least alpha_min, and a valid
//     schedule has at least L non-empty steps, L = lower_bounds(...).steps (verifier/bounds.hpp,
//     the project's step bounds); so T >= L alpha_min + (the cut term below, which the same
//     steps also pay: a step lasts alpha_l + bytes/c_l on each of its links).
//   cut: for a node set S, the bytes that must cross from S to the rest (items whose origin is
//     in S and that a node outside needs; one partial sum per chunk or target for combining
//     problems) divided by the capacity of the cut: the sum of the capacities of the links
//     leaving S under all-port; under the single-port models at most one send per node of S and
//     one receive per node outside at a time, each at most its largest link; half duplex and
//     shout-whisper also charge a node's sends and receives to one port. Cuts tried: every
//     single node (in and out), the lower and upper half of every factor's digit, and every set
//     S when the network has at most 16 nodes.
// The bound is max(chain, steps + cut) synchronised and max(chain, cut) as soon as possible.
#pragma once
#include <cstdint>
#include <string>

#include "schedules/model.hpp"
#include "schedules/problem.hpp"
#include "verifier/time_model.hpp"

namespace schedcert::verifier {

struct TimeBound {
  double seconds = 0;         // the bound
  double latency_part = 0;    // chain, or steps x alpha_min synchronised, whichever is larger
  double bandwidth_part = 0;  // the best cut
  std::string latency_argument, bandwidth_argument;  // one sentence each
};

struct TimeBoundInput {
  schedules::Model model = schedules::Model::AllPort;
  schedules::Problem problem;
  std::uint64_t step_lower_bound = 0;  // lower_bounds(net, model, problem).steps.value
  std::string step_argument;            // its argument
};

// The size-independent part (distances, the best cut) is computed once; at(size) scales it.
class TimeBounds {
 public:
  TimeBounds(const LinkTimes& links, const TimeBoundInput& in, Timing t);
  TimeBound at(double size) const;

 private:
  const LinkTimes& links_;
  TimeBoundInput in_;
  Timing timing_;
  std::uint64_t hops_ = 0;        // D
  std::string hops_why_;
  double hop_fraction_ = 0;       // bytes of one item or partial sum / size
  double cut_ratio_ = 0;          // max over cuts of (crossing bytes / size) / capacity
  std::string cut_why_;
};

}  // namespace schedcert::verifier
