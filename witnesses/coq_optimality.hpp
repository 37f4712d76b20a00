// Coq optimality witnesses: one .v file proving, for one instance (network, model, problem),
// "this schedule is valid and no valid schedule has fewer steps" (coq/Optimality.v, `optimal`).
//
// The file is a validity witness (coq_export.hpp) followed by
//   Definition bound_argument : argument := ByCuts [AllBut 0].   (an argument of Bounds.v)
//   Theorem sched_optimal : optimal sched.   (schedcert_optimal: arg_steps = the steps)
// The argument is the first of coq_bounds.hpp's candidates whose value is the schedule's number
// of steps; Coq recomputes that value (vm_compute) and its proof (Bounds.v) holds for every
// valid schedule of the instance. `schedcert export coq FILE --optimality -o OUT.v` writes it;
// `certify --paper P --coq-optimality DIR` writes one per row marked optimal (papers_coq.cpp).
#pragma once
#include <iosfwd>
#include <optional>
#include <string>

#include "schedules/schedule.hpp"
#include "witnesses/coq_bounds.hpp"

namespace schedcert::witnesses {

// The argument for s (nullopt when no candidate reaches s's number of steps).
std::optional<CoqBoundArgument> coq_optimality_argument(const schedules::Schedule& s);

void write_coq_optimality(const schedules::Schedule& s, const CoqBoundArgument& a,
                          std::ostream& out, const std::string& source_sha256 = "");

}  // namespace schedcert::witnesses
