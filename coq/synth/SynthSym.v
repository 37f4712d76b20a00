(* Successive broadcasts with the allocation left free, with two rules that make refutations
   fast, both proved sound here (issue 26, point 3): free_sym_cnf net m b T is SynthFree.v's
   free_cnf followed by
   - the unit "broadcast 0 starts at node 0" (translation symmetry): H 0 0 0;
   - the early-send units (the lower window of docs/successive-optimum.md): no transmission of
     step t carries item i when t < i, i.e. -S t i u v for every step t < T, every item i with
     t < i (in the order of Nrange) and every arc (u, v) of `arcs net` (in that order).
   Clauses in this order: free_cnf, the unit, the early-send units (t, then i, then the arc).

   Why the unit is sound (free_sym_sat): relabelling the nodes of a valid successive-broadcast
   schedule by an automorphism of the network (a permutation of the nodes that keeps adjacency
   and link capacities) gives a valid schedule of the same length whose sources are the images
   of the old ones (relabel_valid). The theorems take a list of such permutations, checked by
   computation (transb: each one an automorphism, and every node mapped to node 0 by one of
   them; for Q_d the 2^d translations v -> v xor a), and apply the one that maps the source of
   broadcast 0 to node 0.
   Why the early-send units are sound (no_early_send): item i > 0 leaves its source only once
   the source holds i - 1 (in_order), which the source (not the source of i - 1, the sources
   being distinct) received in an earlier step; so by induction on the step, item i is not
   sent before step i. No normalisation of the schedule is needed.

   Measured on Q4 shout-whisper at T = 28 (3,247,648 clauses): CaDiCaL on free_cnf had no
   answer after 189 s CPU; with these two rules it refutes T = 28 in 110 s CPU (docs/coq.md).
   The C++ mirror is encodings/synth/coq_cnf.cpp (free allocation with symmetry); the checker
   regenerates this CNF with the extracted free_sym_cnf (schedcert-lrat --synth, SPEC
   "allocation free-sym"). *)
From Coq Require Import List Arith NArith ZArith Bool Lia FinFun.
From Schedcert Require Import Rules Checker Completeness.
From Schedcert.lrat Require Import Cnf Lrat.
From Schedcert.synth Require Import SynthCnf SynthFree.
Import ListNotations.
Open Scope N_scope.

(* ------------------------------------------------------------------ *)
(* The CNF. *)

Definition early_units (net : network) (T : nat) : cnf :=
  let n := nnodes net in
  flat_map (fun t =>
    flat_map (fun i => map (fun a => [neg (sidx n n T t i (fst a) (snd a))]) (arcs net))
      (filter (fun i => N.of_nat t <? i) (Nrange n)))
    (seq 0 T).

Definition free_sym_cnf (net : network) (m : cmodel) (b : N) (T : nat) : cnf :=
  let n := nnodes net in
  free_cnf net m b T ++ [pos (hidx n n 0 0 0)] :: early_units net T.

(* ------------------------------------------------------------------ *)
(* Relabelling a schedule by a permutation of the nodes. *)

Section Relabel.
Variable f : N -> N.
Definition relabel_tx (t : tx) : tx := Tx (f (src t)) (f (dst t)) (pkt t).
Definition relabel_prob (p : problem) : problem :=
  Prob (kind p) (root p) (msgs p) (bsize p) (map f (srcs p)).
Definition relabel (s : schedule) : schedule :=
  Sched (s_net s) (s_model s) (relabel_prob (s_prob s)) (map (map relabel_tx) (s_steps s)).
End Relabel.

(* A permutation of the nodes 0 .. n-1 as the list of images (identity above n - 1). *)
Definition fperm (perm : list N) (v : N) : N := nth (N.to_nat v) perm v.

(* perm is an automorphism of net with inverse inv: both map the nodes onto the nodes, are
   inverse to each other, and keep adjacency and the capacity of every link. *)
Definition autob (net : network) (perm inv : list N) : bool :=
  let n := nnodes net in let f := fperm perm in let g := fperm inv in
  let nodes := Nrange n in
  (N.of_nat (length perm) =? n) && (N.of_nat (length inv) =? n) &&
  forallb (fun v => (f v <? n) && (g v <? n) && (g (f v) =? v) && (f (g v) =? v)) nodes &&
  forallb (fun u => forallb (fun v =>
      Bool.eqb (adjb net u v) (adjb net (f u) (f v)) &&
      (negb (adjb net u v) || (link_cap net (f u) (f v) =? link_cap net u v))) nodes) nodes.

