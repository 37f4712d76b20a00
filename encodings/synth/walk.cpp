// The least-T search (design note in walk.hpp).
#include "encodings/synth/walk.hpp"

#include <string>
#include <utility>

#include "schedules/budget/watchdog.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert::encodings::synth {

WalkOutcome walk_least_steps(const Walk& w) {
  WalkOutcome o;
  OptimumResult& out = o.result;
  const unsigned first = w.first;
  unsigned hi = w.hi;
  if (w.known) hi = *w.known == 0 ? 0 : std::min(hi, *w.known - 1);
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  budget.note_reached("every T < " + std::to_string(first) + " impossible (lower bound); T = " +
                      std::to_string(first) + " undecided");
  auto done = [&](std::optional<unsigned> below) {
    o.below_steps = below;
    return std::move(o);
  };
  // T found: the optimum, once T - 1 is refuted (`below` when it was already asked). An unknown
  // T - 1 leaves the gap open.
  auto optimum_at = [&](unsigned T, SynthesisResult found, std::optional<SynthesisResult> below) {
    out.optimum = T;
    out.at_optimum = std::move(found);
    if (T == 0) return done(std::nullopt);
    out.below = below ? std::move(*below) : w.run_at(T - 1);
    if (out.below.status != SynthesisStatus::Impossible) out.optimum.reset();
    return done(T - 1);
  };
  auto known_optimal = [&](std::optional<SynthesisResult> below) {
    out.from_upper = true;
    return optimum_at(*w.known, w.known_result(), std::move(below));
  };
  if (w.known && *w.known <= first) return known_optimal(std::nullopt);  // it meets the bound
  if (first > hi) {  // the bound alone rules out the whole range
    out.below = w.run_at(hi);
    return done(hi);
  }
  if (w.bisect) {
    unsigned lo_t = first, hi_t = hi;
    std::optional<std::pair<unsigned, SynthesisResult>> best_found, best_impossible;
    while (lo_t <= hi_t) {
      const unsigned mid = lo_t + (hi_t - lo_t) / 2;
      SynthesisResult r = w.run_at(mid);
      if (r.status == SynthesisStatus::Found) {
        best_found.emplace(mid, std::move(r));
        if (mid == 0) break;
        hi_t = mid - 1;
      } else if (r.status == SynthesisStatus::Impossible) {
        best_impossible.emplace(mid, std::move(r));
        lo_t = mid + 1;
        budget.note_reached("every T <= " + std::to_string(mid) + " impossible (bisecting)");
      } else {
        out.at_optimum = std::move(r);
        out.best_found = std::move(best_found);
        if (best_impossible) out.below = std::move(best_impossible->second);
        return done(best_impossible ? std::optional<unsigned>(best_impossible->first) : std::nullopt);
      }
    }
    if (best_found) {
      const unsigned T = best_found->first;
      std::optional<SynthesisResult> below;
      if (best_impossible && best_impossible->first + 1 == T) below = std::move(best_impossible->second);
      return optimum_at(T, std::move(best_found->second), std::move(below));
    }
    if (best_impossible && w.known && best_impossible->first + 1 == *w.known)
      return known_optimal(std::move(best_impossible->second));
    if (best_impossible) out.below = std::move(best_impossible->second);
    return done(hi);
  }
  std::optional<SynthesisResult> prev;  // the result for T - 1 when it was computed
  for (unsigned T = first; T <= hi; ++T) {
    SynthesisResult r = w.run_at(T);
    if (r.status == SynthesisStatus::Found) return optimum_at(T, std::move(r), std::move(prev));
    if (r.status == SynthesisStatus::Unknown) {
      out.at_optimum = std::move(r);
      if (prev) out.below = std::move(*prev);
      return done(T == 0 ? std::nullopt : std::optional<unsigned>(T - 1));
    }
    prev = std::move(r);
    budget.note_reached("every T <= " + std::to_string(T) + " impossible; T = " +
                        std::to_string(T + 1) + " undecided");
  }
  if (w.known && hi + 1 == *w.known) return known_optimal(std::move(prev));  // every T below it ruled out
  if (prev) out.below = std::move(*prev);
  return done(hi);
}

void set_known_upper(Walk& w, const KnownUpper* upper) {
  w.known = checked_cast<unsigned>(upper->schedule.num_steps(), "synthesis: the known schedule's steps");
  w.known_result = [upper] {
    SynthesisResult r;
    r.status = SynthesisStatus::Found;
    r.schedule = upper->schedule;
    r.certificate = "the known schedule (" + upper->label + "), verified by the native verifier";
    return r;
  };
}

void check_known_upper(const KnownUpper& u, const schedules::Network& net, schedules::Model model,
                       const schedules::Problem& want,
                       const std::function<std::string(const schedules::Problem&)>& same) {
  const schedules::Schedule& s = u.schedule;
  std::string differs = s.problem().kind != want.kind ? std::string("the problem") : same(s.problem());
  if (s.network().name() != net.name()) differs = "the network";
  if (s.model() != model) differs = "the model";
  if (!differs.empty())
    throw InputError("the upper bound's schedule (" + u.label + ") is for " + s.network().name() + ", " +
                     schedules::to_string(s.model()) + ", " + s.problem().describe() + ", not for " +
                     net.name() + ", " + schedules::to_string(model) + ", " + want.describe() + " (" +
                     differs + " differs)");
  if (!verifier::verify_native(s).valid)
    throw InputError("the upper bound's schedule (" + u.label +
                     ") is not valid for this network, model and problem");
}

}  // namespace schedcert::encodings::synth
