// optimum_<instance>_cubes.v: the optimum of a cube run as a Coq theorem (coq_optimum.hpp,
// CubeRunCoqInput; issue 26, item 5). Same instance text and witness lemmas as the one-proof
// files (coq_optimum_instance_text), then the cubes as literal lists, the premise theorems
// optimum_from_unsat (what the default checker run established: every CNF of the run
// unsatisfiable) and optimum_from_cubes (the Lrat.v form) through coq/synth/SynthCubes.v's
// corollaries (optimal_from_cubes_unsat / optimal_from_cubes, and the free and free-sym ones,
// all over coq/lrat/Cubes.v's cubes_unsat_from_unsat), and, when every proof is given, the closed `optimum`: the coverage proof and the
// cubes' proofs as chunked definitions (coq_lrat_definitions) checked at once by check_cube_run
// under vm_compute (the generated CNF is computed and loaded once).
#include <sstream>

#include "encodings/synth/coq_cnf.hpp"
#include "schedules/error.hpp"
#include "witnesses/coq_optimum.hpp"

namespace schedcert::witnesses {

namespace {

std::string cubes_term(const std::vector<std::vector<int>>& cubes) {
  std::ostringstream o;
  o << "[";
  for (std::size_t k = 0; k < cubes.size(); ++k) {
    o << (k ? ";\n   " : "") << "[";
    for (std::size_t i = 0; i < cubes[k].size(); ++i) o << (i ? "; " : "") << cubes[k][i];
    o << "]%Z";
  }
  return o.str() + "]";
}

}  // namespace

std::string cube_optimum_coq_text(const CubeRunCoqInput& in) {
  using encodings::synth::FreeAllocation;
  const OptimumCoqInput& op = in.optimum;
  const schedules::Schedule& s = *op.witness;
  const std::size_t T = s.num_steps();
  if (T == 0) throw InputError("--coq: the optimum is 0 steps: nothing to refute");
  const bool free = op.allocation != FreeAllocation::None, sym = op.allocation == FreeAllocation::Symmetric;
  if (sym && op.auts.size() != s.network().num_nodes())
    throw InputError("--coq: free_sym_cnf needs one automorphism per node (auts)");
  const bool closed = !in.cube_lrats.empty();
  if (closed && (in.cube_lrats.size() != in.cubes.size() || in.coverage_lrat.empty()))
    throw InputError("--coq: the closed form needs the coverage proof and one proof per cube");
  const std::string t = std::to_string(T), tm1 = std::to_string(T - 1);
  const std::string gen = !free ? "synth_cnf net model prob " : sym ? "free_sym_cnf net model packet " : "free_cnf net model packet ";
  const std::string F = "(" + gen + tm1 + ")";
  const std::string conclusion = (free ? "optimal_free net model packet " : "optimal_steps net model prob ") + t;
  const std::string name = "optimum_" + optimum_instance_name(s, free) + "_cubes";
  const std::string synth_modules =
      std::string("SynthCnf") + (free ? " SynthFree" : "") + (sym ? " SynthSym" : "") + " SynthCubes";
  std::ostringstream o;
  o << "(* " << s.problem().describe() << " on " << s.network().name() << ", " << schedules::to_string(s.model())
    << (free ? ", the allocation (which node broadcasts which value) left free" : "") << ": the optimum"
    << (free ? " over every allocation" : "") << " is " << t << " steps, " << tm1 << " steps refuted by a cube run of "
    << in.cubes.size() << " cubes.\n"
    << "   Written by `" << op.command << "`.\n"
    << "   Check: cd DIR && for f in Rules.v Checker.v Completeness.v lrat/Cnf.v lrat/Lrat.v lrat/Cubes.v\n"
    << "   synth/SynthCnf.v synth/SynthFree.v synth/SynthSym.v synth/SynthCubes.v " << name
    << ".v; do coqc -Q . Schedcert $f; done.\n"
    << "   Theorem optimum_from_unsat: " << conclusion << " from the witness schedule below (Checker.v's check"
    << (free ? " and free_witnessb" : "") << ", by vm_compute)"
    << (sym ? ", the translations `auts` (SynthSym.v's transb, by vm_compute)" : "")
    << " and two premises on the CNF F = " << gen << tm1 << " generated in Coq:\n"
    << "   coverage_cnf F cubes (F, then the negation of every cube below) is unsatisfiable and, for every cube c\n"
    << "   below, cube_cnf F c (F, then the literals of c as units) is unsatisfiable; coq/lrat/Cubes.v's\n"
    << "   cubes_unsat_from_unsat then makes F unsatisfiable (coq/synth/SynthCubes.v). Those premises are what\n"
    << "   this run established: the LRAT checker of coq/lrat/LratFast.v, extracted as schedcert-lrat --synth,\n"
    << "   accepted a proof on the coverage CNF and one on each cube's CNF, and fcheck_proof_sound (which rests\n"
    << "   on the PArray/Uint63 axioms listed in docs/trust.md) makes each of them unsatisfiable"
    << (in.ledger_cubes ? " (the " + std::to_string(in.ledger_cubes) +
                              " cubes imported from a ledger were checked by the runs that wrote it, with the\n"
                              "   checker schedcert-lrat ran then: LratFast.v's, or before issue 27 Lrat.v's, whose "
                              "check_proof_sound\n   gives the same premise)"
                        : std::string())
    << ":\n   " << in.run_note << "\n"
    << "   Theorem optimum_from_cubes: the same from the premises that the checker of coq/lrat/Lrat.v (check_proof,\n"
    << "   no axioms) accepts some proof on coverage_cnf F cubes and, for every cube c, some proof on cube_cnf F c\n"
    << "   (cubes_unsat), which `schedcert-lrat --slow --synth SPEC LRAT` re-establishes for each.\n";
  if (closed)
    o << "   Theorem optimum: the same without premise, every proof embedded and checked by vm_compute\n"
      << "   (check_cube_run: F is generated and loaded once). *)\n";
  else
    o << "   (the proofs are larger than --coq-lrat-max in total: no premise-free theorem in this file) *)\n";
  o << coq_optimum_instance_text(op, " Cubes", synth_modules)
    << "(* The " << in.cubes.size() << " cubes of the run: literals of F (DIMACS numbering of SynthCnf.v's layout). *)\n"
    << "Definition cubes : list (list Z) :=\n  " << cubes_term(in.cubes) << ".\n\n"
    << "Lemma cubes_ok : cubes_nonzero cubes = true.\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Theorem optimum_from_unsat : unsatisfiable (coverage_cnf " << F << " cubes) ->\n"
    << "  (forall c, In c cubes -> unsatisfiable (cube_cnf " << F << " c)) ->\n"
    << "  " << conclusion << ".\n"
    << "Proof.\n  intros Hc Hk. destruct sched_inst as [E1 [E2 E3]].\n";
  const std::string unsat_premises = "(conj cubes_ok (conj Hc Hk))";
  if (sym)
    o << "  pose proof (optimal_free_from_sym_cubes_unsat sched " << tm1
      << " auts cubes sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O auts_ok " << unsat_premises << ").\nQed.\n\n";
  else if (free)
    o << "  pose proof (optimal_free_from_cubes_unsat sched " << tm1 << " cubes sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O " << unsat_premises << ").\nQed.\n\n";
  else
    o << "  pose proof (optimal_from_cubes_unsat sched " << tm1 << " cubes sched_ok sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O " << unsat_premises << ").\nQed.\n\n";
  o << "Print Assumptions optimum_from_unsat.\n\n"
    << "Theorem optimum_from_cubes : forall cover, check_proof (coverage_cnf " << F << " cubes) cover = true ->\n"
    << "  (forall c, In c cubes -> exists ps, check_proof (cube_cnf " << F << " c) ps = true) ->\n"
    << "  " << conclusion << ".\n"
    << "Proof.\n  intros cover Hc Hk. destruct sched_inst as [E1 [E2 E3]].\n";
  const std::string premises = "(conj cubes_ok (conj (ex_intro _ cover Hc) Hk))";
  if (sym)
    o << "  pose proof (optimal_free_from_sym_cubes sched " << tm1 << " auts cubes sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O auts_ok " << premises << ").\nQed.\n\n";
  else if (free)
    o << "  pose proof (optimal_free_from_cubes sched " << tm1 << " cubes sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O " << premises << ").\nQed.\n\n";
  else
    o << "  pose proof (optimal_from_cubes sched " << tm1 << " cubes sched_ok sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O " << premises << ").\nQed.\n\n";
  o << "Print Assumptions optimum_from_cubes.\n";
  if (!closed) return o.str();
  o << "\n(* The proofs of the run, checked here by vm_compute: the coverage, then one per cube. *)\n"
    << coq_lrat_definitions(in.coverage_lrat, "coverage");
  for (std::size_t k = 0; k < in.cube_lrats.size(); ++k)
    o << coq_lrat_definitions(in.cube_lrats[k], "cube_proof_" + std::to_string(k));
  o << "Definition cube_proofs : list (list Lrat.step) :=\n  [";
  for (std::size_t k = 0; k < in.cube_lrats.size(); ++k) o << (k ? (k % 8 ? "; " : ";\n   ") : "") << "cube_proof_" << k;
  o << "].\n\n"
    << "Lemma cube_run_ok : check_cube_run " << F << " cubes coverage cube_proofs = true.\n"
    << "Proof. vm_cast_no_check (eq_refl true). Qed.\n\n"
    << "Theorem optimum : " << conclusion << ".\n"
    << "Proof.\n  destruct (cube_run_checked _ _ _ _ cube_run_ok) as (_ & (cover & Hc) & Hk).\n"
    << "  exact (optimum_from_cubes cover Hc Hk).\nQed.\n\n"
    << "Print Assumptions optimum.\n";
  return o.str();
}

std::string write_cube_optimum_coq(const CubeRunCoqInput& in, const std::string& dir, const std::string& coq_src) {
  const bool free = in.optimum.allocation != encodings::synth::FreeAllocation::None;
  const std::string text = cube_optimum_coq_text(in);
  return write_optimum_coq_file(dir, coq_src, "optimum_" + optimum_instance_name(*in.optimum.witness, free) + "_cubes",
                                text, true);
}

}  // namespace schedcert::witnesses
