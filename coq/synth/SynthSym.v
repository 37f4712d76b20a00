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

Lemma relabel_free : forall f n b p, (forall x y, f x = f y -> x = y) ->
  free_problem n b p -> free_problem n b (relabel_prob f p).
Proof.
  intros f n b p Inj (K & B & Nd & L). unfold free_problem. simpl.
  repeat split; auto. apply Injective_map_NoDup; auto. rewrite map_length. exact L.
Qed.

(* ------------------------------------------------------------------ *)
(* The early-send rule: item i is not sent before step i. *)

Lemma received_split : forall (pre : list Rules.step) v j, received pre v j ->
  exists pre1 st1 post1 t1, pre = pre1 ++ st1 :: post1 /\ In t1 st1 /\ In j (pkt t1).
Proof.
  intros pre v j (st & t & Hs & Ht & _ & Hj). apply in_split in Hs as (pre1 & post1 & ->).
  exists pre1, st, post1, t. auto.
Qed.

Theorem no_early_send : forall s, valid s -> kind (s_prob s) = SuccessiveBroadcast ->
  NoDup (srcs (s_prob s)) ->
  forall pre st post, s_steps s = pre ++ st :: post ->
  forall t i, In t st -> In i (pkt t) -> (N.to_nat i <= length pre)%nat.
Proof.
  intros s Hv K Nd. pose proof Hv as Hv0. destruct Hv as (_ & _ & Hcaus & _ & Hord & _).
  assert (Ord : ordered (s_prob s) = true) by (unfold ordered; rewrite K; reflexivity).
  intros pre. remember (length pre) as k eqn:Ek. revert pre Ek.
  induction k as [k IH] using lt_wf_ind. intros pre Ek st post E t i Ht Hi.
  (* an earlier reception of item j gives j <= an earlier step index < k *)
  assert (Early : forall v j, received pre v j -> (N.to_nat j < k)%nat).
  { intros v j Hr. destruct (received_split _ _ _ Hr) as (pre1 & st1 & post1 & t1 & -> & Ht1 & Hj1).
    assert (L : (length pre1 < k)%nat) by (rewrite Ek, app_length; simpl; lia).
    assert (E1 : s_steps s = pre1 ++ st1 :: (post1 ++ st :: post)) by (rewrite E, <- app_assoc; reflexivity).
    pose proof (IH _ L pre1 eq_refl st1 _ E1 t1 j Ht1 Hj1). lia. }
  destruct (N.eq_dec i 0) as [->|Ni]; [simpl; lia|].
  assert (Ri : (N.to_nat i < length (srcs (s_prob s)))%nat)
    by exact (item_range s K Hv0 st t i (in_steps _ _ _ _ E) Ht Hi).
  destruct (Hcaus pre st post E t i Ht Hi) as [Es|Hr].
  - destruct (proj1 (Hord Ord pre st post E t i Ht Hi ltac:(lia)) Es) as [E1|Hr1].
    + (* the sources of i and i - 1 would coincide *)
      exfalso. rewrite Es in E1. unfold orig_of, origin in E1. rewrite K in E1.
      apply (NoDup_nth (srcs (s_prob s)) 0) in E1; [lia|exact Nd|exact Ri|lia].
    + pose proof (Early _ _ Hr1). lia.
  - pose proof (Early _ _ Hr). lia.
Qed.

(* ------------------------------------------------------------------ *)
(* Soundness. *)

Lemma arcs_range : forall net u v, In (u, v) (arcs net) -> u < nnodes net /\ v < nnodes net.
Proof.
  intros net u v H. unfold arcs in H. apply in_flat_map in H as (x & Hx & H).
  apply in_map_iff in H as (y & E & Hy). inversion E; subst.
  apply filter_In in Hy as [Hy _]. apply Nrange_iff in Hx, Hy. auto.
Qed.

Theorem free_sym_from_unsat : forall net m b T auts, transb net auts = true ->
  unsatisfiable (free_sym_cnf net m b T) ->
  forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
  (T < length (s_steps s))%nat.
