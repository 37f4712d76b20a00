// optimum_<instance>.v writer (coq_optimum.hpp).
#include "witnesses/coq_optimum.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "encodings/synth/coq_cnf.hpp"
#include "schedules/error.hpp"
#include "witnesses/alpha_coq.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert::witnesses {

std::string optimum_instance_name(const schedules::Schedule& s, bool free_allocation) {
  std::string raw = s.network().name() + "_" + schedules::to_string(s.model()) + "_" +
                    schedules::to_string(s.problem().kind);
  std::string out;
  for (char c : raw) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return free_allocation ? out + "_free" : out;
}

std::string established_by_fast_checker(const std::string& note) {
  return "   That premise is what this run established: the LRAT checker of coq/lrat/LratFast.v, extracted\n"
         "   as schedcert-lrat, accepted a proof on that CNF, and fcheck_proof_sound (which rests on the\n"
         "   PArray/Uint63 axioms listed in docs/trust.md) makes it unsatisfiable:\n   " +
         note + "\n";
}

std::string coq_optimum_instance_text(const OptimumCoqInput& in, const std::string& lrat_modules,
                                     const std::string& synth_modules) {
  using encodings::synth::FreeAllocation;
  const schedules::Schedule& s = *in.witness;
  const bool free = in.allocation != FreeAllocation::None, sym = in.allocation == FreeAllocation::Symmetric;
  const std::string t = std::to_string(s.num_steps());
  std::ostringstream o;
  o << "From Coq Require Import List NArith ZArith.\nFrom Schedcert Require Import Rules Checker.\n"
    << "From Schedcert.lrat Require Import Cnf Lrat" << lrat_modules << ".\nFrom Schedcert.synth Require Import "
    << synth_modules << ".\n"
    << "Import ListNotations.\nOpen Scope N_scope.\n\n"
    << "Definition net : network := " << encodings::synth::coq_network_term(s.network()) << ".\n"
    << "Definition model : cmodel := " << encodings::synth::coq_model_term(s.model()) << ".\n";
  if (free)
    o << "Definition packet : N := " << s.problem().packet_items << ".\n\n"
      << "(* The witness: " << s.num_transmissions() << " transmissions in " << t << " steps; its allocation is in its\n"
      << "   problem's sources. *)\n";
  else
    o << "Definition prob : problem := " << encodings::synth::coq_problem_term(s.problem()) << ".\n\n"
      << "(* The witness: " << s.num_transmissions() << " transmissions in " << t << " steps. *)\n";
  o << "Definition sched : schedule := " << coq_schedule_term(s) << ".\n\n"
    << "Lemma sched_ok : check sched = true.\nProof. vm_compute. reflexivity. Qed.\n\n";
  if (free) o << "Lemma sched_free : free_witnessb sched = true.\nProof. vm_compute. reflexivity. Qed.\n\n";
  o << "Lemma sched_len : length (s_steps sched) = " << t << "%nat.\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Lemma sched_inst : s_net sched = net /\\ s_model sched = model /\\ "
    << (free ? "bsize (s_prob sched) = packet" : "s_prob sched = prob") << ".\n"
    << "Proof. vm_compute. repeat split. Qed.\n\n";
  if (sym)
    o << "(* The translations of the network: (perm, inv) per node a, perm mapping a to node 0. *)\n"
      << "Definition auts : list (list N * list N) :=\n  " << encodings::synth::coq_translations_term(in.auts)
      << ".\n\n"
      << "Lemma auts_ok : transb net auts = true.\nProof. vm_compute. reflexivity. Qed.\n\n";
  return o.str();
}

