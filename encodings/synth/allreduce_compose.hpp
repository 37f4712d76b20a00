// Allreduce as a reduction followed by a distribution (issue 28, item 3): the classic
// composition "reduce-scatter + allgather" as a restricted phase of `synthesize -p allreduce`.
//
// With M = N chunks, chunk m is reduced to node m (the multinode accumulation, Bertsekas et al.
// 1991 Section 3's problem (c) reversed: item src*N + tgt of multinode-accumulation is exactly
// allreduce item src*M + m with m = tgt), then every node m broadcasts its complete chunk m
// (multinode broadcast, M = 1: item src becomes the complete value of chunk src, every
// contribution to it in one packet, which overwrites at the receiver; docs/allreduce.md). With
// M = 1 the chunk is reduced to one root r (accumulation: item s is allreduce item s) and
// broadcast from r; every root is tried when N <= 16, root 0 only above (the label says which).
// Each half is the optimum of its own walk (minimize_steps: found at T, T - 1 refuted, or the
// counting bound), so T_rs + T_ag is the least *composed* schedule; the exact allreduce query
// then decides whether anything better exists (cli/cmd_synthesize.cpp uses the composition as
// the walk's known upper bound). Other M: no composition (said so).
// The composed schedule is checked by verify_native as an allreduce before it is returned; a
// rejection is returned as `why_not` with the violation (the argument above says it cannot
// happen: it would be a bug, and is reported, not hidden).
#pragma once
#include <optional>
#include <string>

#include "encodings/synth/synthesis.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

struct ComposedAllreduce {
  schedules::Schedule schedule;      // the allreduce, verified natively
  schedules::Problem reduce, distribute;
  unsigned reduce_steps = 0, distribute_steps = 0;
  bool whole_values = false;         // sends_whole_values(schedule)
  std::string label;                 // e.g. "reduce-scatter 3 + allgather 3"
};

struct ComposeOutcome {
  std::optional<ComposedAllreduce> result;
  std::string why_not;  // no result: the reason (M not 1 or N, a half without optimum, ...)
};

ComposeOutcome compose_reduce_distribute(const schedules::Network& net, schedules::Model model,
                                         const schedules::Problem& allreduce, const SynthesisOptions& options);

}  // namespace schedcert::encodings::synth
