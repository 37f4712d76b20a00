(* An LRAT proof checker and its soundness (Cruz-Filipe, Heule, Hunt, Kaufmann & Schneider-Kamp,
   "Efficient certified RAT verification", CADE 2017, for the format and the idea of checking
   with hints; written here from scratch).

   The clause database maps clause ids (positive) to clauses. A proof is a sequence of steps:
   - Del ids: the clauses with these ids are removed (always sound).
   - Add id C hints: C is added under id if
     * C is a tautology (asserting every literal of C false is contradictory), or
     * RUP with hints: assert every literal of C false, then each positive hint j in turn must
       name a clause that is unit (one unassigned literal, which is set true) or falsified (the
       check succeeds) under the assignment; or
     * RAT on the pivot p = the first literal of C: after the positive prefix of the hints, the
       rest is a list of groups "-j h1 ... hk"; for EVERY clause D (id j) of the database that
       contains -p, either asserting the literals of D other than -p false contradicts the
       assignment, or the group of j propagates (as above) to a conflict.
   A step that adds the empty clause refutes the formula.

   Soundness (check_proof_sound): if the steps refute the CNF (loaded with ids 1, 2, ... in
   order), the CNF is unsatisfiable. The invariant: if the CNF is satisfiable, so is the
   database (a RUP lemma is true under the same valuation; a RAT lemma under the valuation with
   the pivot made true).

   The database and the assignments are FMapPositive tries, which the extraction (Extract.v)
   runs on native OCaml integers. *)
From Coq Require Import ZArith List Bool FSets.FMapPositive.
From Schedcert.lrat Require Import Cnf.
Import ListNotations.

Module M := PositiveMap.

Definition db := M.t clause.
Definition assignment := M.t bool.

Definition lit_var (l : lit) : positive :=
  match l with Zpos p | Zneg p => p | Z0 => xH end.
Definition lit_sign (l : lit) : bool :=
  match l with Zneg _ => false | _ => true end.

(* Value of a literal under a partial assignment (0 is always false). *)
Definition lval (a : assignment) (l : lit) : option bool :=
  match l with
  | Zpos p => M.find p a
  | Zneg p => option_map negb (M.find p a)
  | Z0 => Some false
  end.

(* Make l false; None when l is already true (a contradiction). *)
Definition assert_false (a : assignment) (l : lit) : option assignment :=
  match lval a l with
  | Some true => None
  | Some false => Some a
  | None => Some (M.add (lit_var l) (negb (lit_sign l)) a)
  end.

Fixpoint assert_all_false (a : assignment) (c : clause) : option assignment :=
  match c with
  | [] => Some a
  | l :: c' => match assert_false a l with
               | None => None
               | Some a' => assert_all_false a' c'
               end
  end.

Inductive cstat := CSat | CFalse | CUnit (l : lit) | COpen.

(* Status of a clause under an assignment. *)
Fixpoint eval (a : assignment) (c : clause) : cstat :=
  match c with
  | [] => CFalse
  | l :: c' =>
      match lval a l with
      | Some true => CSat
      | Some false => eval a c'
      | None =>
          match eval a c' with
          | CSat => CSat
          | CFalse => CUnit l
          | CUnit l' => if Z.eqb l l' then CUnit l else COpen
          | COpen => COpen
          end
      end
  end.

Inductive pstat := PConflict | PUnits (a : assignment) (rest : list Z) | PFail.

(* Unit propagation along the positive hints; stops at the first non-positive hint. *)
Fixpoint propagate (d : db) (a : assignment) (hs : list Z) : pstat :=
  match hs with
  | [] => PUnits a []
  | Zpos j :: hs' =>
      match M.find j d with
      | None => PFail
      | Some c =>
          match eval a c with
          | CFalse => PConflict
          | CUnit l => propagate d (M.add (lit_var l) (lit_sign l) a) hs'
          | _ => PFail
          end
      end
  | _ => PUnits a hs
  end.

(* RAT groups "-j h1 ... hk" into a map j -> [h1; ...; hk]. *)
Fixpoint groups_aux (hs : list Z) (cur : positive) (acc : list Z) (m : M.t (list Z))
  : M.t (list Z) :=
  match hs with
  | [] => M.add cur (rev acc) m
  | Zneg j :: hs' => groups_aux hs' j [] (M.add cur (rev acc) m)
  | h :: hs' => groups_aux hs' cur (h :: acc) m
  end.

