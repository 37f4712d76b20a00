(* FastCorrect.v: the fast checker decides validity.
     Theorem first_violation_correct : forall s, first_violation s = None <-> valid s.
     Theorem fast_check_correct : forall s, fast_check s = true <-> valid s.
     Corollary fast_check_check : forall s, fast_check s = check s.
   How: the state the pass carries is pinned down by invariants over the part of the schedule
   already read ([SInv]: the links, senders and receivers of the current step; [HInvP]: the
   item map holds, for every (item, node), the least step in which the node received it), so
   the test of a transmission is exactly [LocalOK] (FastLocal.v), and "every transmission is
   LocalOK" is the step rules plus causality, duplicate and order ([positions_valid]). No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal.
From Coq Require Import List NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- the state of one step ---------- *)

Definition SInv (m : cmodel) (ss : sstate) (a : list tx) : Prop :=
  (forall x y, pmem x y (ss_links ss) = true <-> In (x, y) (map pair_of a)) /\
  (forall v, sends ss v = true <-> In v (map src a)) /\
  (forall v, nmem v (ss_recv ss) = true <-> In v (map dst a)) /\
  (forall v p0 s0, nfind v (ss_send ss) = Some (p0, s0) ->
     (forall i, nmem i s0 = true <-> In i p0) /\
     (m = ShoutWhisper -> forall t', In t' a -> src t' = v -> same_pkt (pkt t') p0)).

Lemma SInv_empty : forall m, SInv m ss_empty [].
Proof.
  intros m. unfold SInv, ss_empty, sends; simpl. split; [|split; [|split]].
  - intros x y. rewrite pmem_empty. split; [discriminate | tauto].
  - intros v. rewrite nfind_empty. split; [discriminate | tauto].
  - intros v. rewrite nmem_empty. split; [discriminate | tauto].
  - intros v p0 s0. rewrite nfind_empty. discriminate.
Qed.

Lemma sw_same_spec : forall p0 s0 p sp,
  (forall i, nmem i s0 = true <-> In i p0) -> (forall i, nmem i sp = true <-> In i p) ->
  (sw_same p0 s0 p sp = true <-> same_pkt p0 p).
Proof.
  intros p0 s0 p sp _ _. unfold sw_same, same_pkt. split; [apply leqb_sound | intros ->; apply leqb_refl].
Qed.

Lemma in_map_src : forall (a : list tx) v, In v (map src a) <-> exists t', In t' a /\ src t' = v.
Proof.
  intros a v. rewrite in_map_iff. split; intros [t' [A B]]; eauto.
Qed.

Lemma port_fast_spec : forall m ss a t sp,
  SInv m ss a -> (forall i, nmem i sp = true <-> In i (pkt t)) ->
  (port_fast m ss t sp = true <-> port_local m a t).
Proof.
  intros m ss a t sp [HL [HS [HR HP]]] Hsp. destruct m; simpl.
  - split; auto.
  - rewrite !andb_true_iff, !negb_true_iff, <- !not_true_iff_false, !HS, !HR. tauto.
  - rewrite !andb_true_iff, !negb_true_iff, <- !not_true_iff_false, !HS, !HR, N.eqb_eq, !in_app_iff.
    tauto.
  - rewrite !andb_true_iff, !negb_true_iff, <- !not_true_iff_false, !HS, !HR, N.eqb_eq.
    assert ((match nfind (src t) (ss_send ss) with
             | Some (p0, s0) => sw_same p0 s0 (pkt t) sp | None => true end = true) <->
            (forall t', In t' a -> src t' = src t -> same_pkt (pkt t') (pkt t))) as E.
    { destruct (nfind (src t) (ss_send ss)) as [[p0 s0]|] eqn:F.
      - destruct (HP _ _ _ F) as [Hs0 Hsw]. specialize (Hsw eq_refl).
        rewrite (sw_same_spec _ _ _ _ Hs0 Hsp). split.
        + intros H t' It' Es. eapply same_pkt_trans; [apply (Hsw t' It' Es) | exact H].
        + intros H. assert (sends ss (src t) = true) as Snd by (unfold sends; rewrite F; auto).
          apply HS, in_map_src in Snd as [t0 [It0 Es0]].
          eapply same_pkt_trans; [apply same_pkt_sym, (Hsw t0 It0 Es0) | apply (H t0 It0 Es0)].
      - split; auto. intros _ t' It' Es.
        assert (sends ss (src t) = true) as Snd by (apply HS, in_map_src; eauto).
        unfold sends in Snd. rewrite F in Snd. discriminate. }
    rewrite E. tauto.