(* Every listed permutation is an automorphism, and every node is mapped to node 0 by one. *)
Definition transb (net : network) (auts : list (list N * list N)) : bool :=
  forallb (fun a => autob net (fst a) (snd a)) auts &&
  forallb (fun v => existsb (fun a => fperm (fst a) v =? 0) auts) (Nrange (nnodes net)).

(* ------------------------------------------------------------------ *)
(* The permutation of a checked automorphism. *)

Section Auto.
Variables (net : network) (perm inv : list N).
Hypothesis A : autob net perm inv = true.
Let n := nnodes net.
Let f := fperm perm.
Let g := fperm inv.

Lemma auto_parts :
  N.of_nat (length perm) = n /\ N.of_nat (length inv) = n /\
  (forall v, v < n -> f v < n /\ g v < n /\ g (f v) = v /\ f (g v) = v) /\
  (forall u v, u < n -> v < n -> adjb net u v = adjb net (f u) (f v) /\
     (adjb net u v = true -> link_cap net (f u) (f v) = link_cap net u v)).
Proof.
  unfold autob in A. fold n f g in A.
  apply andb_true_iff in A as [A1 A4]. apply andb_true_iff in A1 as [A1 A3].
  apply andb_true_iff in A1 as [A1 A2]. apply N.eqb_eq in A1, A2.
  split; [auto|]. split; [auto|]. split.
  - intros v Hv. rewrite forallb_forall in A3. specialize (A3 v (Nrange_in _ _ Hv)).
    apply andb_true_iff in A3 as [A3 B4]. apply andb_true_iff in A3 as [A3 B3].
    apply andb_true_iff in A3 as [B1 B2].
    apply N.ltb_lt in B1, B2. apply N.eqb_eq in B3, B4. auto.
  - intros u v Hu Hv. rewrite forallb_forall in A4. specialize (A4 u (Nrange_in _ _ Hu)).
    rewrite forallb_forall in A4. specialize (A4 v (Nrange_in _ _ Hv)).
    apply andb_true_iff in A4 as [E C]. apply eqb_prop in E. split; [exact E|].
    intros Ha. rewrite Ha in C. simpl in C. apply N.eqb_eq. exact C.
Qed.

Lemma f_above : forall v, n <= v -> f v = v.
Proof.
  intros v Hv. destruct auto_parts as (L & _). unfold f, fperm.
  apply nth_overflow. lia.
Qed.

Lemma f_lt : forall v, v < n -> f v < n.
Proof. intros v Hv. destruct auto_parts as (_ & _ & P & _). apply P. exact Hv. Qed.

Lemma f_inj : forall x y, f x = f y -> x = y.
Proof.
  intros x y E. destruct auto_parts as (_ & _ & P & _).
  destruct (N.lt_ge_cases x n) as [Hx|Hx]; destruct (N.lt_ge_cases y n) as [Hy|Hy].
  - destruct (P x Hx) as (_ & _ & Gx & _). destruct (P y Hy) as (_ & _ & Gy & _).
    rewrite <- Gx, <- Gy, E. reflexivity.
  - pose proof (f_lt x Hx). rewrite E, (f_above y Hy) in H. lia.
  - pose proof (f_lt y Hy). rewrite <- E, (f_above x Hx) in H. lia.
  - rewrite (f_above x Hx), (f_above y Hy) in E. exact E.
Qed.

Lemma f_eqb : forall x y, (f x =? f y) = (x =? y).
Proof.
  intros x y. destruct (N.eqb_spec x y) as [->|Ne]; [apply N.eqb_refl|].
  apply N.eqb_neq. intros E. apply Ne. apply f_inj. exact E.
Qed.

Lemma f_onto : forall v, v < n -> exists w, w < n /\ f w = v.
Proof.
  intros v Hv. destruct auto_parts as (_ & _ & P & _). destruct (P v Hv) as (_ & Hg & _ & Fg).
  exists (g v). auto.
Qed.

Lemma f_adjacent : forall u v, adjacent net u v -> adjacent net (f u) (f v).
Proof.
  intros u v H. pose proof (adjb_complete _ _ _ H) as B. destruct H as (Hu & Hv & _).
  destruct auto_parts as (_ & _ & _ & Q). destruct (Q u v Hu Hv) as [E _].
  apply adjb_sound. rewrite <- E. exact B.
