(* Counting.v: list and sum lemmas for the lower bounds (Bounds.v, Cuts.v), and the holders of
   an item step by step ([holds_snoc], [prefix_induction]). No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps.
From Coq Require Import List NArith Arith Bool Lia.
Import ListNotations.
Open Scope nat_scope.

(* ---------- lists ---------- *)

Lemma NoDup_app_intro : forall A (l1 l2 : list A),
  NoDup l1 -> NoDup l2 -> (forall x, In x l1 -> ~ In x l2) -> NoDup (l1 ++ l2).
Proof.
  induction l1 as [|x l1 IH]; simpl; intros l2 H1 H2 D; auto.
  inversion H1; subst. constructor.
  - intros C. apply in_app_or in C as [C|C]; [contradiction | apply (D x); auto].
  - apply IH; auto.
Qed.

Lemma NoDup_map_inj : forall A B (f : A -> B) l,
  (forall x y, f x = f y -> x = y) -> NoDup l -> NoDup (map f l).
Proof.
  intros A B f l Inj. induction l as [|x l IH]; simpl; intros H; [constructor|].
  inversion H; subst. constructor; auto. intros C. apply in_map_iff in C as [y [E Iy]].
  apply Inj in E; subst; contradiction.
Qed.

Lemma NoDup_map_eq : forall A B (f : A -> B) l x y,
  NoDup (map f l) -> In x l -> In y l -> f x = f y -> x = y.
Proof.
  intros A B f l. induction l as [|z l IH]; simpl; intros x y H Ix Iy E; [contradiction|].
  inversion H as [|? ? Hz Hl]; subst.
  destruct Ix as [<-|Ix], Iy as [<-|Iy]; auto.
  - exfalso. apply Hz. rewrite E. apply in_map; auto.
  - exfalso. apply Hz. rewrite <- E. apply in_map; auto.
Qed.

(* 0, 1, ..., n-1, by successors: Checker.Nrange converts each number from nat (N.of_nat k
   costs k steps), which made the bounds' loops over items quadratic. *)
Fixpoint nseq_from (x : N) (k : nat) : list N :=
  match k with O => [] | S k' => x :: nseq_from (N.succ x) k' end.
Definition Nseq (n : N) : list N := nseq_from 0 (N.to_nat n).


Lemma nseq_from_seq : forall k x, nseq_from x k = map N.of_nat (seq (N.to_nat x) k).
Proof.
  induction k as [|k IH]; intros x; simpl; auto.
  rewrite N2Nat.id, IH, N2Nat.inj_succ. auto.
Qed.

Lemma Nseq_Nrange : forall n, Nseq n = Nrange n.
Proof. intros n. unfold Nseq, Nrange. rewrite nseq_from_seq. auto. Qed.

Lemma Nseq_in : forall i n, (i < n)%N -> In i (Nseq n).
Proof. intros; rewrite Nseq_Nrange; apply Nrange_in; auto. Qed.

Lemma Nseq_lt : forall i n, In i (Nseq n) -> (i < n)%N.
Proof. intros i n; rewrite Nseq_Nrange; apply Nrange_lt. Qed.

Lemma NoDup_Nrange : forall n, NoDup (Nrange n).
Proof. intros n. apply NoDup_map_inj; [intros; lia | apply seq_NoDup]. Qed.

Lemma Nrange_length : forall n, length (Nrange n) = N.to_nat n.
Proof. intros; unfold Nrange; rewrite map_length, seq_length; auto. Qed.

Lemma NoDup_Nseq : forall n, NoDup (Nseq n).
Proof. intros; rewrite Nseq_Nrange; apply NoDup_Nrange. Qed.

Lemma Nseq_length : forall n, length (Nseq n) = N.to_nat n.
Proof. intros; rewrite Nseq_Nrange; apply Nrange_length. Qed.

Lemma NoDup_list_prod : forall A B (l1 : list A) (l2 : list B),
  NoDup l1 -> NoDup l2 -> NoDup (list_prod l1 l2).
Proof.
  induction l1 as [|x l1 IH]; simpl; intros l2 H1 H2; [constructor|].
  inversion H1; subst. apply NoDup_app_intro; auto.
  - apply NoDup_map_inj; auto. intros a b E; inversion E; auto.
  - intros [a b] Ia Ib. apply in_map_iff in Ia as [c [E _]]. inversion E; subst.
    apply in_prod_iff in Ib as [C _]; contradiction.
Qed.

Lemma sum_le : forall A (f g : A -> nat) l,
  (forall x, In x l -> f x <= g x) -> list_sum (map f l) <= list_sum (map g l).
Proof.
  intros A f g l. induction l as [|x l IH]; simpl; intros H; auto.
  pose proof (H x (or_introl eq_refl)) as Hx. specialize (IH (fun y Iy => H y (or_intror Iy))). lia.
Qed.

(* A sum over a duplicate-free part of a duplicate-free list is at most the whole sum. *)
Lemma sum_incl_le : forall A (f : A -> nat) l L,
  NoDup l -> NoDup L -> incl l L -> list_sum (map f l) <= list_sum (map f L).
Proof.
  intros A f l. induction l as [|x l IH]; simpl; intros L Hl HL I; [lia|].
  inversion Hl; subst. assert (In x L) as Ix by (apply I; left; auto).
  apply in_split in Ix as [L1 [L2 ->]].
  rewrite map_app, list_sum_app. simpl.
  assert (list_sum (map f l) <= list_sum (map f (L1 ++ L2))) as R.
  { apply IH; auto.
    - apply NoDup_remove_1 in HL; auto.
    - intros y Iy. assert (In y (L1 ++ x :: L2)) as Iy' by (apply I; right; auto).
      apply in_app_or in Iy' as [A1|[A2|A3]]; apply in_or_app; auto. subst; contradiction. }
  rewrite map_app, list_sum_app in R. lia.
Qed.

Lemma sum_const_le : forall A (f : A -> nat) l k,
  (forall x, In x l -> f x <= k) -> list_sum (map f l) <= k * length l.
Proof.
  intros A f l k H. induction l as [|x l IH]; simpl; [lia|].
  pose proof (H x (or_introl eq_refl)) as Hx. specialize (IH (fun y Iy => H y (or_intror Iy))). lia.
Qed.

Lemma sum_plus : forall A (f g : A -> nat) l,
  list_sum (map (fun x => f x + g x) l) = list_sum (map f l) + list_sum (map g l).
Proof. intros A f g l. induction l; simpl; lia. Qed.

Lemma sum_mul : forall A (f : A -> nat) l k, list_sum (map (fun x => k * f x) l) = k * list_sum (map f l).
Proof. intros A f l k. induction l; simpl; lia. Qed.

Lemma sum_swap : forall A B (f : A -> B -> nat) la lb,
  list_sum (map (fun a => list_sum (map (f a) lb)) la) =
  list_sum (map (fun b => list_sum (map (fun a => f a b) la)) lb).
Proof.
  intros A B f la. induction la as [|a la IH]; simpl; intros lb.
  - induction lb; simpl; auto.
  - rewrite IH. clear IH. induction lb as [|b lb IHb]; simpl; auto. rewrite <- IHb. lia.
Qed.

Lemma sum_concat : forall A (f : A -> nat) ll,
  list_sum (map f (concat ll)) = list_sum (map (fun l => list_sum (map f l)) ll).
Proof.
  intros A f ll. induction ll as [|l ll IH]; simpl; auto. rewrite map_app, list_sum_app, IH; auto.
Qed.

Lemma flat_map_length : forall A B (f : A -> list B) l,
  length (flat_map f l) = list_sum (map (fun x => length (f x)) l).
Proof. intros A B f l. induction l; simpl; auto. rewrite app_length; auto. Qed.

Lemma filter_length_le : forall A (f : A -> bool) l, length (filter f l) <= length l.
Proof. intros A f l. induction l as [|x l IH]; simpl; auto. destruct (f x); simpl; lia. Qed.

Lemma max_fold_ge : forall (l : list nat) x, In x l -> x <= fold_right max 0 l.
Proof. induction l as [|y l IH]; simpl; intros x H; [contradiction|]. destruct H as [<-|H]; [lia|]. specialize (IH x H). lia. Qed.

(* ---------- the schedule, step by step ---------- *)

Lemma holds_snoc : forall o pre st v i,
  holds o (pre ++ [st]) v i <->
  holds o pre v i \/ exists t, In t st /\ dst t = v /\ In i (pkt t).
Proof.
  intros o pre st v i. unfold holds, received. split.
  - intros [H|[st' [t [Ist [It [Hd Hi]]]]]]; auto.
    apply in_app_or in Ist as [Ist|[<-|[]]]; [left; right; exists st', t; auto | right; eauto].
  - intros [[H|[st' [t [Ist [It [Hd Hi]]]]]]|[t [It [Hd Hi]]]]; auto.
    + right. exists st', t. repeat split; auto. apply in_or_app; auto.
    + right. exists st, t. repeat split; auto. apply in_or_app; right; left; auto.
Qed.

Lemma holds_nil : forall o v i, holds o [] v i -> v = o i.
Proof. intros o v i [H|[st [t [[] _]]]]; auto. Qed.

(* A property of the holders of item i after each prefix of the steps, by induction. *)
Lemma prefix_induction : forall s (P : list step -> N -> Prop) i,
  (forall v, holds (orig_of s) [] v i -> P [] v) ->
  (forall pre st post, s_steps s = pre ++ st :: post ->
     (forall v, holds (orig_of s) pre v i -> P pre v) ->
     forall v, holds (orig_of s) (pre ++ [st]) v i -> P (pre ++ [st]) v) ->
  forall pre post, s_steps s = pre ++ post -> forall v, holds (orig_of s) pre v i -> P pre v.
Proof.
  intros s P i H0 HS pre. induction pre as [|st pre IH] using rev_ind; intros post E; auto.
  apply (HS pre st post); [rewrite E, <- app_assoc; auto|].
  apply (IH (st :: post)). rewrite E, <- app_assoc; auto.
Qed.

