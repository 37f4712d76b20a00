// Lower bounds with the best certified leaf bound (leaf_bound.cpp has the design note).
#pragma once
#include <optional>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::encodings::alpha {

// Hypercubes up to this dimension get alpha(d) computed and certified (Q5: 0.06 s; Q6 takes 10 s,
// too long for a bound that every synthesize and sweep row asks for).
inline constexpr int kCertifiedAlphaMaxDim = 5;

// alpha(d) of Q_d for 2 <= d <= kCertifiedAlphaMaxDim, when search_alpha certified it (both proof
// checks passed); nullopt otherwise (then the degree count of verifier::max_leaves_upper_bound
// stands). Computed once per d in a process.
std::optional<verifier::LeafBound> certified_leaf_bound(const schedules::Network& net);

// The smallest leaf bound known for net: certified_leaf_bound when there is one, otherwise the
// degree count verifier::max_leaves_upper_bound (which holds for every network).
std::uint64_t best_leaf_bound(const schedules::Network& net);

// verifier::lower_bounds with certified_leaf_bound when it is smaller than the degree count and
// the model's arguments use it (single-port half duplex, shout-whisper).
verifier::LowerBounds best_lower_bounds(const schedules::Network& net, schedules::Model model,
                                        const schedules::Problem& p);

}  // namespace schedcert::encodings::alpha
