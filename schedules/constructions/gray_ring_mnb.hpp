#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions {

// Multinode broadcast on Q_d under single-port by a ring embedded with the binary-reflected
// Gray code (Bertsekas et al. 1991, §2, last paragraph of "Multinode Broadcast Under the SLA
// Assumption"; the embedding of [BeT89]). 2^d - 1 steps.
Schedule gray_ring_mnb(int d, Model model);

// Binary-reflected Gray code g(i) = i xor (i >> 1).
inline Node gray(Node i) { return i ^ (i >> 1); }

}  // namespace schedcert::schedules::constructions
