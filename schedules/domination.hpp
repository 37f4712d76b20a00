// The domination number of a small graph: the least k such that some k nodes dominate it (each
// node is one of them or adjacent to one). Used by two independent lower bounds under
// shout-whisper (verifier/bounds_multinode.cpp and encodings/synth/bounds.cpp, issue 27): in one
// step the senders, together with the nodes no sender reaches, dominate the network, so at most
// N - gamma nodes receive.
//
// Exhaustive: every k-subset for k = 1, 2, ... until one dominates. Small enough to read in full;
// a bound that uses it trusts this function (docs/trust.md).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace schedcert::schedules {

// closed[v] = the closed neighbourhood of node v as a bit set (bit v and the bits of its
// neighbours). nullopt when there are more than 64 nodes or more than `max_subsets` subsets would
// be tried (the bound is then left out, never guessed).
std::optional<unsigned> domination_number(const std::vector<std::uint64_t>& closed,
                                          std::uint64_t max_subsets = 200000);

}  // namespace schedcert::schedules
