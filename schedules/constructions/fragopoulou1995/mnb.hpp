// Multinode broadcasting over BSG with message splitting (Fragopoulou-Akl 1995, §4.2; Lemma 1).
// The design note (DFS blocks, splitting, the two variants for indivisible M) is in mnb.cpp.
#pragma once
#include <cstdint>
#include <string>

#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

// How M messages that 2n/P does not divide are handled (mnb.cpp explains both).
enum class MnbVariant {
  Paper,     // §4.2 as written: simultaneous DFS, one lockstep block per T_0 edge
  Balanced,  // full-necklace edges as in §4.2, then the non-full leaves packed by edge type
};
MnbVariant parse_mnb_variant(const std::string& variant);  // "" | "paper" | "balanced"

// The root-0 broadcast of M messages over BSG_{0^n}, all-port; its translates to every root
// (transforms::translate_to_all_roots) are the multinode broadcast of §4.2.
Schedule mnb_root_broadcast(const Bsg& g, std::uint32_t M, MnbVariant variant);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
