(* The CNF "Q_d has a connected dominating set of at most k vertices", generated in Coq, and the
   direction of its correctness that an UNSAT certificate needs (cds_sat): a CDS of Q_d whose
   size is within every bound of the CNF gives a satisfying valuation. Hence (alpha_from_lrat) a
   proof accepted by the verified LRAT checker (coq/lrat/Lrat.v) on alpha_cnf d level extras,
   plus a witness tree checked by check_tree, proves max_leaf_number d m.

   The clauses, in the order the C++ encoder (encodings/alpha/cnf.cpp) writes them, so that the
   two CNFs are compared for identity (schedcert-lrat --alpha):
   - variables (DIMACS numbering, 1-based): vertex v < n = 2^d is v + 1; the "equal so far"
     variable of lex constraint t at position p is n + t n + p + 1; the sequential counter's
     s(i, j) ("at least j + 1 of the vertices 0 .. i are in S", j < w = n / 2) is
     n + T n + i w + j + 1 with T the number of lex constraints.
   - domination: for each v, x_v | x_(v xor 1) | ... | x_(v xor 2^(d-1));
   - the units x_0, x_1;
   - lex-leader constraints x >=lex x o tau for the automorphisms of `taus d level` (level 0:
     none; level 1: the flip of bit 0, then the transpositions of bits (i j), 1 <= i < j < d),
     positions p in increasing order skipping the fixed points of tau, with e the variable of
     the previous non-fixed position (none for the first):
       x_p | -x_tau(p) | -e;  -x_p | -x_tau(p) | e_p | -e;  x_p | x_tau(p) | e_p | -e;
   - Sinz's sequential counter, direction "at least j + 1 true -> s(i, j)":
       -x_i | s(i,0);  -s(i-1,j) | s(i,j);  -x_i | -s(i-1,j-1) | s(i,j);
   - the extras, in order: Bound k is the unit -s(n-1, k) (at most k vertices), Cut c is the
     clause c, accepted only if check_cut d c: c has exactly two negative literals -x_a, -x_b
     and its positive literals B separate a from b in Q_d (a set R containing a, not b, closed
     under the edges of Q_d - B). Every connected set satisfies such a cut.

   Why a CDS S gives a model (cds_sat): the automorphisms used (translations v -> v xor a,
   transpositions of two bits) map CDSs to CDSs of the same size (aut_cds, aut_size). Starting
   from S, replacing T by T o tau while some listed tau has T o tau >lex T strictly increases T
   read as a binary number (< 2^n), so it stops (improve) at a CDS T of the size of S with
   T >=lex T o tau for every listed tau: the taus of the CNF, every translation (so x_0 = 1) and
   the transpositions (0 i) (so x_1 = 1: 0 has a neighbour 2^i in T). The equal-so-far and
   counter variables take their intended meaning (valuation V). *)
From Coq Require Import Arith List Bool Lia ZArith Permutation.
From Schedcert.lrat Require Import Cnf Lrat.
From Schedcert.alpha Require Import Graph Alpha.
Import ListNotations.

(* ------------------------------------------------------------------ *)
(* Automorphisms: translations and transpositions of two bits. *)

Inductive aut := Trans (a : nat) | Swap (i j : nat).

Definition swapbits (i j v : nat) : nat :=
  if Bool.eqb (Nat.testbit v i) (Nat.testbit v j) then v else Nat.lxor (Nat.lxor v (2 ^ i)) (2 ^ j).

Definition app (g : aut) (v : nat) : nat :=
  match g with Trans a => Nat.lxor v a | Swap i j => swapbits i j v end.

Definition aut_ok (d : nat) (g : aut) : bool :=
  match g with Trans a => a <? nverts d | Swap i j => (i <? d) && (j <? d) end.

Definition tr (i j m : nat) : nat := if m =? i then j else if m =? j then i else m.

Lemma tr_invol : forall i j m, tr i j (tr i j m) = m.
Proof.
  intros i j m. unfold tr.
  destruct (Nat.eqb_spec m i) as [->|Hi].
  - destruct (Nat.eqb_spec j i) as [->|Hji]; auto. rewrite Nat.eqb_refl. reflexivity.
  - destruct (Nat.eqb_spec m j) as [->|Hj].
    + rewrite Nat.eqb_refl. reflexivity.
    + replace (m =? i) with false by (symmetry; apply Nat.eqb_neq; auto).
      replace (m =? j) with false by (symmetry; apply Nat.eqb_neq; auto). reflexivity.
Qed.

Lemma tr_lt : forall i j m d, i < d -> j < d -> m < d -> tr i j m < d.
Proof. intros. unfold tr. destruct (m =? i), (m =? j); auto. Qed.

Lemma swap_bits : forall i j v m, Nat.testbit (swapbits i j v) m = Nat.testbit v (tr i j m).
Proof.
  intros i j v m. unfold swapbits, tr.
  destruct (Bool.eqb (Nat.testbit v i) (Nat.testbit v j)) eqn:E.
  - apply Bool.eqb_prop in E.
    destruct (Nat.eqb_spec m i); [subst; auto|]. destruct (Nat.eqb_spec m j); subst; auto.
  - rewrite !Nat.lxor_spec, !Nat.pow2_bits_eqb.
    destruct (Nat.eqb_spec i j) as [<-|Hij]; [rewrite Bool.eqb_reflx in E; discriminate|].
    destruct (Nat.eqb_spec m i) as [->|Hi].
    + rewrite Nat.eqb_refl. replace (j =? i) with false by (symmetry; apply Nat.eqb_neq; lia).
      destruct (Nat.testbit v i), (Nat.testbit v j); simpl in *; auto; discriminate.
    + replace (i =? m) with false by (symmetry; apply Nat.eqb_neq; lia).
      destruct (Nat.eqb_spec m j) as [->|Hj].
      * rewrite Nat.eqb_refl. destruct (Nat.testbit v i), (Nat.testbit v j); simpl in *; auto; discriminate.
      * replace (j =? m) with false by (symmetry; apply Nat.eqb_neq; lia).
        destruct (Nat.testbit v m); auto.
Qed.

