(* Optima from a cube run (issue 26, item 5; `schedcert cube successive|synthesize ... --coq`):
   the refutation of T steps is not one LRAT proof but a coverage proof and one proof per cube,
   all on the CNF generated in Coq (synth_cnf, free_cnf or free_sym_cnf), and coq/lrat/Cubes.v's
   cubes_unsat turns them into "unsatisfiable"; the corollaries below feed that to the existing
   optimal_from_unsat (SynthCnf.v), optimal_free_from_unsat (SynthFree.v) and
   optimal_free_from_sym_unsat (SynthSym.v).

   schedcert-lrat --synth checks the coverage CNF on a SPEC with "cover" lines (the generated
   CNF, then the negation of every cube) and each cube's CNF on a SPEC with its "cube" line (the
   generated CNF, then the cube's literals as units). By default it runs LratFast.v's
   fcheck_proof, so what it establishes is that these CNFs are unsatisfiable (fcheck_proof_sound):
   the premise cube_run_unsatisfiable of the *_cubes_unsat theorems. cube_run_refutes, the
   premise of the *_cubes theorems, states them as refutations by Lrat.v's check_proof, which
   schedcert-lrat --slow re-establishes; the written files prove it by check_cube_run
   (vm_compute) when the proofs are embedded. *)
From Coq Require Import List NArith ZArith.
From Schedcert Require Import Rules Checker.
From Schedcert.lrat Require Import Cnf Lrat Cubes.
From Schedcert.synth Require Import SynthCnf SynthFree SynthSym.
Import ListNotations.

(* The two premises of a cube run on the CNF f. *)
Definition cube_run_refutes (f : cnf) (cubes : list (list lit)) : Prop :=
  cubes_nonzero cubes = true /\
  (exists cover, check_proof (coverage_cnf f cubes) cover = true) /\
  (forall c, In c cubes -> exists ps, check_proof (cube_cnf f c) ps = true).

Lemma cube_run_unsat : forall f cubes, cube_run_refutes f cubes -> unsatisfiable f.
Proof. intros f cubes (Hz & Hc & Hk). exact (cubes_unsat f cubes Hz Hc Hk). Qed.

Theorem optimal_from_cubes : forall s T cubes, check s = true -> length (s_steps s) = S T ->
  cube_run_refutes (synth_cnf (s_net s) (s_model s) (s_prob s) T) cubes ->
  optimal_steps (s_net s) (s_model s) (s_prob s) (S T).
Proof. intros s T cubes Hc Hl H. apply optimal_from_unsat; auto. exact (cube_run_unsat _ _ H). Qed.

Theorem optimal_free_from_cubes : forall s T cubes, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T ->
  cube_run_refutes (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) cubes ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof. intros s T cubes Hc Hw Hl H. apply optimal_free_from_unsat; auto. exact (cube_run_unsat _ _ H). Qed.

Theorem optimal_free_from_sym_cubes : forall s T auts cubes, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T -> transb (s_net s) auts = true ->
  cube_run_refutes (free_sym_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) cubes ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T auts cubes Hc Hw Hl A H. apply (optimal_free_from_sym_unsat s T auts); auto.
  exact (cube_run_unsat _ _ H).
Qed.

(* The same from what the default checker run establishes: the coverage CNF and every cube's CNF
   are unsatisfiable (cubes_nonzero is checked in the written files by vm_compute). *)
Definition cube_run_unsatisfiable (f : cnf) (cubes : list (list lit)) : Prop :=
  cubes_nonzero cubes = true /\
  unsatisfiable (coverage_cnf f cubes) /\
  (forall c, In c cubes -> unsatisfiable (cube_cnf f c)).

Lemma cube_run_unsatisfiable_unsat : forall f cubes, cube_run_unsatisfiable f cubes -> unsatisfiable f.
Proof. intros f cubes (Hz & Hc & Hk). exact (cubes_unsat_from_unsat f cubes Hz Hc Hk). Qed.

Theorem optimal_from_cubes_unsat : forall s T cubes, check s = true -> length (s_steps s) = S T ->
  cube_run_unsatisfiable (synth_cnf (s_net s) (s_model s) (s_prob s) T) cubes ->
  optimal_steps (s_net s) (s_model s) (s_prob s) (S T).
Proof.
  intros s T cubes Hc Hl H. apply optimal_from_unsat; auto. exact (cube_run_unsatisfiable_unsat _ _ H).
Qed.

Theorem optimal_free_from_cubes_unsat : forall s T cubes, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T ->
  cube_run_unsatisfiable (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) cubes ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T cubes Hc Hw Hl H. apply optimal_free_from_unsat; auto. exact (cube_run_unsatisfiable_unsat _ _ H).
Qed.

Theorem optimal_free_from_sym_cubes_unsat : forall s T auts cubes, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T -> transb (s_net s) auts = true ->
  cube_run_unsatisfiable (free_sym_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) cubes ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T auts cubes Hc Hw Hl A H. apply (optimal_free_from_sym_unsat s T auts); auto.
  exact (cube_run_unsatisfiable_unsat _ _ H).
Qed.

(* The closed form: every proof embedded and checked at once. *)
Lemma cube_run_checked : forall f cubes cover proofs,
  check_cube_run f cubes cover proofs = true -> cube_run_refutes f cubes.
Proof. intros f cubes cover proofs H. exact (check_cube_run_sound f cubes cover proofs H). Qed.

Print Assumptions optimal_from_cubes.
Print Assumptions optimal_from_cubes_unsat.
Print Assumptions optimal_free_from_cubes.
Print Assumptions optimal_free_from_cubes_unsat.
Print Assumptions optimal_free_from_sym_cubes.
Print Assumptions optimal_free_from_sym_cubes_unsat.
Print Assumptions cube_run_checked.
