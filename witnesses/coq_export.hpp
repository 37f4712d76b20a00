// Coq witnesses: a schedule as a .v file that proves its own validity against coq/Schedcert.v.
//
// The file `Require`s the development (compile it first; coqc finds it through
// `-Q <repo>/coq Schedcert`, see docs/coq.md), records the SHA-256 of the schedule file it was
// exported from (`source_sha256`), defines the schedule as data (`sched`) and proves
//   Theorem sched_valid : valid sched.        (tactic schedcert_valid: the fast checker)
//   Theorem sched_steps : length (s_steps sched) = T%nat.
// If the schedule is invalid the proof fails and coqc exits non-zero with the first violation
// ("step 2, transmission 5 (1 -> 3, item 0): causality"): a broken schedule cannot produce a
// witness that checks. Supported: every network (products of K2, rings, paths,
// complete graphs), every model and every problem (including the combining accumulations and
// the ordered successive broadcasts).
#pragma once
#include <iosfwd>
#include <string>

#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

// Also used by the tests to batch many schedules into one .v file: the Coq term of `s`
// (`Sched net model problem [steps]`, one step per line).
std::string coq_schedule_term(const schedules::Schedule& s);

// The first line of every witness starts with this (it names the writer's version).
extern const char* const kCoqHeaderStart;

// SHA-256 of the schedule's JSON as write_schedule_json writes it: the hash recorded when the
// witness is not exported from a file (a file written by `schedcert generate` has this hash).
std::string coq_default_sha256(const schedules::Schedule& s);

// What a witness file is for: its title words, the Coq files it requires, the `export coq`
// flags that re-derive it.
struct CoqWitnessKind {
  std::string title;                  // after "written by schedcert V: ", e.g. "optimality, "
  std::string imports = "Schedcert";  // after "From Schedcert Require Import "
  std::string check_flags;            // e.g. "--optimality "
};

// The witness up to and including `Theorem sched_valid` (no Print Assumptions): the common
// start of validity and optimality witnesses (coq_optimality.hpp).
void write_coq_validity(const schedules::Schedule& s, std::ostream& out,
                        const std::string& source_sha256, const CoqWitnessKind& kind);

// source_sha256: of the file the schedule was read from; empty = coq_default_sha256(s).
void write_coq(const schedules::Schedule& s, std::ostream& out,
               const std::string& source_sha256 = "");

}  // namespace schedcert::witnesses