Lemma app_invol : forall g v, app g (app g v) = v.
Proof.
  intros [a|i j] v; simpl.
  - rewrite Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_r. reflexivity.
  - apply Nat.bits_inj. intros m. rewrite !swap_bits, tr_invol. reflexivity.
Qed.

Lemma lt_pow2_bits : forall a d m, a < 2 ^ d -> d <= m -> Nat.testbit a m = false.
Proof.
  intros a d m Ha Hm. rewrite <- (Nat.mod_small a (2 ^ d)) by exact Ha.
  apply Nat.mod_pow2_bits_high. exact Hm.
Qed.

Lemma lxor_lt : forall a b d, a < 2 ^ d -> b < 2 ^ d -> Nat.lxor a b < 2 ^ d.
Proof.
  intros a b d Ha Hb.
  assert (E : Nat.lxor a b = Nat.lxor a b mod 2 ^ d).
  { apply Nat.bits_inj. intros m. destruct (Nat.lt_ge_cases m d).
    - rewrite Nat.mod_pow2_bits_low; auto.
    - rewrite Nat.mod_pow2_bits_high by auto. rewrite Nat.lxor_spec.
      rewrite (lt_pow2_bits a d m), (lt_pow2_bits b d m); auto. }
  rewrite E. apply Nat.mod_upper_bound. apply Nat.pow_nonzero. lia.
Qed.

Lemma pow_lt : forall i d, i < d -> 2 ^ i < 2 ^ d.
Proof. intros. apply Nat.pow_lt_mono_r; lia. Qed.

Lemma app_lt : forall d g v, aut_ok d g = true -> v < nverts d -> app g v < nverts d.
Proof.
  intros d [a|i j] v Hg Hv; simpl in *; unfold nverts in *.
  - apply Nat.ltb_lt in Hg. now apply lxor_lt.
  - apply andb_true_iff in Hg as [Hi Hj]. apply Nat.ltb_lt in Hi, Hj. unfold swapbits.
    destruct (Bool.eqb _ _); auto. apply lxor_lt; [apply lxor_lt|]; auto using pow_lt.
Qed.

Lemma qadj_inv : forall d u v, qadj d u v = true ->
  u < nverts d /\ v < nverts d /\ exists i, i < d /\ v = Nat.lxor u (2 ^ i).
Proof.
  intros d u v H. unfold qadj in H. apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  apply Nat.ltb_lt in H1, H2. apply existsb_exists in H3 as (i & Hi & E). apply in_seq in Hi.
  apply Nat.eqb_eq in E. repeat split; auto. exists i. split; [lia|auto].
Qed.

Lemma qadj_intro : forall d u i, u < nverts d -> i < d -> qadj d u (Nat.lxor u (2 ^ i)) = true.
Proof.
  intros d u i Hu Hi. unfold qadj. apply andb_true_iff; split; [apply andb_true_iff; split|].
  - now apply Nat.ltb_lt.
  - apply Nat.ltb_lt. apply lxor_lt; auto. now apply pow_lt.
  - apply existsb_exists. exists i. split; [apply in_seq; lia|apply Nat.eqb_refl].
Qed.

