(* Bounds.v: lower bounds on the number of steps of every valid schedule (Rules.v), the
   counting arguments of `schedcert bound` (verifier/bounds*.cpp, docs/lower-bounds.md), as
   theorems over any network, model and problem.

   - Distance ([holds_hamming], [ecc_steps_le]): after k steps every holder of an item differs
     from the item's origin in at most k digits (a hop changes one digit), so T >= the number
     of digits in which an item's origin and a node that needs it differ. On Q_d: the
     eccentricity of the root, the diameter.
   - Single-port doubling ([holders_double], [doubling_steps_le]): under single-port-full and
     -half a holder sends one packet per step, so the holders of an item at most double per
     step; an item every node needs takes T >= ceil(log2 n) steps.
   - Counting across cuts: Cuts.v.
   The section's lemmas [v_causal], [v_step], [v_complete], [v_tx] (what validity gives, rule by
   rule) are used by Cuts.v as well. No axioms. Optimality.v turns the bounds into "no valid
   schedule has fewer steps". *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal Counting.
From Coq Require Import List NArith Arith Bool Lia.
Import ListNotations.
Open Scope nat_scope.

(* ---------- the arguments, as functions of the instance ---------- *)

(* Distance: the digits in which u and v differ. *)
Definition dif (net : network) (u v : N) (e : nat) : nat :=
  if (digit net u e =? digit net v e)%N then 0 else 1.
Definition hamming (net : network) (u v : N) : nat := list_sum (map (dif net u v) (seq 0 (length net))).

Definition needsb (t : option N) (v : N) : bool :=
  match t with None => true | Some w => (v =? w)%N end.

