// Allreduce by recursive halving then recursive doubling on Q_d (Rabenseifner 2004); design note
// in halving_doubling.cpp.
#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::allreduce {

// allreduce(M = 2^d) on Q_d: a reduce-scatter by recursive halving (d steps; node v ends with the
// complete chunk v), then an allgather by recursive doubling (d steps). 2d steps, 2d 2^d
// transmissions.
Schedule halving_doubling(int d, Model model);

}  // namespace schedcert::schedules::constructions::allreduce
