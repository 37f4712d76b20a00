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
