(* Cube-and-conquer in Coq (issue 26, item 5): a CNF f is unsatisfiable when
   - the coverage CNF, f followed by the negation of every cube (one clause "not c" per cube c),
     is unsatisfiable, and
   - for every cube c, f followed by the unit clauses of c is unsatisfiable too.
   Why (cubes_unsat_from_unsat): if v satisfies f, then v falsifies some clause "not c" of the
   coverage CNF, so v makes every literal of c true (no literal is 0: cubes_nonzero), so v
   satisfies f ++ units c, which is impossible. cubes_unsat states the premises as refutations by
   the LRAT checker of Lrat.v (check_proof_sound); the default schedcert-lrat run establishes
   them as refutations by LratFast.v's fcheck_proof, hence (fcheck_proof_sound) in the
   unsatisfiable form of cubes_unsat_from_unsat.

   The driver schedcert-lrat --synth builds both CNFs with the extracted cube_cnf and
   coverage_cnf from the CNF the extracted generator made (SPEC lines "cube LITS" and
   "cover LITS", coq/lrat/lrat_main.ml); coq/synth/SynthCubes.v turns cubes_unsat into optima.

   check_cube_run decides all of it at once under vm_compute (the closed theorems of
   `cube ... --coq`): it loads f into the clause database once (init f) and, per cube, adds the
   cube's few clauses to that database (init_aux from the id after f's), instead of loading
   f ++ units c from scratch for every cube; init_app proves that this is the database
   check_proof builds. *)
From Coq Require Import ZArith List Bool.
From Schedcert.lrat Require Import Cnf Lrat.
Import ListNotations.

Definition unit_clauses (c : list lit) : cnf := map (fun l => [l]) c.
Definition neg_clause (c : list lit) : clause := map Z.opp c.

(* The CNF of one cube, and the coverage CNF of a list of cubes. *)
Definition cube_cnf (f : cnf) (c : list lit) : cnf := f ++ unit_clauses c.
Definition coverage_cnf (f : cnf) (cubes : list (list lit)) : cnf := f ++ map neg_clause cubes.

(* No cube holds the literal 0 (false under every valuation: its negation would be 0 too). *)
Definition cubes_nonzero (cubes : list (list lit)) : bool :=
  forallb (forallb (fun l => negb (Z.eqb l 0))) cubes.

(* ------------------------------------------------------------------ *)
(* Soundness *)

Lemma lit_true_opp : forall v l, l <> 0%Z -> lit_true v (Z.opp l) = negb (lit_true v l).
Proof. intros v [|p|p] H; simpl; try congruence; now destruct (v p). Qed.

Lemma sat_app : forall f g, satisfiable (f ++ g) <->
  exists v, (forall c, In c f -> clause_true v c = true) /\ (forall c, In c g -> clause_true v c = true).
Proof.
  intros f g. split.
  - intros (v & H). exists v. split; intros c Hc; apply H, in_or_app; auto.
  - intros (v & H1 & H2). exists v. intros c Hc. apply in_app_or in Hc as [Hc|Hc]; auto.
Qed.

Theorem cubes_unsat_from_unsat : forall f cubes, cubes_nonzero cubes = true ->
  unsatisfiable (coverage_cnf f cubes) ->
  (forall c, In c cubes -> unsatisfiable (cube_cnf f c)) ->
  unsatisfiable f.
