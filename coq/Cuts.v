(* Cuts.v: counting across cuts, a lower bound on the steps of every valid schedule.
   A cut is a set V1 of nodes ([DigitIn e A]: digit e in A; [Only v]; [AllBut v]). An item that
   starts in V1 and is needed outside it crosses the cut in some transmission (sender in V1,
   receiver outside: [must_cross_crosses]). Over a list of cuts, the crossings are at most
   (items of those per packet) x (crossings per step) x T ([cut_bound], [cut_steps_le]).
   "Crossings per step" is computed for the network and model and proved to bound every valid
   step ([step_capacity]): the crossing directed links (all-port), the senders or the receivers
   that can cross (single-port), the receivers (shout-whisper). One cut around a node gives
   "receptions (or sends) per node per step" (multinode broadcast, gather, scatter, multinode
   accumulation); one cut through a dimension the link-capacity / bisection count (total
   exchange all-port, Dimakopoulos eq. (4)); a family of cuts every hop crosses at most once the
   item-hop count (total exchange single-port: the average status, Dimakopoulos eq. (3)); the
   two sides of a path's middle node its separator argument. Links of multiplicity > 1 (graph
   factors, Rules.link_cap): the all-port count assumes one packet per directed link, so under
   all-port the bound is only claimed ([cut_steps] is 0 otherwise) when every listed arc of every
   graph factor has multiplicity <= 1 ([simple_links]). No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal Counting Bounds.
From Coq Require Import List NArith Arith Bool Lia.
Import ListNotations.
Open Scope nat_scope.

Inductive cut := DigitIn (e : nat) (A : list N) | Only (v : N) | AllBut (v : N).

Definition in_cut (net : network) (c : cut) (v : N) : bool :=
  match c with
  | DigitIn e A => existsb (N.eqb (digit net v e)) A
  | Only w => (v =? w)%N
  | AllBut w => negb (v =? w)%N
  end.

Definition crosses (net : network) (c : cut) (u w : N) : bool := in_cut net c u && negb (in_cut net c w).
Definition ncross (net : network) (cs : list cut) (u w : N) : nat := length (filter (fun c => crosses net c u w) cs).

(* The items that start in V1 and are needed outside it. *)
Definition must_cross (net : network) (p : problem) (c : cut) : list N :=
  let n := nnodes net in
  let out := existsb (fun w => negb (in_cut net c w)) (Nseq n) in
  filter (fun i => in_cut net c (origin p n i) &&
                   match target p n i with
                   | None => out
                   | Some w => (w <? n)%N && negb (in_cut net c w)
                   end) (Nseq (num_items p n)).

Definition cut_total (net : network) (p : problem) (cs : list cut) : nat :=
  list_sum (map (fun c => length (must_cross net p c)) cs).

(* Items of one must_cross list a packet can carry: B, or one when a combining problem's list
   has pairwise distinct targets (a packet combines items for one target), else all items. *)
Definition pcap (net : network) (p : problem) (cs : list cut) : nat :=
  let n := nnodes net in
  if combining p then
    if forallb (fun c => nodupb opteqb (map (target p n) (must_cross net p c))) cs then 1
    else N.to_nat (num_items p n)
  else N.to_nat (bsize p).

Definition adjf (net : network) (u v : N) : bool :=
  (u <? nnodes net)%N && (v <? nnodes net)%N && adjw net u v false.

Definition weight (net : network) (cs : list cut) (u w : N) : nat :=
  if adjf net u w then ncross net cs u w else 0.

Definition maxout (net : network) (cs : list cut) (u : N) : nat :=
  fold_right max 0 (map (weight net cs u) (Nseq (nnodes net))).
Definition maxin (net : network) (cs : list cut) (w : N) : nat :=
  fold_right max 0 (map (fun u => weight net cs u w) (Nseq (nnodes net))).

(* Crossings per step: every valid step has at most this many (transmission, cut) crossings. *)
Definition capacity (net : network) (m : cmodel) (cs : list cut) : nat :=
  let R := Nseq (nnodes net) in
  let outs := list_sum (map (maxout net cs) R) in
  let ins := list_sum (map (maxin net cs) R) in
  match m with
  | AllPort => list_sum (map (fun q => weight net cs (fst q) (snd q)) (list_prod R R))
  | SinglePortFull | SinglePortHalf => Nat.min outs ins
  | ShoutWhisper => ins
  end.

(* Every link carries at most one packet per step: no graph arc of multiplicity > 1. *)
Definition simple_links (net : network) : bool :=
  forallb (fun f => match fkind_of f with
                    | Graph arcs => forallb (fun a => (snd a <=? 1)%N) arcs
                    | _ => true
                    end) net.

