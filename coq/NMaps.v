(* NMaps.v: finite sets and maps over N for the fast checker (FastChecker.v), on the binary
   tries of the standard library (FSets.FMapPositive): lookups and updates cost O(bits of the
   key), need no axiom and compute well under vm_compute. Also the list lemmas that turn a
   left-to-right pass with a set of "seen" elements into NoDup. No axioms. *)

From Coq Require Import List NArith Bool Lia FMapPositive.
Import ListNotations.
Open Scope N_scope.

Module PM := PositiveMap.

(* ---------- keys ---------- *)

Definition nkey (x : N) : positive := N.succ_pos x.

Lemma nkey_inj : forall x y, nkey x = nkey y -> x = y.
Proof.
  unfold nkey; intros x y H.
  assert (N.pos (N.succ_pos x) = N.pos (N.succ_pos y)) as E by (rewrite H; reflexivity).
  rewrite !N.succ_pos_spec in E. lia.
Qed.

(* ---------- maps N -> A ---------- *)

Definition nmap (A : Type) := PM.t A.
Definition nfind {A} (x : N) (m : nmap A) : option A := PM.find (nkey x) m.
Definition nput {A} (x : N) (a : A) (m : nmap A) : nmap A := PM.add (nkey x) a m.
Definition nempty {A} : nmap A := PM.empty A.

Lemma nfind_empty : forall A x, nfind x (@nempty A) = None.
Proof. intros; unfold nfind, nempty; apply PM.gempty. Qed.

Lemma nfind_put : forall A x y (a : A) m,
  nfind x (nput y a m) = if x =? y then Some a else nfind x m.
Proof.
  intros; unfold nfind, nput. destruct (x =? y) eqn:E.
  - apply N.eqb_eq in E; subst; apply PM.gss.
  - apply PM.gso. intros H; apply nkey_inj in H. apply N.eqb_neq in E; contradiction.
Qed.

(* ---------- sets of N ---------- *)

Definition nset := nmap unit.
Definition nmem (x : N) (s : nset) : bool := match nfind x s with Some _ => true | None => false end.
Definition nadd (x : N) (s : nset) : nset := nput x tt s.

Lemma nmem_empty : forall x, nmem x nempty = false.
Proof. intros; unfold nmem; now rewrite nfind_empty. Qed.

Lemma nmem_add : forall x y s, nmem x (nadd y s) = (x =? y) || nmem x s.
Proof. intros; unfold nmem, nadd; rewrite nfind_put; destruct (x =? y); auto. Qed.

Definition nset_of (l : list N) : nset := fold_left (fun s x => nadd x s) l nempty.

Lemma nmem_fold : forall l x s,
  nmem x (fold_left (fun s x => nadd x s) l s) = true <-> In x l \/ nmem x s = true.
Proof.
  induction l as [|y l IH]; simpl; intros x s.
  - tauto.
  - rewrite IH, nmem_add, orb_true_iff, N.eqb_eq. split; intros [H|H]; auto.
    + destruct H as [H|H]; auto.
    + destruct H; auto.
Qed.

Lemma nmem_set_of : forall l x, nmem x (nset_of l) = true <-> In x l.
Proof. intros; unfold nset_of; rewrite nmem_fold, nmem_empty. intuition discriminate. Qed.

(* One pass over a list: true iff no element repeats, with the set of its elements. *)
Fixpoint nodup_set (s : nset) (l : list N) : bool * nset :=
  match l with
  | [] => (true, s)
  | x :: r => if nmem x s then (false, s) else nodup_set (nadd x s) r
  end.

Lemma nodup_set_fst : forall l s,
  fst (nodup_set s l) = true <-> NoDup l /\ forall x, In x l -> nmem x s = false.
