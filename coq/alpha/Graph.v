(* Spanning trees of the hypercube Q_d, their leaves, and connected dominating sets.

   Q_d: vertices 0 .. 2^d - 1, u ~ v iff v = u xor 2^i for some i < d.
   A spanning tree of Q_d is a list of 2^d - 1 edges of Q_d such that every vertex is reached
   from vertex 0 along them (n - 1 edges connecting n vertices: a tree). Its leaves are the
   vertices of degree 1 (degree = number of listed edges having the vertex as an end).
   max_leaf_number d m: some spanning tree has m leaves and none has more.

   Theorem tree_cds: for d >= 2, the non-leaves of a spanning tree with L leaves form a
   connected dominating set of 2^d - L vertices; so "no connected dominating set of at most k
   vertices" bounds the leaves of every spanning tree by 2^d - k - 1. *)
From Coq Require Import Arith List Bool Lia.
Import ListNotations.

Definition nverts (d : nat) : nat := 2 ^ d.

Definition qadj (d u v : nat) : bool :=
  (u <? nverts d) && (v <? nverts d) &&
  existsb (fun i => Nat.eqb v (Nat.lxor u (2 ^ i))) (seq 0 d).

Definition edge := (nat * nat)%type.

Definition tadj (t : list edge) (u v : nat) : bool :=
  existsb (fun e => (Nat.eqb (fst e) u && Nat.eqb (snd e) v) || (Nat.eqb (fst e) v && Nat.eqb (snd e) u)) t.

(* Walks of length n along the tree's edges. *)
Inductive walk (t : list edge) : nat -> nat -> nat -> Prop :=
| walk0 a : walk t 0 a a
| walkS n a b c : walk t n a b -> tadj t b c = true -> walk t (S n) a c.

Definition spanning_tree (d : nat) (t : list edge) : Prop :=
  (forall e, In e t -> qadj d (fst e) (snd e) = true) /\
  length t = nverts d - 1 /\
  (forall v, v < nverts d -> exists n, walk t n 0 v).

Definition deg (t : list edge) (v : nat) : nat :=
  length (filter (fun e : edge => Nat.eqb (fst e) v || Nat.eqb (snd e) v) t).

Definition leaves (d : nat) (t : list edge) : nat :=
  length (filter (fun v => Nat.eqb (deg t v) 1) (seq 0 (nverts d))).

Definition max_leaf_number (d m : nat) : Prop :=
  (exists t, spanning_tree d t /\ leaves d t = m) /\
  (forall t, spanning_tree d t -> leaves d t <= m).

(* Vertex sets as boolean functions. *)
Definition dominating (d : nat) (S : nat -> bool) : Prop :=
  forall v, v < nverts d -> S v = true \/ exists u, qadj d v u = true /\ S u = true.

Inductive sreach (d : nat) (S : nat -> bool) : nat -> nat -> Prop :=
| sr0 a : S a = true -> sreach d S a a
| srS a b c : sreach d S a b -> qadj d b c = true -> S c = true -> sreach d S a c.

Definition connected_set (d : nat) (S : nat -> bool) : Prop :=
  forall a b, a < nverts d -> b < nverts d -> S a = true -> S b = true -> sreach d S a b.

Definition set_size (d : nat) (S : nat -> bool) : nat := length (filter S (seq 0 (nverts d))).

Definition cds (d : nat) (S : nat -> bool) : Prop := dominating d S /\ connected_set d S.

(* ------------------------------------------------------------------ *)

Lemma tadj_sym : forall t u v, tadj t u v = true -> tadj t v u = true.
Proof.
  intros t u v H. unfold tadj in *. apply existsb_exists in H as (e & He & Hx).
  apply existsb_exists. exists e. split; auto.
  apply orb_true_iff in Hx as [Hx|Hx]; apply orb_true_iff; [right|left]; exact Hx.
Qed.

Lemma tadj_edge : forall t u v, tadj t u v = true -> exists e, In e t /\ (e = (u, v) \/ e = (v, u)).
Proof.
  intros t u v H. apply existsb_exists in H as ([x y] & He & Hx). exists (x, y). split; auto.
  simpl in Hx. apply orb_true_iff in Hx as [Hx|Hx]; apply andb_true_iff in Hx as [H1 H2];
  apply Nat.eqb_eq in H1, H2; subst; auto.
Qed.

Lemma tadj_qadj : forall d t u v, (forall e, In e t -> qadj d (fst e) (snd e) = true) ->
  tadj t u v = true -> qadj d u v = true.
Proof.
  intros d t u v Ht H. destruct (tadj_edge t u v H) as (e & He & [-> | ->]).
  - exact (Ht _ He).
  - pose proof (Ht _ He) as Q. simpl in Q.
    unfold qadj in *. apply andb_true_iff in Q as [Q1 Q3]. apply andb_true_iff in Q1 as [Q1 Q2].
    rewrite Q1, Q2. simpl. apply existsb_exists in Q3 as (i & Hi & Hx). apply existsb_exists.
    exists i. split; auto. apply Nat.eqb_eq in Hx. subst. apply Nat.eqb_eq.
    rewrite Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_r. reflexivity.
Qed.

(* A vertex of degree 1 has one neighbour. *)
Lemma leaf_unique : forall t x a y, deg t x = 1 -> tadj t x a = true -> tadj t x y = true -> a = y.
Proof.
  intros t x a y Hd Ha Hy.
  destruct (tadj_edge t x a Ha) as (e1 & H1 & E1). destruct (tadj_edge t x y Hy) as (e2 & H2 & E2).
  unfold deg in Hd.
  remember (filter (fun e : edge => Nat.eqb (fst e) x || Nat.eqb (snd e) x) t) as L eqn:EL.
  assert (F1 : In e1 L) by (subst L; apply filter_In; split; auto;
    destruct E1 as [-> | ->]; simpl; rewrite Nat.eqb_refl; auto with bool).
  assert (F2 : In e2 L) by (subst L; apply filter_In; split; auto;
    destruct E2 as [-> | ->]; simpl; rewrite Nat.eqb_refl; auto with bool).
  destruct L as [|e [|e' l]]; simpl in Hd; try lia; try contradiction.
  destruct F1 as [<-|[]]; destruct F2 as [E|[]].
  destruct E1 as [-> | ->]; destruct E2 as [-> | ->]; inversion E; subst; auto.
Qed.

Lemma sreach_trans : forall d S a b c, sreach d S a b -> sreach d S b c -> sreach d S a c.
Proof.
  intros d S a b c H1 H2. induction H2 as [x Hx|x y z H IH Hq Hs]; auto. apply srS with y; auto.
Qed.

Lemma sreach_start : forall d S a b, sreach d S a b -> S a = true.
Proof. intros d S a b H; induction H; auto. Qed.

(* Walks between two non-leaves can avoid the leaves: a leaf entered from u is left to u. *)
Lemma walk_nonleaves : forall d t, (forall e, In e t -> qadj d (fst e) (snd e) = true) ->
  forall n a c, walk t n a c ->
  negb (Nat.eqb (deg t a) 1) = true -> negb (Nat.eqb (deg t c) 1) = true ->
  sreach d (fun v => negb (Nat.eqb (deg t v) 1)) a c.
Proof.
  intros d t Ht n. induction n as [n IH] using lt_wf_ind. intros a c W Ha Hc.
  inversion W as [|n' a' b c' W' Hbc]; subst.
  - now constructor.
  - destruct (negb (Nat.eqb (deg t b) 1)) eqn:Hb.
    + apply srS with b; [apply (IH n'); auto; lia|eapply tadj_qadj; eauto|auto].
    + (* b is a leaf: its predecessor in the walk is c *)
      inversion W' as [|n'' a'' b' c'' W'' Hb'b]; subst.
      * rewrite Ha in Hb; discriminate.
      * apply negb_false_iff, Nat.eqb_eq in Hb.
        assert (b' = c) by (eapply leaf_unique; eauto using tadj_sym). subst.
        apply (IH n''); auto; lia.
Qed.

Lemma walk_sym : forall t n a b, walk t n a b -> exists m, walk t m b a.
Proof.
  intros t n a b W. induction W.
  - exists 0; constructor.
  - destruct IHW as (m & Wm).
    assert (Hc : forall m x y z, walk t m y z -> tadj t x y = true -> walk t (S m) x z).
    { clear. intros m x y z Wy H. induction Wy.
      - econstructor; [constructor|exact H].
      - econstructor; eauto. }
    exists (S m). eapply Hc; eauto using tadj_sym.
Qed.

Lemma walk_trans : forall t n m a b c, walk t n a b -> walk t m b c -> walk t (m + n) a c.
Proof.
  intros t n m a b c W1 W2. induction W2; simpl; auto. econstructor; eauto.
Qed.

Lemma walk_in : forall d t, (forall e, In e t -> qadj d (fst e) (snd e) = true) ->
  forall n a b, walk t n a b -> a < nverts d -> b < nverts d.
Proof.
  intros d t Ht n a b W Ha. induction W; auto.
  pose proof (tadj_qadj d t b c Ht H) as Q. unfold qadj in Q.
  apply andb_true_iff in Q as [Q _]. apply andb_true_iff in Q as [_ Q]. now apply Nat.ltb_lt.
Qed.

Lemma nverts_ge : forall d, 2 <= d -> 3 <= nverts d.
Proof.
  intros d H. unfold nverts. replace d with (2 + (d - 2)) by lia. rewrite Nat.pow_add_r.
  pose proof (Nat.pow_nonzero 2 (d - 2)). simpl. lia.
Qed.

Lemma deg1_nbr : forall t v, deg t v = 1 -> exists u, tadj t v u = true.
Proof.
  intros t v H. unfold deg in H.
  remember (filter (fun e : edge => Nat.eqb (fst e) v || Nat.eqb (snd e) v) t) as L eqn:EL.
  destruct L as [|[x y] L']; [discriminate|].
  assert (Hin : In (x, y) (filter (fun e : edge => Nat.eqb (fst e) v || Nat.eqb (snd e) v) t))
    by (rewrite <- EL; left; auto).
  apply filter_In in Hin as [Hin Hxy]. simpl in Hxy.
  apply orb_true_iff in Hxy as [E|E]; apply Nat.eqb_eq in E; subst.
  - exists y. apply existsb_exists. exists (v, y). simpl. rewrite !Nat.eqb_refl. auto.
  - exists x. apply existsb_exists. exists (x, v). simpl. rewrite !Nat.eqb_refl. auto with bool.
Qed.

(* With two adjacent leaves u, v, every vertex reached from u or v is u or v. *)
Lemma two_leaves_gen : forall t u v, deg t u = 1 -> deg t v = 1 -> tadj t v u = true ->
  forall n a w, walk t n a w -> (a = u \/ a = v) -> w = u \/ w = v.
Proof.
  intros t u v Hu Hv Hvu n a w W. induction W as [|n a b c W IH Hbc]; intros Ha; auto.
  destruct (IH Ha) as [-> | ->].
  - right. symmetry. apply (leaf_unique t u v c); auto using tadj_sym.
  - left. symmetry. apply (leaf_unique t v u c); auto.
Qed.

Lemma two_leaves : forall t u v, deg t u = 1 -> deg t v = 1 -> tadj t v u = true ->
  forall n w, walk t n v w -> w = u \/ w = v.
Proof. intros; eapply two_leaves_gen; eauto. Qed.

Theorem tree_cds : forall d t, 2 <= d -> spanning_tree d t ->
  let S := fun v => negb (Nat.eqb (deg t v) 1) in
  cds d S /\ set_size d S = nverts d - leaves d t.
Proof.
  intros d t Hd (Ht & Hlen & Hcon) S. split; [split|].
  - (* dominating *)
    intros v Hv. destruct (S v) eqn:Sv; [now left|right].
    unfold S in Sv. apply negb_false_iff, Nat.eqb_eq in Sv.
    (* the one edge at v *)
    destruct (deg1_nbr t v Sv) as (u & Hu).
 exists u. split; [eapply tadj_qadj; eauto|].
    destruct (S u) eqn:Su; auto. exfalso. unfold S in Su. apply negb_false_iff, Nat.eqb_eq in Su.
    (* then every vertex is u or v: 0 is, by a walk from v to 0, and so is everything *)
    assert (H0 : 0 = u \/ 0 = v).
    { destruct (Hcon v Hv) as (n & W). destruct (walk_sym t n 0 v W) as (m & W').
      exact (two_leaves_gen t u v Su Sv Hu m v 0 W' (or_intror eq_refl)). }
    assert (Hall : forall w, w < nverts d -> w = u \/ w = v).
    { intros w Hw. destruct (Hcon w Hw) as (n & W).
      exact (two_leaves_gen t u v Su Sv Hu n 0 w W H0). }
    pose proof (nverts_ge d Hd).
    destruct (Hall 0) as [E0|E0]; try lia; destruct (Hall 1) as [E1|E1]; try lia;
    destruct (Hall 2) as [E2|E2]; lia.
  - (* connected *)
    intros a b Ha Hb Sa Sb. destruct (Hcon a Ha) as (n & W). destruct (walk_sym t n 0 a W) as (m & W').
    destruct (Hcon b Hb) as (k & Wb). eapply walk_nonleaves; eauto. eapply walk_trans; eauto.
  - (* size *)
    unfold set_size, leaves, S.
    assert (Hl : forall l : list nat, length (filter (fun v => negb (Nat.eqb (deg t v) 1)) l) +
                 length (filter (fun v => Nat.eqb (deg t v) 1) l) = length l).
    { induction l as [|x l IH]; simpl; auto. destruct (Nat.eqb (deg t x) 1); simpl; lia. }
    specialize (Hl (seq 0 (nverts d))). rewrite seq_length in Hl. lia.
Qed.

Print Assumptions tree_cds.