std::string optimum_coq_text(const OptimumCoqInput& in) {
  const schedules::Schedule& s = *in.witness;
  if (in.allocation != encodings::synth::FreeAllocation::None) {
    if (s.num_steps() == 0) throw InputError("--coq: the optimum is 0 steps: nothing to refute");
    return optimum_free_coq_text(in);
  }
  const std::size_t T = s.num_steps();
  if (T == 0) throw InputError("--coq: the optimum is 0 steps: nothing to refute");
  const std::string t = std::to_string(T), tm1 = std::to_string(T - 1);
  const std::string inst = "synth_cnf net model prob " + tm1;
  std::ostringstream o;
  o << "(* " << s.problem().describe() << " on " << s.network().name() << ", " << schedules::to_string(s.model())
    << ": the optimum is " << t << " steps.\n"
    << "   Written by `" << in.command << "`.\n"
    << "   Check: cd DIR && for f in Rules.v Checker.v Completeness.v lrat/Cnf.v lrat/Lrat.v synth/SynthCnf.v\n"
    << "   optimum_" << optimum_instance_name(s) << ".v; do coqc -Q . Schedcert $f; done.\n"
    << "   Theorem optimum_from_unsat: optimal_steps net model prob " << t << " (coq/synth/SynthCnf.v) from the\n"
    << "   witness schedule below (Checker.v's check, by vm_compute) and the premise\n   unsatisfiable (" << inst
    << ") (the CNF \"a schedule of at most " << tm1 << " steps\",\n   generated in Coq and proved complete by "
    << "synth_sat).\n" << established_by_fast_checker(in.refutation_note)
    << "   Theorem optimum_from_lrat: the same from the premise that the checker of coq/lrat/Lrat.v (check_proof,\n"
    << "   no axioms) accepts some proof on that CNF, which `schedcert-lrat --slow --synth SPEC LRAT` re-establishes.\n";
  if (!in.lrat_text.empty())
    o << "   Theorem optimum: the same without premise, the LRAT proof embedded and checked by vm_compute. *)\n";
  else
    o << "   (the LRAT proof is larger than --coq-lrat-max: no premise-free theorem in this file) *)\n";
  o << coq_optimum_instance_text(in, "", "SynthCnf")
    << "Theorem optimum_from_unsat : unsatisfiable (" << inst << ") ->\n"
    << "  optimal_steps net model prob " << t << ".\n"
    << "Proof.\n  intros H. destruct sched_inst as [E1 [E2 E3]].\n"
    << "  pose proof (optimal_from_unsat sched " << tm1 << " sched_ok sched_len) as O.\n"
    << "  rewrite E1, E2, E3 in O. exact (O H).\nQed.\n\n"
    << "Print Assumptions optimum_from_unsat.\n\n"
    << "Theorem optimum_from_lrat : forall steps, check_proof (" << inst << ") steps = true ->\n"
    << "  optimal_steps net model prob " << t << ".\n"
    << "Proof.\n  intros steps H. destruct sched_inst as [E1 [E2 E3]].\n"
    << "  pose proof (optimal_from_lrat sched " << tm1 << " steps sched_ok sched_len) as O.\n"
    << "  rewrite E1, E2, E3 in O. exact (O H).\nQed.\n\n"
    << "Print Assumptions optimum_from_lrat.\n";
  if (!in.lrat_text.empty())
    o << coq_closed_optimum_text(in.lrat_text, "no schedule of at most " + tm1 + " steps\"", inst,
                                 "optimal_steps net model prob " + t);
  return o.str();
}

std::string write_optimum_coq_file(const std::string& dir, const std::string& coq_src, const std::string& name,
                                   const std::string& text, bool cubes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  for (const char* sub : {"lrat", "synth"}) {
    fs::create_directories(fs::path(dir) / sub, ec);
    if (ec) throw InputError("--coq: cannot create '" + dir + "': " + ec.message());
  }
  const fs::path src(coq_src);
  std::vector<const char*> files{"Rules.v", "Checker.v", "Completeness.v", "lrat/Cnf.v", "lrat/Lrat.v",
                                 "synth/SynthCnf.v", "synth/SynthFree.v", "synth/SynthSym.v"};
  if (cubes) files.insert(files.end(), {"lrat/Cubes.v", "synth/SynthCubes.v"});
  for (const char* from : files) {
    const fs::path to = fs::path(dir) / fs::path(from).parent_path() / fs::path(from).filename();
    fs::copy_file(src / from, to, fs::copy_options::overwrite_existing, ec);
    if (ec) throw InputError("--coq: cannot copy " + std::string(from) + " from '" + coq_src + "': " + ec.message());
  }
  const std::string path = (fs::path(dir) / (name + ".v")).string();
  std::ofstream f(path);
  if (!f) throw InputError("--coq: cannot write '" + path + "'");
  f << text;
  return path;
}

std::string write_optimum_coq(const OptimumCoqInput& in, const std::string& dir, const std::string& coq_src) {
  const std::string text = optimum_coq_text(in);
  return write_optimum_coq_file(
      dir, coq_src,
      "optimum_" + optimum_instance_name(*in.witness, in.allocation != encodings::synth::FreeAllocation::None), text,
      false);
}

}  // namespace schedcert::witnesses