Definition groups (hs : list Z) : option (M.t (list Z)) :=
  match hs with
  | [] => Some (M.empty _)
  | Zneg j :: hs' => Some (groups_aux hs' j [] (M.empty _))
  | _ => None
  end.

Definition lit_mem (l : lit) (c : clause) : bool := existsb (Z.eqb l) c.

(* The resolvent check for one clause dc (id j) of the database. *)
Definition res_ok (d : db) (a : assignment) (p : lit) (g : M.t (list Z)) (j : positive)
  (dc : clause) : bool :=
  if negb (lit_mem (Z.opp p) dc) then true
  else
    match assert_all_false a (filter (fun l => negb (Z.eqb l (Z.opp p))) dc) with
    | None => true
    | Some a1 =>
        match M.find j g with
        | None => false
        | Some hs => match propagate d a1 hs with PConflict => true | _ => false end
        end
    end.

Definition lemma_ok (d : db) (c : clause) (hs : list Z) : bool :=
  match assert_all_false (M.empty _) c with
  | None => true
  | Some a0 =>
      match propagate d a0 hs with
      | PConflict => true
      | PFail => false
      | PUnits a rest =>
          match c, groups rest with
          | p :: _, Some g =>
              match p with
              | Z0 => false
              | _ => M.fold (fun j dc ok => ok && res_ok d a p g j dc) d true
              end
          | _, _ => false
          end
      end
  end.

Inductive step := Add (id : positive) (c : clause) (hints : list Z) | Del (ids : list positive).

Inductive outcome := Reject | Continue (d : db) | Refuted.

Definition run_step (d : db) (s : step) : outcome :=
  match s with
  | Del ids => Continue (fold_left (fun m i => M.remove i m) ids d)
  | Add id c hs =>
      if lemma_ok d c hs then
        match c with [] => Refuted | _ => Continue (M.add id c d) end
      else Reject
  end.

Definition init_aux (f : cnf) (i : positive) (d : db) : db :=
  snd (fold_left (fun (acc : positive * db) c => (Pos.succ (fst acc), M.add (fst acc) c (snd acc)))
         f (i, d)).