Proof.
  induction l as [|x l IH]; simpl; intros s.
  - split; [intros _; split; [constructor | tauto] | auto].
  - destruct (nmem x s) eqn:M; simpl.
    + split; [discriminate|]. intros [_ H]. rewrite (H x (or_introl eq_refl)) in M. discriminate.
    + rewrite IH. split.
      * intros [Hn Hm]. split.
        -- constructor; auto. intros Hin. specialize (Hm x Hin). rewrite nmem_add, N.eqb_refl in Hm.
           discriminate.
        -- intros y [<-|Hy]; auto. specialize (Hm y Hy). rewrite nmem_add in Hm.
           apply orb_false_iff in Hm as [_ Hm]; auto.
      * intros [Hn Hm]. inversion Hn; subst. split; auto.
        intros y Hy. rewrite nmem_add. apply orb_false_iff; split; auto.
        apply N.eqb_neq. intros ->; contradiction.
Qed.

Lemma nodup_set_snd : forall l s, fst (nodup_set s l) = true ->
  forall x, nmem x (snd (nodup_set s l)) = true <-> In x l \/ nmem x s = true.
Proof.
  induction l as [|x l IH]; simpl; intros s H y.
  - tauto.
  - destruct (nmem x s) eqn:M; [discriminate|].
    rewrite (IH _ H), nmem_add, orb_true_iff, N.eqb_eq. intuition.
Qed.

Lemma nodup_set_correct : forall l, fst (nodup_set nempty l) = true <-> NoDup l.
Proof.
  intros l; rewrite nodup_set_fst. split; [tauto|]. intros H; split; auto.
  intros; apply nmem_empty.
Qed.

(* ---------- sets of pairs (N * N) ---------- *)

Definition pset := nmap nset.
Definition pmem (x y : N) (s : pset) : bool :=
  match nfind x s with Some t => nmem y t | None => false end.
Definition padd (x y : N) (s : pset) : pset :=
  nput x (nadd y (match nfind x s with Some t => t | None => nempty end)) s.

Lemma pmem_empty : forall x y, pmem x y nempty = false.
Proof. intros; unfold pmem; now rewrite nfind_empty. Qed.

Lemma pmem_add : forall x y a b s, pmem x y (padd a b s) = ((x =? a) && (y =? b)) || pmem x y s.
Proof.
  intros; unfold pmem, padd. rewrite nfind_put. destruct (x =? a) eqn:E; simpl.
  - apply N.eqb_eq in E; subst. rewrite nmem_add.
    destruct (nfind a s); auto. rewrite nmem_empty, orb_false_r; auto.
  - auto.
Qed.

(* ---------- NoDup, read left to right ---------- *)

Lemma NoDup_snoc : forall A (l : list A) x, NoDup (l ++ [x]) <-> NoDup l /\ ~ In x l.
Proof.
  induction l as [|y l IH]; simpl; intros x.
  - split; [intros _; split; [constructor | tauto] | intros _; constructor; [tauto | constructor]].
  - split.
    + intros H; inversion H as [|? ? Hy Hn]; subst. apply IH in Hn as [Hn Hx].
      split; [constructor; auto; intros C; apply Hy, in_or_app; auto|].
      intros [<-|C]; [apply Hy, in_or_app; right; left; auto | contradiction].
    + intros [Hn Hx]. inversion Hn; subst. constructor.
      * intros C; apply in_app_or in C as [C|[C|C]]; auto.
      * apply IH; auto.
Qed.

(* NoDup l iff no element occurs among the elements before it. *)
Lemma NoDup_prefixes : forall A (l : list A),
  NoDup l <-> forall a x b, l = a ++ x :: b -> ~ In x a.
Proof.
  intros A l; induction l as [|y l IH] using rev_ind.
  - split; [intros _ a x b E; destruct a; discriminate | constructor].
  - rewrite NoDup_snoc, IH. split.
    + intros [H Hy] a x b E. destruct b as [|z b] using rev_ind.
      * apply app_inj_tail in E as [<- <-]; auto.
      * rewrite app_comm_cons, app_assoc in E. apply app_inj_tail in E as [E _].
        apply (H a x b E).
    + intros H. split.
      * intros a x b E. apply (H a x (b ++ [y])). rewrite E, <- app_assoc; reflexivity.
      * apply (H l y []); reflexivity.
