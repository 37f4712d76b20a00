// Coq witnesses: a schedule as a .v file that proves its own validity against coq/Schedcert.v.
//
// The file `Require`s the development (compile it first; coqc finds it through
// `-Q <repo>/coq Schedcert`, see docs/coq.md), defines the schedule as data (`sched`) and proves
//   Theorem sched_valid : valid sched.        (by check_sound and vm_compute; reflexivity)
//   Theorem sched_steps : length (s_steps sched) = T%nat.
// If the schedule is invalid the proof fails and coqc exits non-zero: a broken schedule cannot
// produce a witness that checks. Supported: every network (products of K2, rings, paths,
// complete graphs), every model and every problem (including the combining accumulations and
// the ordered successive broadcasts).
#pragma once
#include <iosfwd>

#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

// Also used by the tests to batch many schedules into one .v file: the Coq term of `s`
// (`Sched net model problem [steps]`, one step per line).
std::string coq_schedule_term(const schedules::Schedule& s);

void write_coq(const schedules::Schedule& s, std::ostream& out);

}  // namespace schedcert::witnesses
