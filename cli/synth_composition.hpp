// `synthesize -p allreduce`: the printing around the composition phase (issue 28, item 3; the
// phase itself is encodings/synth/allreduce_compose.hpp).
#pragma once
#include <optional>

#include "encodings/synth/allreduce_compose.hpp"
#include "encodings/synth/synthesis.hpp"

namespace schedcert::cli {

// The composition (printed), made the walk's upper bound when shorter than `upper` and in the
// query's class; empty when there is none (the reason is printed).
std::optional<encodings::synth::ComposedAllreduce> composition_upper(const schedules::Network& net, schedules::Model m,
                                                                     const schedules::Problem& p,
                                                                     const encodings::synth::SynthesisOptions& so,
                                                                     std::optional<encodings::synth::KnownUpper>& upper);
// After the walk: whether the exact query beat the composition.
void print_composition_verdict(const encodings::synth::ComposedAllreduce& c, const encodings::synth::OptimumResult& best,
                               bool whole_values);

}  // namespace schedcert::cli