Proof.
  intros f cubes Hz Hcov Hcubes (v & Hv).
  (* v falsifies the negation of some cube *)
  assert (Hc : exists c, In c cubes /\ clause_true v (neg_clause c) = false).
  { destruct (existsb (fun c => negb (clause_true v (neg_clause c))) cubes) eqn:E.
    - apply existsb_exists in E as (c & Hin & Hf). exists c. split; auto. now destruct (clause_true _ _).
    - exfalso. apply Hcov. apply sat_app. exists v. split; auto.
      intros c Hc. apply in_map_iff in Hc as (c' & <- & Hin).
      destruct (clause_true v (neg_clause c')) eqn:F; auto.
      assert (existsb (fun c => negb (clause_true v (neg_clause c))) cubes = true)
        by (apply existsb_exists; exists c'; rewrite F; auto). congruence. }
  destruct Hc as (c & Hin & Hf).
  apply (Hcubes c Hin). apply sat_app. exists v. split; auto.
  unfold cubes_nonzero in Hz. rewrite forallb_forall in Hz. specialize (Hz c Hin).
  rewrite forallb_forall in Hz.
  intros u Hu. apply in_map_iff in Hu as (l & <- & Hl). simpl.
  assert (Hl0 : l <> 0%Z) by (specialize (Hz l Hl); intros ->; discriminate).
  assert (Hn : lit_true v (Z.opp l) = false)
    by (apply (clause_true_false v (neg_clause c) Hf), in_map; exact Hl).
  rewrite lit_true_opp in Hn by exact Hl0. destruct (lit_true v l); [reflexivity|discriminate].
Qed.

Theorem cubes_unsat : forall f cubes, cubes_nonzero cubes = true ->
  (exists cover, check_proof (coverage_cnf f cubes) cover = true) ->
  (forall c, In c cubes -> exists ps, check_proof (cube_cnf f c) ps = true) ->
  unsatisfiable f.
Proof.
  intros f cubes Hz (cover & Hcov) Hcubes. apply (cubes_unsat_from_unsat f cubes Hz).
  - exact (check_proof_sound _ _ Hcov).
  - intros c Hc. destruct (Hcubes c Hc) as (ps & Hps). exact (check_proof_sound _ _ Hps).
Qed.

(* ------------------------------------------------------------------ *)
(* One check for a whole run, loading f once. *)

Definition next_id (f : cnf) : positive := Nat.iter (length f) Pos.succ xH.

Fixpoint forall2b {A B} (p : A -> B -> bool) (l1 : list A) (l2 : list B) : bool :=
  match l1, l2 with
  | [], [] => true
  | a :: r1, b :: r2 => p a b && forall2b p r1 r2
  | _, _ => false
  end.

Definition check_cube_run (f : cnf) (cubes : list (list lit)) (cover : list step)
  (proofs : list (list step)) : bool :=
  let d := init f in
  let k := next_id f in
  cubes_nonzero cubes &&
  check_steps (init_aux (map neg_clause cubes) k d) cover &&
  forall2b (fun c ps => check_steps (init_aux (unit_clauses c) k d) ps) cubes proofs.

Definition add_clause (acc : positive * db) (c : clause) : positive * db :=
  (Pos.succ (fst acc), M.add (fst acc) c (snd acc)).

Lemma iter_succ : forall n i, Nat.iter n Pos.succ (Pos.succ i) = Pos.succ (Nat.iter n Pos.succ i).
Proof. induction n as [|n IH]; intros i; simpl; [reflexivity|now rewrite IH]. Qed.

Lemma fold_add : forall f i d,
  fold_left add_clause f (i, d) = (Nat.iter (length f) Pos.succ i, init_aux f i d).
Proof.
  induction f as [|c f IH]; intros i d; [reflexivity|].
  change (fold_left add_clause (c :: f) (i, d)) with (fold_left add_clause f (Pos.succ i, M.add i c d)).
  rewrite IH. f_equal. simpl. apply iter_succ.
Qed.

(* The database of f ++ g is f's, with g's clauses added from the id after f's. *)
Lemma init_app : forall f g, init (f ++ g) = init_aux g (next_id f) (init f).
Proof.
  intros f g. unfold init, init_aux at 1. fold add_clause. rewrite fold_left_app.
  rewrite fold_add. unfold init_aux. fold add_clause. reflexivity.
Qed.

Lemma forall2b_in : forall {A B} (p : A -> B -> bool) l1 l2, forall2b p l1 l2 = true ->
  forall a, In a l1 -> exists b, p a b = true.
Proof.
  intros A B p l1; induction l1 as [|x r IH]; intros [|y r2] H a Ha; try contradiction; try discriminate.
  simpl in H. apply andb_true_iff in H as [H1 H2]. destruct Ha as [<-|Ha]; eauto.
Qed.

Theorem check_cube_run_sound : forall f cubes cover proofs,
  check_cube_run f cubes cover proofs = true ->
  cubes_nonzero cubes = true /\
  (exists cover, check_proof (coverage_cnf f cubes) cover = true) /\
  (forall c, In c cubes -> exists ps, check_proof (cube_cnf f c) ps = true).
Proof.
  intros f cubes cover proofs H. unfold check_cube_run in H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  split; [exact H1|]. split.
  - exists cover. unfold check_proof, coverage_cnf. rewrite init_app. exact H2.
  - intros c Hc. destruct (forall2b_in _ _ _ H3 c Hc) as (ps & Hps). exists ps.
    unfold check_proof, cube_cnf. rewrite init_app. exact Hps.
Qed.

Corollary check_cube_run_unsat : forall f cubes cover proofs,
  check_cube_run f cubes cover proofs = true -> unsatisfiable f.
Proof.
  intros f cubes cover proofs H. destruct (check_cube_run_sound _ _ _ _ H) as (Hz & Hc & Hk).
  exact (cubes_unsat f cubes Hz Hc Hk).
Qed.

Print Assumptions cubes_unsat_from_unsat.
Print Assumptions cubes_unsat.
Print Assumptions check_cube_run_unsat.
