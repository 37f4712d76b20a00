(* alpha(d), the maximum number of leaves of a spanning tree of Q_d, from a witness tree and a
   lower bound on connected domination (Graph.v's tree_cds).

   - check_tree: a boolean check of a witness (edges of Q_d, 2^d - 1 of them, listed so that
     each edge joins a vertex already reached from 0 to a new one); check_tree_sound.
   - no_small_cds_bound: if Q_d has no connected dominating set of at most k vertices, every
     spanning tree has at most 2^d - k - 1 leaves.
   - alpha_exact: a checked witness with m leaves plus "no CDS of at most 2^d - m - 1 vertices"
     give max_leaf_number d m.
   The CDS premise is what the CNF query of encodings/alpha/cnf.* answers (UNSAT, checked by the
   Coq-verified LRAT checker, coq/lrat); AlphaCnf.v generates that CNF in Coq and proves the step
   from its unsatisfiability to the premise (cds_sat, alpha_from_unsat, alpha_from_lrat). *)
From Coq Require Import Arith List Bool Lia.
From Schedcert.alpha Require Import Graph.
Import ListNotations.

Definition mem (x : nat) (l : list nat) : bool := existsb (Nat.eqb x) l.

(* Each edge must join a reached vertex to a new one; returns the reached vertices. *)
Fixpoint grow (es : list edge) (r : list nat) : option (list nat) :=
  match es with
  | [] => Some r
  | (u, v) :: es' =>
      if mem u r && negb (mem v r) then grow es' (v :: r)
      else if mem v r && negb (mem u r) then grow es' (u :: r)
      else None
  end.

Definition check_tree (d : nat) (t : list edge) : bool :=
  forallb (fun e => qadj d (fst e) (snd e)) t &&
  Nat.eqb (length t) (nverts d - 1) &&
  match grow t [0] with
  | Some r => forallb (fun v => mem v r) (seq 0 (nverts d))
  | None => false
  end.

Lemma mem_In : forall x l, mem x l = true -> In x l.
Proof.
  intros x l H. apply existsb_exists in H as (y & Hy & E). apply Nat.eqb_eq in E. now subst.
Qed.

Lemma tadj_in : forall t u v, In (u, v) t -> tadj t u v = true /\ tadj t v u = true.
Proof.
  intros t u v H. split; apply existsb_exists; exists (u, v); split; auto; simpl;
  rewrite !Nat.eqb_refl; auto with bool.
Qed.

Lemma grow_reach : forall t es r r', incl es t -> grow es r = Some r' ->
  (forall x, In x r -> exists n, walk t n 0 x) -> forall x, In x r' -> exists n, walk t n 0 x.
Proof.
  intros t es; induction es as [|[u v] es IH]; intros r r' Hi G Hr; simpl in G.
  - inversion G; subst; auto.
  - assert (Hin : In (u, v) t) by (apply Hi; left; auto).
    destruct (tadj_in t u v Hin) as [Huv Hvu].
    destruct (mem u r && negb (mem v r)) eqn:A.
    + apply (IH (v :: r)); auto. { intros e He; apply Hi; right; auto. }
      intros x [<-|Hx]; auto. apply andb_true_iff in A as [A _].
      destruct (Hr u (mem_In _ _ A)) as (n & W). exists (S n). econstructor; eauto.
    + destruct (mem v r && negb (mem u r)) eqn:B; [|discriminate].
      apply (IH (u :: r)); auto. { intros e He; apply Hi; right; auto. }
      intros x [<-|Hx]; auto. apply andb_true_iff in B as [B _].
      destruct (Hr v (mem_In _ _ B)) as (n & W). exists (S n). econstructor; eauto.
Qed.

Theorem check_tree_sound : forall d t, check_tree d t = true -> spanning_tree d t.
Proof.
  intros d t H. unfold check_tree in H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  split; [|split].
  - intros e He. rewrite forallb_forall in H1. auto.
  - now apply Nat.eqb_eq.
  - destruct (grow t [0]) as [r|] eqn:G; [|discriminate].
    intros v Hv. rewrite forallb_forall in H3.
    assert (Hm : In v r) by (apply mem_In, H3, in_seq; lia).
    eapply (grow_reach t t [0] r); eauto using incl_refl.
    intros x [<-|[]]. exists 0. constructor.
Qed.

Lemma filter_len : forall (f : nat -> bool) l, length (filter f l) <= length l.
Proof. intros f l; induction l as [|x l IH]; simpl; auto. destruct (f x); simpl; lia. Qed.

Theorem no_small_cds_bound : forall d k, 2 <= d ->
  (forall S, cds d S -> set_size d S <= k -> False) ->
  forall t, spanning_tree d t -> leaves d t <= nverts d - k - 1.
Proof.
  intros d k Hd Hno t Ht. destruct (tree_cds d t Hd Ht) as [Hc Hs].
  assert (leaves d t <= nverts d).
  { unfold leaves. rewrite <- (seq_length (nverts d) 0) at 2. apply filter_len. }
  destruct (le_lt_dec (leaves d t) (nverts d - k - 1)) as [|Hlt]; auto.
  exfalso. apply (Hno _ Hc). lia.
Qed.

Theorem alpha_exact : forall d m t, 2 <= d -> check_tree d t = true -> leaves d t = m ->
  (forall S, cds d S -> set_size d S <= nverts d - m - 1 -> False) ->
  max_leaf_number d m.
Proof.
  intros d m t Hd Hc Hl Hno. split.
  - exists t. split; auto. now apply check_tree_sound.
  - intros t' Ht'. pose proof (no_small_cds_bound d (nverts d - m - 1) Hd Hno t' Ht').
    assert (m <= nverts d).
    { subst m. unfold leaves. rewrite <- (seq_length (nverts d) 0) at 2. apply filter_len. }
    lia.
Qed.

Print Assumptions alpha_exact.
