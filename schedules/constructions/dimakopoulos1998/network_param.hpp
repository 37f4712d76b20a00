// The network a Dimakopoulos-Dimopoulos construction runs on: Params::network ("C5xP4xK3"), or
// the hypercube Q_dim when no network is given. Throws InputError naming the field.
#pragma once
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

// The most transmissions (M x sum of all distances) a construction of this folder materialises.
inline constexpr std::uint64_t kMaxTransmissions = std::uint64_t{1} << 26;

Network network_of(const Params& p);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