Qed.

Lemma SInv_upd : forall m ss a t sp,
  SInv m ss a -> (forall i, nmem i sp = true <-> In i (pkt t)) -> port_local m a t ->
  SInv m (ss_upd ss t sp) (a ++ [t]).
Proof.
  intros m ss a t sp [HL [HS [HR HP]]] Hsp Hport. unfold SInv, ss_upd, sends; simpl.
  rewrite !map_app. simpl. split; [|split; [|split]].
  - intros x y. rewrite pmem_add, orb_true_iff, andb_true_iff, !N.eqb_eq, HL, in_app_iff. simpl.
    unfold pair_of. split.
    + intros [[-> ->]|H]; auto.
    + intros [H|[H|[]]]; auto. inversion H; auto.
  - intros v. rewrite in_app_iff. simpl. destruct (nfind (src t) (ss_send ss)) eqn:F.
    + fold (sends ss v). rewrite HS. split; [tauto|]. intros [H|[<-|[]]]; auto.
      apply HS. unfold sends; rewrite F; auto.
    + rewrite nfind_put. destruct (v =? src t) eqn:E.
      * apply N.eqb_eq in E. split; auto.
      * apply N.eqb_neq in E. fold (sends ss v). rewrite HS. split; [tauto|].
        intros [H|[H|[]]]; auto. congruence.
  - intros v. rewrite nmem_add, orb_true_iff, N.eqb_eq, HR, in_app_iff. simpl. intuition.
  - intros v p0 s0. destruct (nfind (src t) (ss_send ss)) as [[q0 r0]|] eqn:F.
    + intros Fv. destruct (HP _ _ _ Fv) as [Hs0 Hsw]. split; auto.
      intros Hm t' It' Es. apply in_app_or in It' as [It'|[<-|[]]]; [apply Hsw; auto|].
      subst m v. simpl in Hport. destruct Hport as [Hsame _].
      assert (sends ss (src t) = true) as Snd by (unfold sends; rewrite Fv; auto).
      apply HS, in_map_src in Snd as [t0 [It0 Es0]].
      eapply same_pkt_trans; [apply same_pkt_sym, (Hsame t0 It0 Es0) | apply (Hsw eq_refl t0 It0 Es0)].
    + rewrite nfind_put. destruct (v =? src t) eqn:E.
      * intros H; inversion H; subst p0 s0. apply N.eqb_eq in E. split; auto.
        intros _ t' It' Es. apply in_app_or in It' as [It'|[<-|[]]]; [|apply same_pkt_refl].
        assert (sends ss (src t) = true) as Snd by (apply HS, in_map_src; exists t'; split; congruence).
        unfold sends in Snd. rewrite F in Snd. discriminate.
      * intros Fv. destruct (HP _ _ _ Fv) as [Hs0 Hsw]. split; auto.
        intros Hm t' It' Es. apply in_app_or in It' as [It'|[<-|[]]]; [apply Hsw; auto|].
        apply N.eqb_neq in E. congruence.
Qed.

(* ---------- the item map ---------- *)

Definition HInvP (h : hmap) (R : N -> N -> N -> Prop) : Prop :=
  forall i v, match hfind h i v with
              | None => forall k, ~ R v i k
              | Some k => R v i k /\ forall k', R v i k' -> k <= k'
              end.