(* Whether [capacity] bounds the crossings of every valid step. *)
Definition cut_ok (net : network) (m : cmodel) : bool :=
  match m with AllPort => simple_links net | _ => true end.

Definition cut_steps (net : network) (m : cmodel) (p : problem) (cs : list cut) : nat :=
  let d := pcap net p cs * capacity net m cs in
  if negb (cut_ok net m) || Nat.eqb d 0 then 0 else (cut_total net p cs + d - 1) / d.

Lemma gmult_le1 : forall arcs a b, forallb (fun a => (snd a <=? 1)%N) arcs = true ->
  (gmult arcs a b <= 1)%N.
Proof.
  induction arcs as [|[[x y] m] r IH]; intros a b H; simpl in *; [lia|].
  apply andb_true_iff in H as [H1 H2]. apply N.leb_le in H1.
  destruct ((x =? a)%N && (y =? b)%N); auto.
Qed.

Lemma link_cap_le1 : forall net u v, simple_links net = true -> (link_cap net u v <= 1)%N.
Proof.
  induction net as [|f r IH]; intros u v H; simpl in *; [lia|].
  apply andb_true_iff in H as [H1 H2].
  destruct (u mod fsize f =? v mod fsize f)%N; auto.
  unfold fmult. destruct (fkind_of f); try lia. apply gmult_le1; auto.
Qed.



Lemma adjf_spec : forall net u v, adjf net u v = true <-> adjacent net u v.
Proof.
  intros net u v. unfold adjf, adjacent. rewrite !andb_true_iff, !N.ltb_lt, (proj2 (adjw_spec _ u v)).
  unfold one_diff. tauto.
Qed.

Section Valid.

Variable s : schedule.
Hypothesis Hv : valid s.
Let net := s_net s.
Let n := nnodes net.
Let p := s_prob s.
Let o := orig_of s.
Let cv_causal := v_causal s Hv.
Let cv_step := v_step s Hv.
Let cv_complete := v_complete s Hv.
Let cv_tx := v_tx s Hv.
Let cin_steps := in_steps s.

(* ---------- cuts ---------- *)

Lemma must_cross_crosses : forall c i, In i (must_cross net p c) ->
  exists st t, In st (s_steps s) /\ In t st /\ In i (pkt t) /\ crosses net c (src t) (dst t) = true.
Proof.
  intros c i Hi. unfold must_cross in Hi. apply filter_In in Hi as [Hr Hc].
  apply andb_true_iff in Hc as [Ho Hw]. apply Nseq_lt in Hr.
  set (crossb := existsb (fun st => existsb (fun t => memN i (pkt t) && crosses net c (src t) (dst t)) st)
                         (s_steps s)).
  destruct crossb eqn:CB.
  { apply existsb_exists in CB as [st [Ist CB]]. apply existsb_exists in CB as [t [It CB]].
    apply andb_true_iff in CB as [Ii Cr]. apply memN_sound in Ii. exists st, t; auto. }
  exfalso.
  assert (forall pre post, s_steps s = pre ++ post -> forall v, holds o pre v i -> in_cut net c v = true) as G.
  { apply (prefix_induction s (fun pre v => in_cut net c v = true) i).
    - intros v H. apply holds_nil in H. subst v. auto.
    - intros pre st post E IH v H. apply holds_snoc in H as [H|[t [It [Hd Hi]]]]; auto.
      pose proof (IH _ (cv_causal pre st post E t i It Hi)) as A.
      assert (crosses net c (src t) (dst t) = false) as NC.
      { destruct (crosses net c (src t) (dst t)) eqn:X; auto.
        assert (crossb = true) as C'.
        { apply existsb_exists. exists st. split; [apply (cin_steps _ _ _ E)|].
          apply existsb_exists. exists t. split; auto. rewrite X, memN_complete; auto. }
        congruence. }
      unfold crosses in NC. rewrite A in NC. simpl in NC. apply negb_false_iff in NC. subst v; auto. }
  destruct (target p (nnodes net) i) as [w|] eqn:T.
  - apply andb_true_iff in Hw as [Wn Wc]. apply N.ltb_lt in Wn. apply negb_true_iff in Wc.
    assert (holds o (s_steps s) w i) as H.
    { apply cv_complete; auto. rewrite (T : target (s_prob s) (nnodes (s_net s)) i = Some w).
      simpl. auto. }
    rewrite (G _ [] (eq_sym (app_nil_r _)) w H) in Wc. discriminate.
  - apply existsb_exists in Hw as [w [Iw Wc]]. apply negb_true_iff in Wc.
    assert (holds o (s_steps s) w i) as H.
    { apply cv_complete; [auto | apply Nseq_lt; auto |].
      rewrite (T : target (s_prob s) (nnodes (s_net s)) i = None). simpl. auto. }
    rewrite (G _ [] (eq_sym (app_nil_r _)) w H) in Wc. discriminate.
