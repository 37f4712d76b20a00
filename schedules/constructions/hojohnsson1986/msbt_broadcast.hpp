#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// Broadcast of M items in packets of B over the n ERSBTs of the MSBT graph from source s
// (Ho-Johnsson 1986, §3.2, §3.3.2). Packet p = r*n + j travels down ERSBT j in round r.
// Steps (Q = ceil(M/B), n >= 2):
//   single-port-full (one send and one receive): labelled routing, Q + n;
//   single-port-half (one send or one receive):   2Q + n - 1;
//   all-port:                                     ceil(Q/n) + n = ceil(M/(B n)) + n.
Schedule msbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
