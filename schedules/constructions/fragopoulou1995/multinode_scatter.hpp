// Multinode scattering over BSG (Fragopoulou-Akl 1995, §4.4; Lemma 1). The design note (lockstep
// store-and-forward groups, the greedy variant, the indivisible-M gap) is in multinode_scatter.cpp.
#pragma once
#include <cstdint>
#include <string>

#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

enum class MultinodeScatterVariant {
  Paper,   // §4.4 as written: table entries one after the other, groups stored and forwarded
  Greedy,  // the same BSG paths, hops list-scheduled (longest remaining path first per type)
};
// "" | "paper" | "greedy"
MultinodeScatterVariant parse_multinode_scatter_variant(const std::string& variant);

// The root-0 scatter whose translates to every root are the multinode scattering (total
// exchange) of §4.4, all-port (multinode_scatter.cpp).
Schedule multinode_scatter_root(const Bsg& g, std::uint32_t M, MultinodeScatterVariant variant);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
