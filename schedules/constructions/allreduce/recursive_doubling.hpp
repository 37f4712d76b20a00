// Allreduce by recursive doubling on Q_d (Thakur, Rabenseifner & Gropp 2005); design note in
// recursive_doubling.cpp.
#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::allreduce {

// allreduce(M) on Q_d: in step j + 1 every node v exchanges with v xor 2^j the partial sums of
// all M chunks over its subcube of dimensions < j. d steps, d 2^d transmissions.
Schedule recursive_doubling(int d, std::uint32_t chunks, Model model);

}  // namespace schedcert::schedules::constructions::allreduce
