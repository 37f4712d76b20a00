#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// Broadcast of M items in packets of B along the SBT of §3.1 from source s (Ho-Johnsson 1986,
// §3.3.1). Q = ceil(M/B).
//   all-port: pipelined, Q + n - 1 steps (Table 3 "SBT, log N ports").
//   single-port-full / single-port-half, variant "" or "recursive": §3.3.1's recursion, all Q
//     packets to the root of the largest subtree, then both halves recursively: Q*n steps
//     (Table 3 "SBT, 1 port"). Variant "pipelined": packet-by-packet with period n (same count).
Schedule hj_sbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B,
                          const std::string& variant = "");

}  // namespace schedcert::schedules::constructions::hojohnsson1986