Lemma app_adj : forall d g u v, aut_ok d g = true -> qadj d u v = true -> qadj d (app g u) (app g v) = true.
Proof.
  intros d g u v Hg H. destruct (qadj_inv d u v H) as (Hu & Hv & i & Hi & ->).
  assert (Hu' := app_lt d g u Hg Hu).
  destruct g as [a|j k]; simpl.
  - replace (Nat.lxor (Nat.lxor u (2 ^ i)) a) with (Nat.lxor (Nat.lxor u a) (2 ^ i)).
    + apply qadj_intro; auto.
    + rewrite !Nat.lxor_assoc, (Nat.lxor_comm a). reflexivity.
  - simpl in Hg. apply andb_true_iff in Hg as [Hj Hk]. apply Nat.ltb_lt in Hj, Hk.
    replace (swapbits j k (Nat.lxor u (2 ^ i))) with (Nat.lxor (swapbits j k u) (2 ^ tr j k i)).
    + apply qadj_intro; auto. now apply tr_lt.
    + apply Nat.bits_inj. intros m. rewrite !swap_bits, !Nat.lxor_spec, swap_bits, !Nat.pow2_bits_eqb.
      f_equal. destruct (Nat.eqb_spec (tr j k i) m), (Nat.eqb_spec i (tr j k m)); auto.
      * subst. rewrite tr_invol in n. contradiction.
      * subst. rewrite tr_invol in n. contradiction.
Qed.

(* ------------------------------------------------------------------ *)
(* Automorphisms map connected dominating sets to connected dominating sets of the same size. *)

Definition comp (S : nat -> bool) (g : aut) : nat -> bool := fun v => S (app g v).

Lemma aut_sreach : forall d S g x y, aut_ok d g = true -> sreach d S x y ->
  sreach d (comp S g) (app g x) (app g y).
Proof.
  intros d S g x y Hg H. induction H as [a Ha|a b c H IH Hq Hs].
  - constructor. unfold comp. now rewrite app_invol.
  - apply srS with (app g b); auto. now apply app_adj. unfold comp. now rewrite app_invol.
Qed.

Lemma aut_cds : forall d S g, aut_ok d g = true -> cds d S -> cds d (comp S g).
Proof.
  intros d S g Hg [Hdom Hcon]. split.
  - intros v Hv. destruct (Hdom (app g v) (app_lt d g v Hg Hv)) as [H|(u & Hq & Hu)].
    + now left.
    + right. exists (app g u). split.
      * rewrite <- (app_invol g v) at 1. now apply app_adj.
      * unfold comp. now rewrite app_invol.
  - intros a b Ha Hb Sa Sb.
    pose proof (aut_sreach d S g _ _ Hg (Hcon _ _ (app_lt d g a Hg Ha) (app_lt d g b Hg Hb) Sa Sb)) as R.
    now rewrite !app_invol in R.
Qed.

Lemma perm_filter_length : forall (f : nat -> bool) l l', Permutation l l' ->
  length (filter f l) = length (filter f l').
Proof.
  intros f l l' P. induction P; simpl; auto.
  - destruct (f x); simpl; auto.
  - destruct (f x), (f y); simpl; auto.
  - congruence.
Qed.

Lemma map_nodup : forall g l, NoDup l -> NoDup (map (app g) l).
Proof.
  intros g l H. induction H; simpl; constructor; auto.
  intros Hin. apply in_map_iff in Hin as (y & E & Hy).
  assert (y = x) by (rewrite <- (app_invol g y), E, app_invol; reflexivity). subst. contradiction.
Qed.

Lemma filter_comp : forall S g l, length (filter (comp S g) l) = length (filter S (map (app g) l)).
Proof. intros S g l. induction l; simpl; auto. unfold comp at 1. destruct (S (app g a)); simpl; auto. Qed.

Lemma aut_size : forall d S g, aut_ok d g = true -> set_size d (comp S g) = set_size d S.
Proof.
  intros d S g Hg. unfold set_size. rewrite filter_comp. apply perm_filter_length.
  apply NoDup_Permutation; auto using map_nodup, seq_NoDup.
  intros x. rewrite in_map_iff, in_seq. split.
  - intros (y & <- & Hy). rewrite in_seq in Hy. pose proof (app_lt d g y Hg). lia.
  - intros Hx. exists (app g x). rewrite app_invol, in_seq. split; auto.
    pose proof (app_lt d g x Hg). lia.
Qed.

(* ------------------------------------------------------------------ *)
(* Lexicographic order (true > false) and the improvement argument. *)

Fixpoint lexge (l1 l2 : list bool) : bool :=
  match l1, l2 with
  | b1 :: r1, b2 :: r2 => if Bool.eqb b1 b2 then lexge r1 r2 else b1
  | _, _ => true
  end.

Fixpoint num (l : list bool) : nat :=
  match l with [] => 0 | b :: r => (if b then 2 ^ length r else 0) + num r end.

Lemma num_lt : forall l, num l < 2 ^ length l.
Proof. induction l as [|b l IH]; simpl; [lia|]. destruct b; lia. Qed.

Lemma lexge_false : forall l1 l2, length l1 = length l2 -> lexge l1 l2 = false -> num l1 < num l2.
Proof.
  induction l1 as [|b1 r1 IH]; intros [|b2 r2] Hl H; simpl in *; try discriminate.
  destruct (Bool.eqb b1 b2) eqn:E.
  - apply Bool.eqb_prop in E. subst. injection Hl as Hl. specialize (IH r2 Hl H). rewrite Hl. destruct b2; simpl; lia.
  - subst b1. destruct b2; [|discriminate]. pose proof (num_lt r1). simpl. injection Hl as Hl. rewrite Hl in *. lia.
Qed.

Definition vec (d : nat) (T : nat -> bool) : list bool := map T (seq 0 (nverts d)).

Lemma forallb_false : forall (A : Type) (f : A -> bool) l, forallb f l = false -> exists x, In x l /\ f x = false.
Proof.
  intros A f l H. induction l as [|x l IH]; simpl in H; [discriminate|].
  destruct (f x) eqn:E; simpl in H.
  - destruct (IH H) as (y & Hy & Fy). exists y. split; [right|]; auto.
  - exists x. split; [left|]; auto.
Qed.

Lemma improve : forall d (P : (nat -> bool) -> Prop) (G : list aut),
  (forall T g, In g G -> P T -> P (comp T g)) ->
  forall T, P T -> exists T', P T' /\ forall g, In g G -> lexge (vec d T') (vec d (comp T' g)) = true.
Proof.
  intros d P G HG.
  assert (Hm : forall m T, 2 ^ nverts d - num (vec d T) = m -> P T ->
    exists T', P T' /\ forall g, In g G -> lexge (vec d T') (vec d (comp T' g)) = true).
  { intros m. induction m as [m IH] using lt_wf_ind. intros T Em HP.
    destruct (forallb (fun g => lexge (vec d T) (vec d (comp T g))) G) eqn:E.
    - exists T. split; auto. intros g Hg. rewrite forallb_forall in E. now apply E.
    - apply forallb_false in E as (g & Hg & F).
      assert (Lt : num (vec d T) < num (vec d (comp T g))).
      { apply lexge_false; auto. unfold vec. now rewrite !map_length. }
      assert (Hb : num (vec d (comp T g)) < 2 ^ nverts d).
      { pose proof (num_lt (vec d (comp T g))) as B. unfold vec in B |- *.
        rewrite map_length, seq_length in B. exact B. }
      apply (IH (2 ^ nverts d - num (vec d (comp T g)))) with (T := comp T g); auto. lia. }
  intros T HP. eapply Hm; eauto.
Qed.

(* From T >=lex T o tau: at the first position where T and T o tau differ, T has true. *)
Lemma lexge_prefix : forall (f g : nat -> bool) len s, lexge (map f (seq s len)) (map g (seq s len)) = true ->
  forall v, s <= v < s + len -> (forall u, s <= u < v -> f u = g u) -> g v = true -> f v = true.
Proof.
  intros f g len. induction len as [|len IH]; intros s H v Hv Hpre Hg; [lia|].
  simpl in H. destruct (Nat.eq_dec v s) as [->|Hne].
  - destruct (Bool.eqb (f s) (g s)) eqn:E.
    + apply Bool.eqb_prop in E. congruence.
    + exact H.
  - rewrite (Hpre s) in H by lia. rewrite Bool.eqb_reflx in H.
    apply (IH (S s) H); [lia|intros u Hu; apply Hpre; lia|exact Hg].
Qed.

(* ------------------------------------------------------------------ *)
(* The CNF. *)

Definition pos (q : nat) : lit := Zpos (Pos.of_succ_nat q).
Definition neg (q : nat) : lit := Zneg (Pos.of_succ_nat q).

Definition taus (d level : nat) : list aut :=
  if level =? 0 then []
  else Trans 1 :: flat_map (fun i => map (fun j => Swap i j) (seq (S i) (d - S i))) (seq 1 (d - 1)).

Definition dom_clauses (d : nat) : cnf :=
  map (fun v => map pos (v :: map (fun i => Nat.lxor v (2 ^ i)) (seq 0 d))) (seq 0 (nverts d)).