Qed.

Definition txs := concat (s_steps s).

Lemma in_txs : forall t, In t txs -> exists st, In st (s_steps s) /\ In t st.
Proof. intros t H. apply in_concat in H as [st [A B]]. eauto. Qed.

Lemma pkt_cap : forall cs c t, In c cs -> In t txs ->
  length (filter (fun i => memN i (must_cross net p c)) (pkt t)) <= pcap net p cs.
Proof.
  intros cs c t Ic It. apply in_txs in It as [st [Ist It]].
  destruct (cv_tx st t Ist It) as [_ [_ [Hnd [Hr [Hb Hc]]]]].
  assert (length (filter (fun i => memN i (must_cross net p c)) (pkt t)) <= length (pkt t)) as F.
  { apply filter_length_le. }
  unfold pcap. fold n p. destruct (combining p) eqn:C.
  - destruct (forallb _ cs) eqn:D.
    + rewrite forallb_forall in D. specialize (D c Ic).
      apply (nodupb_sound opteqb opteqb_refl) in D.
      remember (filter (fun i => memN i (must_cross net p c)) (pkt t)) as l eqn:El.
      destruct l as [|x [|y r]]; simpl; try lia. exfalso.
      assert (NoDup (x :: y :: r)) as ND by (rewrite El; apply NoDup_filter; auto).
      assert (In x (x :: y :: r)) as Ix by (left; auto).
      assert (In y (x :: y :: r)) as Iy by (right; left; auto).
      rewrite El in Ix, Iy. apply filter_In in Ix as [Ix Mx]. apply filter_In in Iy as [Iy My].
      apply memN_sound in Mx, My.
      assert (x = y) as Exy.
      { apply (NoDup_map_eq _ _ (target p n) (must_cross net p c)); auto. }
      inversion ND; subst. apply H1. left; auto.
    + eapply Nat.le_trans; [apply F|]. rewrite <- Nseq_length.
      apply NoDup_incl_length; auto. intros i Ii. apply Nseq_in, Hr; auto.
  - eapply Nat.le_trans; [apply F|]. specialize (Hb C). change (bsize (s_prob s)) with (bsize p) in Hb. lia.
Qed.

Lemma must_cross_NoDup : forall c, NoDup (must_cross net p c).
Proof. intros c. apply NoDup_filter, NoDup_Nseq. Qed.

Definition crossed (c : cut) (t : tx) : nat := if crosses net c (src t) (dst t) then 1 else 0.

Lemma one_cut : forall cs c, In c cs ->
  length (must_cross net p c) <= pcap net p cs * list_sum (map (crossed c) txs).