Qed.

Lemma NoDup_map_prefixes : forall A B (f : A -> B) (l : list A),
  NoDup (map f l) <-> forall a x b, l = a ++ x :: b -> ~ In (f x) (map f a).
Proof.
  intros A B f l. rewrite NoDup_prefixes. split.
  - intros H a x b E. apply (H (map f a) (f x) (map f b)). rewrite E, map_app; reflexivity.
  - intros H a' y b' E. apply map_eq_app in E as [a [r [-> [Ea Er]]]].
    destruct r as [|x b]; [discriminate|]. simpl in Er. inversion Er; subst.
    apply (H a x b eq_refl).
Qed.

(* A statement about every element and the ones before it, as a pass over prefixes. *)
Lemma prefixes_snoc : forall A (P : list A -> A -> Prop) l x,
  (forall a y b, l ++ [x] = a ++ y :: b -> P a y) <->
  (forall a y b, l = a ++ y :: b -> P a y) /\ P l x.
Proof.
  intros A P l x. split.
  - intros H. split.
    + intros a y b E. apply (H a y (b ++ [x])). rewrite E, <- app_assoc; reflexivity.
    + apply (H l x []); reflexivity.
  - intros [H1 H2] a y b E. destruct b as [|z b] using rev_ind.
    + apply app_inj_tail in E as [<- <-]; auto.
    + rewrite app_comm_cons, app_assoc in E. apply app_inj_tail in E as [E _]. apply (H1 a y b E).
Qed.

Lemma prefixes_cons_app : forall A (P : list A -> A -> Prop) l,
  (forall a y b, l = a ++ y :: b -> P a y) <-> (forall y, In y l -> forall a b, l = a ++ y :: b -> P a y).
Proof.
  intros A P l. split; intros H.
  - intros y _ a b E; apply (H a y b E).
  - intros a y b E. refine (H y _ a b E). rewrite E; apply in_or_app; right; left; auto.
Qed.

(* A relation over all pairs of elements, as a pass: each element against itself and against
   the elements before it (both ways). *)
Lemma pairs_prefixes : forall A (R : A -> A -> Prop) (l : list A),
  (forall x y, In x l -> In y l -> R x y) <->
  (forall a t b, l = a ++ t :: b -> R t t /\ forall t', In t' a -> R t' t /\ R t t').
Proof.
  intros A R l. split.
  - intros H a t b E. assert (In t l) as It by (rewrite E; apply in_or_app; right; left; auto).
    split; auto. intros t' It'. assert (In t' l) by (rewrite E; apply in_or_app; left; auto).
    split; auto.
  - intros H x y Ix Iy. apply in_split in Ix as [a1 [b1 E]].
    rewrite E in Iy. apply in_app_or in Iy as [Iy|[<-|Iy]].
    + apply (proj2 (H a1 x b1 E) y Iy).
    + apply (proj1 (H a1 x b1 E)).
    + apply in_split in Iy as [c [d ->]].
      assert (l = (a1 ++ x :: c) ++ y :: d) as E' by (rewrite E, <- app_assoc; reflexivity).
      apply (proj2 (H _ y d E') x). apply in_or_app; right; left; auto.
Qed.

(* Membership in one step, as a pass over positions. *)
Lemma in_positions : forall A (P : A -> Prop) (l : list A),
  (forall t, In t l -> P t) <-> (forall a t b, l = a ++ t :: b -> P t).
Proof.
  intros A P l. split.
  - intros H a t b E. apply H. rewrite E; apply in_or_app; right; left; auto.
  - intros H t It. apply in_split in It as [a [b E]]. apply (H a t b E).
Qed.

Lemma NoDup_app_inv_l : forall A (l1 l2 : list A), NoDup (l1 ++ l2) -> NoDup l1.
Proof.
  induction l1 as [|x l1 IH]; simpl; intros l2 H; [constructor|].
  inversion H; subst. constructor; [intros C; apply H2, in_or_app; auto | eapply IH; eauto].
Qed.