Lemma HInvP_ext : forall h (R R' : N -> N -> N -> Prop),
  (forall v i k, R v i k <-> R' v i k) -> HInvP h R -> HInvP h R'.
Proof.
  intros h R R' E H i v. specialize (H i v). destruct (hfind h i v).
  - destruct H as [H1 H2]. split; [apply E; auto | intros k' Hk; apply H2, E; auto].
  - intros k C. apply (H k), E; auto.
Qed.

Lemma HInvP_empty : HInvP nempty (fun _ _ _ => False).
Proof. intros i v. unfold hfind. rewrite nfind_empty. auto. Qed.

Lemma hfind_hins : forall cur v0 h i0 i v,
  hfind (hins cur v0 h i0) i v =
  if (i =? i0) && (v =? v0) then
    match hfind h i v with Some k => if k <=? cur then Some k else Some cur | None => Some cur end
  else hfind h i v.
Proof.
  intros. unfold hins.
  destruct (i =? i0) eqn:Ei; [apply N.eqb_eq in Ei; subst i0|]; rewrite ?andb_true_l, ?andb_false_l.
  - unfold hfind at 2 3. destruct (nfind i h) as [m|] eqn:Fi.
    + destruct (nfind v0 m) as [k|] eqn:Fv.
      * destruct (k <=? cur) eqn:Ek.
        -- unfold hfind. rewrite Fi.
           destruct (v =? v0) eqn:Ev; [apply N.eqb_eq in Ev; subst; rewrite Fv, Ek|]; auto.
        -- unfold hfind. rewrite nfind_put, N.eqb_refl, nfind_put.
           destruct (v =? v0) eqn:Ev; [apply N.eqb_eq in Ev; subst; rewrite Fv, Ek|]; auto.
      * unfold hfind. rewrite nfind_put, N.eqb_refl, nfind_put.
        destruct (v =? v0) eqn:Ev; [apply N.eqb_eq in Ev; subst; rewrite Fv|]; auto.
    + unfold hfind. rewrite nfind_empty, nfind_put, N.eqb_refl, nfind_put, nfind_empty.
      destruct (v =? v0); auto.
  - unfold hfind. destruct (nfind i0 h) as [m|] eqn:Fi.
    + destruct (nfind v0 m) as [k|] eqn:Fv.
      * destruct (k <=? cur); [auto|]. rewrite nfind_put, Ei; auto.
      * rewrite nfind_put, Ei; auto.
    + rewrite nfind_empty, nfind_put, Ei; auto.
Qed.

Lemma HInvP_hins : forall h R cur v0 i0,
  HInvP h R -> HInvP (hins cur v0 h i0) (fun v i k => R v i k \/ (v = v0 /\ i = i0 /\ k = cur)).
Proof.
  intros h R cur v0 i0 H i v. rewrite hfind_hins.
  destruct ((i =? i0) && (v =? v0)) eqn:E.
  - apply andb_true_iff in E as [Ei Ev]. apply N.eqb_eq in Ei, Ev. subst i0 v0.
    specialize (H i v). destruct (hfind h i v) as [k|].
    + destruct H as [H1 H2]. destruct (k <=? cur) eqn:Ek; apply N.leb_le in Ek || apply N.leb_gt in Ek.
      * split; [left; auto|]. intros k' [Hk|[_ [_ ->]]]; auto.
      * split; [right; auto|]. intros k' [Hk|[_ [_ ->]]]; [specialize (H2 k' Hk); lia | lia].
    + split; [right; auto|]. intros k' [Hk|[_ [_ ->]]]; [destruct (H k' Hk) | lia].
  - assert (~ (v = v0 /\ i = i0)) as Ne.
    { intros [-> ->]. rewrite !N.eqb_refl in E. discriminate. }
    specialize (H i v). destruct (hfind h i v) as [k|].
    + destruct H as [H1 H2]. split; [left; auto|]. intros k' [Hk|[A [B _]]]; [auto | tauto].
    + intros k [Hk|[A [B _]]]; [apply (H k Hk) | tauto].
Qed.

Lemma HInvP_h_upd : forall cur t h R,
  HInvP h R ->
  HInvP (h_upd cur t h) (fun v i k => R v i k \/ (v = dst t /\ In i (pkt t) /\ k = cur)).
