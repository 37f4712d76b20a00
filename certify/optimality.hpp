// Optimality certification (issue 4): is a valid schedule of T steps optimal? If T equals the
// computed lower bound, the bound's argument is the certificate. Otherwise Z3 decides T - 1
// (encodings/synthesis): impossible -> optimal, with the certificate; found -> a shorter
// schedule, verified natively, is a counterexample to optimality; unknown -> the gap stays open.
#pragma once
#include <optional>
#include <string>

#include "schedules/schedule.hpp"

namespace schedcert::certify {

enum class Optimality { Optimal, NotOptimal, Unknown };
std::string to_string(Optimality o);

struct OptimalityResult {
  Optimality verdict = Optimality::Unknown;
  std::uint64_t steps = 0;        // of the schedule examined
  std::uint64_t lower_bound = 0;  // computed (verifier/bounds)
  std::string certificate;        // the bound's argument, or the UNSAT / counting certificate
  std::optional<schedules::Schedule> shorter;  // NotOptimal: the (steps - 1)-step schedule
  double seconds = 0;
};

// s must be valid (the caller has verified it). emit_smt2: where the T - 1 query goes.
OptimalityResult certify_optimality(const schedules::Schedule& s, unsigned timeout_ms,
                                    const std::string& emit_smt2 = "");

}  // namespace schedcert::certify