Proof.
  intros net m b T auts Tr Hu s Hv En Em F.
  destruct (le_lt_dec (length (s_steps s)) T) as [Le|Lt]; auto. exfalso. apply Hu.
  pose proof F as F0. destruct F as (K & B & Nd & L).
  pose proof Hv as Hv0. destruct Hv as (Hpo & _).
  destruct Hpo as (_ & _ & _ & _ & O & _).
  assert (Ord : ordered (s_prob s) = true) by (unfold ordered; rewrite K; reflexivity).
  destruct (O Ord) as [Ne Lt0].
  set (a := nth 0 (srcs (s_prob s)) 0).
  assert (Ha : a < nnodes net).
  { rewrite <- En. apply Lt0. unfold a. destruct (srcs (s_prob s)) as [|x r]; [contradiction|left; reflexivity]. }
  (* an automorphism that maps the source of broadcast 0 to node 0 *)
  unfold transb in Tr. apply andb_true_iff in Tr as [Ta Tz].
  rewrite forallb_forall in Tz. specialize (Tz a (Nrange_in _ _ Ha)).
  apply existsb_exists in Tz as ([perm inv] & Hin & Z). simpl in Z. apply N.eqb_eq in Z.
  rewrite forallb_forall in Ta. specialize (Ta _ Hin). simpl in Ta. rewrite <- En in Ta.
  set (f := fperm perm).
  assert (Inj : forall x y, f x = f y -> x = y) by (apply (f_inj _ _ _ Ta)).
  set (s' := relabel f s).
  assert (V' : valid s') by (apply (relabel_valid s perm inv Ta K Hv0)).
  assert (K' : kind (s_prob s') = SuccessiveBroadcast) by exact K.
  assert (F' : free_problem (nnodes (s_net s')) (bsize (s_prob s')) (s_prob s')).
  { change (free_problem (nnodes (s_net s)) (bsize (s_prob s)) (relabel_prob f (s_prob s))).
    apply (relabel_free f _ _ _ Inj). rewrite En, B. exact F0. }
  assert (Le' : (length (s_steps s') <= T)%nat) by (simpl; rewrite map_length; exact Le).
  assert (Nd' : NoDup (srcs (s_prob s'))) by (destruct F' as (_ & _ & N' & _); exact N').
  assert (Hn : 0 < nnodes net) by lia.
  exists (val (W s' (nnodes net) (nnodes net) T)). intros c Hc.
  unfold free_sym_cnf in Hc. apply in_app_or in Hc as [Hc|Hc].
  - (* free_cnf *)
    pose proof (free_W s' T V' F' Le' c) as Wc.
    assert (E1 : s_net s' = net) by exact En. assert (E2 : s_model s' = m) by exact Em.
    assert (E3 : bsize (s_prob s') = b) by exact B.
    rewrite E1, E2, E3 in Wc. apply Wc. exact Hc.
  - destruct Hc as [<-|Hc].
    + (* broadcast 0 starts at node 0 *)
      apply (clause_in _ _ (pos (hidx (nnodes net) (nnodes net) 0 0 0))); [left; reflexivity|].
      rewrite lit_pos, W_h by (auto; lia).
      unfold hval, holdsb. cbn [firstn]. apply orb_true_iff. left. apply N.eqb_eq.
      change (orig_of s' 0) with (origin (relabel_prob f (s_prob s)) (nnodes (s_net s)) 0).
      unfold origin. cbn [kind relabel_prob srcs]. rewrite K. change (N.to_nat 0) with 0%nat.
      rewrite (nth_indep _ 0 (f 0))
        by (rewrite map_length; destruct (srcs (s_prob s)); [contradiction|simpl; lia]).
      rewrite map_nth. symmetry. exact Z.
    + (* the early-send units *)
      unfold early_units in Hc. apply in_flat_map in Hc as (t & Ht & Hc). apply in_seq in Ht.
      apply in_flat_map in Hc as (i & Hi & Hc). apply filter_In in Hi as [Hi Hti].
      apply Nrange_iff in Hi. apply N.ltb_lt in Hti.
      apply in_map_iff in Hc as ([u v] & <- & Huv). apply arcs_range in Huv as [Hu' Hv'].
      apply (clause_in _ _ (neg (sidx (nnodes net) (nnodes net) T t i (fst (u, v)) (snd (u, v))))); [left; reflexivity|].
      cbn [fst snd]. rewrite lit_neg, W_s by auto. apply negb_true_iff.
      unfold sval. destruct (sentb (nth t (s_steps s') []) i u v) eqn:Sn; [exfalso|reflexivity].
      unfold sentb in Sn. apply existsb_exists in Sn as (x & Hx & Sx).
      apply andb_true_iff in Sx as [_ Sx]. apply memN_sound in Sx.
      destruct (lt_dec t (length (s_steps s'))) as [Lt'|Ge].
      * destruct (nth_split (s_steps s') [] Lt') as (l1 & l2 & E1 & L1).
        pose proof (no_early_send s' V' K' Nd' l1 _ l2 E1 x i Hx Sx). lia.
      * rewrite nth_overflow in Hx by lia. exact Hx.
Qed.

(* The premise is what schedcert-lrat --slow --synth establishes on a SPEC with "allocation
   free-sym" (Lrat.v's check_proof); the default run (LratFast.v) establishes free_sym_from_unsat's. *)
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