Proof.
  intros cur t. unfold h_upd. generalize (pkt t) as l. intros l.
  induction l as [|i0 l IH]; simpl; intros h R H.
  - revert H. apply HInvP_ext. intros; tauto.
  - apply (HInvP_hins h R cur (dst t) i0) in H. apply IH in H. revert H. apply HInvP_ext.
    intros v i k. split.
    + intros [[A|[A [B C]]]|[A [B C]]]; auto; right; auto.
    + intros [A|[A [[B|B] C]]]; auto.
Qed.

(* What has been received, by step index: the steps [pre], then [a] in step |pre|. *)
Definition R_pre (pre : list step) (v i k : N) : Prop :=
  exists st t, nth_error pre (N.to_nat k) = Some st /\ In t st /\ dst t = v /\ In i (pkt t).

Definition R_pos (pre : list step) (a : list tx) (v i k : N) : Prop :=
  R_pre pre v i k \/ (k = N.of_nat (length pre) /\ exists t, In t a /\ dst t = v /\ In i (pkt t)).

Lemma R_pre_lt : forall pre v i k, R_pre pre v i k -> k < N.of_nat (length pre).
Proof.
  intros pre v i k [st [t [E _]]]. assert (N.to_nat k < length pre)%nat as L.
  { apply nth_error_Some. rewrite E; discriminate. }
  lia.
Qed.

Lemma received_R_pre : forall pre v i, received pre v i <-> exists k, R_pre pre v i k.
Proof.
  intros pre v i. unfold received, R_pre. split.
  - intros [st [t [Ist [It [Hd Hi]]]]]. apply In_nth_error in Ist as [n E].
    exists (N.of_nat n), st, t. rewrite Nat2N.id. auto.
  - intros [k [st [t [E [It [Hd Hi]]]]]]. exists st, t. split; auto.
    eapply nth_error_In; eauto.
Qed.

Lemma R_pos_snoc : forall pre a t v i k,
  R_pos pre (a ++ [t]) v i k <->
  R_pos pre a v i k \/ (v = dst t /\ In i (pkt t) /\ k = N.of_nat (length pre)).
Proof.
  intros. unfold R_pos. split.
  - intros [H|[Hk [t' [It' [Hd Hi]]]]]; auto.
    apply in_app_or in It' as [It'|[<-|[]]]; [left; right; eauto | right; auto].
  - intros [[H|[Hk [t' [It' [Hd Hi]]]]]|[A [B C]]]; auto.
    + right. split; auto. exists t'. split; auto. apply in_or_app; auto.
    + right. split; auto. exists t. split; auto. apply in_or_app; right; left; auto.
Qed.

