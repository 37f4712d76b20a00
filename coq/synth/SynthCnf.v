(* The time-indexed synthesis CNF "a schedule of at most T steps exists", generated in Coq from
   (network, model, problem, T) over the schedule model of coq/Rules.v, and the direction of its
   correctness that an UNSAT certificate needs (synth_sat): every valid schedule of at most T
   steps gives a satisfying valuation. Hence (synth_from_lrat) a proof accepted by the verified
   LRAT checker (coq/lrat/Lrat.v, check_proof_sound) on synth_cnf net m p T proves that every
   valid schedule of that network, model and problem has more than T steps.

   This is the verified path of issue 26: the C++ writes the same clauses in the same order
   (encodings/synth/coq_cnf.cpp) and schedcert-lrat --synth regenerates them with the extracted
   synth_cnf and compares. It is NOT the CNF of encodings/synth/timeindexed.cpp (the item-flow core with
   pruning, slack, reception and cut counts, symmetry breaking): those rules exist for speed
   and are left out here (docs/coq.md measures what that costs).

   Variables (0-based index x, DIMACS variable x + 1), n = nnodes net, I = num_items p n:
   - H t i v  (t = 0..T, i < I, v < n): "v holds i after the first t steps",
     index (t I + i) n + v;
   - S t i u v (t < T, i < I, u, v < n): "a transmission of step t goes from u to v with i in
     its packet", index (T + 1) I n + ((t I + i) n + u) n + v (only adjacent (u, v) occur).
   Clauses, in this order:
   - init: H 0 i v if v is the origin of i, else -H 0 i v (for i, then v);
   - per step t (in order), for the items i and the arcs (u, v) (u increasing, then v):
     evolve   -H (t+1) i v | H t i v | S t i u1 v | ... over the in-neighbours u of v
              (for i, then v);
     causal   -S t i u v | H t i u;
     order    (successive broadcasts, i > 0) -S t i u v | H t i v | H t (i-1) v, and when u is
              the source of i also -S t i u v | H t (i-1) u;
     conflict -S t a | -S t b for every pair a before b of sends (i, u, v) that no valid step
              holds together (conflict: one packet cannot hold both items, two transmissions on
              one link beyond its capacity, the port rule of the model);
   - goal: H T i v for every node v that needs item i.
   Left out (sound to leave out: every clause is true of every valid schedule; only the
   strength of the CNF suffers): no_duplicate (combining problems), the packet bound B when
   B >= 2 (a packet of a non-combining problem is then of any size here), allreduce's complete
   values. With B = 1 (or a combining problem without duplicates) a model of the CNF is a
   schedule. *)
From Coq Require Import List Arith NArith ZArith Bool Lia.
From Schedcert Require Import Rules Checker Completeness.
From Schedcert.lrat Require Import Cnf Lrat.
Import ListNotations.
Open Scope N_scope.

(* ------------------------------------------------------------------ *)
(* The CNF. *)

Definition pos (x : N) : lit := Zpos (N.succ_pos x).
Definition neg (x : N) : lit := Zneg (N.succ_pos x).

Definition needsb (t : option N) (v : N) : bool :=
  match t with None => true | Some w => v =? w end.

Definition hidx (I n : N) (t : nat) (i v : N) : N := (N.of_nat t * I + i) * n + v.
Definition hbase (I n : N) (T : nat) : N := (N.of_nat T + 1) * I * n.
Definition sidx (I n : N) (T t : nat) (i u v : N) : N :=
  hbase I n T + ((N.of_nat t * I + i) * n + u) * n + v.

(* Two different items that one packet cannot hold together. *)
Definition pktc (p : problem) (n i j : N) : bool :=
  negb (i =? j) &&
  (if combining p then negb (opteqb (target p n i) (target p n j)) else bsize p =? 1).

Definition is_allport (m : cmodel) : bool := match m with AllPort => true | _ => false end.

(* Sends a = (i, u, v) and b = (j, u', v') that no valid step holds together. *)
Definition conflict (net : network) (m : cmodel) (p : problem) (a b : N * N * N) : bool :=
  let '(i, u, v) := a in let '(j, u', v') := b in
  let n := nnodes net in
  if (u =? u') && (v =? v') then
    pktc p n i j && (negb (is_allport m) || (link_cap net u v <=? 1))
  else if u =? u' then
    match m with AllPort => false | ShoutWhisper => pktc p n i j | _ => true end
  else if v =? v' then
    match m with AllPort => false | _ => true end
  else if (u =? v') || (v =? u') then
    match m with SinglePortHalf | ShoutWhisper => true | _ => false end
  else false.

