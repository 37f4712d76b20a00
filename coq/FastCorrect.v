(* FastCorrect.v: the fast checker decides validity.
     Theorem first_violation_correct : forall s, first_violation s = None <-> valid s.
     Theorem fast_check_correct : forall s, fast_check s = true <-> valid s.
     Corollary fast_check_check : forall s, fast_check s = check s.
   How: the state the pass carries is pinned down by invariants over the part of the schedule
   already read ([SInv]: the links, senders and receivers of the current step; [HInvP]: the
   item map holds, for every (item, node), the least step in which the node received it), so
   the test of a transmission is exactly [LocalOK] (FastLocal.v), and "every transmission is
   LocalOK" is the step rules plus causality, duplicate and order ([positions_valid]). The
   invariants are in FastStep.v and FastItems.v. No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal FastStep
  FastItems.
From Coq Require Import List NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- one transmission ---------- *)

Lemma pkt_fast_nd : forall c t b, pkt_fast c t b = true -> b = true.
Proof.
  unfold pkt_fast; intros c t b H. destruct (pkt t); [discriminate|].
  repeat (apply andb_true_iff in H as [H _]). auto.
Qed.

Lemma tx_test_spec : forall s ss h pre a cur t,
  SInv (s_model s) ss a -> HInvP h (R_pos pre a) -> cur = N.of_nat (length pre) ->
  (tx_test (ctx_of s) ss h cur t (nodup_set nempty (pkt t)) = None <-> LocalOK s pre a t).