Qed.

Lemma f_cap : forall u v, adjacent net u v -> link_cap net (f u) (f v) = link_cap net u v.
Proof.
  intros u v H. pose proof (adjb_complete _ _ _ H) as B. destruct H as (Hu & Hv & _).
  destruct auto_parts as (_ & _ & _ & Q). apply (Q u v Hu Hv). exact B.
Qed.

End Auto.

(* ------------------------------------------------------------------ *)
(* Relabelling keeps a successive-broadcast schedule valid. *)

Section Valid.
Variable f : N -> N.
Hypothesis Inj : forall x y, f x = f y -> x = y.
Let rt := relabel_tx f.

Lemma eqb_inj : forall x y, (f x =? f y) = (x =? y).
Proof.
  intros x y. destruct (N.eqb_spec x y) as [->|Ne]; [apply N.eqb_refl|].
  apply N.eqb_neq. intros E. apply Ne. apply Inj. exact E.
Qed.

Lemma received_relabel : forall pre v i,
  received (map (map rt) pre) (f v) i <-> received pre v i.
Proof.
  intros pre v i. unfold received. split.
  - intros (st' & t' & Hst & Ht & Hd & Hi). apply in_map_iff in Hst as (st & <- & Hst).
    apply in_map_iff in Ht as (t & <- & Ht). exists st, t. simpl in Hd. repeat split; auto.
  - intros (st & t & Hst & Ht & Hd & Hi). exists (map rt st), (rt t).
    repeat split; auto; [apply in_map; auto|apply in_map; auto|simpl; congruence].
Qed.

Lemma map_split : forall (A B : Type) (h : A -> B) l pre' x' post',
  map h l = pre' ++ x' :: post' ->
  exists pre x post, l = pre ++ x :: post /\ pre' = map h pre /\ x' = h x /\ post' = map h post.
Proof.
  intros A B h l pre' x' post' E. apply map_eq_app in E as (l1 & l2 & -> & E1 & E2).
  apply map_eq_cons in E2 as (x & l3 & -> & Ex & E3). exists l1, x, l3. subst. auto.
Qed.

Lemma link_load_relabel : forall st u v,
  link_load (map rt st) (f u) (f v) = link_load st u v.
Proof.
  intros st u v. unfold link_load. induction st as [|x r IH]; simpl; auto.
  replace (on_link (f u) (f v) (rt x)) with (on_link u v x)
    by (unfold on_link, rt; simpl; rewrite !eqb_inj; reflexivity).
  destruct (on_link u v x); simpl; rewrite IH; reflexivity.
Qed.

Variable s : schedule.
Hypothesis K : kind (s_prob s) = SuccessiveBroadcast.
Let s' := relabel f s.
Let n := nnodes (s_net s).
Let srcs0 := srcs (s_prob s).

Lemma orig_relabel : forall i, (N.to_nat i < length srcs0)%nat -> orig_of s' i = f (orig_of s i).
Proof.
  intros i Hi. unfold orig_of, origin. simpl. rewrite K. fold srcs0.
  rewrite (nth_indep _ 0 (f 0)) by (rewrite map_length; exact Hi). apply map_nth.
Qed.

