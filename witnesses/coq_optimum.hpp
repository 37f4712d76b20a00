// Coq sink for solver-derived optima (issue 26; `schedcert synthesize ... --coq DIR`): writes
// DIR/optimum_<instance>.v, whose theorem states
//   optimal_steps net model prob T
// (coq/synth/SynthCnf.v: some valid schedule has T steps and every valid schedule has at least T),
// proved from the witness schedule (checked in Coq by Checker.v's check, vm_compute) and the
// refutation of T - 1 steps on the CNF generated in Coq (synth_cnf, proved complete by synth_sat):
// - optimum_from_lrat: premise "check_proof (synth_cnf net model prob (T-1)) steps = true", what
//   schedcert-lrat --synth established;
// - optimum (when the LRAT proof is given, at most --coq-lrat-max bytes): no premise, the proof
//   embedded and checked by vm_compute.
// Successive broadcasts with the allocation left free (coq_optimum_free.cpp): optimal_free net
// model packet T over every allocation, T - 1 refuted on SynthFree.v's free_cnf, or (with the
// network's translations as `auts`) on SynthSym.v's free_sym_cnf, via optimal_free_from_sym_lrat.
// The writer copies the Coq files the theorem needs into DIR (Rules.v, Checker.v,
// Completeness.v, lrat/Cnf.v, lrat/Lrat.v, synth/SynthCnf.v, synth/SynthFree.v, synth/SynthSym.v).
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
std::string coq_closed_optimum_text(const std::string& lrat_text, const std::string& what, const std::string& inst,
                                    const std::string& conclusion);

// Writes DIR/optimum_<instance>.v and copies the Coq files from coq_src (the repository's coq/).
// Returns its path. Throws InputError when DIR cannot be written.
std::string write_optimum_coq(const OptimumCoqInput& in, const std::string& dir, const std::string& coq_src);

}  // namespace schedcert::witnesses
