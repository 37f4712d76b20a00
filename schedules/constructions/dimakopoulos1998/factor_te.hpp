// Per-dimension total exchange: the schedules Dimakopoulos & Dimopoulos 1998 assume for every
// dimension (their refs [7], [8]) and that A1 and A2 compose. One file per family:
//   complete_te.cpp  K_n (and K2): shifts v -> v + r (single-port), one step (all-port);
//   ring_te.cpp      C_n: pipelined shifts around the ring, both directions;
//   path_te.cpp      P_n: farthest-destination-first pipelines, one per direction.
// factor_te() dispatches; factor_te_steps() is the length each construction is built to reach
// (a closed formula), which tests compare with the generated pattern and with the lower bounds.
// Only Model::AllPort and Model::SinglePortFull are supported (InputError otherwise).
#pragma once
#include <cstdint>
#include <string>

#include "schedules/constructions/dimakopoulos1998/te_pattern.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

TePattern complete_te(std::uint32_t n, Model model);
TePattern ring_te(std::uint32_t n, Model model);
TePattern path_te(std::uint32_t n, Model model);

TePattern factor_te(const Factor& f, Model model);
// T_i: the number of steps of factor_te(f, model), as a formula.
std::uint64_t factor_te_steps(const Factor& f, Model model);
// One line: how the pattern is built and whether it meets the lower bound.
std::string factor_te_method(const Factor& f, Model model);

// Throws InputError unless model is all-port or single-port-full.
void check_model(Model model);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