(* Node v needs item i (both in range): T >= the digits in which v and i's origin differ. *)
Definition ecc_steps (net : network) (p : problem) (i v : N) : nat :=
  let n := nnodes net in
  if ((i <? num_items p n) && (v <? n) && needsb (target p n i) v)%N
  then hamming net (origin p n i) v else 0.

(* Doubling: item i, needed by every node, under single-port-full or -half. *)
Definition doubling_steps (net : network) (m : cmodel) (p : problem) (i : N) : nat :=
  let n := nnodes net in
  match m, target p n i with
  | SinglePortFull, None | SinglePortHalf, None =>
      if (i <? num_items p n)%N then Nat.log2_up (N.to_nat n) else 0
  | _, _ => 0
  end.


Section Valid.

Variable s : schedule.
Hypothesis Hv : valid s.
Let net := s_net s.
Let n := nnodes net.
Let p := s_prob s.
Let o := orig_of s.

Lemma v_causal : forall pre st post, s_steps s = pre ++ st :: post ->
  forall t i, In t st -> In i (pkt t) -> holds o pre (src t) i.
Proof. destruct Hv as [_ [_ [H _]]]. exact H. Qed.

Lemma v_step : forall st, In st (s_steps s) -> step_ok s st.
Proof. destruct Hv as [_ [H _]]. exact H. Qed.

Lemma v_complete : complete s.
Proof. destruct Hv as [_ [_ [_ [_ [_ H]]]]]. exact H. Qed.

Lemma v_tx : forall st t, In st (s_steps s) -> In t st ->
  adjacent net (src t) (dst t) /\ packet_ok p n t.
Proof. intros st t Ist It. destruct (v_step st Ist) as [H _]. auto. Qed.

Lemma in_steps : forall pre st post, s_steps s = pre ++ st :: post -> In st (s_steps s).
Proof. intros pre st post E; rewrite E; apply in_or_app; right; left; auto. Qed.

(* ---------- distance ---------- *)

Lemma ind_seq_0 : forall d a k, d < a -> list_sum (map (fun e => if Nat.eqb e d then 1 else 0) (seq a k)) = 0.
Proof.
  intros d a k. revert a. induction k as [|k IH]; simpl; intros a H; auto.
  rewrite IH; [|lia]. destruct (Nat.eqb a d) eqn:E; [apply Nat.eqb_eq in E; lia | auto].
Qed.

Lemma ind_seq_le : forall d a k, list_sum (map (fun e => if Nat.eqb e d then 1 else 0) (seq a k)) <= 1.
Proof.
  intros d a k. revert a. induction k as [|k IH]; simpl; intros a; [lia|].
  destruct (Nat.eqb a d) eqn:E.
  - apply Nat.eqb_eq in E; subst. rewrite ind_seq_0; lia.
  - apply IH.
Qed.

Lemma hamming_step : forall x u w, adjacent net u w -> hamming net x w <= S (hamming net x u).
Proof.
  intros x u w [_ [_ [d [Hd [_ Ho]]]]]. unfold hamming.
  eapply Nat.le_trans.
  - apply (sum_le _ _ (fun e => dif net x u e + (if Nat.eqb e d then 1 else 0))).
    intros e Ie. apply in_seq in Ie. unfold dif. destruct (Nat.eqb e d) eqn:E.
    + destruct (_ =? _)%N; lia.
    + apply Nat.eqb_neq in E. rewrite (Ho e ltac:(lia) E). lia.
  - rewrite sum_plus. pose proof (ind_seq_le d 0 (length net)). lia.
Qed.

Lemma hamming_refl : forall x, hamming net x x = 0.
Proof.
  intros x. unfold hamming. induction (seq 0 (length net)) as [|e l IH]; simpl; auto.
  unfold dif at 1. rewrite N.eqb_refl. auto.
Qed.

Theorem holds_hamming : forall i pre post, s_steps s = pre ++ post ->
  forall v, holds o pre v i -> hamming net (o i) v <= length pre.
Proof.
  intros i. apply (prefix_induction s (fun pre v => hamming net (o i) v <= length pre) i).
  - intros v H. apply holds_nil in H. subst v. rewrite hamming_refl. auto.
  - intros pre st post E IH v H. rewrite app_length. simpl.
    apply holds_snoc in H as [H|[t [It [Hd Hi]]]]; [specialize (IH v H); lia|].
    pose proof (IH _ (v_causal pre st post E t i It Hi)) as A.
    destruct (v_tx st t (in_steps _ _ _ E) It) as [Adj _]. subst v.
    pose proof (hamming_step (o i) _ _ Adj). lia.
Qed.

Theorem ecc_steps_le : forall i v, ecc_steps net p i v <= length (s_steps s).
Proof.
  intros i v. unfold ecc_steps.
  destruct ((i <? num_items p (nnodes net)) && (v <? nnodes net) && needsb (target p (nnodes net) i) v)%N eqn:E;
    [|lia].
  apply andb_true_iff in E as [E Hn]. apply andb_true_iff in E as [Hi Hv'].
  apply N.ltb_lt in Hi, Hv'.
  assert (needs (target p (nnodes net) i) v) as Hneed.
  { destruct (target p (nnodes net) i); simpl in *; auto. apply N.eqb_eq; auto. }
  pose proof (v_complete i v Hi Hv' Hneed) as H.
  apply (holds_hamming i (s_steps s) [] (eq_sym (app_nil_r _)) v H).
Qed.

(* ---------- doubling ---------- *)

Definition holders (pre : list step) (i : N) : list N := filter (fun v => holdsb o pre v i) (Nseq n).

Lemma NoDup_map_filter : forall A B (f : A -> B) (g : A -> bool) l,
  NoDup (map f l) -> NoDup (map f (filter g l)).
Proof.
  intros A B f g l. induction l as [|x l IH]; simpl; intros H; auto.
  inversion H; subst. destruct (g x); simpl; auto. constructor; auto.
  intros C. apply in_map_iff in C as [y [E Iy]]. apply filter_In in Iy as [Iy _].
  apply H2. rewrite <- E. apply in_map; auto.
Qed.

Lemma holders_double : forall i pre st post,
  (s_model s = SinglePortFull \/ s_model s = SinglePortHalf) -> s_steps s = pre ++ st :: post ->
  length (holders (pre ++ [st]) i) <= 2 * length (holders pre i).
Proof.
  intros i pre st post Hm E.
  set (C := filter (fun t => memN i (pkt t)) st).
  assert (NoDup (map src C)) as ND.
  { apply NoDup_map_filter. destruct (v_step st (in_steps _ _ _ E)) as [_ [_ Hp]].
    destruct Hm as [Hm|Hm]; rewrite Hm in Hp; simpl in Hp; [apply Hp|].
    apply NoDup_app_inv_l in Hp; auto. }
  assert (length C <= length (holders pre i)) as LC.
  { rewrite <- (map_length src C). apply NoDup_incl_length; auto.
    intros v Iv. apply in_map_iff in Iv as [t [<- It]]. apply filter_In in It as [It Ii].
    apply memN_sound in Ii. apply filter_In. split.
    - destruct (v_tx st t (in_steps _ _ _ E) It) as [[A _] _]. apply Nseq_in; auto.
    - apply holdsb_complete, (v_causal pre st post E t i It Ii). }
  assert (length (holders (pre ++ [st]) i) <= length (holders pre i ++ map dst C)) as L.
  { apply NoDup_incl_length; [apply NoDup_filter, NoDup_Nseq|].
    intros v Iv. apply filter_In in Iv as [Iv Hh]. apply holdsb_sound, holds_snoc in Hh.
    apply in_or_app. destruct Hh as [Hh|[t [It [Hd Hi]]]].
    - left. apply filter_In. split; auto. apply holdsb_complete; auto.
    - right. apply in_map_iff. exists t. split; auto. apply filter_In. split; auto.
      apply memN_complete; auto. }
  rewrite app_length, map_length in L. lia.
Qed.

Theorem holders_pow : forall i,
  (s_model s = SinglePortFull \/ s_model s = SinglePortHalf) ->
  forall pre post, s_steps s = pre ++ post -> length (holders pre i) <= 2 ^ length pre.
Proof.
  intros i Hm pre. induction pre as [|st pre IH] using rev_ind; intros post E.
  - simpl. eapply Nat.le_trans; [|apply (Nat.le_refl (length [o i]))].
    apply NoDup_incl_length; [apply NoDup_filter, NoDup_Nseq|].
    intros v Iv. apply filter_In in Iv as [_ H]. apply holdsb_sound, holds_nil in H. left; auto.
  - assert (s_steps s = pre ++ st :: post) as E' by (rewrite E, <- app_assoc; auto).
    pose proof (holders_double i pre st post Hm E').
    specialize (IH (st :: post) E'). rewrite app_length, Nat.pow_add_r. simpl. lia.
Qed.

Theorem doubling_steps_le : forall i, doubling_steps net (s_model s) p i <= length (s_steps s).
Proof.
  intros i. unfold doubling_steps.
  assert (forall m, (m = SinglePortFull \/ m = SinglePortHalf) -> s_model s = m ->
            target p n i = None -> (i < num_items p n)%N ->
            Nat.log2_up (N.to_nat n) <= length (s_steps s)) as K.
  { intros m Hm Em T Hi. subst m.
    pose proof (holders_pow i Hm (s_steps s) [] (eq_sym (app_nil_r _))) as H.
    assert (length (Nseq n) <= length (holders (s_steps s) i)) as L.
    { apply NoDup_incl_length; [apply NoDup_Nseq|]. intros v Iv. apply filter_In.
      split; auto. apply holdsb_complete. apply v_complete; [auto | apply Nseq_lt; auto |].
      change (target (s_prob s) (nnodes (s_net s)) i) with (target p n i). rewrite T; simpl; auto. }
    rewrite Nseq_length in L. assert (N.to_nat n <= 2 ^ length (s_steps s)) as P2 by lia.
    destruct (Nat.eq_dec (N.to_nat n) 0) as [Z|Z]; [rewrite Z; change (Nat.log2_up 0) with 0; lia|].
    apply Nat.log2_up_le_pow2; lia. }
  fold n p.
  destruct (s_model s) eqn:M, (target p n i) eqn:T; try lia;
    destruct (i <? num_items p n)%N eqn:I; try lia; apply N.ltb_lt in I;
    solve [apply (K SinglePortFull); auto | apply (K SinglePortHalf); auto].
Qed.

End Valid.
