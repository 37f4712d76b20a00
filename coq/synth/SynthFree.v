(* Successive broadcasts with the allocation left free (issue 26; Desprez, Fraigniaud &
   Tourancheau 1993, "Successive broadcasts on hypercube", §2: each of the n nodes broadcasts one
   value, in an order and from an allocation that the schedule chooses). free_cnf net m b T is
   the query "for some allocation, a schedule of at most T steps exists", generated in Coq over
   the schedule model of coq/Rules.v; free_sat proves that every valid successive-broadcast
   schedule of at most T steps whose sources are ANY permutation of the nodes satisfies it.
   Hence (free_from_lrat) a proof accepted by the verified LRAT checker on free_cnf proves that
   every such schedule, whatever its allocation, has more than T steps.

   It is SynthCnf.v's synth_cnf with the sources left open, as encodings/synth/successive.hpp
   (SuccessiveEncoding) does: the allocation variable a(i, v) "v is the source of broadcast i"
   IS the holding variable H 0 i v (SynthCnf.v's layout with I = n items). Clauses, in order:
   - alloc (replaces init): for each item i: H 0 i 0 | ... | H 0 i (n-1), then
     -H 0 i v | -H 0 i w for the pairs v < w; then for each node v: H 0 0 v | ... | H 0 (n-1) v,
     then -H 0 i v | -H 0 j v for the pairs i < j (a bijection);
   - per step t: evolve, causal (as synth_cnf); order: for every send (i, u, v) with i > 0,
     -S t i u v | H t i v | H t (i-1) v and -S t i u v | -H 0 i u | H t (i-1) u (the source
     of i sends it only once it holds i-1: synth_cnf's clause for u = origin i, now guarded by
     the allocation variable); conflict (as synth_cnf);
   - goal: H T i v for every i and v.
   The items, packets and conflicts are those of free_prob n b (sources 0 .. n-1: only their
   number n matters here). The C++ mirror is encodings/synth/coq_cnf.cpp (free allocation); the
   checker regenerates the CNF with the extracted free_cnf (schedcert-lrat --synth, a SPEC with
   "allocation free"). No symmetry rule (broadcast 0 from node 0, ...) is in this CNF.

   The proof reuses SynthCnf.v: the clauses shared with synth_cnf (evolve, causal, the
   receiver's order clause, conflicts, goal) are clauses of synth_cnf for the schedule's own
   problem, so synth_W makes them true; the allocation clauses and the guarded source clause are
   proved here from NoDup and the length of the sources. *)
From Coq Require Import List Arith NArith ZArith Bool Lia.
From Schedcert Require Import Rules Checker Completeness.
From Schedcert.lrat Require Import Cnf Lrat.
From Schedcert.synth Require Import SynthCnf.
Import ListNotations.
Open Scope N_scope.

(* ------------------------------------------------------------------ *)
(* The CNF. *)

Definition free_prob (n b : N) : problem := Prob SuccessiveBroadcast 0 1 b (Nrange n).

Definition neqb (a b : N) : bool := negb (a =? b).

Definition alloc_clauses (n : N) : cnf :=
  let nodes := Nrange n in
  let A i v := hidx n n 0 i v in
  flat_map (fun i => map (fun v => pos (A i v)) nodes ::
                     map (fun vw => [neg (A i (fst vw)); neg (A i (snd vw))]) (pairs neqb nodes)) nodes ++
  flat_map (fun v => map (fun i => pos (A i v)) nodes ::
                     map (fun ij => [neg (A (fst ij) v); neg (A (snd ij) v)]) (pairs neqb nodes)) nodes.

Definition free_step_clauses (net : network) (b : N) (T : nat) (prs : list ((N * N * N) * (N * N * N)))
    (t : nat) : cnf :=
  let n := nnodes net in let I := n in
  let nodes := Nrange n in
  let pf := free_prob n b in
  let Hv t i v := hidx I n t i v in
  let Sv i u v := sidx I n T t i u v in
  let snd3 (a : N * N * N) := let '(i, u, v) := a in Sv i u v in
  flat_map (fun i => map (fun v =>
      [neg (Hv (Datatypes.S t) i v); pos (Hv t i v)] ++ map (fun u => pos (Sv i u v)) (filter (fun u => adjb net u v) nodes))
    nodes) (Nrange I) ++
  map (fun a => let '(i, u, v) := a in [neg (Sv i u v); pos (Hv t i u)]) (sends net pf) ++
  flat_map (fun a => let '(i, u, v) := a in
       if 0 <? i then
         [[neg (Sv i u v); pos (Hv t i v); pos (Hv t (i - 1) v)];
          [neg (Sv i u v); neg (Hv 0%nat i u); pos (Hv t (i - 1) u)]]
       else []) (sends net pf) ++
  map (fun ab => [neg (snd3 (fst ab)); neg (snd3 (snd ab))]) prs.

Definition free_cnf (net : network) (m : cmodel) (b : N) (T : nat) : cnf :=
  let n := nnodes net in
  let pf := free_prob n b in
  let prs := pairs (conflict net m pf) (sends net pf) in
  alloc_clauses n ++
  flat_map (free_step_clauses net b T prs) (seq 0 T) ++
  flat_map (fun i => map (fun v => [pos (hidx n n T i v)]) (Nrange n)) (Nrange n).

(* ------------------------------------------------------------------ *)
(* Lemmas. *)

Lemma Nrange_length : forall n, length (Nrange n) = N.to_nat n.
Proof. intros. unfold Nrange. rewrite map_length, seq_length. reflexivity. Qed.

Lemma free_items : forall n b, num_items (free_prob n b) n = n.
Proof. intros. change (N.of_nat (length (Nrange n)) = n). rewrite Nrange_length. apply N2Nat.id. Qed.

Lemma pairs_ext : forall (A : Type) (c c' : A -> A -> bool) l,
  (forall a b, c a b = c' a b) -> pairs c l = pairs c' l.
Proof.
  intros A c c' l E. induction l as [|x r IH]; simpl; auto.
  rewrite IH. f_equal. f_equal. apply filter_ext. auto.
Qed.

(* A successive-broadcast problem whose sources are n distinct nodes. *)
Definition free_problem (n b : N) (p : problem) : Prop :=
  kind p = SuccessiveBroadcast /\ bsize p = b /\ NoDup (srcs p) /\ length (srcs p) = N.to_nat n.

Lemma free_num_items : forall n b p, free_problem n b p -> num_items p n = n.
Proof. intros n b p (K & _ & _ & L). unfold num_items. rewrite K, L. apply N2Nat.id. Qed.

Lemma free_sends : forall net b p, free_problem (nnodes net) b p ->
  sends net (free_prob (nnodes net) b) = sends net p.
Proof. intros net b p F. unfold sends. rewrite free_items, (free_num_items _ _ _ F). reflexivity. Qed.

Lemma free_conflict : forall net m b p, free_problem (nnodes net) b p ->
  forall x y, conflict net m (free_prob (nnodes net) b) x y = conflict net m p x y.
Proof.
  intros net m b p (K & B & _) [[i u] v] [[j u'] v']. unfold conflict, pktc, combining.
  rewrite K, B. reflexivity.
Qed.

Lemma step_in_synth : forall net m p T t c, (t < T)%nat ->
  In c (step_clauses net p T (pairs (conflict net m p) (sends net p)) t) -> In c (synth_cnf net m p T).
Proof.
  intros net m p T t c Ht H. unfold synth_cnf. apply in_or_app. right. apply in_or_app. left.
  apply in_flat_map. exists t. split; auto. apply in_seq. lia.
Qed.

Lemma clause2 : forall w a b, clause_true w [a; b] = lit_true w a || lit_true w b.
Proof. intros. unfold clause_true. simpl. rewrite orb_false_r. reflexivity. Qed.

Lemma clause3 : forall w a b c, clause_true w [a; b; c] = lit_true w a || lit_true w b || lit_true w c.
Proof. intros. unfold clause_true. simpl. rewrite orb_false_r, orb_assoc. reflexivity. Qed.

Lemma nodup_cover : forall (l : list N) n, NoDup l -> length l = N.to_nat n ->
  (forall x, In x l -> x < n) -> forall v, v < n -> In v l.
Proof.
  intros l n Nd L B v Hv. apply (NoDup_length_incl (l' := Nrange n) Nd); auto.
  - rewrite Nrange_length, L. auto.
  - intros x Hx. apply Nrange_iff. auto.
  - apply Nrange_iff. auto.
Qed.

(* ------------------------------------------------------------------ *)
(* The main theorem. *)

(* The schedule's own valuation (SynthCnf.v's W) satisfies every clause of free_cnf; stated for
   W itself so that SynthSym.v can add clauses that W also satisfies. *)
Lemma free_W : forall s T, valid s -> free_problem (nnodes (s_net s)) (bsize (s_prob s)) (s_prob s) ->
  (length (s_steps s) <= T)%nat ->
  forall c, In c (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) ->
  clause_true (val (W s (nnodes (s_net s)) (nnodes (s_net s)) T)) c = true.
Proof.
  intros s T Hv F HT.
  pose proof (synth_W s T Hv HT) as SW.
  pose proof (free_num_items _ _ _ F) as EI. rewrite EI in SW.
  destruct Hv as [Hpo [Hst [Hcaus [_ [Hord Hcomp]]]]].
  set (net := s_net s) in *. set (p := s_prob s) in *. set (m := s_model s) in *.
  set (n := nnodes net) in *. set (b := bsize p) in *.
  destruct F as (K & _ & Nd & L).
  assert (Srcs : forall x, In x (srcs p) -> x < n).
  { destruct Hpo as (_ & _ & _ & _ & Ho & _). apply Ho. unfold ordered. fold p. rewrite K. reflexivity. }
  assert (H0 : forall i v, i < n -> v < n -> W s n n T (hidx n n 0 i v) = (v =? nth (N.to_nat i) (srcs p) 0)).
  { intros i v Hi Hv'. rewrite W_h by (auto; lia). unfold hval, holdsb, receivedb. simpl.
    rewrite orb_false_r. unfold orig_of, origin. fold p. rewrite K. reflexivity. }
  assert (Nth : forall i, i < n -> nth (N.to_nat i) (srcs p) 0 < n).
  { intros i Hi. apply Srcs. apply nth_In. rewrite L. lia. }
  intros c Hc. unfold free_cnf in Hc. fold n in Hc.
  apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]].
  - (* the allocation: a bijection *)
    unfold alloc_clauses in Hc. apply in_app_or in Hc as [Hc|Hc];
      apply in_flat_map in Hc as (x & Hx & Hc); apply Nrange_iff in Hx; destruct Hc as [<-|Hc].
    + (* item x has a source *)
      apply (clause_in _ _ (pos (hidx n n 0 x (nth (N.to_nat x) (srcs p) 0)))).
      * apply in_map_iff. eexists. split; [reflexivity|]. apply Nrange_iff. auto.
      * rewrite lit_pos, H0 by auto. apply N.eqb_refl.
    + (* item x has at most one source *)
      apply in_map_iff in Hc as ([v w] & <- & Hp). apply pairs_in in Hp as (Hv & Hw & Ne).
      apply Nrange_iff in Hv, Hw. unfold neqb in Ne. cbv beta iota delta [fst snd]. rewrite clause2.
      rewrite !lit_neg, !H0 by auto.
      destruct (N.eqb_spec v (nth (N.to_nat x) (srcs p) 0)) as [E|E]; simpl; auto.
      destruct (N.eqb_spec w (nth (N.to_nat x) (srcs p) 0)) as [E'|E']; simpl; auto.
      rewrite E, E', N.eqb_refl in Ne. discriminate.
    + (* node x is a source *)
      destruct (In_nth (srcs p) x 0 (nodup_cover _ _ Nd L Srcs x Hx)) as (k & Hk & Ek).
      apply (clause_in _ _ (pos (hidx n n 0 (N.of_nat k) x))).
      * apply in_map_iff. eexists. split; [reflexivity|]. apply Nrange_iff. lia.
      * rewrite lit_pos, H0 by lia. rewrite Nat2N.id, Ek. apply N.eqb_refl.
    + (* node x is the source of at most one item *)
      apply in_map_iff in Hc as ([i j] & <- & Hp). apply pairs_in in Hp as (Hi & Hj & Ne).
      apply Nrange_iff in Hi, Hj. unfold neqb in Ne. cbv beta iota delta [fst snd]. rewrite clause2.
      rewrite !lit_neg, !H0 by auto.
      destruct (N.eqb_spec x (nth (N.to_nat i) (srcs p) 0)) as [E|E]; simpl; auto.
      destruct (N.eqb_spec x (nth (N.to_nat j) (srcs p) 0)) as [E'|E']; simpl; auto.
      exfalso. apply negb_true_iff, N.eqb_neq in Ne. apply Ne.
      assert (N.to_nat i = N.to_nat j); [|lia].
      apply (proj1 (NoDup_nth (srcs p) 0) Nd); [lia|lia|congruence].
  - (* the steps *)
    apply in_flat_map in Hc as (t & Ht & Hc). apply in_seq in Ht.
    assert (Syn : forall c, In c (step_clauses net p T (pairs (conflict net m p) (sends net p)) t) ->
                  clause_true (val (W s n n T)) c = true).
    { intros c' Hc'. apply SW. apply (step_in_synth _ _ _ _ t); auto. lia. }
    unfold free_step_clauses in Hc. fold n in Hc.
    assert (ES : sends net (free_prob n b) = sends net p) by exact (free_sends net b p (conj K (conj eq_refl (conj Nd L)))).
    assert (EP : pairs (conflict net m (free_prob n b)) (sends net p) = pairs (conflict net m p) (sends net p))
      by exact (pairs_ext _ _ _ _ (free_conflict net m b p (conj K (conj eq_refl (conj Nd L))))).
    rewrite ES, EP in Hc.
    unfold step_clauses in Syn. fold n in Syn. rewrite EI in Syn.
    assert (Op : ordered p = true) by (unfold ordered; rewrite K; reflexivity). rewrite Op in Syn.
    apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]]].
    + (* evolve *)
      apply Syn. apply in_or_app. left. exact Hc.
    + (* causal *)
      apply Syn. apply in_or_app. right. apply in_or_app. left. exact Hc.
    + (* order *)
      apply in_flat_map in Hc as ([[i u] v] & Ha & Hc).
      destruct (0 <? i) eqn:Hi0; [|destruct Hc].
      destruct (sends_in _ _ _ _ _ Ha) as (Hi & Hu & Hv & _). fold n in Hi, Hu, Hv. rewrite EI in Hi.
      assert (InO : forall c', In c' (if u =? origin p n i then [[neg (sidx n n T t i u v); pos (hidx n n t (i - 1) u)]] else []) ->
                    clause_true (val (W s n n T)) c' = true).
      { intros c' Hc'. apply Syn. apply in_or_app. right. apply in_or_app. right. apply in_or_app. left.
        apply in_flat_map. exists (i, u, v). split; auto. rewrite Hi0. right. exact Hc'. }
      destruct Hc as [<-|[<-|[]]].
      * apply Syn. apply in_or_app. right. apply in_or_app. right. apply in_or_app. left.
        apply in_flat_map. exists (i, u, v). split; auto. rewrite Hi0. left. reflexivity.
      * (* the source's clause, guarded by the allocation variable *)
        destruct (W s n n T (hidx n n 0 i u)) eqn:A;
          [|apply (clause_in _ _ (neg (hidx n n 0 i u))); [right; left; auto|rewrite lit_neg, A; auto]].
        rewrite H0 in A by auto. apply N.eqb_eq in A.
        assert (Eo : (u =? origin p n i) = true).
        { apply N.eqb_eq. unfold origin. rewrite K. exact A. }
        specialize (InO _ ltac:(rewrite Eo; left; reflexivity)).
        rewrite clause2 in InO. rewrite clause3.
        apply orb_true_iff in InO as [X|X]; rewrite X; [reflexivity|rewrite !orb_true_r; reflexivity].
    + (* conflicts *)
      apply Syn. apply in_or_app. right. apply in_or_app. right. apply in_or_app. right. exact Hc.
  - (* goal *)
    apply in_flat_map in Hc as (i & Hi & Hc). apply in_map_iff in Hc as (v & <- & Hv).
    apply SW. unfold synth_cnf. fold n. rewrite EI. apply in_or_app. right. apply in_or_app. right.
    apply in_flat_map. exists i. split; auto. apply in_map_iff. exists v. split; auto.
    apply filter_In. split; auto. unfold target. rewrite K. reflexivity.
Qed.

Theorem free_sat : forall s T, valid s -> free_problem (nnodes (s_net s)) (bsize (s_prob s)) (s_prob s) ->
  (length (s_steps s) <= T)%nat ->
  satisfiable (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T).
Proof. intros s T Hv F HT. exists (val (W s (nnodes (s_net s)) (nnodes (s_net s)) T)). apply free_W; auto. Qed.

(* What an UNSAT certificate gives: every valid successive-broadcast schedule with packets of
   b items whose sources are n distinct nodes (any permutation of the nodes) has more than T
   steps. *)
Theorem free_from_unsat : forall net m b T,
  unsatisfiable (free_cnf net m b T) ->
  forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
  (T < length (s_steps s))%nat.
Proof.
  intros net m b T Hu s Hv En Em F. destruct (le_lt_dec (length (s_steps s)) T) as [Le|Lt]; auto.
  exfalso. apply Hu. subst net m. destruct F as (K & B & R).
  rewrite <- B. apply free_sat; auto. split; auto.
Qed.

(* The premise is what schedcert-lrat --slow --synth establishes on a SPEC with "allocation free"
   (Lrat.v's check_proof); the default run (LratFast.v) establishes free_from_unsat's. *)
Theorem free_from_lrat : forall net m b T steps,
  check_proof (free_cnf net m b T) steps = true ->
  forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
  (T < length (s_steps s))%nat.
Proof. intros net m b T steps H. apply free_from_unsat. exact (check_proof_sound _ _ H). Qed.

(* ------------------------------------------------------------------ *)
(* Optima over every allocation. *)

Definition optimal_free (net : network) (m : cmodel) (b : N) (T : nat) : Prop :=
  (exists s, valid s /\ s_net s = net /\ s_model s = m /\ free_problem (nnodes net) b (s_prob s) /\
             length (s_steps s) = T) /\
  (forall s, valid s -> s_net s = net -> s_model s = m -> free_problem (nnodes net) b (s_prob s) ->
             (T <= length (s_steps s))%nat).

Fixpoint nodupb (l : list N) : bool :=
  match l with [] => true | x :: r => negb (memN x r) && nodupb r end.

Lemma nodupb_sound : forall l, nodupb l = true -> NoDup l.
Proof.
  induction l as [|x r IH]; simpl; intros H; constructor.
  - apply andb_true_iff in H as [H _]. intros Hx. apply memN_complete in Hx. rewrite Hx in H. discriminate.
  - apply andb_true_iff in H as [_ H]. auto.
Qed.

(* The witness's allocation, checked by computation: a successive broadcast from n distinct
   sources. *)
Definition free_witnessb (s : schedule) : bool :=
  match kind (s_prob s) with SuccessiveBroadcast => true | _ => false end &&
  nodupb (srcs (s_prob s)) && (N.of_nat (length (srcs (s_prob s))) =? nnodes (s_net s)).

Lemma free_witnessb_sound : forall s, free_witnessb s = true ->
  free_problem (nnodes (s_net s)) (bsize (s_prob s)) (s_prob s).
Proof.
  intros s H. unfold free_witnessb in H. apply andb_true_iff in H as [H L].
  apply andb_true_iff in H as [K D]. repeat split.
  - destruct (kind (s_prob s)); try discriminate. reflexivity.
  - apply nodupb_sound. exact D.
  - apply N.eqb_eq in L. rewrite <- L. rewrite Nat2N.id. reflexivity.
Qed.

Theorem optimal_free_from_unsat : forall s T, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T ->
  unsatisfiable (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof.
  intros s T Hc Hw Hl Hu. split.
  - exists s. split; [apply check_sound; exact Hc|].
    split; [reflexivity|]. split; [reflexivity|]. split; [|exact Hl].
    apply free_witnessb_sound. exact Hw.
  - intros s' Hv En Em F. apply (free_from_unsat _ _ _ T Hu s' Hv En Em F).
Qed.

Theorem optimal_free_from_lrat : forall s T steps, check s = true -> free_witnessb s = true ->
  length (s_steps s) = S T ->
  check_proof (free_cnf (s_net s) (s_model s) (bsize (s_prob s)) T) steps = true ->
  optimal_free (s_net s) (s_model s) (bsize (s_prob s)) (S T).
Proof. intros s T steps Hc Hw Hl H. apply optimal_free_from_unsat; auto. exact (check_proof_sound _ _ H). Qed.

Print Assumptions free_from_lrat.
Print Assumptions optimal_free_from_lrat.