Proof.
  intros cs c Ic. set (X := must_cross net p c).
  set (f := fun t => if crosses net c (src t) (dst t) then filter (fun i => memN i X) (pkt t) else []).
  eapply Nat.le_trans.
  - apply (NoDup_incl_length (must_cross_NoDup c) (l' := flat_map f txs)).
    intros i Ii. destruct (must_cross_crosses c i Ii) as [st [t [Ist [It [Hi Cr]]]]].
    apply in_flat_map. exists t. split; [apply in_concat; eauto|].
    unfold f. rewrite Cr. apply filter_In. split; auto. apply memN_complete; auto.
  - rewrite flat_map_length, <- sum_mul. apply sum_le. intros t It. unfold f, crossed.
    destruct (crosses net c (src t) (dst t)); simpl; [|lia].
    pose proof (pkt_cap cs c t Ic It). unfold X. lia.
Qed.

Lemma ncross_sum : forall cs t, list_sum (map (fun c => crossed c t) cs) = ncross net cs (src t) (dst t).
Proof.
  intros cs t. unfold ncross, crossed. induction cs as [|c cs IH]; simpl; auto.
  destruct (crosses net c (src t) (dst t)); simpl; lia.
Qed.

Lemma weight_ge : forall cs t st, In st (s_steps s) -> In t st ->
  ncross net cs (src t) (dst t) = weight net cs (src t) (dst t).
Proof.
  intros cs t st Ist It. unfold weight. destruct (cv_tx st t Ist It) as [A _].
  apply adjf_spec in A. change (s_net s) with net in A. rewrite A. auto.
Qed.

Lemma step_capacity : forall cs st, cut_ok net (s_model s) = true -> In st (s_steps s) ->
  list_sum (map (fun t => ncross net cs (src t) (dst t)) st) <= capacity net (s_model s) cs.
Proof.
  intros cs st OK Ist. pose proof (cv_step st Ist) as [_ [HL HP]].
  rewrite (map_ext_in _ (fun t => weight net cs (src t) (dst t))) by (intros t It; apply (weight_ge cs t st Ist It)).
  assert (forall t, In t st -> In (src t) (Nseq n) /\ In (dst t) (Nseq n)) as R.
  { intros t It. destruct (cv_tx st t Ist It) as [[A [B _]] _]. split; apply Nseq_in; auto. }
  assert (NoDup (map src st) -> list_sum (map (fun t => weight net cs (src t) (dst t)) st) <=
          list_sum (map (maxout net cs) (Nseq n))) as OUT.
  { intros ND. eapply Nat.le_trans.
    - apply (sum_le _ _ (fun t => maxout net cs (src t))). intros t It. unfold maxout.
      apply max_fold_ge. apply in_map. apply R; auto.
    - rewrite <- (map_map src (maxout net cs)). apply sum_incl_le; auto; [apply NoDup_Nseq|].
      intros u Iu. apply in_map_iff in Iu as [t [<- It]]. apply R; auto. }
  assert (NoDup (map dst st) -> list_sum (map (fun t => weight net cs (src t) (dst t)) st) <=
          list_sum (map (maxin net cs) (Nseq n))) as IN.
  { intros ND. eapply Nat.le_trans.
    - apply (sum_le _ _ (fun t => maxin net cs (dst t))). intros t It. unfold maxin.
      apply max_fold_ge. apply (in_map (fun u => weight net cs u (dst t))). apply R; auto.
    - rewrite <- (map_map dst (maxin net cs)). apply sum_incl_le; auto; [apply NoDup_Nseq|].
      intros u Iu. apply in_map_iff in Iu as [t [<- It]]. apply R; auto. }
  unfold capacity. fold n. destruct (s_model s); simpl in HP.
  - simpl in OK. apply (link_ok_NoDup net st (fun u v => link_cap_le1 net u v OK)) in HL.
    rewrite <- (map_map pair_of (fun q => weight net cs (fst q) (snd q))).
    apply sum_incl_le; auto.
    + apply NoDup_list_prod; apply NoDup_Nseq.
    + intros q Iq. apply in_map_iff in Iq as [t [<- It]]. apply in_prod; apply R; auto.
  - destruct HP as [H1 H2]. apply Nat.min_glb; auto.
  - pose proof HP as HP'. apply NoDup_app_inv_l in HP.
    apply Permutation.Permutation_NoDup with (l' := map dst st ++ map src st) in HP';
      [|apply Permutation.Permutation_app_comm].
    apply NoDup_app_inv_l in HP'. apply Nat.min_glb; auto.
  - destruct HP as [_ [H2 _]]. auto.
Qed.

Theorem cut_bound : forall cs, cut_ok net (s_model s) = true ->
  cut_total net p cs <= pcap net p cs * capacity net (s_model s) cs * length (s_steps s).
Proof.
  intros cs OK. unfold cut_total.
  eapply Nat.le_trans.
  - apply (sum_le _ _ (fun c => pcap net p cs * list_sum (map (crossed c) txs))).
    intros c Ic. apply one_cut; auto.
  - rewrite sum_mul, sum_swap.
    rewrite (map_ext (fun t => list_sum (map (fun c => crossed c t) cs)) (fun t => ncross net cs (src t) (dst t)))
      by (intros; apply ncross_sum).
    unfold txs. rewrite sum_concat.
    rewrite <- Nat.mul_assoc. apply Nat.mul_le_mono_l.
    apply sum_const_le. intros st Ist. apply step_capacity; auto.
Qed.

Theorem cut_steps_le : forall cs, cut_steps net (s_model s) p cs <= length (s_steps s).
Proof.
  intros cs. unfold cut_steps. destruct (cut_ok net (s_model s)) eqn:OK; simpl; [|lia].
  pose proof (cut_bound cs OK) as B.
  set (d := pcap net p cs * capacity net (s_model s) cs) in *.
  destruct (Nat.eqb d 0) eqn:Z; [lia|]. apply Nat.eqb_neq in Z.
  assert ((cut_total net p cs + d - 1) / d < S (length (s_steps s))); [|lia].
  apply Nat.div_lt_upper_bound; auto. nia.
Qed.

End Valid.
