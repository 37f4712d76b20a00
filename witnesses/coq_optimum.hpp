// Coq sink for solver-derived optima (issue 26; `schedcert synthesize ... --coq DIR`): writes
// DIR/optimum_<instance>.v, whose theorem states
//   optimal_steps net model prob T
// (coq/synth/SynthCnf.v: some valid schedule has T steps and every valid schedule has at least T),
// proved from the witness schedule (checked in Coq by Checker.v's check, vm_compute) and the
// refutation of T - 1 steps on the CNF generated in Coq (synth_cnf, proved complete by synth_sat):
// - optimum_from_unsat: premise "unsatisfiable (synth_cnf net model prob (T-1))", what the default
//   schedcert-lrat --synth run established (LratFast.v's fcheck_proof accepted the proof;
//   fcheck_proof_sound, with the PArray/Uint63 axioms of docs/trust.md);
// - optimum_from_lrat: premise "check_proof (synth_cnf net model prob (T-1)) steps = true" (Lrat.v,
//   no axioms), what schedcert-lrat --slow --synth re-establishes;
// - optimum (when the LRAT proof is given, at most --coq-lrat-max bytes): no premise, the proof
//   embedded and checked by vm_compute.
// Successive broadcasts with the allocation left free (coq_optimum_free.cpp): optimal_free net
// model packet T over every allocation, T - 1 refuted on SynthFree.v's free_cnf, or (with the
// network's translations as `auts`) on SynthSym.v's free_sym_cnf, via optimal_free_from_sym_unsat
// and optimal_free_from_sym_lrat.
// The writer copies the Coq files the theorem needs into DIR (Rules.v, Checker.v,
// Completeness.v, lrat/Cnf.v, lrat/Lrat.v, synth/SynthCnf.v, synth/SynthFree.v, synth/SynthSym.v;
// for a cube run also lrat/Cubes.v, synth/SynthCubes.v).
#pragma once
#include <string>
#include <vector>

#include "encodings/synth/coq_cnf.hpp"
#include "encodings/synth/coq_translations.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

struct OptimumCoqInput {
  const schedules::Schedule* witness = nullptr;  // a valid schedule of T >= 1 steps
  std::string refutation_note;                   // how T - 1 was refuted (hashes, checker verdict)
  std::string lrat_text;                         // the accepted LRAT proof of T - 1, or "" (premise form)
  std::string command;                           // the command line that wrote the file
  // Successive broadcasts with the allocation left free: the theorem is optimal_free
  // (coq/synth/SynthFree.v) over every allocation, T - 1 refuted on free_cnf (Plain) or on
  // free_sym_cnf (Symmetric: coq/synth/SynthSym.v, with `auts`, which must then cover every
  // node: encodings/synth/coq_translations.hpp).
  encodings::synth::FreeAllocation allocation = encodings::synth::FreeAllocation::None;
  std::vector<encodings::synth::NodePermutation> auts;
};

// "Q2_single_port_full_successive_broadcast": letters, digits and '_' only (a Coq module name);
// with free_allocation, "_free" is appended.
std::string optimum_instance_name(const schedules::Schedule& s, bool free_allocation = false);

std::string optimum_coq_text(const OptimumCoqInput& in);

// Shared by the writers: the free-allocation text (coq_optimum_free.cpp), and the closed form's
// tail: the LRAT proof as chunked Coq definitions `refutation_0`, ... and their concatenation
// `refutation`, `refutation_ok` (check_proof on `inst`, by vm_compute) and `Theorem optimum :
// CONCLUSION` from `optimum_from_lrat`; `what` names the refuted statement in a comment.
std::string optimum_free_coq_text(const OptimumCoqInput& in);
// The Require lines (Schedcert.lrat: Cnf Lrat, then lrat_modules, e.g. " Cubes"; Schedcert.synth:
// synth_modules), the instance (net, model, and prob or, with a free allocation, packet), the
// witness `sched` with sched_ok, sched_free (free allocation), sched_len and sched_inst, and with
// the symmetric allocation `auts` and auts_ok: the part every optimum file states.
std::string coq_optimum_instance_text(const OptimumCoqInput& in, const std::string& lrat_modules,
                                      const std::string& synth_modules);
// The header lines every premise-form file uses for what the run established: the fast checker
// (coq/lrat/LratFast.v, fcheck_proof_sound and its PArray/Uint63 axioms) accepted the proof(s), so
// "that CNF" is unsatisfiable; then `note` (hashes, checker verdict).
std::string established_by_fast_checker(const std::string& note);
// An LRAT proof as Coq definitions: chunks NAME_0, NAME_1, ... of at most 2 000 proof lines (long
// deletions split; one list literal of 10^5 steps overflows coqc's stack) and NAME, their
// concatenation (a list Lrat.step).
std::string coq_lrat_definitions(const std::string& lrat_text, const std::string& name);
std::string coq_closed_optimum_text(const std::string& lrat_text, const std::string& what, const std::string& inst,
                                    const std::string& conclusion);

// Writes DIR/optimum_<instance>.v and copies the Coq files from coq_src (the repository's coq/).
// Returns its path. Throws InputError when DIR cannot be written.
std::string write_optimum_coq(const OptimumCoqInput& in, const std::string& dir, const std::string& coq_src);

// Shared by the writers: copies the Coq files an optimum file needs from coq_src into DIR
// (with `cubes` also lrat/Cubes.v and synth/SynthCubes.v) and writes DIR/NAME.v. Returns its path.
std::string write_optimum_coq_file(const std::string& dir, const std::string& coq_src, const std::string& name,
                                   const std::string& text, bool cubes);

// A cube run's optimum (`cube successive|synthesize ... --coq DIR`, coq_optimum_cubes.cpp):
// DIR/optimum_<instance>_cubes.v, whose theorem is the same optimum (optimal_steps or
// optimal_free) with T - 1 refuted by the run: a coverage proof and one proof per cube on the
// CNF generated in Coq (coq/lrat/Cubes.v, coq/synth/SynthCubes.v).
// - optimum_from_unsat: premises "unsatisfiable (coverage_cnf F cubes)" and "for every cube c,
//   unsatisfiable (cube_cnf F c)", what the default schedcert-lrat --synth runs established for the
//   coverage and for each cube (fcheck_proof_sound, as above);
// - optimum_from_cubes: premises "check_proof (coverage_cnf F cubes) cover = true" and "for every
//   cube c, some ps with check_proof (cube_cnf F c) ps = true" (Lrat.v), what
//   schedcert-lrat --slow --synth re-establishes;
// - optimum (when every proof is given): no premise, the proofs embedded and checked at once by
//   vm_compute (check_cube_run).
struct CubeRunCoqInput {
  OptimumCoqInput optimum;                // the witness of T steps, allocation, auts, command
  std::vector<std::vector<int>> cubes;    // the run's cubes (literals of F), in order
  std::string run_note;                   // how the run was checked (counts, hashes, sizes)
  std::size_t ledger_cubes = 0;           // cubes imported from a ledger (checked by earlier runs)
  std::string coverage_lrat;              // the accepted proofs, or all empty: the premise form
  std::vector<std::string> cube_lrats;    // one per cube (empty vector: the premise form)
};
std::string cube_optimum_coq_text(const CubeRunCoqInput& in);
std::string write_cube_optimum_coq(const CubeRunCoqInput& in, const std::string& dir, const std::string& coq_src);

}  // namespace schedcert::witnesses
