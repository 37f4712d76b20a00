// Single-node scattering over BSG_s (Fragopoulou-Akl 1995, §4.3). The design note (table order,
// per-port pipelining, splitting over the 2n/P paths) is in scatter.cpp.
#pragma once
#include <cstdint>

#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

// Single-node scattering of M messages per destination from `root` over BSG_root, all-port
// (Fragopoulou-Akl 1995, §4.3; scatter.cpp).
Schedule single_node_scatter(const Bsg& g, Node root, std::uint32_t M);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
