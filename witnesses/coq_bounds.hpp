// The lower-bound arguments of coq/Bounds.v, evaluated here exactly as Coq evaluates them, to
// pick the argument an optimality witness (coq_optimality.hpp) states.
//
// Coq proves, for every valid schedule of an instance (network, model, problem), that its number
// of steps is at least `arg_steps` of any argument (coq/Optimality.v, arg_steps_le):
//   ByDistance i v   digits in which node v (which needs item i) and i's origin differ;
//   ByDoubling i     ceil(log2 n) for an item every node needs, under single-port-full/half;
//   ByCuts [c...]    ceil(items that must cross the cuts / (items per packet x crossings per
//                    step)), cuts being `DigitIn e A` (digit e in A), `Only v`, `AllBut v`.
// This file only proposes: the values computed here mirror the Coq functions (ecc_steps,
// doubling_steps, cut_steps) so the proposal is one Coq accepts, and Coq recomputes them. A
// mistake here makes the optimality witness fail in coqc, never prove something false.
// Candidates, in order (cheapest to check in Coq first): distance; doubling; one cut around a
// node (AllBut v: what v must receive; Only v: what v must send) for v = 0 and the root; each
// cut {digit e < a} alone (a bisection); both sides of a path's middle digit; for every
// dimension a family of cuts every hop crosses at most once (singletons for K2/K_n digits,
// half-ring arcs, path prefixes and suffixes: the item-hop / average-status count).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

struct CoqCut {
  enum class Kind { DigitIn, Only, AllBut } kind = Kind::Only;
  int dim = 0;                        // DigitIn
  std::vector<std::uint32_t> values;  // DigitIn: the digit values of V1
  schedules::Node node = 0;           // Only, AllBut
};

struct CoqBoundArgument {
  enum class Kind { Distance, Doubling, Cuts } kind = Kind::Distance;
  schedules::Item item = 0;
  schedules::Node node = 0;
  std::vector<CoqCut> cuts;
  std::uint64_t steps = 0;  // arg_steps, as Coq computes it
  std::string what;         // one sentence: the argument in words

  std::string coq_term() const;  // `ByDistance 0 7`, `ByCuts [AllBut 0]`, ...
};

// The arguments above for the instance, each with its value (all of them: the tests compare).
std::vector<CoqBoundArgument> coq_bound_candidates(const schedules::Network& net,
                                                   schedules::Model m,
                                                   const schedules::Problem& p);

// The first candidate whose value is `steps` (or the largest value, when none reaches it).
std::optional<CoqBoundArgument> best_coq_bound(const schedules::Network& net, schedules::Model m,
                                               const schedules::Problem& p, std::uint64_t steps);

}  // namespace schedcert::witnesses