Lemma R_pos_next : forall pre st v i k, R_pos (pre ++ [st]) [] v i k <-> R_pos pre st v i k.
Proof.
  intros. unfold R_pos, R_pre. rewrite app_length. simpl. split.
  - intros [[st' [t [E [It [Hd Hi]]]]]|[_ [t [[] _]]]].
    destruct (Compare_dec.lt_dec (N.to_nat k) (length pre)) as [L|L].
    + left. rewrite nth_error_app1 in E; auto. exists st', t; auto.
    + rewrite nth_error_app2 in E; [|lia]. destruct (N.to_nat k - length pre)%nat eqn:D.
      * simpl in E. inversion E; subst st'. right. split; [lia|]. exists t; auto.
      * simpl in E. destruct n; discriminate.
  - intros [[st' [t [E [It [Hd Hi]]]]]|[Hk [t [It [Hd Hi]]]]].
    + left. exists st', t. rewrite nth_error_app1; [auto|]. apply nth_error_Some; rewrite E; discriminate.
    + left. exists st, t. rewrite nth_error_app2; [|lia]. replace (N.to_nat k - length pre)%nat with O by lia.
      auto.
Qed.

Section Items.

Variable s : schedule.
Let c := ctx_of s.
Let o := orig_of s.

Lemma orig_c : forall i, orig c i = o i.
Proof. reflexivity. Qed.

Lemma held_spec : forall h pre a cur v i,
  HInvP h (R_pos pre a) -> cur = N.of_nat (length pre) ->
  (held c h cur v i = true <-> holds o pre v i).
Proof.
  intros h pre a cur v i H Hc. unfold held, holds. rewrite orig_c, orb_true_iff, N.eqb_eq.
  rewrite received_R_pre. specialize (H i v). destruct (hfind h i v) as [k|].
  - destruct H as [[H1|[Hk _]] H2]; rewrite N.ltb_lt.
    + apply R_pre_lt in H1 as L. split; [intros [A|B]; [auto | eauto] | intros [A|[k' B]]; auto].
      right; subst; auto.
    + split; [intros [A|B]; [auto | lia]|]. intros [A|[k' B]]; auto. right.
      specialize (H2 k' (or_introl B)). apply R_pre_lt in B. lia.
  - split; [intros [A|B]; [auto | discriminate]|]. intros [A|[k' B]]; auto. destruct (H k' (or_introl B)).
Qed.

Lemma has_spec : forall h pre a v i,
  HInvP h (R_pos pre a) ->
  (has c h v i = true <-> holds o pre v i \/ exists t', In t' a /\ dst t' = v /\ In i (pkt t')).
Proof.
  intros h pre a v i H. unfold has, holds. rewrite orig_c, orb_true_iff, N.eqb_eq.
  rewrite received_R_pre. specialize (H i v). destruct (hfind h i v) as [k|].
  - destruct H as [[H1|[Hk B]] H2]; split; auto; intros _; auto.
    + left; right; eauto.
  - split; [intros [A|B]; [auto | discriminate]|]. intros [[A|[k B]]|[t' B]]; auto.
    + destruct (H k (or_introl B)).
    + destruct (H (N.of_nat (length pre)) (or_intror (conj eq_refl (ex_intro _ t' B)))).
Qed.

Definition item_prop (pre : list step) (a : list tx) (t : tx) (i : N) : Prop :=
  holds o pre (src t) i /\
  (combining (s_prob s) = true ->
     ~ holds o pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t'))) /\
  (ordered (s_prob s) = true -> 0 < i ->
     (src t = o i -> holds o pre (src t) (i - 1)) /\
     (holds o pre (dst t) i \/ holds o pre (dst t) (i - 1))).

Lemma item_rule_spec : forall h pre a cur t i,
  HInvP h (R_pos pre a) -> cur = N.of_nat (length pre) ->
  (item_rule c h cur t i = None <-> item_prop pre a t i).
Proof.
  intros h pre a cur t i H Hc. unfold item_rule, item_prop.
  pose proof (fun v i => held_spec h pre a cur v i H Hc) as HS.
  pose proof (fun v i => has_spec h pre a v i H) as HH.
  change (c_comb c) with (combining (s_prob s)). change (c_ord c) with (ordered (s_prob s)).
  rewrite orig_c.
  destruct (held c h cur (src t) i) eqn:E1; simpl.
  2:{ split; [discriminate|]. intros [A _]. apply HS in A. congruence. }
  apply HS in E1.
  destruct (combining (s_prob s) && has c h (dst t) i) eqn:E2.
  { split; [discriminate|]. intros [_ [B _]]. apply andb_true_iff in E2 as [C D].
    apply HH in D. destruct (B C) as [B1 B2]. exfalso. destruct D; auto. }
  assert (combining (s_prob s) = true ->
          ~ holds o pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t'))) as D.
  { intros C. rewrite C in E2. simpl in E2. rewrite <- not_true_iff_false, HH in E2. tauto. }
  destruct (ordered (s_prob s) && negb (i =? 0) &&
            negb ((negb (src t =? o i) || held c h cur (src t) (i - 1)) &&
                  (held c h cur (dst t) i || held c h cur (dst t) (i - 1)))) eqn:E3.
  - split; [discriminate|]. intros [_ [_ F]].
    apply andb_true_iff in E3 as [E3 G]. apply andb_true_iff in E3 as [O Z].
    apply negb_true_iff, N.eqb_neq in Z. destruct (F O) as [F1 F2]; [lia|].
    apply negb_true_iff in G. rewrite <- not_true_iff_false in G. exfalso. apply G.
    rewrite andb_true_iff, !orb_true_iff, negb_true_iff, <- not_true_iff_false, N.eqb_eq, !HS.
    split; [|tauto]. destruct (N.eq_dec (src t) (o i)); auto.
  - split; [intros _|auto]. split; auto. split; auto. intros O Z.
    rewrite O in E3. simpl in E3. assert (i =? 0 = false) as Z' by (apply N.eqb_neq; lia).
    rewrite Z' in E3. simpl in E3. apply negb_false_iff in E3.
    rewrite andb_true_iff, !orb_true_iff, negb_true_iff, <- not_true_iff_false, N.eqb_eq, !HS in E3.
    destruct E3 as [E3 E4]. split; auto. intros Es. destruct E3; [contradiction | auto].
Qed.

Lemma items_rule_some : forall h cur t l r, items_rule c h cur t l (Some r) <> None.
Proof.
  intros h cur t l. induction l as [|i l IH]; simpl; intros r; [discriminate|].
  destruct (item_rule c h cur t i) as [rl|]; [|apply IH].
  unfold better; destruct r as [r' i']. destruct (_ || _); apply IH.
Qed.

Lemma items_rule_none : forall h cur t l best,
  items_rule c h cur t l best = None <-> best = None /\ forall i, In i l -> item_rule c h cur t i = None.
Proof.
  intros h cur t l. induction l as [|i l IH]; simpl; intros best.
  - split; [intros ->; split; auto; intros _ []| tauto].
  - rewrite IH. destruct (item_rule c h cur t i) as [rl|] eqn:E.
    + split.
      * intros [B _]. destruct best as [b|]; [|simpl in B; discriminate].
        destruct (better rl i (Some b)); discriminate.
      * intros [_ H]. rewrite (H i (or_introl eq_refl)) in E. discriminate.
    + split.
      * intros [-> H]. split; auto. intros j [<-|J]; auto.
      * intros [-> H]. split; auto.
Qed.

End Items.

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
  destruct (pmem (src t) (dst t) (ss_links ss)) eqn:L.
  { split; [discriminate|]. intros [_ [_ [L' _]]]. apply HL in L. contradiction. }
  assert (~ In (pair_of t) (map pair_of a)) as L'.
  { intros C. apply HL in C. congruence. }
  change (c_model (ctx_of s)) with (s_model s).
  destruct (port_fast (s_model s) ss t (snd (nodup_set nempty (pkt t)))) eqn:Po; simpl.
  2:{ split; [discriminate|]. intros [_ [_ [_ [Po' _]]]].
      apply (port_fast_spec _ ss a t _ (conj HL HS') Hsp) in Po'. simpl in Po. congruence. }
  apply (port_fast_spec _ ss a t _ (conj HL HS') Hsp) in Po.
  rewrite items_rule_none. unfold items_local. split.
  - intros [_ H]. split; [auto|split; [auto|split; [auto|split; [auto|]]]].
    intros i Ii. apply (proj1 (item_rule_spec s h pre a cur t i HH Hc)). apply H; auto.
  - intros [_ [_ [_ [_ H]]]]. split; auto. intros i Ii.
    apply (proj2 (item_rule_spec s h pre a cur t i HH Hc)). apply H; auto.
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

Lemma first_in_none : forall A (f : N -> option A) fuel x,
  first_in f x fuel = None <-> forall y, x <= y -> y < x + N.of_nat fuel -> f y = None.
Proof.
  intros A f fuel. induction fuel as [|m IH]; intros x; simpl.
  - split; auto. intros _ y H1 H2. lia.
  - destruct (f x) as [a|] eqn:F.
    + split; [discriminate|]. intros H. rewrite (H x) in F; [discriminate | lia | lia].
    + rewrite IH. split.
      * intros H y H1 H2. destruct (N.eq_dec y x) as [->|Ne]; auto. apply H; lia.
      * intros H y H1 H2. apply H; lia.
Qed.

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
