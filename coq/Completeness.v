(* Completeness.v: the converse of Checker.v's soundness, [check_complete : valid s ->
   check s = true], hence [check_correct : check s = true <-> valid s]. With it a witness that
   computes [check s = false] is a proof that s is NOT valid (the differential test of
   tests/mutation/coq_differential_test.cpp relies on this reading). No axioms. *)

From Schedcert Require Import Rules Checker.
From Coq Require Import List Arith NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

Lemma nodupb_complete {A} (eqb : A -> A -> bool) (Hs : forall x y, eqb x y = true -> x = y) :
  forall l, NoDup l -> nodupb eqb l = true.
Proof.
  induction l as [|x r IH]; simpl; intros H; auto.
  inversion H; subst. apply andb_true_iff; split; auto.
  apply negb_true_iff. destruct (existsb (eqb x) r) eqn:E; auto.
  apply existsb_exists in E as [y [Hy E]]. apply Hs in E; subst. contradiction.
Qed.

Lemma paireqb_sound : forall x y, paireqb x y = true -> x = y.
Proof.
  intros [a b] [c d]; unfold paireqb; simpl; intros H.
  apply andb_true_iff in H as [H1 H2]. apply N.eqb_eq in H1, H2. subst; auto.
Qed.

Lemma N_eqb_sound : forall x y, (x =? y) = true -> x = y.
Proof. intros x y; apply N.eqb_eq. Qed.

Lemma leqb_refl : forall a, leqb a a = true.
Proof. induction a; simpl; auto. rewrite N.eqb_refl; auto. Qed.

Lemma opteqb_refl : forall a, opteqb a a = true.
Proof. intros [x|]; simpl; auto. apply N.eqb_refl. Qed.

Lemma fadjb_complete : forall f a b, fadj f a b -> fadjb f a b = true.
Proof.
  unfold fadjb, fadj; intros f a b [H1 H2]. apply andb_true_iff; split.
  - apply negb_true_iff, N.eqb_neq; auto.
  - destruct (fkind_of f); auto; try (apply orb_true_iff;
      destruct H2 as [H2|H2]; [left|right]; apply N.eqb_eq; auto).
    apply N.ltb_lt; auto.
Qed.

Lemma adjb_complete : forall net u v, adjacent net u v -> adjb net u v = true.
Proof.
  unfold adjb, adjacent; intros net u v [H1 [H2 [d [Hd [Ha Hb]]]]].
  apply andb_true_iff; split; [apply andb_true_iff; split; apply N.ltb_lt; auto|].
  apply existsb_exists. exists d. split; [apply in_seq; lia|].
  apply andb_true_iff; split; [apply fadjb_complete; auto|].
  apply forallb_forall. intros e He. apply in_seq in He.
  destruct (Nat.eq_dec e d) as [E|E].
  - subst. rewrite Nat.eqb_refl; auto.
  - apply orb_true_iff; right. apply N.eqb_eq. apply Hb; auto; lia.
Qed.

Lemma packet_okb_complete : forall p n t, packet_ok p n t -> packet_okb p n t = true.
Proof.
  unfold packet_okb, packet_ok; intros p n t [H1 [H2 [H3 [H4 H5]]]].
  repeat (apply andb_true_iff; split).
  - destruct (pkt t); simpl; auto.
  - apply (nodupb_complete N.eqb N_eqb_sound); auto.
  - apply forallb_forall; intros i Hi; apply N.ltb_lt; auto.
  - destruct (combining p); simpl; auto. apply N.leb_le; auto.
  - destruct (combining p); simpl; auto.
    apply forallb_forall; intros i Hi; apply forallb_forall; intros j Hj.
    rewrite (H5 eq_refl i j Hi Hj). apply opteqb_refl.
Qed.

Lemma port_okb_complete : forall m st, port_ok m st -> port_okb m st = true.
Proof.
  destruct m; simpl; intros st H; auto.
  - destruct H as [H1 H2]; apply andb_true_iff; split;
      apply (nodupb_complete N.eqb N_eqb_sound); auto.
  - apply (nodupb_complete N.eqb N_eqb_sound); auto.
  - destruct H as [H1 [H2 H3]]. repeat (apply andb_true_iff; split).
    + apply forallb_forall; intros t1 I1; apply forallb_forall; intros t2 I2.
      destruct (src t1 =? src t2) eqn:E; simpl; auto.
      apply N.eqb_eq in E. apply seteqb_spec, (H1 t1 t2 I1 I2 E).
    + apply (nodupb_complete N.eqb N_eqb_sound); auto.
    + apply forallb_forall; intros t1 I1; apply forallb_forall; intros t2 I2.
      apply negb_true_iff, N.eqb_neq. apply H3; auto.
Qed.

Lemma step_okb_complete : forall s st, step_ok s st -> step_okb s st = true.
Proof.
  unfold step_okb, step_ok; intros s st [H1 [H2 H3]].
  repeat (apply andb_true_iff; split).
  - apply forallb_forall; intros t It. destruct (H1 t It) as [A B].
    apply andb_true_iff; split; [apply adjb_complete | apply packet_okb_complete]; auto.
  - apply forallb_forall; intros t It. apply N.leb_le, H2; auto.
  - apply port_okb_complete; auto.
Qed.

Lemma allsteps_complete : forall f rest pre,
  (forall a st post, rest = a ++ st :: post -> f (pre ++ a) st = true) ->
  allsteps f pre rest = true.
Proof.
  intros f rest; induction rest as [|st0 rest IH]; intros pre H; simpl; auto.
  apply andb_true_iff; split.
  - specialize (H [] st0 rest eq_refl). rewrite app_nil_r in H. exact H.
  - apply IH. intros a st post E. rewrite <- app_assoc. apply (H (st0 :: a) st post).
    simpl; rewrite E; auto.
