(* FastItems.v: the item map of the fast checker (FastChecker.v), pinned down: [HInvP h R]
   says [hfind h i v] is the least k with [R v i k] (None when there is none); with R the
   deliveries of the steps read so far and of the transmissions read in the current step
   ([R_pos]), "held at the start of the step" and "has now" are [holds] of Rules.v, and the
   item rules of a transmission are exactly [item_prop]. Used by FastCorrect.v. No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal.
From Coq Require Import List NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

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

(* The first x in [x0, x0 + fuel) with f x <> None (FastChecker.first_in). *)
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

Lemma cplt_spec : forall s sp pk i, (forall j, nmem j sp = true <-> In j pk) ->
  (cplt (ctx_of s) sp i = true <-> chunk_complete (s_prob s) (nnodes (s_net s)) pk i).
Proof.
  intros s sp pk i Hsp. unfold cplt, chunk_complete, ctx_of; simpl.
  destruct (is_allreduce (s_prob s)); [|split; [discriminate | intros [C _]; discriminate]].
  set (f := fun v => if nmem (v * msgs (s_prob s) + i mod msgs (s_prob s)) sp then None else Some tt).
  destruct (first_in f 0 (N.to_nat (nnodes (s_net s)))) eqn:F.
  - split; [discriminate|]. intros [_ H]. exfalso.
    assert (first_in f 0 (N.to_nat (nnodes (s_net s))) = None) as G; [|congruence].
    apply first_in_none. intros v _ Hv. unfold f.
    assert (In (v * msgs (s_prob s) + i mod msgs (s_prob s)) pk) as I by (apply H; lia).
    apply Hsp in I. rewrite I. auto.
  - split; auto. intros _. split; auto. intros v Hv. apply Hsp.
    rewrite first_in_none in F. specialize (F v ltac:(lia) ltac:(lia)). unfold f in F.
    destruct (nmem _ sp); auto. discriminate.
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
  (combining (s_prob s) = true -> ~ chunk_complete (s_prob s) (nnodes (s_net s)) (pkt t) i ->
     ~ holds o pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t'))) /\
  (ordered (s_prob s) = true -> 0 < i ->
     (src t = o i -> holds o pre (src t) (i - 1)) /\
     (holds o pre (dst t) i \/ holds o pre (dst t) (i - 1))).

Lemma item_rule_spec : forall h pre a cur t sp i,
  HInvP h (R_pos pre a) -> cur = N.of_nat (length pre) ->
  (forall j, nmem j sp = true <-> In j (pkt t)) ->
  (item_rule c h cur t sp i = None <-> item_prop pre a t i).
Proof.
  intros h pre a cur t sp i H Hc Hsp. unfold item_rule, item_prop.
  pose proof (cplt_spec s sp (pkt t) i Hsp) as CP. fold c in CP.
  pose proof (fun v i => held_spec h pre a cur v i H Hc) as HS.
  pose proof (fun v i => has_spec h pre a v i H) as HH.
  change (c_comb c) with (combining (s_prob s)). change (c_ord c) with (ordered (s_prob s)).
  rewrite orig_c.
  destruct (held c h cur (src t) i) eqn:E1; simpl.
  2:{ split; [discriminate|]. intros [A _]. apply HS in A. congruence. }
  apply HS in E1.
  destruct (if combining (s_prob s) then if has c h (dst t) i then negb (cplt c sp i) else false
            else false) eqn:E2.
  { split; [discriminate|]. intros [_ [B _]].
    destruct (combining (s_prob s)) eqn:C; [|discriminate].
    destruct (has c h (dst t) i) eqn:D; [|discriminate]. apply negb_true_iff in E2.
    apply HH in D. destruct (B eq_refl) as [B1 B2].
    { intros Q. apply CP in Q. congruence. }
    exfalso. destruct D; auto. }
  assert (combining (s_prob s) = true -> ~ chunk_complete (s_prob s) (nnodes (s_net s)) (pkt t) i ->
          ~ holds o pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t'))) as D.
  { intros C Q. rewrite C in E2. destruct (has c h (dst t) i) eqn:D.
    - apply negb_false_iff, CP in E2. contradiction.
    - rewrite <- not_true_iff_false, HH in D. tauto. }
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

Lemma items_rule_some : forall h cur t sp l r, items_rule c h cur t sp l (Some r) <> None.
Proof.
  intros h cur t sp l. induction l as [|i l IH]; simpl; intros r; [discriminate|].
  destruct (item_rule c h cur t sp i) as [rl|]; [|apply IH].
  unfold better; destruct r as [r' i']. destruct (_ || _); apply IH.
Qed.

Lemma items_rule_none : forall h cur t sp l best,
  items_rule c h cur t sp l best = None <->
  best = None /\ forall i, In i l -> item_rule c h cur t sp i = None.
Proof.
  intros h cur t sp l. induction l as [|i l IH]; simpl; intros best.
  - split; [intros ->; split; auto; intros _ []| tauto].
  - rewrite IH. destruct (item_rule c h cur t sp i) as [rl|] eqn:E.
    + split.
      * intros [B _]. destruct best as [b|]; [|simpl in B; discriminate].
        destruct (better rl i (Some b)); discriminate.
      * intros [_ H]. rewrite (H i (or_introl eq_refl)) in E. discriminate.
    + split.
      * intros [-> H]. split; auto. intros j [<-|J]; auto.
      * intros [-> H]. split; auto.
Qed.

End Items.