Proof.
  intros s ss h pre a cur t HS HH Hc. unfold tx_test, LocalOK.
  destruct (adj_fast (ctx_of s) (src t) (dst t)) eqn:A; simpl.
  2:{ split; [discriminate|]. intros [A' _]. apply adj_fast_spec in A'. congruence. }
  apply adj_fast_spec in A.
  destruct (pkt_fast (ctx_of s) t (fst (nodup_set nempty (pkt t)))) eqn:P; simpl.
  2:{ split; [discriminate|]. intros [_ [P' _]]. apply pkt_fast_spec in P'. congruence. }
  pose proof (pkt_fast_nd _ _ _ P) as ND. apply pkt_fast_spec in P.
  assert (forall i, nmem i (snd (nodup_set nempty (pkt t))) = true <-> In i (pkt t)) as Hsp.
  { intros i. rewrite (nodup_set_snd _ _ ND), nmem_empty. intuition discriminate. }
  destruct HS as [HL HS'].
  assert (lcount (src t) (dst t) (ss_links ss) < lcap (ctx_of s) (src t) (dst t) <->
          link_local (s_net s) a t) as LL.
  { unfold link_local. rewrite HL, lcap_spec. tauto. }
  destruct (lcount (src t) (dst t) (ss_links ss) <? lcap (ctx_of s) (src t) (dst t)) eqn:L; simpl.
  2:{ split; [discriminate|]. intros [_ [_ [L' _]]]. apply LL, N.ltb_lt in L'. congruence. }
  apply N.ltb_lt, LL in L.
  change (c_model (ctx_of s)) with (s_model s).
  destruct (port_fast (s_model s) ss t (snd (nodup_set nempty (pkt t)))) eqn:Po; simpl.
  2:{ split; [discriminate|]. intros [_ [_ [_ [Po' _]]]].
      apply (port_fast_spec _ ss a t _ (conj HL HS') Hsp) in Po'. simpl in Po. congruence. }
  apply (port_fast_spec _ ss a t _ (conj HL HS') Hsp) in Po.
  rewrite items_rule_none. unfold items_local. split.
  - intros [_ H]. split; [auto|split; [auto|split; [auto|split; [auto|]]]].
    intros i Ii. apply (proj1 (item_rule_spec s h pre a cur t _ i HH Hc Hsp)). apply H; auto.
  - intros [_ [_ [_ [_ H]]]]. split; auto. intros i Ii.
    apply (proj2 (item_rule_spec s h pre a cur t _ i HH Hc Hsp)). apply H; auto.
Qed.

(* ---------- the pass ---------- *)

Lemma tx_loop_spec : forall s pre cur, cur = N.of_nat (length pre) ->
  forall st a ss h k, SInv (s_model s) ss a -> HInvP h (R_pos pre a) ->
  match tx_loop (ctx_of s) cur k ss h st with
  | inl (_, h') => (forall a' t b, st = a' ++ t :: b -> LocalOK s pre (a ++ a') t) /\
                   HInvP h' (R_pos pre (a ++ st))
  | inr _ => ~ (forall a' t b, st = a' ++ t :: b -> LocalOK s pre (a ++ a') t)
  end.
Proof.
  intros s pre cur Hc st. induction st as [|t st IH]; intros a ss h k HS HH; simpl.
  - split; [intros a' t b E; destruct a'; discriminate|]. rewrite app_nil_r; auto.
  - destruct (tx_test (ctx_of s) ss h cur t (nodup_set nempty (pkt t))) as [[rl i]|] eqn:T.
    + intros C. specialize (C [] t st eq_refl). rewrite app_nil_r in C.
      apply (tx_test_spec s ss h pre a cur t HS HH Hc) in C. congruence.
    + apply (tx_test_spec s ss h pre a cur t HS HH Hc) in T as Ok.
      assert (SInv (s_model s) (ss_upd ss t (snd (nodup_set nempty (pkt t)))) (a ++ [t])) as HS'.
      { destruct Ok as [_ [P [_ [Po _]]]]. apply SInv_upd; auto.
        intros i. apply pkt_fast_spec in P. apply pkt_fast_nd in P.
        rewrite (nodup_set_snd _ _ P), nmem_empty. intuition discriminate. }
      assert (HInvP (h_upd cur t h) (R_pos pre (a ++ [t]))) as HH'.
      { apply (HInvP_h_upd cur t) in HH. revert HH. apply HInvP_ext. intros v i k'.
        rewrite R_pos_snoc. subst cur. intuition. }
      specialize (IH (a ++ [t]) _ _ (N.succ k) HS' HH').
      destruct (tx_loop (ctx_of s) cur (N.succ k) _ _ st) as [[k' h']|v].
      * destruct IH as [IH1 IH2]. split.
        -- intros [|t0 a'] t' b E; inversion E; subst.
           ++ rewrite app_nil_r; auto.
           ++ specialize (IH1 a' t' b eq_refl). rewrite <- app_assoc in IH1. auto.
        -- rewrite <- app_assoc in IH2. auto.
      * intros C. apply IH. intros a' t' b E. rewrite <- app_assoc. apply (C (t :: a') t' b).
        rewrite E; auto.
Qed.

Lemma step_loop_spec : forall s steps pre cur h k,
  cur = N.of_nat (length pre) -> HInvP h (R_pos pre []) ->
  match step_loop (ctx_of s) cur k h steps with
  | inl h' => (forall pre' st post a t b, steps = pre' ++ st :: post -> st = a ++ t :: b ->
                 LocalOK s (pre ++ pre') a t) /\ HInvP h' (R_pos (pre ++ steps) [])
  | inr _ => ~ (forall pre' st post a t b, steps = pre' ++ st :: post -> st = a ++ t :: b ->
                 LocalOK s (pre ++ pre') a t)
  end.
Proof.
  intros s steps. induction steps as [|st steps IH]; intros pre cur h k Hc HH; simpl.
  - split; [intros pre' st post a t b E; destruct pre'; discriminate|]. rewrite app_nil_r; auto.
  - pose proof (tx_loop_spec s pre cur Hc st [] ss_empty h k (SInv_empty _) HH) as TL.
    destruct (tx_loop (ctx_of s) cur k ss_empty h st) as [[k' h']|v].
    + destruct TL as [TL1 TL2]. simpl in TL1, TL2.
      assert (HInvP h' (R_pos (pre ++ [st]) [])) as HH'.
      { revert TL2. apply HInvP_ext. intros; rewrite R_pos_next; tauto. }
      assert (N.succ cur = N.of_nat (length (pre ++ [st]))) as Hc'.
      { rewrite app_length; simpl. lia. }
      specialize (IH (pre ++ [st]) _ h' k' Hc' HH').
      destruct (step_loop (ctx_of s) (N.succ cur) k' h' steps) as [h''|v].
      * destruct IH as [IH1 IH2]. split.
        -- intros [|st0 pre'] st' post a t b E E'; simpl in E; injection E as E1 E2.
           ++ subst st'. rewrite app_nil_r. apply (TL1 a t b E').
           ++ subst st0. specialize (IH1 pre' st' post a t b E2 E'). rewrite <- app_assoc in IH1. auto.
        -- rewrite <- app_assoc in IH2. auto.
      * intros C. apply IH. intros pre' st' post a t b E E'. rewrite <- app_assoc.
        apply (C (st :: pre') st' post a t b); auto. rewrite E; auto.
    + intros C. apply TL. intros a' t b E. simpl.
      specialize (C [] st steps a' t b eq_refl E). rewrite app_nil_r in C. exact C.
Qed.

(* ---------- completion ---------- *)

Lemma incomplete_spec : forall s h,
  HInvP h (R_pos (s_steps s) []) -> (incomplete (ctx_of s) h = None <-> complete s).
Proof.
  intros s h H. unfold incomplete, complete. rewrite first_in_none.
  assert (forall v i, has (ctx_of s) h v i = true <-> holds (orig_of s) (s_steps s) v i) as HH.
  { intros v i. rewrite (has_spec s h (s_steps s) [] v i H). split; [|tauto].
    intros [A|[t' [[] _]]]; auto. }
  simpl. split.
  - intros C i v Hi Hv Hn. specialize (C i ltac:(lia) ltac:(lia)).
    destruct (target (s_prob s) (nnodes (s_net s)) i) as [w|] eqn:T; simpl in Hn.
    + subst v. apply HH. destruct (has (ctx_of s) h w i) eqn:E; auto.
      apply N.ltb_lt in Hv. rewrite Hv in C. discriminate.
    + rewrite first_in_none in C. specialize (C v ltac:(lia) ltac:(lia)).
      apply HH. destruct (has (ctx_of s) h v i); auto. discriminate.
  - intros C i _ Hi. assert (i < num_items (s_prob s) (nnodes (s_net s))) as Hi' by lia.
    destruct (target (s_prob s) (nnodes (s_net s)) i) as [w|] eqn:T.
    + destruct (w <? nnodes (s_net s)) eqn:W; simpl; auto.
      apply N.ltb_lt in W. specialize (C i w Hi' W). rewrite T in C. simpl in C.
      apply HH in C; [|auto]. rewrite C; auto.
    + apply first_in_none. intros v _ Hv. specialize (C i v Hi' ltac:(lia)). rewrite T in C.
      simpl in C. rewrite (proj2 (HH v i) (C I)); auto.
Qed.

(* ---------- the theorems ---------- *)

Theorem first_violation_correct : forall s, first_violation s = None <-> valid s.
Proof.
  intros s. unfold first_violation, valid.
  destruct (problem_okb s) eqn:P; simpl.
  2:{ split; [discriminate|]. intros [P' _]. apply problem_okb_complete in P'. congruence. }
  apply problem_okb_sound in P.
  pose proof (step_loop_spec s (s_steps s) [] 0 nempty 0 eq_refl) as SL.
  assert (HInvP nempty (R_pos [] [])) as H0.
  { generalize HInvP_empty. apply HInvP_ext. unfold R_pos, R_pre. intros v i k. split; [tauto|].
    intros [[st [t [E _]]]|[_ [t [[] _]]]]. destruct (N.to_nat k); discriminate. }
  specialize (SL H0). simpl in SL.
  destruct (step_loop (ctx_of s) 0 0 nempty (s_steps s)) as [h|v].
  - destruct SL as [SL1 SL2].
    assert (at_all_tx (s_steps s) (LocalOK s)) as A by exact SL1.
    apply positions_valid in A as [A1 [A2 [A3 A4]]].
    pose proof (incomplete_spec s h SL2) as IC.
    destruct (incomplete (ctx_of s) h) as [[i v]|].
    + split; [discriminate|]. intros [_ [_ [_ [_ [_ C]]]]]. apply IC in C. discriminate.
    + split; [intros _|auto]. refine (conj P (conj A1 (conj A2 (conj A3 (conj A4 _))))).
      apply IC; reflexivity.
  - split; [discriminate|]. intros [_ [B1 [B2 [B3 [B4 _]]]]]. exfalso. apply SL.
    apply (proj2 (positions_valid s)). auto.
Qed.

Theorem fast_check_correct : forall s, fast_check s = true <-> valid s.
Proof.
  intros s. rewrite <- first_violation_correct. unfold fast_check.
  destruct (first_violation s); split; auto; discriminate.
Qed.

Corollary fast_check_check : forall s, fast_check s = check s.
Proof.
  intros s. apply eq_true_iff_eq. rewrite fast_check_correct, check_correct. tauto.
Qed.

Corollary first_violation_invalid : forall s v, first_violation s = Some v -> ~ valid s.
Proof. intros s v E C. apply first_violation_correct in C. congruence. Qed.
