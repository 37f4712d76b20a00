(* A fast LRAT checker (issue 27): the checker of Lrat.v (same steps, same accepted language:
   tautology, RUP with hints, RAT on the first literal with the groups "-j h1 ... hk") written
   on Coq's primitive arrays (PArray) and 63-bit integers (Uint63), which the extraction
   (Extract.v: ExtrOCamlPArray, ExtrOCamlInt63) turns into the OCaml modules Parray and Uint63 of
   Coq's kernel: O(1) lookups and updates instead of FMapPositive tries.

   Method: Baker's persistent arrays ("Shallow binding makes functional arrays fast", SIGPLAN
   Notices 26(8), 1991), which is what Parray implements: an update makes a new version in O(1)
   and the old version stays valid (reading it again re-roots the array, undoing the updates in
   between). So the per-lemma assignment needs no clearing: every lemma starts from the same
   all-unassigned array `fempty`, and reading it re-roots, which undoes the previous lemma's
   updates at one step each; a RAT candidate starts from the assignment after the RUP prefix the
   same way. Nothing about the extraction's cost is proved; soundness is (below).

   Data (LratTables.v): literals and ids are `int`s (two's complement: x >= 2^62 is the
   negation of the variable 0 - x); the clause database is a two-level table (chunks of 4096
   ids allocated on first write, ids below 4096 * outer in arrays, larger ones in a trie;
   `outer` is the driver's size hint, any value is sound); the
   assignment is an array over the variables below its length (chosen by `finit` from the CNF's
   largest variable), larger variables in a trie.

   Soundness (`fcheck_proof_sound`, the statement of Lrat.v's `check_proof_sound`): if the steps
   refute the CNF, the CNF is unsatisfiable. The proof is direct (the invariant of Lrat.v: if the
   CNF is satisfiable, so is the database), over any steps: the steps' numbers need no meaning,
   only the CNF's literals do, and `finit` converts them with `of_Z` after checking that their
   magnitude is below 2^61 (else it refuses, so the conversion is injective and keeps signs).
   The table and assignment lemmas are stated in the weak form soundness needs ("what a lookup
   finds after an update was either put there by it or found before"): a lookup that fails only
   makes the checker reject. Print Assumptions lists the PArray and Uint63 axioms it uses. *)
From Coq Require Import ZArith List Bool Lia FSets.FMapPositive.
From Coq Require Import PArray Uint63.
From Schedcert.lrat Require Import Cnf LratTables.
Import ListNotations.

Module M := PositiveMap.

Local Notation "'φ' x" := (Uint63.to_Z x) (at level 0).

(* ------------------------------------------------------------------ *)
(* Asserting literals false, evaluating a clause, unit propagation *)

Fixpoint falsify (a : asg) (c : iclause) : option asg :=
  match c with
  | [] => Some a
  | x :: c' =>
      match flval a x with
      | VT => None
      | VF => falsify a c'
      | VU => falsify (aset a (ivar x) (negb (isign x))) c'
      end
  end.

Lemma falsify_sound : forall w c a, acompat w a -> (forall x, In x c -> ilit_true w x = false) ->
  exists a', falsify a c = Some a' /\ acompat w a'.
Proof.
  intros w c; induction c as [|x c IH]; intros a H F; simpl; eauto.
  assert (Fx : ilit_true w x = false) by (apply F; now left).
  assert (F' : forall y, In y c -> ilit_true w y = false) by (intros; apply F; now right).
  destruct (flval a x) eqn:E.
  - apply IH; auto. apply acompat_aset; auto.
    apply ilit_false_var; auto. unfold flval in E. destruct (x =? 0)%uint63; [discriminate|auto].
  - pose proof (flval_sound w a x true H E). congruence.
  - apply IH; auto.
Qed.

Inductive estat := EFalse | EUnit (x : int) | ENo.

(* The status of a clause: false, unit (all its unassigned literals are x), or neither
   (a true literal, or two different unassigned ones: both make propagation fail). *)
Fixpoint feval (a : asg) (c : iclause) (u : int) : estat :=
  match c with
  | [] => if (u =? 0)%uint63 then EFalse else EUnit u
  | x :: c' =>
      match flval a x with
      | VT => ENo
      | VF => feval a c' u
      | VU => if (u =? 0)%uint63 then feval a c' x
              else if (u =? x)%uint63 then feval a c' u else ENo
      end
  end.

Lemma feval_spec : forall a c u,
  match feval a c u with
  | EFalse => (u =? 0)%uint63 = true /\ forall x, In x c -> flval a x = VF
  | EUnit y => (y =? 0)%uint63 = false /\ (forall x, In x c -> flval a x = VF \/ x = y) /\
               ((u =? 0)%uint63 = true \/ u = y)
  | ENo => True
  end.
Proof.
  intros a c; induction c as [|x c IH]; intros u; simpl.
  - destruct (u =? 0)%uint63 eqn:U; [split; [auto|tauto]|]. repeat split; auto. tauto.
  - destruct (flval a x) eqn:Ex; auto.
    + assert (X : (x =? 0)%uint63 = false).
      { unfold flval in Ex. destruct (x =? 0)%uint63; [discriminate|auto]. }
      destruct (u =? 0)%uint63 eqn:U.
      * specialize (IH x). destruct (feval a c x); auto.
        -- destruct IH as [IH _]. congruence.
        -- destruct IH as (Y & IH & [X' | ->]); [congruence|].
           repeat split; auto. intros z [<-|Hz]; auto.
      * destruct (eqb_int_spec u x) as [<-|]; auto.
        specialize (IH u). destruct (feval a c u); auto.
        -- destruct IH as [IH _]. congruence.
        -- destruct IH as (Y & IH & [U' | <-]); [congruence|].
           repeat split; auto. intros z [<-|Hz]; auto.
    + specialize (IH u). destruct (feval a c u); auto.
      * destruct IH as [U IH]. split; auto. intros z [<-|Hz]; auto.
      * destruct IH as (Y & IH & HU). repeat split; auto. intros z [<-|Hz]; auto.
Qed.

Lemma feval_false : forall w a c, acompat w a -> feval a c 0 = EFalse -> iclause_true w c = false.
Proof.
  intros w a c H E. pose proof (feval_spec a c 0) as S. rewrite E in S. destruct S as [_ S].
  unfold iclause_true. apply not_true_is_false. intros T. apply existsb_exists in T as (x & Hx & Tx).
  pose proof (flval_sound w a x false H (S x Hx)). congruence.
Qed.

Lemma feval_unit : forall w a c y, acompat w a -> feval a c 0 = EUnit y ->
  iclause_true w c = true -> ilit_true w y = true.
Proof.
  intros w a c y H E T. pose proof (feval_spec a c 0) as S. rewrite E in S. destruct S as (_ & S & _).
  apply existsb_exists in T as (x & Hx & Tx). destruct (S x Hx) as [F| ->]; auto.
  pose proof (flval_sound w a x false H F). congruence.
Qed.

Inductive fpst := FConflict | FUnits (a : asg) (rest : list int) | FFail.

(* Unit propagation along the positive hints; stops at the first hint that is not positive. *)
Fixpoint fprop (d : tab iclause) (a : asg) (hs : list int) : fpst :=
  match hs with
  | [] => FUnits a []
  | h :: hs' =>
      if is_pos h then
        match tget d h with
        | None => FFail
        | Some c =>
            match feval a c 0 with
            | EFalse => FConflict
            | EUnit x => fprop d (aset a (ivar x) (isign x)) hs'
            | ENo => FFail
            end
        end
      else FUnits a hs
  end.

Definition tab_true (w : ivaluation) (d : tab iclause) : Prop :=
  forall j c, tget d j = Some c -> iclause_true w c = true.

Lemma fprop_sound : forall w d hs a, tab_true w d -> acompat w a ->
  match fprop d a hs with
  | FConflict => False
  | FUnits a' _ => acompat w a'
  | FFail => True
  end.
Proof.
  intros w d hs; induction hs as [|h hs IH]; intros a Hd Ha; simpl; auto.
  destruct (is_pos h); auto.
  destruct (tget d h) as [c|] eqn:F; auto.
  pose proof (Hd _ _ F) as Hc.
  destruct (feval a c 0) eqn:E; auto.
  - rewrite (feval_false w a c Ha E) in Hc; discriminate.
  - apply IH; auto. apply acompat_aset; auto.
    apply ilit_true_var. eapply feval_unit; eauto.
Qed.

(* ------------------------------------------------------------------ *)
(* Lemmas: tautology, RUP, RAT (as Lrat.v's lemma_ok) *)

(* RAT groups "-j h1 ... hk" into a table j -> [h1; ...; hk] (a later group for the same j
   replaces an earlier one, as in Lrat.v). Nothing about the groups is needed for soundness. *)
Fixpoint fgroups_aux (hs : list int) (cur : int) (acc : list int) (m : tab (list int)) : tab (list int) :=
  match hs with
  | [] => tset m cur (Some (rev acc))
  | h :: hs' =>
      if is_neg h then fgroups_aux hs' (0 - h)%uint63 [] (tset m cur (Some (rev acc)))
      else fgroups_aux hs' cur (h :: acc) m
  end.

Definition fgroups (hs : list int) : option (tab (list int)) :=
  match hs with
  | [] => Some (tnew 1024)
  | h :: hs' => if is_neg h then Some (fgroups_aux hs' (0 - h)%uint63 [] (tnew 1024)) else None
  end.

Definition flit_mem (x : int) (c : iclause) : bool := existsb (fun l => (l =? x)%uint63) c.

(* The resolvent check for one clause dc (id j) of the database; np is the negated pivot. *)
Definition fres_ok (d : tab iclause) (a : asg) (np : int) (g : tab (list int)) (j : int)
  (dc : iclause) : bool :=
  if negb (flit_mem np dc) then true
  else
    match falsify a (filter (fun l => negb (l =? np)%uint63) dc) with
    | None => true
    | Some a1 =>
        match tget g j with
        | None => false
        | Some hs => match fprop d a1 hs with FConflict => true | _ => false end
        end
    end.

(* e: the all-unassigned assignment every lemma starts from. *)
Definition flemma_ok (d : tab iclause) (e : asg) (c : iclause) (hs : list int) : bool :=
  match falsify e c with
  | None => true
  | Some a0 =>
      match fprop d a0 hs with
      | FConflict => true
      | FFail => false
      | FUnits a rest =>
          match c with
          | [] => false
          | p :: _ =>
              if (p =? 0)%uint63 then false
              else match fgroups rest with
                   | None => false
                   | Some g => tall (fres_ok d a (0 - p)%uint63 g) d
                   end
          end
      end
  end.

Lemma iclause_false_lits : forall w c, iclause_true w c = false -> forall x, In x c -> ilit_true w x = false.
Proof.
  intros w c H x Hx. unfold iclause_true in H.
  destruct (ilit_true w x) eqn:E; auto.
  assert (existsb (ilit_true w) c = true) by (apply existsb_exists; eauto). congruence.
Qed.

Definition unassigned (e : asg) : Prop := forall k, aget e k = VU.

Lemma compat_unassigned : forall w e, unassigned e -> acompat w e.
Proof. intros w e U k b G. rewrite U in G. destruct b; discriminate. Qed.

Lemma flemma_ok_cases : forall d e c hs, unassigned e -> flemma_ok d e c hs = true ->
  forall w, tab_true w d -> iclause_true w c = true \/
    exists p rest, c = p :: rest /\ (p =? 0)%uint63 = false /\
      forall j dc, tget d j = Some dc -> flit_mem (0 - p)%uint63 dc = true ->
        exists l, In l dc /\ l <> (0 - p)%uint63 /\ ilit_true w l = true.
Proof.
  intros d e c hs U Hok w Hd.
  destruct (iclause_true w c) eqn:Hc; [now left|right].
  pose proof (iclause_false_lits w c Hc) as Hf.
  destruct (falsify_sound w c e (compat_unassigned w e U) Hf) as (a0 & E0 & H0).
  unfold flemma_ok in Hok. rewrite E0 in Hok.
  pose proof (fprop_sound w d hs a0 Hd H0) as Hp.
  destruct (fprop d a0 hs) as [|a rest|] eqn:Ep; try contradiction; try discriminate.
  destruct c as [|p c'] eqn:Ec; [discriminate|].
  destruct (p =? 0)%uint63 eqn:P0; [discriminate|].
  destruct (fgroups rest) as [g|]; [|discriminate].
  exists p, c'. split; [reflexivity|]. split; [exact P0|].
  intros j dc F Hm.
  destruct (tall_sound _ _ _ _ _ Hok F) as (k & Hr). unfold fres_ok in Hr. rewrite Hm in Hr. simpl in Hr.
  destruct (existsb (fun l => negb (l =? 0 - p)%uint63 && ilit_true w l) dc) eqn:Hx.
  - apply existsb_exists in Hx as (l & Hl & Ht). apply andb_true_iff in Ht as [Hne Ht].
    exists l; repeat split; auto. intros ->. rewrite eqb_refl in Hne; discriminate.
  - exfalso.
    assert (Hf' : forall l, In l (filter (fun l => negb (l =? 0 - p)%uint63) dc) -> ilit_true w l = false).
    { intros l Hl. apply filter_In in Hl as [Hl Hn].
      destruct (ilit_true w l) eqn:Ht; auto.
      assert (existsb (fun l => negb (l =? 0 - p)%uint63 && ilit_true w l) dc = true)
        by (apply existsb_exists; exists l; rewrite Hn, Ht; auto). congruence. }
    destruct (falsify_sound w _ a Hp Hf') as (a1 & E1 & H1). rewrite E1 in Hr.
    destruct (tget g k) as [hs1|]; [|discriminate].
    pose proof (fprop_sound w d hs1 a1 Hd H1) as Hq.
    destruct (fprop d a1 hs1); try discriminate; contradiction.
Qed.

(* The valuation with the pivot made true. *)
Definition fflip (w : ivaluation) (p : int) : ivaluation :=
  fun k => if (k =? ivar p)%uint63 then isign p else w k.

Lemma fflip_other : forall w p l, ivar l <> ivar p -> ilit_true (fflip w p) l = ilit_true w l.
Proof.
  intros w p l H. unfold ilit_true, fflip. destruct (eqb_int_spec (ivar l) (ivar p)); congruence.
Qed.

Lemma fflip_pivot : forall w p, (p =? 0)%uint63 = false -> ilit_true (fflip w p) p = true.
Proof.
  intros w p H. unfold ilit_true, fflip. rewrite H, eqb_refl. apply eqb_reflx.
Qed.

Lemma opp_opp : forall x : int, (0 - (0 - x))%uint63 = x.
Proof.
  intros x. apply to_Z_inj. rewrite !sub_spec, to_Z_0. pose proof (to_Z_bounded x).
  rewrite Zminus_mod_idemp_r. replace (0 - (0 - φ x))%Z with (φ x) by ring.
  apply Z.mod_small. exact H.
Qed.

(* Same variable, both non-zero, not equal: the opposite literal. *)
Lemma isame_var : forall l p, ivar l = ivar p -> l = p \/ l = (0 - p)%uint63.
Proof.
  intros l p H. unfold ivar in H.
  destruct (is_neg l), (is_neg p).
  - left. rewrite <- (opp_opp l), <- (opp_opp p), H. reflexivity.
  - right. rewrite <- H, opp_opp. reflexivity.
  - right. exact H.
  - left. exact H.
Qed.

Lemma flemma_ok_sound : forall d e c hs id, unassigned e -> flemma_ok d e c hs = true ->
  forall w, tab_true w d -> exists w', tab_true w' (tset d id (Some c)).
Proof.
  intros d e c hs id U Hok w Hd.
  destruct (flemma_ok_cases d e c hs U Hok w Hd) as [Hc|(p & rest & -> & Hp & Hrat)].
  - exists w. intros j e' F. destruct (tget_tset _ _ _ _ _ _ F) as [E|E].
    + inversion E; subst; auto.
    + eauto.
  - exists (fflip w p). intros j e' F. destruct (tget_tset _ _ _ _ _ _ F) as [E|F'].
    + inversion E; subst. simpl. now rewrite fflip_pivot.
    + assert (Hl : exists l, In l e' /\ l <> (0 - p)%uint63 /\ ilit_true w l = true).
      { destruct (flit_mem (0 - p)%uint63 e') eqn:Hm; [now apply (Hrat j)|].
        pose proof (Hd j e' F') as He. apply existsb_exists in He as (l & Hl & Ht).
        exists l; repeat split; auto. intros ->.
        assert (flit_mem (0 - p)%uint63 e' = true)
          by (apply existsb_exists; exists (0 - p)%uint63; rewrite eqb_refl; auto).
        congruence. }
      destruct Hl as (l & Hl & Hn & Ht).
      apply existsb_exists. exists l. split; auto.
      destruct (eqb_int_spec (ivar l) (ivar p)) as [Hv|Hv].
      * destruct (isame_var l p Hv) as [->| ->]; [now apply fflip_pivot|congruence].
      * now rewrite fflip_other.
Qed.

(* ------------------------------------------------------------------ *)
(* Steps, the state, the initial database *)

Inductive fstep := FAdd (id : int) (c : iclause) (hints : list int) | FDel (ids : list int).

(* The database, and the all-unassigned assignment that every lemma starts from. *)
Record fstate := { fdb : tab iclause; fempty : asg }.

Inductive foutcome := FReject | FContinue (s : fstate) | FRefuted.

Definition frun_step (s : fstate) (st : fstep) : foutcome :=
  match st with
  | FDel ids => FContinue {| fdb := fold_left (fun d i => tset d i None) ids (fdb s); fempty := fempty s |}
  | FAdd id c hs =>
      if flemma_ok (fdb s) (fempty s) c hs then
        match c with
        | [] => FRefuted
        | _ => FContinue {| fdb := tset (fdb s) id (Some c); fempty := fempty s |}
        end
      else FReject
  end.

Fixpoint fcheck_steps (s : fstate) (ps : list fstep) : bool :=
  match ps with
  | [] => false
  | st :: ps' =>
      match frun_step s st with
      | FReject => false
      | FRefuted => true
      | FContinue s' => fcheck_steps s' ps'
      end
  end.

(* A CNF literal as an int: refused (None) unless its magnitude is below 2^61, so that of_Z is
   injective and keeps the sign on the literals it accepts. *)
Definition zlim : Z := 2305843009213693952%Z.  (* 2^61 *)

Fixpoint conv_clause (c : clause) : option iclause :=
  match c with
  | [] => Some []
  | z :: c' =>
      if (Z.abs z <? zlim)%Z then
        match conv_clause c' with Some c'' => Some (of_Z z :: c'') | None => None end
      else None
  end.

Definition amax : int := 4194303%uint63.  (* PArray.max_length *)

(* The largest variable below amax, for the size of the assignment array. *)
Definition max_var (m : int) (c : iclause) : int :=
  fold_left (fun m x => let v := ivar x in if (v <? amax)%uint63 then (if (m <? v)%uint63 then v else m) else m) c m.

Fixpoint finit_aux (f : cnf) (i : int) (m : int) (d : tab iclause) : option (tab iclause * int) :=
  match f with
  | [] => Some (d, m)
  | c :: f' =>
      match conv_clause c with
      | None => None
      | Some c' => finit_aux f' (i + 1)%uint63 (max_var m c') (tset d i (Some c'))
      end
  end.

(* The CNF's clauses get the ids 1, 2, ..., as in DIMACS order; `outer` chunks (ids below
   4096 * outer) in the array part; the assignment array covers the variables up to the largest
   one below amax, plus 1024 for extension variables (larger ones go to its trie). *)
Definition finit (outer : int) (f : cnf) : option fstate :=
  match finit_aux f 1%uint63 0%uint63 (tnew outer) with
  | None => None
  | Some (d, m) =>
      let n := if (m <? amax - 1025)%uint63 then (m + 1025)%uint63 else amax in
      Some {| fdb := d; fempty := anew n |}
  end.

(* outer: the length of the database's outer array, i.e. ids below 4096 * outer live in arrays
   (Parray caps it at 2^22 - 1). Any value is sound; the driver derives it from the sizes of the
   CNF and the proof, so that the RAT scan (`tall`), which visits every slot, stays proportional
   to the proof. *)
Definition fcheck_proof (outer : int) (f : cnf) (ps : list fstep) : bool :=
  match finit outer f with None => false | Some s => fcheck_steps s ps end.

(* ------------------------------------------------------------------ *)
(* Soundness *)

Definition inv (s : fstate) : Prop := unassigned (fempty s) /\ exists w, tab_true w (fdb s).

Lemma frun_step_continue : forall s st s', frun_step s st = FContinue s' -> inv s -> inv s'.
Proof.
  intros s [id c hs|ids] s' E [U (w & Hw)]; simpl in E.
  - destruct (flemma_ok (fdb s) (fempty s) c hs) eqn:Hok; [|discriminate].
    destruct c; inversion E; subst. split; [exact U|]. simpl. eapply flemma_ok_sound; eauto.
  - inversion E; subst. split; [exact U|]. exists w. simpl. clear E.
    generalize (fdb s) Hw. induction ids as [|i ids IH]; simpl; auto.
    intros d Hd. apply IH. intros j c F. destruct (tget_tset _ _ _ _ _ _ F) as [E|F'].
    + discriminate.
    + eauto.
Qed.

Lemma frun_step_refuted : forall s st, frun_step s st = FRefuted -> inv s -> False.
Proof.
  intros s [id c hs|ids] E [U (w & Hw)]; simpl in E; [|discriminate].
  destruct (flemma_ok (fdb s) (fempty s) c hs) eqn:Hok; [|discriminate]. destruct c; [|discriminate].
  destruct (flemma_ok_cases _ _ [] hs U Hok w Hw) as [Hc|(p & rest & Habs & _)]; discriminate.
Qed.

Lemma fcheck_steps_sound : forall ps s, fcheck_steps s ps = true -> inv s -> False.
Proof.
  intros ps; induction ps as [|st ps IH]; intros s E I; simpl in E; [discriminate|].
  destruct (frun_step s st) eqn:R; try discriminate.
  - eapply IH; eauto. eapply frun_step_continue; eauto.
  - eapply frun_step_refuted; eauto.
Qed.

(* The CNF's valuation, seen on ints. *)
Definition wof (v : valuation) : ivaluation := fun k => v (Z.to_pos (φ k)).

Lemma half_spec : φ half = (2 ^ 62)%Z.
Proof. reflexivity. Qed.

Lemma wB_spec : wB = (2 ^ 63)%Z.
Proof. reflexivity. Qed.

Lemma conv_lit : forall v z, (Z.abs z < zlim)%Z -> ilit_true (wof v) (of_Z z) = lit_true v z.
Proof.
  intros v z Hz. unfold zlim in Hz. unfold ilit_true, ivar, isign, is_neg, wof.
  destruct z as [|p|p]; simpl lit_true.
  - reflexivity.
  - assert (E : φ (of_Z (Zpos p)) = Zpos p) by (rewrite of_Z_spec, wB_spec; apply Z.mod_small; simpl in Hz; lia).
    replace ((of_Z (Zpos p) =? 0)%uint63) with false
      by (symmetry; apply not_true_iff_false; rewrite eqb_spec; intros H; rewrite H, to_Z_0 in E; discriminate).
    replace ((half <=? of_Z (Zpos p))%uint63) with false
      by (symmetry; apply not_true_iff_false; rewrite leb_spec, half_spec, E; simpl in Hz; lia).
    cbv beta iota. rewrite E. change (Z.to_pos (Zpos p)) with p. now destruct (v p).
  - assert (E : φ (of_Z (Zneg p)) = (2 ^ 63 - Zpos p)%Z).
    { rewrite of_Z_spec, wB_spec. simpl in Hz.
      replace (Zneg p) with (-1 * 2 ^ 63 + (2 ^ 63 - Zpos p))%Z by lia.
      rewrite Z.add_comm, Z_mod_plus_full. apply Z.mod_small. lia. }
    replace ((of_Z (Zneg p) =? 0)%uint63) with false
      by (symmetry; apply not_true_iff_false; rewrite eqb_spec; intros H; rewrite H, to_Z_0 in E; lia).
    replace ((half <=? of_Z (Zneg p))%uint63) with true
      by (symmetry; rewrite leb_spec, half_spec, E; simpl in Hz; lia).
    assert (E2 : φ (0 - of_Z (Zneg p))%uint63 = Zpos p).
    { rewrite sub_spec, to_Z_0, E, wB_spec. simpl in Hz.
      replace (0 - (2 ^ 63 - Zpos p))%Z with (-1 * 2 ^ 63 + Zpos p)%Z by ring.
      rewrite Z.add_comm, Z_mod_plus_full. apply Z.mod_small. lia. }
    cbv beta iota. rewrite E2. change (Z.to_pos (Zpos p)) with p. now destruct (v p).
Qed.

Lemma conv_clause_true : forall v c c', conv_clause c = Some c' ->
  iclause_true (wof v) c' = clause_true v c.
Proof.
  intros v c; induction c as [|z c IH]; intros c' E; simpl in E.
  - inversion E; reflexivity.
  - destruct (Z.abs z <? zlim)%Z eqn:L; [|discriminate].
    destruct (conv_clause c) as [c''|] eqn:C; [|discriminate]. inversion E; subst.
    unfold iclause_true, clause_true in *. simpl. rewrite conv_lit by (apply Z.ltb_lt; exact L).
    f_equal. apply IH. reflexivity.
Qed.

Lemma finit_aux_true : forall v f i m d d' m', (forall c, In c f -> clause_true v c = true) ->
  tab_true (wof v) d -> finit_aux f i m d = Some (d', m') -> tab_true (wof v) d'.
Proof.
  intros v f; induction f as [|c f IH]; intros i m d d' m' Hf Hd E; simpl in E.
  - inversion E; subst; auto.
  - destruct (conv_clause c) as [c'|] eqn:C; [|discriminate].
    eapply IH; [intros; apply Hf; now right| |exact E].
    intros j e F. destruct (tget_tset _ _ _ _ _ _ F) as [G|G].
    + inversion G; subst. rewrite (conv_clause_true v c e C). apply Hf. now left.
    + eauto.
Qed.

Theorem fcheck_proof_sound : forall outer f ps, fcheck_proof outer f ps = true -> unsatisfiable f.
Proof.
  intros outer f ps E (v & Hv). unfold fcheck_proof, finit in E.
  destruct (finit_aux f 1%uint63 0%uint63 (tnew outer)) as [[d m]|] eqn:I; [|discriminate].
  eapply (fcheck_steps_sound ps _ E). split; simpl.
  - intros k. apply aget_new.
  - exists (wof v). eapply finit_aux_true; eauto. intros j c F. rewrite tget_new in F. discriminate.
Qed.

Print Assumptions fcheck_proof_sound.