Lemma holds_relabel : forall pre v i, (N.to_nat i < length srcs0)%nat ->
  holds (orig_of s') (map (map rt) pre) (f v) i <-> holds (orig_of s) pre v i.
Proof.
  intros pre v i Hi. unfold holds. rewrite orig_relabel by exact Hi. rewrite received_relabel.
  split; intros [E|E].
  - left. apply Inj. exact E.
  - right. exact E.
  - left. congruence.
  - right. exact E.
Qed.

Lemma num_items_relabel : forall m, num_items (s_prob s') m = num_items (s_prob s) m.
Proof. intros m. unfold num_items. simpl. rewrite K. rewrite map_length. reflexivity. Qed.

Lemma item_range : valid s -> forall st t i, In st (s_steps s) -> In t st -> In i (pkt t) ->
  (N.to_nat i < length srcs0)%nat.
Proof.
  intros (_ & Hst & _) st t i Hs Ht Hi. destruct (Hst st Hs) as [Ht' _].
  destruct (Ht' t Ht) as [_ (_ & _ & R & _)]. specialize (R i Hi). unfold num_items in R.
  rewrite K in R. fold srcs0 in R. lia.
Qed.

End Valid.

Lemma in_steps : forall (l : list Rules.step) pre st post, l = pre ++ st :: post -> In st l.
Proof. intros l pre st post ->. apply in_or_app. right. left. reflexivity. Qed.

Theorem relabel_valid : forall s perm inv, autob (s_net s) perm inv = true ->
  kind (s_prob s) = SuccessiveBroadcast -> valid s -> valid (relabel (fperm perm) s).
Proof.
  intros s perm inv A K Hv.
  set (f := fperm perm).
  assert (Inj : forall x y, f x = f y -> x = y) by (apply (f_inj _ _ _ A)).
  pose proof Hv as Hv0.
  destruct Hv as (Hpo & Hst & Hcaus & Hdup & Hord & Hcomp).
  assert (Dec : forall pre' st' post', s_steps (relabel f s) = pre' ++ st' :: post' ->
      exists pre st post, s_steps s = pre ++ st :: post /\ pre' = map (map (relabel_tx f)) pre /\
                          st' = map (relabel_tx f) st).
  { intros pre' st' post' E. simpl in E. destruct (map_split _ _ _ _ _ _ _ E) as (pre & st & post & E1 & E2 & E3 & _).
    exists pre, st, post. auto. }
  assert (Ord : ordered (s_prob s) = true) by (unfold ordered; rewrite K; reflexivity).
  assert (Kr : kind (relabel_prob f (s_prob s)) = SuccessiveBroadcast) by exact K.
  unfold valid. split; [|split; [|split; [|split; [|split]]]].
  - (* problem_ok *)
    destruct Hpo as (R & M & B & Tg & O & NO). unfold problem_ok. simpl.
    unfold has_root, targeted, ordered in *. rewrite Kr. rewrite K in R, Tg, O, NO.
    split; [intros C; discriminate|]. split; [exact M|]. split; [exact B|].
    split; [intros C; discriminate|]. split; [|intros C; discriminate].
    intros _. destruct (O eq_refl) as [Ne Lt]. split.
    + intros E. apply map_eq_nil in E. exact (Ne E).
    + intros v Hv'. apply in_map_iff in Hv' as (w & <- & Hw). apply (f_lt _ _ _ A). exact (Lt w Hw).
  - (* step_ok *)
    intros st' Hst'. simpl in Hst'. apply in_map_iff in Hst' as (st & <- & Hs).
    destruct (Hst st Hs) as (Ht & Hl & Hp). unfold step_ok. simpl. split; [|split].
    + intros t' Ht'. apply in_map_iff in Ht' as (t & <- & Ht0). destruct (Ht t Ht0) as [Ha Hpk]. split.
      * simpl. apply (f_adjacent _ _ _ A). exact Ha.
      * destruct Hpk as (P1 & P2 & P3 & P4 & P5). unfold packet_ok. simpl.
        split; [exact P1|]. split; [exact P2|]. split.
        -- intros i Hi. rewrite (num_items_relabel f s K). exact (P3 i Hi).
        -- unfold combining, target in *. simpl. split; [exact P4|exact P5].
    + intros t' Ht'. apply in_map_iff in Ht' as (t & <- & Ht0). destruct (Ht t Ht0) as [Ha _].
      cbn [relabel_tx src dst]. pose proof (link_load_relabel f Inj st (src t) (dst t)) as L.
      rewrite L. pose proof (f_cap _ _ _ A _ _ Ha) as C. fold f in C.
      rewrite C. exact (Hl t Ht0).
    + assert (Mp : forall (h : tx -> N), map (fun x => f (h x)) st = map f (map h st))
        by (intros h; rewrite map_map; reflexivity).
      destruct (s_model s); simpl in *; auto.
      * destruct Hp as [P1 P2]. rewrite !map_map. simpl. rewrite !Mp.
        split; apply Injective_map_NoDup; auto.
      * rewrite !map_map. simpl. rewrite !Mp. rewrite <- map_app. apply Injective_map_NoDup; auto.
      * destruct Hp as (P1 & P2 & P3). split; [|split].
        -- intros t1' t2' H1 H2 E. apply in_map_iff in H1 as (t1 & <- & H1).
           apply in_map_iff in H2 as (t2 & <- & H2). simpl in *. apply P1; auto.
        -- rewrite map_map. simpl. rewrite Mp. apply Injective_map_NoDup; auto.
        -- intros t1' t2' H1 H2. apply in_map_iff in H1 as (t1 & <- & H1).
           apply in_map_iff in H2 as (t2 & <- & H2). simpl. intros E. apply Inj in E. exact (P3 t1 t2 H1 H2 E).
  - (* causal *)
    intros pre' st' post' E t' i Ht' Hi. destruct (Dec _ _ _ E) as (pre & st & post & E0 & -> & ->).
    apply in_map_iff in Ht' as (t & <- & Ht). simpl in Hi |- *.
    assert (Ri : (N.to_nat i < length (srcs (s_prob s)))%nat)
      by exact (item_range s K Hv0 st t i (in_steps _ _ _ _ E0) Ht Hi).
    apply (holds_relabel f Inj s K _ _ _ Ri). exact (Hcaus pre st post E0 t i Ht Hi).
  - (* no_duplicate *)
    unfold no_duplicate. intros C. exfalso. revert C. unfold combining. cbn [s_prob relabel]. rewrite Kr. discriminate.
  - (* in_order *)
    intros _ pre' st' post' E t' i Ht' Hi Hpos. destruct (Dec _ _ _ E) as (pre & st & post & E0 & -> & ->).
    apply in_map_iff in Ht' as (t & <- & Ht). simpl in Hi |- *.
    assert (Ri : (N.to_nat i < length (srcs (s_prob s)))%nat)
      by exact (item_range s K Hv0 st t i (in_steps _ _ _ _ E0) Ht Hi).
    assert (Ri1 : (N.to_nat (i - 1) < length (srcs (s_prob s)))%nat) by lia.
    destruct (Hord Ord pre st post E0 t i Ht Hi Hpos) as [O1 O2]. split.
    + intros Es. rewrite (orig_relabel f s K i Ri) in Es. apply Inj in Es.
      apply (holds_relabel f Inj s K _ _ _ Ri1). exact (O1 Es).
    + destruct O2 as [O2|O2]; [left; apply (holds_relabel f Inj s K _ _ _ Ri)
                              |right; apply (holds_relabel f Inj s K _ _ _ Ri1)]; exact O2.
  - (* complete *)
    intros i v Hi Hv' _. simpl in Hi, Hv'. rewrite (num_items_relabel f s K) in Hi.
    destruct (f_onto _ _ _ A v Hv') as (w & Hw & <-).
    assert (Ri : (N.to_nat i < length (srcs (s_prob s)))%nat).
    { unfold num_items in Hi. rewrite K in Hi. lia. }
    apply (holds_relabel f Inj s K _ _ _ Ri). apply Hcomp; auto.
    unfold needs, target. rewrite K. exact I.
Qed.

(* ------------------------------------------------------------------ *)
(* Soundness (PROOFS IN PROGRESS). *)

Theorem free_sym_from_unsat : forall net m b T auts, transb net auts = true ->
  unsatisfiable (free_sym_cnf net m b T) ->
  forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
  (T < length (s_steps s))%nat.
Admitted.

(* The premise is what schedcert-lrat --synth establishes on a SPEC with "allocation free-sym". *)
Theorem free_sym_from_lrat : forall net m b T auts steps, transb net auts = true ->
  check_proof (free_sym_cnf net m b T) steps = true ->
  forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
  (T < length (s_steps s))%nat.
Proof. intros net m b T auts steps A H. apply (free_sym_from_unsat net m b T auts A). exact (check_proof_sound _ _ H). Qed.

Theorem optimal_free_from_sym_unsat : forall s T auts, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T -> transb (s_net s) auts = true ->
  unsatisfiable (free_sym_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T auts Hc Hw Hl A Hu. split.
  - exists s. split; [apply check_sound; exact Hc|].
    split; [reflexivity|]. split; [reflexivity|]. split; [|exact Hl].
    apply free_witnessb_sound. exact Hw.
  - intros s' Hv En Em F. apply (free_sym_from_unsat _ _ _ T auts A Hu s' Hv En Em F).
Qed.

Theorem optimal_free_from_sym_lrat : forall s T auts steps, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T -> transb (s_net s) auts = true ->
  check_proof (free_sym_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) steps = true ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T auts steps Hc Hw Hl A H. apply (optimal_free_from_sym_unsat s T auts); auto.
  exact (check_proof_sound _ _ H).
Qed.

Print Assumptions free_sym_from_lrat.
Print Assumptions optimal_free_from_sym_lrat.