(* The pairs (a, b), a before b in l, with c a b. *)
Fixpoint pairs {A} (c : A -> A -> bool) (l : list A) : list (A * A) :=
  match l with
  | [] => []
  | x :: r => map (fun y => (x, y)) (filter (c x) r) ++ pairs c r
  end.

Definition arcs (net : network) : list (N * N) :=
  let nodes := Nrange (nnodes net) in
  flat_map (fun u => map (fun v => (u, v)) (filter (adjb net u) nodes)) nodes.

Definition sends (net : network) (p : problem) : list (N * N * N) :=
  flat_map (fun i => map (fun a => (i, fst a, snd a)) (arcs net))
    (Nrange (num_items p (nnodes net))).

Definition step_clauses (net : network) (p : problem) (T : nat) (prs : list ((N * N * N) * (N * N * N)))
    (t : nat) : cnf :=
  let n := nnodes net in let I := num_items p n in
  let nodes := Nrange n in
  let Hv t i v := hidx I n t i v in
  let Sv i u v := sidx I n T t i u v in
  let snd3 (a : N * N * N) := let '(i, u, v) := a in Sv i u v in
  flat_map (fun i => map (fun v =>
      [neg (Hv (Datatypes.S t) i v); pos (Hv t i v)] ++ map (fun u => pos (Sv i u v)) (filter (fun u => adjb net u v) nodes))
    nodes) (Nrange I) ++
  map (fun a => let '(i, u, v) := a in [neg (Sv i u v); pos (Hv t i u)]) (sends net p) ++
  (if ordered p then
     flat_map (fun a => let '(i, u, v) := a in
       if 0 <? i then
         [neg (Sv i u v); pos (Hv t i v); pos (Hv t (i - 1) v)] ::
         (if u =? origin p n i then [[neg (Sv i u v); pos (Hv t (i - 1) u)]] else [])
       else []) (sends net p)
   else []) ++
  map (fun ab => [neg (snd3 (fst ab)); neg (snd3 (snd ab))]) prs.

Definition synth_cnf (net : network) (m : cmodel) (p : problem) (T : nat) : cnf :=
  let n := nnodes net in let I := num_items p n in
  let nodes := Nrange n in
  let prs := pairs (conflict net m p) (sends net p) in
  flat_map (fun i => map (fun v =>
      if v =? origin p n i then [pos (hidx I n 0 i v)] else [neg (hidx I n 0 i v)]) nodes) (Nrange I) ++
  flat_map (step_clauses net p T prs) (seq 0 T) ++
  flat_map (fun i => map (fun v => [pos (hidx I n T i v)])
                       (filter (needsb (target p n i)) nodes)) (Nrange I).

(* ------------------------------------------------------------------ *)
(* The intended valuation of a schedule. *)

Definition sentb (st : Rules.step) (i u v : N) : bool :=
  existsb (fun x => (src x =? u) && (dst x =? v) && memN i (pkt x)) st.

Definition hval (s : schedule) (t : nat) (i v : N) : bool :=
  holdsb (orig_of s) (firstn t (s_steps s)) v i.
Definition sval (s : schedule) (t : nat) (i u v : N) : bool :=
  sentb (nth t (s_steps s) []) i u v.

Definition W (s : schedule) (I n : N) (T : nat) (x : N) : bool :=
  if x <? hbase I n T then
    let q := x / n in hval s (N.to_nat (q / I)) (q mod I) (x mod n)
  else
    let y := x - hbase I n T in let q := y / n in let q2 := q / n in
    sval s (N.to_nat (q2 / I)) (q2 mod I) (q mod n) (y mod n).

Definition val (w : N -> bool) : valuation := fun q => w (N.pred (Npos q)).

Lemma pred_succ_pos : forall x, Pos.pred_N (N.succ_pos x) = x.
Proof. intros [|q]; simpl; [reflexivity|apply Pos.pred_N_succ]. Qed.

Lemma lit_pos : forall w x, lit_true (val w) (pos x) = w x.
Proof. intros. unfold pos, val. simpl. rewrite pred_succ_pos. reflexivity. Qed.

Lemma lit_neg : forall w x, lit_true (val w) (neg x) = negb (w x).
Proof. intros. unfold neg, val. simpl. rewrite pred_succ_pos. reflexivity. Qed.

Lemma clause_in : forall v c l, In l c -> lit_true v l = true -> clause_true v c = true.
Proof. intros. unfold clause_true. apply existsb_exists. eauto. Qed.

Lemma divmod_lin : forall a b m, b < m -> (a * m + b) / m = a /\ (a * m + b) mod m = b.
Proof.
  intros a b m H. split.
  - symmetry. apply (N.div_unique _ _ _ b); auto. lia.
  - symmetry. apply (N.mod_unique _ _ a); auto. lia.
Qed.

Lemma W_h : forall s I n T t i v, (t <= T)%nat -> i < I -> v < n ->
  W s I n T (hidx I n t i v) = hval s t i v.
Proof.
  intros s I n T t i v Ht Hi Hv. unfold W, hidx, hbase.
  assert (Lt : (N.of_nat t * I + i) * n + v < (N.of_nat T + 1) * I * n).
  { assert (A : N.of_nat t * I + i < (N.of_nat T + 1) * I) by nia. nia. }
  apply N.ltb_lt in Lt. rewrite Lt.
  destruct (divmod_lin (N.of_nat t * I + i) v n Hv) as [D M]. rewrite D, M.
  destruct (divmod_lin (N.of_nat t) i I Hi) as [D2 M2]. rewrite D2, M2, Nat2N.id. reflexivity.
Qed.

Lemma W_s : forall s I n T t i u v, i < I -> u < n -> v < n ->
  W s I n T (sidx I n T t i u v) = sval s t i u v.
Proof.
  intros s I n T t i u v Hi Hu Hv. unfold W, sidx.
  replace (hbase I n T + ((N.of_nat t * I + i) * n + u) * n + v <? hbase I n T) with false
    by (symmetry; apply N.ltb_ge; lia).
  replace (hbase I n T + ((N.of_nat t * I + i) * n + u) * n + v - hbase I n T)
    with (((N.of_nat t * I + i) * n + u) * n + v) by lia.
  destruct (divmod_lin ((N.of_nat t * I + i) * n + u) v n Hv) as [D M]. rewrite D, M.
  destruct (divmod_lin (N.of_nat t * I + i) u n Hu) as [D2 M2]. rewrite D2, M2.
  destruct (divmod_lin (N.of_nat t) i I Hi) as [D3 M3]. rewrite D3, M3, Nat2N.id. reflexivity.
Qed.

(* ------------------------------------------------------------------ *)
(* Facts about schedules. *)

Lemma Nrange_iff : forall i n, In i (Nrange n) <-> i < n.
Proof. intros. split; [apply Nrange_lt|apply Nrange_in]. Qed.

Lemma sentb_spec : forall st i u v, sentb st i u v = true <->
  exists x, In x st /\ src x = u /\ dst x = v /\ In i (pkt x).
Proof.
  intros. unfold sentb. rewrite existsb_exists. split.
  - intros (x & Hx & E). apply andb_true_iff in E as [E E3]. apply andb_true_iff in E as [E1 E2].
    apply N.eqb_eq in E1, E2. exists x. repeat split; auto. apply memN_sound; auto.
  - intros (x & Hx & E1 & E2 & E3). exists x. split; auto. subst.
    rewrite !N.eqb_refl. simpl. apply memN_complete; auto.
Qed.

Lemma split_at : forall (l : list Rules.step) t st, nth_error l t = Some st ->
  l = firstn t l ++ st :: skipn (S t) l.
Proof.
  intros l t st H. destruct (nth_error_split l t H) as (l1 & l2 & E & Len).
  subst l t. rewrite firstn_app, Nat.sub_diag, firstn_all, firstn_O, app_nil_r.
  rewrite skipn_app. replace (S (length l1) - length l1)%nat with 1%nat by lia.
  rewrite skipn_all2 by lia. reflexivity.
Qed.

Lemma nth_step : forall (l : list Rules.step) t, nth t l [] = [] \/ nth_error l t = Some (nth t l []).
Proof.
  intros l t. destruct (nth_error l t) eqn:E.
  - right. rewrite (nth_error_nth l t [] E). auto.
  - left. apply nth_error_None in E. apply nth_overflow. auto.
Qed.

Lemma firstn_S : forall (l : list Rules.step) t,
  firstn (S t) l = firstn t l ++ (match nth_error l t with Some x => [x] | None => [] end).
Proof.
  induction l as [|x l IH]; intros [|t]; simpl; auto. f_equal. apply IH.
Qed.

Lemma received_app : forall a b v i, receivedb (a ++ b) v i = receivedb a v i || receivedb b v i.
Proof. intros. unfold receivedb. apply existsb_app. Qed.

(* Two different elements with the same key: the keys are not NoDup. *)
Lemma nodup_two : forall (A : Type) (f : A -> N) (l : list A) x y,
  In x l -> In y l -> x <> y -> f x = f y -> ~ NoDup (map f l).
Proof.
  intros A f l x y Hx Hy Hne E Hn. induction l as [|z l IH]; [destruct Hx|].
  simpl in Hn. inversion Hn as [|? ? Hz Hr]; subst.
  destruct Hx as [<-|Hx], Hy as [<-|Hy].
  - contradiction.
  - apply Hz. rewrite E. apply in_map. auto.
  - apply Hz. rewrite <- E. apply in_map. auto.
  - auto.
Qed.

Lemma nodup_app_both : forall (l1 l2 : list N) a, In a l1 -> In a l2 -> ~ NoDup (l1 ++ l2).
Proof.
  intros l1 l2 a H1 H2 Hn. induction l1 as [|z l1 IH]; [destruct H1|].
  simpl in Hn. inversion Hn as [|? ? Hz Hr]; subst.
  destruct H1 as [<-|H1].
  - apply Hz. apply in_or_app. auto.
  - auto.
Qed.

Lemma nodup_app_l : forall (l1 l2 : list N), NoDup (l1 ++ l2) -> NoDup l1.
Proof.
  induction l1 as [|z l1 IH]; intros l2 H; [constructor|]. simpl in H. inversion H; subst.
  constructor; eauto. intros Hz. apply H2. apply in_or_app. auto.
Qed.

Lemma nodup_app_r : forall (l1 l2 : list N), NoDup (l1 ++ l2) -> NoDup l2.
Proof.
  induction l1 as [|z l1 IH]; intros l2 H; auto. simpl in H. inversion H; subst. eauto.
Qed.

Lemma filter_two : forall (A : Type) (f : A -> bool) l x y, In x l -> In y l -> x <> y ->
  f x = true -> f y = true -> (2 <= length (filter f l))%nat.
Proof.
  intros A f l x y Hx Hy Hne Fx Fy. induction l as [|z l IH]; [destruct Hx|].
  simpl. destruct Hx as [<-|Hx], Hy as [<-|Hy].
  - contradiction.
  - rewrite Fx. simpl. assert (0 < length (filter f l))%nat; [|lia].
    destruct (filter f l) eqn:E; simpl; [|lia]. assert (In y (filter f l)) by (apply filter_In; auto).
    rewrite E in H. destruct H.
  - rewrite Fy. simpl. assert (0 < length (filter f l))%nat; [|lia].
    destruct (filter f l) eqn:E; simpl; [|lia]. assert (In x (filter f l)) by (apply filter_In; auto).
    rewrite E in H. destruct H.
  - destruct (f z); simpl; specialize (IH Hx Hy); lia.
Qed.

Lemma pairs_in : forall (A : Type) (c : A -> A -> bool) l a b, In (a, b) (pairs c l) ->
  In a l /\ In b l /\ c a b = true.
Proof.
  intros A c l. induction l as [|x r IH]; intros a b H; simpl in H; [destruct H|].
  apply in_app_or in H as [H|H].
  - apply in_map_iff in H as (y & E & Hy). injection E as <- <-. apply filter_In in Hy as [Hy C].
    repeat split; simpl; auto.
  - destruct (IH a b H) as (A1 & A2 & A3). repeat split; simpl; auto.
Qed.

(* The packet of a valid step cannot hold two items that pktc separates. *)
Lemma pktc_sound : forall p n x i j, packet_ok p n x -> In i (pkt x) -> In j (pkt x) ->
  pktc p n i j = true -> False.
Proof.
  intros p n x i j [P1 [P2 [P3 [P4 P5]]]] Hi Hj C. unfold pktc in C.
  apply andb_true_iff in C as [C1 C2]. apply negb_true_iff, N.eqb_neq in C1.
  destruct (combining p) eqn:Cb.
  - rewrite (P5 eq_refl i j Hi Hj) in C2. rewrite opteqb_refl in C2. discriminate.
  - apply N.eqb_eq in C2. specialize (P4 eq_refl). rewrite C2 in P4.
    destruct (pkt x) as [|a [|b r]]; simpl in *; lia.
Qed.

Lemma link_two : forall net st x y, link_ok net st -> In x st -> In y st -> x <> y ->
  src x = src y -> dst x = dst y -> link_cap net (src x) (dst x) <= 1 -> False.
Proof.
  intros net st x y Hl Hx Hy Hne Es Ed Hc. specialize (Hl x Hx).
  assert (L : (2 <= link_load st (src x) (dst x))%nat).
  { unfold link_load. apply filter_two with x y; auto; unfold on_link.
    - rewrite !N.eqb_refl. auto.
    - rewrite Es, Ed, !N.eqb_refl. auto. }
  lia.
Qed.

Lemma tx_eq_dec : forall x y : tx, {x = y} + {x <> y}.
Proof. decide equality; try apply N.eq_dec. apply (list_eq_dec N.eq_dec). Qed.

(* No valid step holds two sends that conflict. *)
Lemma conflict_sound : forall s st a b, step_ok s st ->
  conflict (s_net s) (s_model s) (s_prob s) a b = true ->
  (let '(i, u, v) := a in sentb st i u v) = true ->
  (let '(i, u, v) := b in sentb st i u v) = true -> False.
Proof.
  intros s st [[i u] v] [[j u'] v'] [Hx [Hl Hp]] C Sa Sb.
  apply sentb_spec in Sa as (x & Hx1 & Sx & Dx & Ix).
  apply sentb_spec in Sb as (y & Hy1 & Sy & Dy & Iy).
  destruct (Hx x Hx1) as [_ Px]. destruct (Hx y Hy1) as [_ Py].
  unfold conflict in C.
  destruct (N.eqb_spec u u') as [Eu|Eu]; destruct (N.eqb_spec v v') as [Ev|Ev]; simpl in C.
  - (* the same link *)
    subst u' v'. apply andb_true_iff in C as [C1 C2].
    destruct (tx_eq_dec x y) as [E|Ne]; [subst y; exact (pktc_sound _ _ x i j Px Ix Iy C1)|].
    destruct (s_model s); simpl in C2, Hp.
    + apply N.leb_le in C2. apply (link_two _ _ x y Hl Hx1 Hy1 Ne); congruence.
    + destruct Hp as [Hp _]. apply (nodup_two _ src st x y Hx1 Hy1 Ne); congruence.
    + apply (nodup_two _ src st x y Hx1 Hy1 Ne); [congruence|].
      eapply nodup_app_l; eauto.
    + destruct Hp as [_ [Hp _]]. apply (nodup_two _ dst st x y Hx1 Hy1 Ne); congruence.
  - (* same sender, different receivers *)
    subst u'. assert (Ne : x <> y) by (intros <-; congruence).
    destruct (s_model s); simpl in Hp; try discriminate.
    + destruct Hp as [Hp _]. apply (nodup_two _ src st x y Hx1 Hy1 Ne); congruence.
    + apply (nodup_two _ src st x y Hx1 Hy1 Ne); [congruence|].
      eapply nodup_app_l; eauto.
    + destruct Hp as [Hs _]. apply (Hs x y Hx1 Hy1 ltac:(congruence)) in Ix.
      eapply pktc_sound; [exact Py|exact Ix|exact Iy|exact C].
  - (* different senders, same receiver *)
    subst v'. assert (Ne : x <> y) by (intros <-; congruence).
    destruct (s_model s); simpl in Hp; try discriminate.
    + destruct Hp as [_ Hp]. apply (nodup_two _ dst st x y Hx1 Hy1 Ne); congruence.
    + apply (nodup_two _ dst st x y Hx1 Hy1 Ne); [congruence|].
      eapply nodup_app_r; eauto.
    + destruct Hp as [_ [Hp _]]. apply (nodup_two _ dst st x y Hx1 Hy1 Ne); congruence.
  - (* a node that sends and receives *)
    destruct (N.eqb_spec u v') as [E1|E1]; destruct (N.eqb_spec v u') as [E2|E2]; simpl in C;
      try discriminate; destruct (s_model s) eqn:Em; try discriminate; simpl in Hp.
    + apply (nodup_app_both (map src st) (map dst st) (src x)); auto;
        [apply in_map; auto|rewrite Sx, E1, <- Dy; apply in_map; auto].
    + destruct Hp as [_ [_ Hp]]. apply (Hp x y Hx1 Hy1); congruence.
    + apply (nodup_app_both (map src st) (map dst st) (src x)); auto;
        [apply in_map; auto|rewrite Sx, E1, <- Dy; apply in_map; auto].
    + destruct Hp as [_ [_ Hp]]. apply (Hp x y Hx1 Hy1); congruence.
    + apply (nodup_app_both (map src st) (map dst st) (src y)); auto;
        [apply in_map; auto|rewrite Sy, <- E2, <- Dx; apply in_map; auto].
    + destruct Hp as [_ [_ Hp]]. apply (Hp y x Hy1 Hx1); congruence.
Qed.

(* ------------------------------------------------------------------ *)
(* The main theorem. *)

Lemma sends_in : forall net p i u v, In (i, u, v) (sends net p) ->
  i < num_items p (nnodes net) /\ u < nnodes net /\ v < nnodes net /\ adjb net u v = true.
Proof.
  intros net p i u v H. unfold sends, arcs in H.
  apply in_flat_map in H as (i' & Hi & H). apply in_map_iff in H as ([u' v'] & E & H).
  simpl in E. injection E as <- <- <-.
  apply in_flat_map in H as (u0 & Hu & H). apply in_map_iff in H as (v0 & E & H).
  injection E as <- <-. apply filter_In in H as [Hv A]. rewrite Nrange_iff in Hi, Hu, Hv. auto.
Qed.

Lemma sval_step : forall s t i u v, sval s t i u v = true ->
  exists st, nth_error (s_steps s) t = Some st /\ sentb st i u v = true.
Proof.
  intros s t i u v H. unfold sval in H. destruct (nth_step (s_steps s) t) as [E|E].
  - rewrite E in H. discriminate.
  - eexists. split; eauto.
Qed.

Lemma lt_of_adjacent : forall net u v, adjacent net u v -> u < nnodes net /\ v < nnodes net.
Proof. intros net u v [H1 [H2 _]]. auto. Qed.

(* The valuation of a valid schedule, val (W s I n T), satisfies every clause (synth_sat; also
   used by SynthFree.v for the free allocation). *)
Lemma synth_W : forall s T, valid s -> (length (s_steps s) <= T)%nat ->
  forall c, In c (synth_cnf (s_net s) (s_model s) (s_prob s) T) ->
  clause_true (val (W s (num_items (s_prob s) (nnodes (s_net s))) (nnodes (s_net s)) T)) c = true.
Proof.
  intros s T Hv HT c Hc.
  destruct Hv as [Hpo [Hst [Hcaus [_ [Hord Hcomp]]]]].
  set (net := s_net s) in *. set (p := s_prob s) in *.
  set (n := nnodes net) in *. set (I := num_items p n) in *.
  assert (Orig : orig_of s = origin p n) by reflexivity.
  unfold synth_cnf in Hc. fold n I in Hc.
  apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]].
  - (* init *)
    apply in_flat_map in Hc as (i & Hi & Hc). apply in_map_iff in Hc as (v & <- & Hv).
    rewrite Nrange_iff in Hi, Hv.
    assert (E : W s I n T (hidx I n 0 i v) = (v =? origin p n i)).
    { rewrite W_h by (auto; lia). unfold hval, holdsb, receivedb. simpl. rewrite orb_false_r. reflexivity. }
    destruct (v =? origin p n i) eqn:Ev.
    + apply (clause_in _ _ (pos (hidx I n 0 i v))); [left; auto|]. rewrite lit_pos, E. auto.
    + apply (clause_in _ _ (neg (hidx I n 0 i v))); [left; auto|]. rewrite lit_neg, E. auto.
  - (* the steps *)
    apply in_flat_map in Hc as (t & Ht & Hc). apply in_seq in Ht. unfold step_clauses in Hc.
    fold n I in Hc.
    apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]; [|apply in_app_or in Hc as [Hc|Hc]]].
    + (* evolve *)
      apply in_flat_map in Hc as (i & Hi & Hc). apply in_map_iff in Hc as (v & <- & Hv).
      rewrite Nrange_iff in Hi, Hv.
      destruct (W s I n T (hidx I n (S t) i v)) eqn:H1;
        [|apply (clause_in _ _ (neg (hidx I n (S t) i v))); [left; auto|rewrite lit_neg, H1; auto]].
      destruct (W s I n T (hidx I n t i v)) eqn:H0;
        [apply (clause_in _ _ (pos (hidx I n t i v))); [right; left; auto|rewrite lit_pos, H0; auto]|].
      rewrite W_h in H1, H0 by (auto; lia). unfold hval, holdsb in H1, H0.
      rewrite firstn_S in H1. apply orb_false_iff in H0 as [H0a H0b].
      rewrite H0a, received_app, H0b in H1. simpl in H1.
      destruct (nth_error (s_steps s) t) as [st|] eqn:Es; [|discriminate].
      unfold receivedb in H1. simpl in H1. rewrite orb_false_r in H1.
      apply existsb_exists in H1 as (x & Hx & Ex). apply andb_true_iff in Ex as [Ed Ei].
      apply N.eqb_eq in Ed. apply memN_sound in Ei.
      destruct (Hst st (nth_error_In _ _ Es)) as [Hxs _]. destruct (Hxs x Hx) as [Ha _].
      rewrite Ed in Ha. fold net in Ha. destruct (lt_of_adjacent _ _ _ Ha) as [Hu _].
      apply (clause_in _ _ (pos (sidx I n T t i (src x) v))).
      * right. right. apply (in_map (fun u => pos (sidx I n T t i u v))). apply filter_In. split; [apply Nrange_iff; auto|].
        apply adjb_complete. auto.
      * rewrite lit_pos, W_s by auto. unfold sval. rewrite (nth_error_nth _ _ _ Es).
        apply sentb_spec. exists x. auto.
    + (* causal *)
      apply in_map_iff in Hc as ([[i u] v] & <- & Ha). destruct (sends_in _ _ _ _ _ Ha) as (Hi & Hu & Hv & _). fold n I in Hi, Hu, Hv.
      destruct (W s I n T (sidx I n T t i u v)) eqn:S1;
        [|apply (clause_in _ _ (neg (sidx I n T t i u v))); [left; auto|rewrite lit_neg, S1; auto]].
      apply (clause_in _ _ (pos (hidx I n t i u))); [right; left; auto|].
      rewrite W_s in S1 by auto. rewrite lit_pos, W_h by (auto; lia).
      destruct (sval_step _ _ _ _ _ S1) as (st & Es & Hs). apply sentb_spec in Hs as (x & Hx & <- & _ & Hi').
      unfold hval. apply holdsb_complete. exact (Hcaus _ _ _ (split_at _ _ _ Es) x i Hx Hi').
    + (* order *)
      destruct (ordered p) eqn:Op; [|destruct Hc].
      apply in_flat_map in Hc as ([[i u] v] & Ha & Hc). destruct (sends_in _ _ _ _ _ Ha) as (Hi & Hu & Hv & _). fold n I in Hi, Hu, Hv.
      destruct (0 <? i) eqn:Hi0; [|destruct Hc]. apply N.ltb_lt in Hi0.
      assert (Hi1 : i - 1 < I) by lia.
      destruct (W s I n T (sidx I n T t i u v)) eqn:S1;
        [|destruct Hc as [<-|Hc]; [|destruct (u =? origin p n i); [destruct Hc as [<-|[]]|destruct Hc]];
          (apply (clause_in _ _ (neg (sidx I n T t i u v))); [left; auto|rewrite lit_neg, S1; auto])].
      rewrite W_s in S1 by auto.
      destruct (sval_step _ _ _ _ _ S1) as (st & Es & Hs). apply sentb_spec in Hs as (x & Hx & Sx & Dx & Hi').
      destruct (Hord Op _ _ _ (split_at _ _ _ Es) x i Hx Hi' Hi0) as [O1 O2].
      destruct Hc as [<-|Hc].
      * destruct O2 as [O2|O2]; rewrite Dx in O2; apply holdsb_complete in O2.
        -- apply (clause_in _ _ (pos (hidx I n t i v))); [right; left; auto|]. rewrite lit_pos, W_h by (auto; lia). exact O2.
        -- apply (clause_in _ _ (pos (hidx I n t (i - 1) v))); [right; right; left; auto|].
           rewrite lit_pos, W_h by (auto; lia). exact O2.
      * destruct (N.eqb_spec u (origin p n i)) as [Eo|Eo]; [|destruct Hc]. destruct Hc as [<-|[]].
        apply (clause_in _ _ (pos (hidx I n t (i - 1) u))); [right; left; auto|].
        rewrite lit_pos, W_h by (auto; lia). unfold hval. apply holdsb_complete.
        rewrite <- Sx. apply O1. rewrite Sx, Orig. exact Eo.
    + (* conflicts *)
      apply in_map_iff in Hc as ([[[i u] v] [[j u'] v']] & <- & Hab).
      apply pairs_in in Hab as (Ha & Hb & C). cbv beta iota zeta delta [fst snd].
      destruct (sends_in _ _ _ _ _ Ha) as (Hi & Hu & Hv & _). fold n I in Hi, Hu, Hv. destruct (sends_in _ _ _ _ _ Hb) as (Hj & Hu' & Hv' & _). fold n I in Hj, Hu', Hv'.
      destruct (W s I n T (sidx I n T t i u v)) eqn:S1;
        [|apply (clause_in _ _ (neg (sidx I n T t i u v))); [left; auto|rewrite lit_neg, S1; auto]].
      destruct (W s I n T (sidx I n T t j u' v')) eqn:S2;
        [|apply (clause_in _ _ (neg (sidx I n T t j u' v'))); [right; left; auto|rewrite lit_neg, S2; auto]].
      exfalso. rewrite W_s in S1, S2 by auto.
      destruct (sval_step _ _ _ _ _ S1) as (st & Es & H1). unfold sval in S2. rewrite (nth_error_nth _ _ _ Es) in S2.
      exact (conflict_sound s st (i, u, v) (j, u', v') (Hst st (nth_error_In _ _ Es)) C H1 S2).
  - (* goal *)
    apply in_flat_map in Hc as (i & Hi & Hc). apply in_map_iff in Hc as (v & <- & Hv).
    apply filter_In in Hv as [Hv Hn]. rewrite Nrange_iff in Hi, Hv.
    apply (clause_in _ _ (pos (hidx I n T i v))); [left; auto|].
    rewrite lit_pos, W_h by (auto; lia). unfold hval. rewrite firstn_all2 by exact HT.
    apply holdsb_complete. apply Hcomp; auto.
    change (needs (target p n i) v). unfold needsb in Hn. destruct (target p n i); simpl; auto. apply N.eqb_eq. exact Hn.
Qed.

Theorem synth_sat : forall s T, valid s -> (length (s_steps s) <= T)%nat ->
  satisfiable (synth_cnf (s_net s) (s_model s) (s_prob s) T).
Proof. intros s T Hv HT. eexists. exact (synth_W s T Hv HT). Qed.

(* The form an UNSAT certificate gives: every valid schedule of this network, model and problem
   has more than T steps. Its premise is what the default schedcert-lrat --synth run establishes
   (LratFast.v's fcheck_proof accepted an LRAT proof on the extracted synth_cnf, hence
   fcheck_proof_sound). *)
Theorem synth_from_unsat : forall net m p T,
  unsatisfiable (synth_cnf net m p T) ->
  forall s, valid s -> s_net s = net -> s_model s = m -> s_prob s = p -> (T < length (s_steps s))%nat.
Proof.
  intros net m p T Hu s Hv En Em Ep. destruct (le_lt_dec (length (s_steps s)) T) as [Le|Lt]; auto.
  exfalso. apply Hu. subst. apply synth_sat; auto.
Qed.

(* The premise is what schedcert-lrat --slow --synth establishes: the extracted check_proof of
   Lrat.v accepted an LRAT proof on the extracted synth_cnf. *)
Theorem synth_from_lrat : forall net m p T steps,
  check_proof (synth_cnf net m p T) steps = true ->
  forall s, valid s -> s_net s = net -> s_model s = m -> s_prob s = p -> (T < length (s_steps s))%nat.
Proof. intros net m p T steps H. apply synth_from_unsat. exact (check_proof_sound _ _ H). Qed.

(* ------------------------------------------------------------------ *)
(* Optima: a valid schedule of T steps (checked by Checker.v's check) and a refutation of
   T - 1 steps. *)

Definition optimal_steps (net : network) (m : cmodel) (p : problem) (T : nat) : Prop :=
  (exists s, valid s /\ s_net s = net /\ s_model s = m /\ s_prob s = p /\ length (s_steps s) = T) /\
  (forall s, valid s -> s_net s = net -> s_model s = m -> s_prob s = p -> (T <= length (s_steps s))%nat).

Theorem optimal_from_unsat : forall s T, check s = true -> length (s_steps s) = S T ->
  unsatisfiable (synth_cnf (s_net s) (s_model s) (s_prob s) T) ->
  optimal_steps (s_net s) (s_model s) (s_prob s) (S T).
Proof.
  intros s T Hc Hl Hu. split.
  - exists s. split; [apply check_sound; exact Hc|]. repeat split; auto.
  - intros s' Hv En Em Ep. apply (synth_from_unsat _ _ _ T Hu s' Hv En Em Ep).
Qed.

Theorem optimal_from_lrat : forall s T steps, check s = true -> length (s_steps s) = S T ->
  check_proof (synth_cnf (s_net s) (s_model s) (s_prob s) T) steps = true ->
  optimal_steps (s_net s) (s_model s) (s_prob s) (S T).
Proof. intros s T steps Hc Hl H. apply optimal_from_unsat; auto. exact (check_proof_sound _ _ H). Qed.

Print Assumptions synth_from_lrat.
Print Assumptions optimal_from_lrat.