(* The last non-fixed position of tau below v. *)
Fixpoint prevnf (tau : nat -> nat) (v : nat) : option nat :=
  match v with
  | 0 => None
  | S u => if tau u =? u then prevnf tau u else Some u
  end.

Definition lex_clauses (n : nat) (tau : nat -> nat) (e : nat -> nat) : cnf :=
  flat_map (fun v =>
    if tau v =? v then []
    else let w := tau v in
         let tl := match prevnf tau v with None => [] | Some p => [neg (e p)] end in
         [[pos v; neg w] ++ tl; [neg v; neg w; pos (e v)] ++ tl; [pos v; pos w; pos (e v)] ++ tl])
    (seq 0 n).

Definition counter_clauses (n w base : nat) : cnf :=
  let s i j := base + i * w + j in
  flat_map (fun i => flat_map (fun j =>
      (if j =? 0 then [[neg i; pos (s i 0)]] else []) ++
      (if i =? 0 then [] else [neg (s (i - 1) j); pos (s i j)] ::
                              (if j =? 0 then [] else [[neg i; neg (s (i - 1) (j - 1)); pos (s i j)]])))
    (seq 0 w)) (seq 0 n).

Inductive extra := Bound (k : nat) | Cut (c : clause).

Definition layout (d level : nat) : nat * nat * nat :=
  let n := nverts d in (n, n / 2, n + length (taus d level) * n).

Definition extra_clause (d level : nat) (x : extra) : clause :=
  let '(n, w, base) := layout d level in
  match x with Bound k => [neg (base + (n - 1) * w + k)] | Cut c => c end.

Definition alpha_cnf (d level : nat) (extras : list extra) : cnf :=
  let '(n, w, base) := layout d level in
  let L := taus d level in
  dom_clauses d ++ [[pos 0]; [pos 1]] ++
  flat_map (fun t => lex_clauses n (app (nth t L (Trans 0))) (fun p => n + t * n + p)) (seq 0 (length L)) ++
  counter_clauses n w base ++ map (extra_clause d level) extras.

(* The cut check: R contains a, not b, and is closed under the edges of Q_d avoiding B. *)
Definition lit_vertex (l : lit) : nat := Z.to_nat (Z.abs l) - 1.

Definition nbrs (d v : nat) : list nat := map (fun i => Nat.lxor v (2 ^ i)) (seq 0 d).