(* The CNF's clauses get the ids 1, 2, ..., as in DIMACS order. *)
Definition init (f : cnf) : db := init_aux f xH (M.empty _).

Fixpoint check_steps (d : db) (ps : list step) : bool :=
  match ps with
  | [] => false
  | s :: ps' =>
      match run_step d s with
      | Reject => false
      | Refuted => true
      | Continue d' => check_steps d' ps'
      end
  end.

Definition check_proof (f : cnf) (ps : list step) : bool := check_steps (init f) ps.

(* ------------------------------------------------------------------ *)
(* Soundness *)

Definition db_true (v : valuation) (d : db) : Prop :=
  forall j c, M.find j d = Some c -> clause_true v c = true.

Definition compat (v : valuation) (a : assignment) : Prop :=
  forall p b, M.find p a = Some b -> v p = b.

Lemma lval_sound : forall v a l b, compat v a -> lval a l = Some b -> lit_true v l = b.
Proof.
  intros v a l b H E; destruct l as [|p|p]; simpl in *.
  - congruence.
  - now apply H.
  - destruct (M.find p a) eqn:F; simpl in E; [|discriminate].
    inversion E; subst; now rewrite (H _ _ F).
Qed.

Lemma compat_add : forall v a p b, compat v a -> v p = b -> compat v (M.add p b a).
Proof.
  intros v a p b H E q c F. destruct (Pos.eq_dec q p) as [->|Hne].
  - rewrite M.gss in F; congruence.
  - rewrite M.gso in F by exact Hne; now apply H.
Qed.

Lemma lit_true_var : forall v l, lit_true v l = true -> v (lit_var l) = lit_sign l.
Proof. intros v [|p|p] H; simpl in *; try discriminate; auto; now destruct (v p). Qed.

Lemma lit_false_var : forall v l, l <> Z0 -> lit_true v l = false -> v (lit_var l) = negb (lit_sign l).
Proof. intros v [|p|p] Hz H; simpl in *; try congruence; auto; now destruct (v p). Qed.

Lemma assert_false_sound : forall v a l,
  compat v a -> lit_true v l = false ->
  exists a', assert_false a l = Some a' /\ compat v a'.
Proof.
  intros v a l H F. unfold assert_false.
  destruct (lval a l) as [[|]|] eqn:E.
  - rewrite (lval_sound _ _ _ _ H E) in F; discriminate.
  - eauto.
  - eexists; split; [reflexivity|]. apply compat_add; auto.
    apply lit_false_var; auto. intros ->; discriminate.
Qed.

Lemma assert_all_false_sound : forall v c a,
  compat v a -> (forall l, In l c -> lit_true v l = false) ->
  exists a', assert_all_false a c = Some a' /\ compat v a'.
Proof.
  intros v c; induction c as [|l c IH]; intros a H F; simpl; eauto.
  destruct (assert_false_sound v a l H (F l (or_introl eq_refl))) as (a1 & -> & H1).
  apply IH; auto using in_cons.
Qed.

Lemma eval_false : forall v a c, compat v a -> eval a c = CFalse -> clause_true v c = false.
Proof.
  intros v a c H; induction c as [|l c IH]; simpl; auto.
  destruct (lval a l) as [[|]|] eqn:E; intros Hc; try discriminate.
  - rewrite (lval_sound _ _ _ _ H E); simpl; auto.
  - revert Hc; destruct (eval a c); try discriminate. destruct (Z.eqb _ _); discriminate.
Qed.

Lemma eval_unit : forall v a c l, compat v a -> eval a c = CUnit l ->
  clause_true v c = true -> lit_true v l = true.
Proof.
  intros v a c l H; induction c as [|m c IH]; simpl; intros Hu Ht; try discriminate.
  revert Hu Ht; destruct (lval a m) as [[|]|] eqn:E; intros Hu Ht; try discriminate.
  - rewrite (lval_sound _ _ _ _ H E) in Ht; simpl in Ht; auto.
  - revert Hu; destruct (eval a c) eqn:Ev; intros Hu; try discriminate.
    + inversion Hu; subst. rewrite (eval_false v a c H Ev), orb_false_r in Ht; auto.
    + revert Hu; destruct (Z.eqb_spec m l0) as [->|]; intros Hu; inversion Hu; subst.
      destruct (lit_true v l) eqn:Hl; auto.
Qed.

(* If v makes the database true and agrees with the assignment, propagation never reaches a
   conflict and keeps the agreement. *)
Lemma propagate_sound : forall v d hs a, db_true v d -> compat v a ->
  match propagate d a hs with
  | PConflict => False
  | PUnits a' _ => compat v a'
  | PFail => True
  end.
Proof.
  intros v d hs; induction hs as [|h hs IH]; intros a Hd Ha; simpl; auto.
  destruct h as [|j|j]; auto.
  destruct (M.find j d) as [c|] eqn:F; auto.
  pose proof (Hd _ _ F) as Hc.
  destruct (eval a c) eqn:E; auto.
  - rewrite (eval_false v a c Ha E) in Hc; discriminate.
  - apply IH; auto. apply compat_add; auto.
    apply lit_true_var. eapply eval_unit; eauto.
Qed.

Lemma clause_true_false : forall v c, clause_true v c = false -> forall l, In l c -> lit_true v l = false.
Proof.
  intros v c H l Hl. unfold clause_true in H.
  destruct (lit_true v l) eqn:E; auto.
  assert (existsb (lit_true v) c = true) by (apply existsb_exists; eauto). congruence.
Qed.

Lemma fold_left_and : forall (A : Type) (f : A -> bool) l b,
  fold_left (fun acc x => acc && f x) l b = true -> b = true /\ forall x, In x l -> f x = true.
Proof.
  intros A f l; induction l as [|x l IH]; simpl; intros b H; [split; tauto|].
  apply IH in H as [H1 H2]. apply andb_true_iff in H1 as [Hb Hx].
  split; auto. intros y [<-|Hy]; auto.
Qed.

Lemma fold_and_true : forall (f : positive -> clause -> bool) (m : M.t clause),
  M.fold (fun j dc ok => ok && f j dc) m true = true ->
  forall j dc, M.find j m = Some dc -> f j dc = true.
Proof.
  intros f m H j dc F. rewrite M.fold_1 in H.
  apply (fold_left_and _ (fun x => f (fst x) (snd x))) in H as [_ H].
  apply M.elements_correct in F. exact (H _ F).
Qed.

(* A lemma accepted without RAT is true under every valuation of the database. *)
Lemma lemma_ok_cases : forall d c hs, lemma_ok d c hs = true ->
  forall v, db_true v d -> clause_true v c = true \/
    exists p rest, c = p :: rest /\ p <> Z0 /\
      forall j dc, M.find j d = Some dc -> lit_mem (Z.opp p) dc = true ->
        exists l, In l dc /\ l <> Z.opp p /\ lit_true v l = true.
Proof.
  intros d c hs Hok v Hd.
  destruct (clause_true v c) eqn:Hc; [now left|right].
  pose proof (clause_true_false v c Hc) as Hf.
  destruct (assert_all_false_sound v c (M.empty _) ltac:(intros p b F; rewrite M.gempty in F; discriminate) Hf)
    as (a0 & E0 & H0).
  unfold lemma_ok in Hok. rewrite E0 in Hok.
  pose proof (propagate_sound v d hs a0 Hd H0) as Hp.
  destruct (propagate d a0 hs) as [|a rest|] eqn:Ep; try contradiction; try discriminate.
  destruct c as [|p c'] eqn:Ec; [discriminate|].
  destruct (groups rest) as [g|]; [|discriminate].
  exists p, c'. split; [reflexivity|]. split; [intros ->; discriminate|].
  assert (Hall : forall j dc, M.find j d = Some dc -> res_ok d a p g j dc = true).
  { destruct p; try discriminate; exact (fold_and_true _ d Hok). }
  intros j dc F Hm.
  pose proof (Hall j dc F) as Hr. unfold res_ok in Hr. rewrite Hm in Hr. simpl in Hr.
  destruct (existsb (fun l => negb (Z.eqb l (Z.opp p)) && lit_true v l) dc) eqn:Hx.
  - apply existsb_exists in Hx as (l & Hl & Ht). apply andb_true_iff in Ht as [Hne Ht].
    exists l; repeat split; auto. intros ->. rewrite Z.eqb_refl in Hne; discriminate.
  - exfalso.
    assert (Hf' : forall l, In l (filter (fun l => negb (Z.eqb l (Z.opp p))) dc) -> lit_true v l = false).
    { intros l Hl. apply filter_In in Hl as [Hl Hn].
      destruct (lit_true v l) eqn:Ht; auto.
      assert (existsb (fun l => negb (Z.eqb l (Z.opp p)) && lit_true v l) dc = true)
        by (apply existsb_exists; exists l; rewrite Hn, Ht; auto). congruence. }
    destruct (assert_all_false_sound v _ a Hp Hf') as (a1 & E1 & H1). rewrite E1 in Hr.
    destruct (M.find j g) as [hs1|]; [|discriminate].
    pose proof (propagate_sound v d hs1 a1 Hd H1) as Hq.
    destruct (propagate d a1 hs1); try discriminate; contradiction.
Qed.

Definition flip (v : valuation) (p : lit) : valuation :=
  fun q => if Pos.eqb q (lit_var p) then lit_sign p else v q.

Lemma flip_other : forall v p l, lit_var l <> lit_var p -> lit_true (flip v p) l = lit_true v l.
Proof.
  intros v p [|q|q] H; simpl in *; auto; unfold flip;
  destruct (Pos.eqb_spec q (lit_var p)); congruence.
Qed.

Lemma flip_pivot : forall v p, p <> Z0 -> lit_true (flip v p) p = true.
Proof.
  intros v [|q|q] H; simpl; try congruence; unfold flip; simpl; rewrite Pos.eqb_refl; auto.
Qed.

(* Same variable, non-zero, not equal: the opposite literal. *)
Lemma same_var : forall l p, lit_var l = lit_var p -> l <> Z0 -> p <> Z0 -> l = p \/ l = Z.opp p.
Proof. intros [|a|a] [|b|b] H Hl Hp; simpl in *; subst; auto; congruence. Qed.

Lemma lemma_ok_sound : forall d c hs id, lemma_ok d c hs = true ->
  forall v, db_true v d -> exists w, db_true w (M.add id c d).
Proof.
  intros d c hs id Hok v Hd.
  destruct (lemma_ok_cases d c hs Hok v Hd) as [Hc|(p & rest & -> & Hp & Hrat)].
  - exists v. intros j e F. destruct (Pos.eq_dec j id) as [->|Hne].
    + rewrite M.gss in F; congruence.
    + rewrite M.gso in F by exact Hne; eauto.
  - exists (flip v p). intros j e F. destruct (Pos.eq_dec j id) as [->|Hne].
    + rewrite M.gss in F; inversion F; subst. simpl. now rewrite flip_pivot.
    + rewrite M.gso in F by exact Hne.
      (* a literal of e true under v and not -p *)
      assert (Hl : exists l, In l e /\ l <> Z.opp p /\ lit_true v l = true).
      { destruct (lit_mem (Z.opp p) e) eqn:Hm; [now apply (Hrat j)|].
        pose proof (Hd j e F) as He. apply existsb_exists in He as (l & Hl & Ht).
        exists l; repeat split; auto. intros ->.
        assert (lit_mem (Z.opp p) e = true) by (apply existsb_exists; exists (Z.opp p); rewrite Z.eqb_refl; auto).
        congruence. }
      destruct Hl as (l & Hl & Hn & Ht).
      apply existsb_exists. exists l. split; auto.
      destruct (Pos.eq_dec (lit_var l) (lit_var p)) as [Hv|Hv].
      * assert (l <> Z0) by (intros ->; discriminate).
        destruct (same_var l p Hv H Hp) as [->| ->]; [now apply flip_pivot|congruence].
      * now rewrite flip_other.
Qed.

Lemma run_step_continue : forall d s d', run_step d s = Continue d' ->
  forall v, db_true v d -> exists w, db_true w d'.
Proof.
  intros d [id c hs|ids] d' E v Hd; simpl in E.
  - destruct (lemma_ok d c hs) eqn:Hok; [|discriminate].
    destruct c; inversion E; subst. eapply lemma_ok_sound; eauto.
  - inversion E; subst. exists v. clear E. revert d Hd. induction ids as [|i ids IH]; simpl; auto.
    intros d Hd. apply IH. intros j c F. destruct (Pos.eq_dec j i) as [->|Hne].
    + rewrite M.grs in F; discriminate.
    + rewrite M.gro in F by exact Hne; eauto.
Qed.

Lemma run_step_refuted : forall d s, run_step d s = Refuted -> forall v, ~ db_true v d.
Proof.
  intros d [id c hs|ids] E v Hd; simpl in E; [|discriminate].
  destruct (lemma_ok d c hs) eqn:Hok; [|discriminate]. destruct c; [|discriminate].
  destruct (lemma_ok_cases d [] hs Hok v Hd) as [Hc|(p & rest & Habs & _)]; [discriminate|discriminate].
Qed.

Lemma check_steps_sound : forall ps d, check_steps d ps = true -> forall v, ~ db_true v d.
Proof.
  intros ps; induction ps as [|s ps IH]; intros d E v Hd; simpl in E; [discriminate|].
  destruct (run_step d s) eqn:R; try discriminate.
  - destruct (run_step_continue d s d0 R v Hd) as (w & Hw). eapply IH; eauto.
  - eapply run_step_refuted; eauto.
Qed.

Lemma init_aux_true : forall v f i d, (forall c, In c f -> clause_true v c = true) -> db_true v d ->
  db_true v (init_aux f i d).
Proof.
  intros v f; induction f as [|c f IH]; intros i d Hf Hd; unfold init_aux; simpl; auto.
  apply IH; auto using in_cons. intros j e F. destruct (Pos.eq_dec j i) as [->|Hne].
  - rewrite M.gss in F; inversion F; subst; auto using in_eq.
  - rewrite M.gso in F by exact Hne; eauto.
Qed.

Theorem check_proof_sound : forall f ps, check_proof f ps = true -> unsatisfiable f.
Proof.
  intros f ps E (v & Hv). eapply (check_steps_sound ps (init f) E v).
  apply init_aux_true; auto. intros j c F. rewrite M.gempty in F; discriminate.
Qed.

Print Assumptions check_proof_sound.
