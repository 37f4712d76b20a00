#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// Broadcast along the Hamiltonian path of the binary-reflected Gray code, from source s at one
// end (Ho-Johnsson 1986, §3.4, Tables 1-3, row HP): position x holds node s ^ x ^ (x >> 1).
// Steps: Q + N - 2 (all-port, single-port-full), 2Q + N - 3 (single-port-half).
Schedule hp_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