Qed.

Lemma dup_stepb_complete : forall cc orig pre st a,
  (forall a' t b, st = a' ++ t :: b -> forall i, In i (pkt t) -> cc (pkt t) i = false ->
    ~ holds orig pre (dst t) i /\
    ~ (exists t', In t' (a ++ a') /\ dst t' = dst t /\ In i (pkt t'))) ->
  dup_stepb cc orig pre a st = true.
Proof.
  intros cc orig pre st; induction st as [|t0 st IH]; intros a H; simpl; auto.
  apply andb_true_iff; split.
  - apply forallb_forall; intros i Ii. destruct (cc (pkt t0) i) eqn:CC; [auto|].
    destruct (H [] t0 st eq_refl i Ii CC) as [Ha Hb]. simpl.
    rewrite app_nil_r in Hb. apply andb_true_iff; split; apply negb_true_iff.
    + destruct (holdsb orig pre (dst t0) i) eqn:E; auto. apply holdsb_sound in E. contradiction.
    + destruct (existsb _ a) eqn:E; auto. exfalso; apply Hb.
      apply existsb_exists in E as [t' [It' E]]. apply andb_true_iff in E as [E1 E2].
      exists t'; repeat split; auto; [apply N.eqb_eq | apply memN_sound]; auto.
  - apply IH. intros a' t b E i Ii CC. rewrite <- app_assoc.
    apply (H (t0 :: a') t b); simpl; auto. rewrite E; auto.
Qed.

Lemma Nrange_lt : forall i n, In i (Nrange n) -> i < n.
Proof.
  unfold Nrange; intros i n H. apply in_map_iff in H as [k [E Hk]]. apply in_seq in Hk. lia.
Qed.

Lemma chunk_completeb_complete : forall p n pk i,
  chunk_complete p n pk i -> chunk_completeb p n pk i = true.
Proof.
  unfold chunk_completeb, chunk_complete; intros p n pk i [H1 H2].
  apply andb_true_iff; split; auto. apply forallb_forall; intros v Hv.
  apply memN_complete, H2, Nrange_lt; auto.
Qed.

Lemma completeb_complete : forall s, complete s -> completeb s = true.
Proof.
  unfold completeb, complete; intros s H. apply forallb_forall; intros i Ii.
  apply Nrange_lt in Ii. specialize (H i). destruct (target (s_prob s) (nnodes (s_net s)) i) as [w|] eqn:T.
  - destruct (w <? nnodes (s_net s)) eqn:W; simpl; auto.
    apply holdsb_complete, H; auto. apply N.ltb_lt; auto. simpl; auto.
  - apply forallb_forall; intros v Hv. apply Nrange_lt in Hv. apply holdsb_complete, H; simpl; auto.
Qed.

Lemma problem_okb_complete : forall s, problem_ok s -> problem_okb s = true.
Proof.
  unfold problem_okb, problem_ok; intros s [H1 [H2 [H3 [H4 [H5 H6]]]]].
  repeat (apply andb_true_iff; split).
  - destruct (has_root (s_prob s)); simpl; auto. apply N.ltb_lt; auto.
  - apply N.leb_le; auto.
  - apply N.leb_le; auto.
  - destruct (targeted (s_prob s)); simpl; auto. apply N.eqb_eq; auto.
  - destruct (ordered (s_prob s)).
    + destruct (H5 eq_refl) as [Ha Hb]. apply andb_true_iff; split.
      * destruct (srcs (s_prob s)); simpl; auto.
      * apply forallb_forall; intros v Hv; apply N.ltb_lt; auto.
    + rewrite H6; auto.
Qed.

Theorem check_complete : forall s, valid s -> check s = true.
Proof.
  unfold check, valid; intros s [H1 [H2 [H3 [H4 [H5 H6]]]]].
  apply andb_true_iff; split; [|apply completeb_complete; auto].
  apply andb_true_iff; split.
  2:{ destruct (ordered (s_prob s)) eqn:O; simpl; auto.
    apply allsteps_complete; intros a st post E; simpl.
    unfold order_stepb. apply forallb_forall; intros t It; apply forallb_forall; intros i Ii.
    destruct (i =? 0) eqn:Z; simpl; auto. apply N.eqb_neq in Z.
    destruct (H5 O a st post E t i It Ii) as [Ha Hb]; [lia|].
    apply andb_true_iff; split.
    + destruct (src t =? orig_of s i) eqn:S; simpl; auto.
      apply N.eqb_eq in S. apply holdsb_complete; auto.
    + apply orb_true_iff. destruct Hb; [left|right]; apply holdsb_complete; auto. }
  apply andb_true_iff; split.
  2:{ destruct (combining (s_prob s)) eqn:C; simpl; auto.
    apply allsteps_complete; intros a st post E; simpl.
    apply dup_stepb_complete. intros a' t b E' i Ii CC. refine (H4 C a st post E a' t b E' i Ii _).
    intros D. apply chunk_completeb_complete in D. congruence. }
  apply andb_true_iff; split.
  2:{ apply allsteps_complete; intros a st post E; simpl.
    unfold caus_stepb. apply forallb_forall; intros t It; apply forallb_forall; intros i Ii.
    apply holdsb_complete. exact (H3 a st post E t i It Ii). }
  apply andb_true_iff; split.
  - apply problem_okb_complete; auto.
  - apply forallb_forall; intros st Ist; apply step_okb_complete; auto.
Qed.

Corollary check_correct : forall s, check s = true <-> valid s.
Proof. split; [apply check_sound | apply check_complete]. Qed.

