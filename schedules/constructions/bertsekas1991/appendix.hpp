// The Appendix of Bertsekas et al. 1991 (due to Gillman and Mattuck): for every integer d >= 2,
// d does not divide 2^d - 1. §2 uses it for the node 11..1 (see mnb_tree.cpp).
#pragma once
#include <cstdint>
#include <optional>

namespace schedcert::schedules::constructions::bertsekas1991 {

// 2^d mod d, by square-and-multiply in 128-bit arithmetic (exact for every d >= 1).
std::uint64_t pow2_mod(std::uint64_t d);

// The smallest d in [2, max_d] with d | 2^d - 1 (a counterexample to the Appendix), or nullopt.
std::optional<std::uint64_t> appendix_counterexample(std::uint64_t max_d);

}  // namespace schedcert::schedules::constructions::bertsekas1991