Fixpoint reach (d : nat) (B : list nat) (fuel : nat) (todo r : list nat) : list nat :=
  match fuel with
  | 0 => r
  | S f => match todo with
           | [] => r
           | v :: todo' =>
               let nw := filter (fun w => negb (mem w B) && negb (mem w r)) (nbrs d v) in
               reach d B f (todo' ++ nw) (nw ++ r)
           end
  end.

Definition closed (d : nat) (B r : list nat) : bool :=
  forallb (fun v => forallb (fun w => mem w B || mem w r) (nbrs d v)) r.

Definition check_cut (d : nat) (c : clause) : bool :=
  forallb (fun l => (0 <? Z.abs l)%Z && (Z.abs l <=? Z.of_nat (nverts d))%Z) c &&
  match map lit_vertex (filter (fun l => (l <? 0)%Z) c) with
  | [a; b] =>
      let B := map lit_vertex (filter (fun l => (0 <? l)%Z) c) in
      let r := reach d B (nverts d) [a] [a] in
      mem a r && negb (mem b r) && closed d B r
  | _ => false
  end.

Definition extra_ok (d : nat) (x : extra) : bool :=
  match x with Bound k => k <? nverts d / 2 | Cut c => check_cut d c end.

Definition bounds (extras : list extra) : list nat :=
  flat_map (fun x => match x with Bound k => [k] | Cut _ => [] end) extras.

(* ------------------------------------------------------------------ *)
(* The valuation of a CDS T. *)

Definition agree_upto (T : nat -> bool) (tau : nat -> nat) (v : nat) : bool :=
  forallb (fun u => Bool.eqb (T u) (T (tau u))) (seq 0 (S v)).

Definition count (T : nat -> bool) (i : nat) : nat := length (filter T (seq 0 (S i))).

Definition V (d level : nat) (T : nat -> bool) (q : nat) : bool :=
  let '(n, w, base) := layout d level in
  let L := taus d level in
  if q <? n then T q
  else if q <? base then agree_upto T (app (nth ((q - n) / n) L (Trans 0))) ((q - n) mod n)
  else let r := q - base in r mod w + 1 <=? count T (r / w).

Definition val (W : nat -> bool) : valuation := fun p => W (Pos.to_nat p - 1).

Lemma lit_pos : forall W q, lit_true (val W) (pos q) = W q.
Proof. intros. unfold pos, val. simpl. rewrite SuccNat2Pos.id_succ. f_equal. lia. Qed.

Lemma lit_neg : forall W q, lit_true (val W) (neg q) = negb (W q).
Proof. intros. unfold neg, val. simpl. rewrite SuccNat2Pos.id_succ. do 2 f_equal. lia. Qed.

Lemma clause_in : forall W c l, In l c -> lit_true (val W) l = true -> clause_true (val W) c = true.
Proof. intros. apply existsb_exists. eauto. Qed.

Lemma nverts_pos : forall d, 0 < nverts d.
Proof. intros. unfold nverts. apply Nat.neq_0_lt_0, Nat.pow_nonzero. lia. Qed.

Lemma V_vertex : forall d level T q, q < nverts d -> V d level T q = T q.
Proof.
  intros. unfold V, layout. replace (q <? nverts d) with true by (symmetry; now apply Nat.ltb_lt). auto.
Qed.

Lemma V_lex : forall d level T t p, t < length (taus d level) -> p < nverts d ->
  V d level T (nverts d + t * nverts d + p) = agree_upto T (app (nth t (taus d level) (Trans 0))) p.
Proof.
  intros d level T t p Ht Hp. pose proof (nverts_pos d). unfold V, layout.
  replace (_ <? nverts d) with false by (symmetry; apply Nat.ltb_ge; lia).
  replace (_ <? _) with true by (symmetry; apply Nat.ltb_lt; nia).
  replace (nverts d + t * nverts d + p - nverts d) with (p + t * nverts d) by lia.
  rewrite Nat.div_add, Nat.mod_add, Nat.div_small, Nat.mod_small by lia. reflexivity.
Qed.

Lemma V_count : forall d level T i j, 2 <= d -> j < nverts d / 2 ->
  V d level T (nverts d + length (taus d level) * nverts d + i * (nverts d / 2) + j) =
  (j + 1 <=? count T i).
Proof.
  intros d level T i j Hd Hj. pose proof (nverts_pos d). unfold V, layout.
  replace (_ <? nverts d) with false by (symmetry; apply Nat.ltb_ge; lia).
  replace (_ <? _) with false by (symmetry; apply Nat.ltb_ge; lia).
  replace (_ - _) with (j + i * (nverts d / 2)) by lia.
  assert (nverts d / 2 <> 0) by lia.
  rewrite Nat.div_add, Nat.mod_add, (Nat.div_small j), (Nat.mod_small j) by assumption.
  reflexivity.
Qed.

Lemma count_S : forall T i, count T (S i) = count T i + (if T (S i) then 1 else 0).
Proof.
  intros. unfold count. rewrite (seq_S (S i)), filter_app, app_length. simpl. destruct (T (S i)); simpl; lia.
Qed.

Lemma count_self : forall T i, T i = true -> 1 <= count T i.
Proof.
  intros T [|i] H; unfold count; [simpl; rewrite H; simpl; lia|].
  rewrite (seq_S (S i)), filter_app, app_length. simpl. rewrite H. simpl. lia.
Qed.

Lemma count_size : forall d T, 2 <= d -> count T (nverts d - 1) = set_size d T.
Proof. intros. unfold count, set_size. pose proof (nverts_pos d). now replace (S (nverts d - 1)) with (nverts d) by lia. Qed.

(* ------------------------------------------------------------------ *)
(* Each family of clauses holds. *)

Lemma prevnf_some : forall tau v p, prevnf tau v = Some p -> p < v /\ forall u, p < u < v -> tau u = u.
Proof.
  intros tau v. induction v as [|v IH]; intros p H; simpl in H; [discriminate|].
  destruct (Nat.eqb_spec (tau v) v) as [E|E].
  - destruct (IH p H) as [H1 H2]. split; [lia|]. intros u Hu.
    destruct (Nat.eq_dec u v); [subst; auto|apply H2; lia].
  - inversion H; subst. split; [lia|]. intros; lia.
Qed.

Lemma prevnf_none : forall tau v, prevnf tau v = None -> forall u, u < v -> tau u = u.
Proof.
  intros tau v. induction v as [|v IH]; intros H u Hu; simpl in H; [lia|].
  destruct (Nat.eqb_spec (tau v) v) as [E|E]; [|discriminate].
  destruct (Nat.eq_dec u v); [subst; auto|apply IH; auto; lia].
Qed.

Lemma agree_upto_spec : forall T tau v, agree_upto T tau v = true <-> forall u, u <= v -> T u = T (tau u).
Proof.
  intros. unfold agree_upto. rewrite forallb_forall. split.
  - intros H u Hu. apply Bool.eqb_prop, H, in_seq. lia.
  - intros H u Hu. apply in_seq in Hu. rewrite H by lia. apply Bool.eqb_reflx.
Qed.

Lemma lex_ok : forall (W : nat -> bool) n (T : nat -> bool) tau e,
  (forall v, v < n -> W v = T v) ->
  (forall v, v < n -> tau v < n) ->
  (forall p, p < n -> W (e p) = agree_upto T tau p) ->
  lexge (map T (seq 0 n)) (map (fun v => T (tau v)) (seq 0 n)) = true ->
  forall c, In c (lex_clauses n tau e) -> clause_true (val W) c = true.
Proof.
  intros W n T tau e HW Htau He Hlex c Hc. unfold lex_clauses in Hc.
  apply in_flat_map in Hc as (v & Hv & Hc). apply in_seq in Hv.
  destruct (Nat.eqb_spec (tau v) v) as [_|Hnf]; [contradiction|].
  (* either the tail literal is true, or T and T o tau agree below v *)
  set (tl := match prevnf tau v with None => [] | Some p => [neg (e p)] end) in Hc.
  assert (Htl : (exists l, In l tl /\ lit_true (val W) l = true) \/ (forall u, u < v -> T u = T (tau u))).
  { unfold tl. destruct (prevnf tau v) as [p|] eqn:P.
    - destruct (prevnf_some tau v p P) as [Hp Hb].
      destruct (W (e p)) eqn:Ep.
      + right. rewrite He in Ep by lia. rewrite agree_upto_spec in Ep. intros u Hu.
        destruct (le_lt_dec u p) as [Le|Gt]; [apply Ep; exact Le|]. rewrite (Hb u) by lia. reflexivity.
      + left. exists (neg (e p)). split; [left; auto|]. rewrite lit_neg, Ep. auto.
    - right. intros u Hu. rewrite prevnf_none with (tau := tau) (v := v); auto. }
  destruct Htl as [(l & Hl & Lt)|Hpre].
  { destruct Hc as [<-|[<-|[<-|[]]]]; eapply clause_in; eauto; apply in_or_app; right; auto. }
  assert (Tv := Htau v ltac:(lia)).
  destruct Hc as [<-|[<-|[<-|[]]]].
  - destruct (T v) eqn:E1.
    + apply (clause_in W _ (pos v)); [left; auto|]. rewrite lit_pos, HW by lia; auto.
    + apply (clause_in W _ (neg (tau v))); [right; left; auto|]. rewrite lit_neg, HW by lia.
      destruct (T (tau v)) eqn:E2; auto.
      rewrite (lexge_prefix T (fun v => T (tau v)) n 0 Hlex v) in E1; auto; try lia.
      intros u Hu. apply Hpre. lia.
  - destruct (T v) eqn:E1; [destruct (T (tau v)) eqn:E2|].
    + apply (clause_in W _ (pos (e v))); [right; right; left; auto|]. rewrite lit_pos, He by lia.
      apply agree_upto_spec. intros u Hu. destruct (Nat.eq_dec u v); [subst; congruence|apply Hpre; lia].
    + apply (clause_in W _ (neg (tau v))); [right; left; auto|]. rewrite lit_neg, HW, E2 by lia; auto.
    + apply (clause_in W _ (neg v)); [left; auto|]. rewrite lit_neg, HW, E1 by lia; auto.
  - destruct (T v) eqn:E1; [|destruct (T (tau v)) eqn:E2].
    + apply (clause_in W _ (pos v)); [left; auto|]. rewrite lit_pos, HW by lia; auto.
    + apply (clause_in W _ (pos (tau v))); [right; left; auto|]. rewrite lit_pos, HW by lia; auto.
    + apply (clause_in W _ (pos (e v))); [right; right; left; auto|]. rewrite lit_pos, He by lia.
      apply agree_upto_spec. intros u Hu. destruct (Nat.eq_dec u v); [subst; congruence|apply Hpre; lia].
Qed.

Lemma counter_ok : forall (W : nat -> bool) n w base (T : nat -> bool),
  (forall v, v < n -> W v = T v) ->
  (forall i j, j < w -> W (base + i * w + j) = (j + 1 <=? count T i)) ->
  forall c, In c (counter_clauses n w base) -> clause_true (val W) c = true.
Proof.
  intros W n w base T HW Hs c Hc. unfold counter_clauses in Hc.
  apply in_flat_map in Hc as (i & Hi & Hc). apply in_flat_map in Hc as (j & Hj & Hc).
  apply in_seq in Hi, Hj. apply in_app_or in Hc as [Hc|Hc].
  - destruct (Nat.eqb_spec j 0) as [->|]; [|destruct Hc]. destruct Hc as [<-|[]].
    destruct (T i) eqn:E.
    + apply (clause_in W _ (pos (base + i * w + 0))); [right; left; auto|].
      rewrite lit_pos, Hs by lia. apply Nat.leb_le. pose proof (count_self T i E). lia.
    + apply (clause_in W _ (neg i)); [left; auto|]. rewrite lit_neg, HW, E by lia; auto.
  - destruct (Nat.eqb_spec i 0) as [->|Hi0]; [destruct Hc|]. destruct i as [|i]; [lia|].
    replace (S i - 1) with i in Hc by lia. pose proof (count_S T i) as CS.
    destruct Hc as [<-|Hc].
    + destruct (j + 1 <=? count T i) eqn:E.
      * apply (clause_in W _ (pos (base + S i * w + j))); [right; left; auto|].
        rewrite lit_pos, Hs by lia. apply Nat.leb_le in E. apply Nat.leb_le. lia.
      * apply (clause_in W _ (neg (base + i * w + j))); [left; auto|]. rewrite lit_neg, Hs, E by lia. auto.
    + destruct (Nat.eqb_spec j 0); [destruct Hc|]. destruct Hc as [<-|[]].
      destruct (T (S i)) eqn:Ti; [destruct (j - 1 + 1 <=? count T i) eqn:E|].
      * apply (clause_in W _ (pos (base + S i * w + j))); [right; right; left; auto|].
        rewrite lit_pos, Hs by lia. apply Nat.leb_le in E. apply Nat.leb_le. lia.
      * apply (clause_in W _ (neg (base + i * w + (j - 1)))); [right; left; auto|].
        rewrite lit_neg, Hs, E by lia. auto.
      * apply (clause_in W _ (neg (S i))); [left; auto|]. rewrite lit_neg, HW, Ti by lia; auto.
Qed.

Lemma mem_intro : forall x l, In x l -> mem x l = true.
Proof. intros. apply existsb_exists. exists x. split; auto. apply Nat.eqb_refl. Qed.

(* Every connected set T (under valuation W) satisfies an accepted cut. *)
Lemma cut_ok : forall d (W : nat -> bool) (T : nat -> bool) c,
  (forall v, v < nverts d -> W v = T v) -> connected_set d T -> check_cut d c = true ->
  clause_true (val W) c = true.
Proof.
  intros d W T c HW Hcon H. unfold check_cut in H. apply andb_true_iff in H as [Hr H].
  rewrite forallb_forall in Hr.
  destruct (map lit_vertex (filter (fun l => (l <? 0)%Z) c)) as [|a [|b [|]]] eqn:Neg; try discriminate.
  set (B := map lit_vertex (filter (fun l => (0 <? l)%Z) c)) in H.
  set (r := reach d B (nverts d) [a] [a]) in H.
  apply andb_true_iff in H as [H Hcl]. apply andb_true_iff in H as [Ha Hb].
  destruct (clause_true (val W) c) eqn:C; auto. exfalso.
  assert (Lf : forall l, In l c -> lit_true (val W) l = false).
  { intros l Hl. destruct (lit_true (val W) l) eqn:E; auto. rewrite (clause_in W c l Hl E) in C. discriminate. }
  (* a literal of c names vertex lit_vertex l, and its value is that of T *)
  assert (Lv : forall l, In l c -> lit_vertex l < nverts d /\
                 lit_true (val W) l = if (l <? 0)%Z then negb (T (lit_vertex l)) else T (lit_vertex l)).
  { intros l Hl. specialize (Hr l Hl). apply andb_true_iff in Hr as [H1 H2].
    apply Z.ltb_lt in H1. apply Z.leb_le in H2. unfold lit_vertex.
    destruct l as [|p|p]; simpl in *; try lia;
    (assert (Hp : Pos.to_nat p - 1 < nverts d) by (pose proof (positive_nat_Z p); lia));
    (split; [exact Hp|]); unfold val; rewrite HW by exact Hp; reflexivity. }
  assert (Hneg : forall x, In x [a; b] -> x < nverts d /\ T x = true).
  { intros x Hx. rewrite <- Neg in Hx. apply in_map_iff in Hx as (l & <- & Hl). apply filter_In in Hl as [Hl Hn].
    destruct (Lv l Hl) as [L1 L2]. rewrite Hn, (Lf l Hl) in L2. split; auto. destruct (T (lit_vertex l)); auto. }
  assert (HB : forall x, mem x B = true -> T x = false).
  { intros x Hx. apply mem_In in Hx. apply in_map_iff in Hx as (l & <- & Hl). apply filter_In in Hl as [Hl Hp].
    destruct (Lv l Hl) as [L1 L2]. rewrite (Lf l Hl) in L2. replace (l <? 0)%Z with false in L2 by lia. auto. }
  destruct (Hneg a (or_introl eq_refl)) as [Ha1 Ha2]. destruct (Hneg b (or_intror (or_introl eq_refl))) as [Hb1 Hb2].
  assert (Reach : forall x y, sreach d T x y -> mem x r = true -> mem y r = true).
  { intros x0 y Hy Hx0. induction Hy as [x Hx|x y z Hy IH Hq Hz].
    - exact Hx0.
    - unfold closed in Hcl. rewrite forallb_forall in Hcl.
      specialize (Hcl y (mem_In _ _ (IH Hx0))). rewrite forallb_forall in Hcl.
      destruct (qadj_inv d y z Hq) as (_ & _ & i & Hi & ->).
      assert (Hin : In (Nat.lxor y (2 ^ i)) (nbrs d y)) by (apply in_map_iff; exists i; split; auto; apply in_seq; lia).
      specialize (Hcl _ Hin). destruct (mem (Nat.lxor y (2 ^ i)) B) eqn:E; auto.
      rewrite (HB _ E) in Hz. discriminate. }
  rewrite (Reach a b (Hcon a b Ha1 Hb1 Ha2 Hb2) Ha) in Hb. discriminate.
Qed.

(* ------------------------------------------------------------------ *)
(* The main theorem. *)

Lemma taus_ok : forall d level g, 1 <= d -> In g (taus d level) -> aut_ok d g = true.
Proof.
  intros d level g Hd H. unfold taus in H. destruct (level =? 0); [destruct H|].
  destruct H as [<-|H].
  - simpl. apply Nat.ltb_lt. unfold nverts. destruct d as [|d']; [lia|]. rewrite Nat.pow_succ_r'.
    pose proof (Nat.pow_nonzero 2 d'). lia.
  - apply in_flat_map in H as (i & Hi & H). apply in_map_iff in H as (j & <- & Hj). apply in_seq in Hi, Hj.
    simpl. apply andb_true_iff. split; apply Nat.ltb_lt; lia.
Qed.

Lemma nbr_of_zero : forall d T b, connected_set d T -> T 0 = true -> b < nverts d -> T b = true -> b <> 0 ->
  exists i, i < d /\ T (2 ^ i) = true.
Proof.
  intros d T b Hcon H0 Hb Tb Hne. pose proof (Hcon 0 b (nverts_pos d) Hb H0 Tb) as R.
  assert (G : forall x y, sreach d T x y -> x = 0 -> y <> 0 -> exists i, i < d /\ T (2 ^ i) = true).
  { intros x0 y Hy. induction Hy as [x Hx|x y z Hy IH Hq Hz]; intros Hx0 Hz0; [congruence|].
    destruct (Nat.eq_dec y 0) as [->|Hy0]; auto.
    destruct (qadj_inv d 0 z Hq) as (_ & _ & i & Hi & ->). exists i. split; auto.
    rewrite Nat.lxor_0_l in Hz. exact Hz. }
  eapply G; eauto.
Qed.

Lemma two_in_cds : forall d T, 2 <= d -> dominating d T -> exists b, b < nverts d /\ T b = true /\ b <> 0.
Proof.
  intros d T Hd Hdom. assert (H3 : 3 < nverts d).
  { unfold nverts. replace d with (2 + (d - 2)) by lia. rewrite Nat.pow_add_r.
    pose proof (Nat.pow_nonzero 2 (d - 2)). simpl. lia. }
  destruct (Hdom 3 ltac:(lia)) as [T3|(u & Hq & Tu)]; [exists 3; repeat split; auto; lia|].
  destruct (qadj_inv d 3 u Hq) as (_ & Hu & i & Hi & ->). exists (Nat.lxor 3 (2 ^ i)). repeat split; auto.
  intros E. assert (E' : 3 = 2 ^ i) by (apply Nat.lxor_eq; exact E).
  destruct i as [|[|i]]; simpl in E'; try lia.
Qed.

Theorem cds_sat : forall d level extras X, 2 <= d -> cds d X ->
  (forall k, In k (bounds extras) -> set_size d X <= k) ->
  forallb (extra_ok d) extras = true ->
  satisfiable (alpha_cnf d level extras).
Proof.
  intros d level extras X Hd HS Hb Hx.
  set (n := nverts d). pose proof (nverts_pos d) as Hn.
  set (G := taus d level ++ map Trans (seq 0 n) ++ map (Swap 0) (seq 0 d)).
  assert (HG : forall g, In g G -> aut_ok d g = true).
  { intros g Hg. apply in_app_or in Hg as [Hg|Hg]; [eapply taus_ok; eauto; lia|].
    apply in_app_or in Hg as [Hg|Hg]; apply in_map_iff in Hg as (x & <- & Hx'); apply in_seq in Hx';
    simpl; [apply Nat.ltb_lt; fold n; lia|apply andb_true_iff; split; apply Nat.ltb_lt; lia]. }
  destruct (improve d (fun T => cds d T /\ set_size d T = set_size d X) G) with (T := X)
    as (T & [HT Hsz] & Hmax); auto.
  { intros T g Hg [H1 H2]. split; [apply aut_cds; auto|]. rewrite aut_size; auto. }
  destruct HT as [Hdom Hcon].
  assert (Lex : forall g, In g G -> lexge (map T (seq 0 n)) (map (fun v => T (app g v)) (seq 0 n)) = true)
    by exact Hmax.
  (* x_0 *)
  assert (T0 : T 0 = true).
  { destruct (Hdom 0 Hn) as [H|(a & Hq & Ta)]; auto.
    destruct (qadj_inv d 0 a Hq) as (_ & Ha & _).
    assert (Hg : In (Trans a) G) by (apply in_or_app; right; apply in_or_app; left; apply in_map; apply in_seq; lia).
    eapply (lexge_prefix T _ n 0 (Lex _ Hg) 0); try lia. simpl. rewrite Nat.lxor_0_l. auto. }
  (* x_1 *)
  assert (T1 : T 1 = true).
  { destruct (two_in_cds d T Hd Hdom) as (b & Hb1 & Hb2 & Hb3).
    destruct (nbr_of_zero d T b Hcon T0 Hb1 Hb2 Hb3) as (i & Hi & Ti).
    destruct i as [|i]; [exact Ti|].
    assert (Hg : In (Swap 0 (S i)) G) by (apply in_or_app; right; apply in_or_app; right; apply in_map; apply in_seq; lia).
    assert (Hn2 : 2 <= n).
    { unfold n, nverts. replace d with (2 + (d - 2)) by lia. rewrite Nat.pow_add_r.
      pose proof (Nat.pow_nonzero 2 (d - 2)). simpl. lia. }
    eapply (lexge_prefix T _ n 0 (Lex _ Hg) 1); try lia.
    - intros u Hu. replace u with 0 by lia. simpl. unfold swapbits. rewrite !Nat.bits_0. reflexivity.
    - assert (B1 : Nat.testbit 1 (S i) = false) by (simpl; apply Nat.bits_0).
      assert (E : swapbits 0 (S i) 1 = 2 ^ S i).
      { unfold swapbits. rewrite B1. simpl Nat.testbit. simpl Bool.eqb. simpl (2 ^ 0).
        rewrite Nat.lxor_nilpotent, Nat.lxor_0_l. reflexivity. }
      simpl app. rewrite E. exact Ti. }
  set (W := V d level T).
  exists (val W). intros c Hc.
  assert (HW : forall v, v < n -> W v = T v) by (intros; apply V_vertex; auto).
  unfold alpha_cnf, layout in Hc.
  apply in_app_or in Hc as [Hc|Hc].
  { (* domination *)
    unfold dom_clauses in Hc. apply in_map_iff in Hc as (v & <- & Hv). apply in_seq in Hv.
    destruct (Hdom v ltac:(unfold n in *; lia)) as [Tv|(u & Hq & Tu)].
    - apply (clause_in W _ (pos v)); [left; auto|]. rewrite lit_pos, HW; auto; lia.
    - destruct (qadj_inv d v u Hq) as (_ & Hu & i & Hi & ->).
      apply (clause_in W _ (pos (Nat.lxor v (2 ^ i)))).
      + right. apply in_map. apply in_map_iff. exists i. split; auto. apply in_seq. lia.
      + rewrite lit_pos, HW; auto. }
  apply in_app_or in Hc as [Hc|Hc].
  { destruct Hc as [<-|[<-|[]]].
    - apply (clause_in W _ (pos 0)); [left; auto|]. rewrite lit_pos, HW; auto.
    - apply (clause_in W _ (pos 1)); [left; auto|]. rewrite lit_pos, HW; auto.
      unfold n, nverts. replace d with (2 + (d - 2)) by lia. rewrite Nat.pow_add_r.
      pose proof (Nat.pow_nonzero 2 (d - 2)). simpl. lia. }
  apply in_app_or in Hc as [Hc|Hc].
  { (* lex constraints *)
    apply in_flat_map in Hc as (t & Ht & Hc). apply in_seq in Ht.
    assert (Hg : In (nth t (taus d level) (Trans 0)) G) by (apply in_or_app; left; apply nth_In; lia).
    eapply lex_ok with (T := T); eauto.
    - intros v Hv. apply app_lt; auto.
    - intros p Hp. unfold W. apply V_lex; auto. lia. }
  apply in_app_or in Hc as [Hc|Hc].
  { eapply counter_ok with (T := T); eauto. intros i j Hj. apply V_count; auto. }
  (* extras *)
  apply in_map_iff in Hc as (x & <- & Hxin). rewrite forallb_forall in Hx. specialize (Hx x Hxin).
  destruct x as [k|c]; unfold extra_clause, extra_ok, layout in *.
  - apply (clause_in W _ (neg (n + length (taus d level) * n + (n - 1) * (n / 2) + k))); [left; auto|].
    apply Nat.ltb_lt in Hx. rewrite lit_neg. unfold W. rewrite V_count by auto.
    unfold n. rewrite count_size by auto. rewrite Hsz.
    assert (set_size d X <= k) by (apply Hb; apply in_flat_map; exists (Bound k); simpl; auto).
    replace (k + 1 <=? set_size d X) with false by (symmetry; apply Nat.leb_gt; lia). auto.
  - eapply cut_ok; eauto.
Qed.

Theorem alpha_from_unsat : forall d level extras m t, 2 <= d ->
  check_tree d t = true -> leaves d t = m ->
  forallb (extra_ok d) extras = true ->
  forallb (fun k => nverts d - m - 1 <=? k) (bounds extras) = true ->
  unsatisfiable (alpha_cnf d level extras) ->
  max_leaf_number d m.
Proof.
  intros d level extras m t Hd Ht Hl Hx Hk Hu. apply (alpha_exact d m t); auto.
  intros S HS Hsz. apply Hu. apply (cds_sat d level extras S); auto.
  intros k Hin. rewrite forallb_forall in Hk. specialize (Hk k Hin). apply Nat.leb_le in Hk. lia.
Qed.

(* The Lrat.v form `search alpha --coq` also writes: the premise is what schedcert-lrat --slow
   --alpha establishes (the extracted check_proof accepted an LRAT proof on the extracted
   alpha_cnf); the default run (LratFast.v's fcheck_proof, fcheck_proof_sound) establishes
   alpha_from_unsat's. *)
Theorem alpha_from_lrat : forall d level extras m t steps, 2 <= d ->
  check_tree d t = true -> leaves d t = m ->
  forallb (extra_ok d) extras = true ->
  forallb (fun k => nverts d - m - 1 <=? k) (bounds extras) = true ->
  check_proof (alpha_cnf d level extras) steps = true ->
  max_leaf_number d m.
Proof.
  intros. eapply alpha_from_unsat; eauto. eapply check_proof_sound; eauto.
Qed.

Print Assumptions alpha_from_lrat.
