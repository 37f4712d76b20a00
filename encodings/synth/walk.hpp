// The least-T search shared by minimize_steps (synthesis.cpp) and minimize_successive
// (successive_search.cpp): "the least T for which a schedule of T steps exists, with T - 1
// refuted" (issue 27, item 3: walks that use what is known).
//
// Input: the range [first, hi] (first: the lower bound, so every T < first is impossible by an
// argument already given), a function deciding one T (Found / Impossible / Unknown), and
// optionally a known schedule of U steps, verified natively by the caller. With it only T < U is
// asked; when every T from `first` to U - 1 is impossible, U is the optimum and the known
// schedule is the witness. Without bisect, T goes up from `first` until Found (the optimum, once
// T - 1 is Impossible) or Unknown (the gap stays open). With bisect, a binary search over
// [first, min(hi, U - 1)]: Found moves the top down, Impossible the bottom up; an unknown T ends
// the search with the best schedule found kept (OptimumResult::best_found), never dropped.
// The walk notes how far it got in the command's budget (schedules/budget), so a budget that
// runs out reports the bounds reached.
#pragma once
#include <functional>
#include <optional>

#include "encodings/synth/synthesis.hpp"

namespace schedcert::encodings::synth {

struct Walk {
  unsigned first = 0, hi = 0;
  bool bisect = false;
  std::optional<unsigned> known;                   // U, the known schedule's steps
  std::function<SynthesisResult(unsigned)> run_at;  // decides one T
  std::function<SynthesisResult()> known_result;    // the known schedule as a Found result
};

struct WalkOutcome {
  OptimumResult result;
  std::optional<unsigned> below_steps;  // the T of result.below, when one was asked
};

WalkOutcome walk_least_steps(const Walk& w);

// Sets w.known and w.known_result from a known schedule the caller has checked (check_known_upper).
void set_known_upper(Walk& w, const KnownUpper* upper);  // upper outlives the walk

// Throws InputError unless `u` is a valid schedule (native verifier) of the same network, model
// and problem kind as `net`, `model` and `want`; `same` compares what else must agree (messages,
// root, sources, ...) and returns an empty string or what differs.
void check_known_upper(const KnownUpper& u, const schedules::Network& net, schedules::Model model,
                       const schedules::Problem& want,
                       const std::function<std::string(const schedules::Problem&)>& same);

}  // namespace schedcert::encodings::synth
