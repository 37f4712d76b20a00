(* FastStep.v: the state the fast checker (FastChecker.v) keeps for the current step, pinned
   down: [SInv m ss a] says the maps and sets of [ss] hold exactly the link loads, senders (with the items of
   their first packet) and receivers of the transmissions [a] read so far in the step; under it
   the port test is exactly [port_local] (FastLocal.v), and reading one more transmission keeps
   it. Used by FastCorrect.v. No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker FastLocal.
From Coq Require Import List NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- the state of one step ---------- *)

Lemma lcount_empty : forall x y, lcount x y nempty = 0.
Proof. intros; unfold lcount; now rewrite nfind_empty. Qed.

Lemma lcount_linc : forall x y a b l,
  lcount x y (linc a b l) = if (x =? a) && (y =? b) then N.succ (lcount a b l) else lcount x y l.
Proof.
  intros; unfold lcount, linc. rewrite nfind_put. destruct (x =? a) eqn:E; simpl.
  - apply N.eqb_eq in E; subst. rewrite nfind_put. destruct (y =? b) eqn:F.
    + apply N.eqb_eq in F; subst. destruct (nfind a l); auto. rewrite nfind_empty; auto.
    + destruct (nfind a l); auto. rewrite nfind_empty; auto.
  - auto.
Qed.

Definition SInv (m : cmodel) (ss : sstate) (a : list tx) : Prop :=
  (forall x y, lcount x y (ss_links ss) = N.of_nat (link_load a x y)) /\
  (forall v, sends ss v = true <-> In v (map src a)) /\
  (forall v, nmem v (ss_recv ss) = true <-> In v (map dst a)) /\
  (forall v p0 s0, nfind v (ss_send ss) = Some (p0, s0) ->
     (forall i, nmem i s0 = true <-> In i p0) /\
     (m = ShoutWhisper -> forall t', In t' a -> src t' = v -> same_pkt (pkt t') p0)).

Lemma SInv_empty : forall m, SInv m ss_empty [].
Proof.
  intros m. unfold SInv, ss_empty, sends; simpl. split; [|split; [|split]].
  - intros x y. rewrite lcount_empty. auto.
  - intros v. rewrite nfind_empty. split; [discriminate | tauto].
  - intros v. rewrite nmem_empty. split; [discriminate | tauto].
  - intros v p0 s0. rewrite nfind_empty. discriminate.
Qed.

Lemma sw_same_spec : forall p0 s0 p sp,
  (forall i, nmem i s0 = true <-> In i p0) -> (forall i, nmem i sp = true <-> In i p) ->
  (sw_same p0 s0 p sp = true <-> same_pkt p0 p).
Proof.
  intros p0 s0 p sp _ _. unfold sw_same, same_pkt. apply seteqb_spec.
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
  - intros x y. rewrite lcount_linc, link_load_app, link_load_one, !HL. unfold on_link.
    rewrite (N.eqb_sym (src t) x), (N.eqb_sym (dst t) y).
    destruct (x =? src t) eqn:E1; destruct (y =? dst t) eqn:E2; simpl; try lia.
    apply N.eqb_eq in E1, E2. subst. lia.
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

