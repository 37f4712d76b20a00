(* Schedcert.v: a Coq companion of schedcert's native verifier (issue 8, item 1).

   What it states, as Props (the meaning, independent of any algorithm):
   - networks: Cartesian products of K2, rings C_n, paths P_n and complete graphs K_n, node ids
     mixed radix with factor 0 the least significant digit (hypercube Q_d = d copies of K2);
     [adjacent] = both ids in range, exactly one digit differs and the factor graph joins the two
     digit values;
   - models: all-port, single-port-full, single-port-half, shout-whisper ([port_ok]);
   - problems: broadcast, scatter, gather, multinode broadcast, total exchange with the dense
     item numbering of schedules/problem.hpp and packets of at most B items;
   - rules: adjacency, packet, link capacity (one packet per directed link per step; a directed
     link of these networks is determined by its (from, to) pair), ports, store-and-forward
     causality (the sender holds every item of its packet at the start of the step: it is the
     item's origin or received it in an earlier step) and completion (every node that needs an
     item holds it after the last step); [valid] is their conjunction.
   The boolean [check] decides them by brute force over the lists (quadratic, simple to prove);
   [check_sound] proves [check s = true -> valid s]. No axioms, nothing admitted.
   Not covered: accumulation, multinode accumulation, successive broadcasts (combining and
   in-order rules); the exporter (witnesses/coq_export.cpp) refuses them. *)

From Coq Require Import List Arith NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- Networks ---------- *)

Inductive fkind := K2 | Ring | Path | Complete.
Record factor := Fac { fkind_of : fkind; fsize : N }.
Definition network := list factor.

Definition hypercube (d : nat) : network := repeat (Fac K2 2) d.

Fixpoint nnodes (net : network) : N :=
  match net with [] => 1 | f :: r => fsize f * nnodes r end.

(* Product of the sizes of factors 0 .. e-1. *)
Fixpoint stride (net : network) (e : nat) : N :=
  match e, net with
  | O, _ => 1
  | S e', f :: r => fsize f * stride r e'
  | S _, [] => 1
  end.

Definition dflt_factor := Fac K2 2.
Definition digit (net : network) (v : N) (e : nat) : N :=
  (v / stride net e) mod fsize (nth e net dflt_factor).

Definition fadj (f : factor) (a b : N) : Prop :=
  a <> b /\
  match fkind_of f with
  | K2 | Complete => True
  | Ring => b = (a + 1) mod fsize f \/ a = (b + 1) mod fsize f
  | Path => b = a + 1 \/ a = b + 1
  end.

Definition adjacent (net : network) (u v : N) : Prop :=
  u < nnodes net /\ v < nnodes net /\
  exists d, (d < length net)%nat /\
    fadj (nth d net dflt_factor) (digit net u d) (digit net v d) /\
    forall e, (e < length net)%nat -> e <> d -> digit net u e = digit net v e.

(* ---------- Models, problems, schedules ---------- *)

Inductive cmodel := AllPort | SinglePortFull | SinglePortHalf | ShoutWhisper.

Inductive pkind := Broadcast | Scatter | Gather | MultinodeBroadcast | TotalExchange.
Record problem := Prob { kind : pkind; root : N; msgs : N; bsize : N }.

Definition num_items (p : problem) (n : N) : N :=
  match kind p with
  | Broadcast => msgs p
  | Scatter | Gather | MultinodeBroadcast => n * msgs p
  | TotalExchange => n * n * msgs p
  end.

Definition origin (p : problem) (n i : N) : N :=
  match kind p with
  | Broadcast | Scatter => root p
  | Gather | MultinodeBroadcast => i / msgs p
  | TotalExchange => i / msgs p / n
  end.

(* None: every node needs the item; Some w: only w does. *)
Definition target (p : problem) (n i : N) : option N :=
  match kind p with
  | Broadcast | MultinodeBroadcast => None
  | Scatter => Some (i / msgs p)
  | Gather => Some (root p)
  | TotalExchange => Some ((i / msgs p) mod n)
  end.

Definition needs (t : option N) (v : N) : Prop :=
  match t with None => True | Some w => v = w end.

Record tx := Tx { src : N; dst : N; pkt : list N }.
Definition step := list tx.
Record schedule := Sched { s_net : network; s_model : cmodel; s_prob : problem; s_steps : list step }.

(* ---------- The rules (Props) ---------- *)

Definition packet_ok (p : problem) (n : N) (t : tx) : Prop :=
  pkt t <> [] /\ N.of_nat (length (pkt t)) <= bsize p /\ NoDup (pkt t) /\
  forall i, In i (pkt t) -> i < num_items p n.

Definition link_ok (st : step) : Prop := NoDup (map (fun t => (src t, dst t)) st).

Definition port_ok (m : cmodel) (st : step) : Prop :=
  match m with
  | AllPort => True
  | SinglePortFull => NoDup (map src st) /\ NoDup (map dst st)
  | SinglePortHalf => NoDup (map src st ++ map dst st)
  | ShoutWhisper =>
      (forall t1 t2, In t1 st -> In t2 st -> src t1 = src t2 -> pkt t1 = pkt t2) /\
      NoDup (map dst st) /\
      (forall t1 t2, In t1 st -> In t2 st -> src t1 <> dst t2)
  end.

Definition step_ok (s : schedule) (st : step) : Prop :=
  (forall t, In t st ->
     adjacent (s_net s) (src t) (dst t) /\ packet_ok (s_prob s) (nnodes (s_net s)) t) /\
  link_ok st /\ port_ok (s_model s) st.

Definition received (pre : list step) (v i : N) : Prop :=
  exists st t, In st pre /\ In t st /\ dst t = v /\ In i (pkt t).

(* Node v holds item i at the start of the step that follows the steps [pre]. *)
Definition holds (orig : N -> N) (pre : list step) (v i : N) : Prop :=
  v = orig i \/ received pre v i.

Definition causal (s : schedule) : Prop :=
  forall pre st post, s_steps s = pre ++ st :: post ->
  forall t i, In t st -> In i (pkt t) ->
  holds (origin (s_prob s) (nnodes (s_net s))) pre (src t) i.

Definition complete (s : schedule) : Prop :=
  let n := nnodes (s_net s) in
  forall i v, i < num_items (s_prob s) n -> v < n -> needs (target (s_prob s) n i) v ->
  holds (origin (s_prob s) n) (s_steps s) v i.

Definition problem_ok (s : schedule) : Prop :=
  root (s_prob s) < nnodes (s_net s) /\ 1 <= msgs (s_prob s) /\ 1 <= bsize (s_prob s).

Definition valid (s : schedule) : Prop :=
  problem_ok s /\ (forall st, In st (s_steps s) -> step_ok s st) /\ causal s /\ complete s.

(* ---------- The checker ---------- *)

Definition memN (x : N) (l : list N) : bool := existsb (N.eqb x) l.

Fixpoint nodupb {A} (eqb : A -> A -> bool) (l : list A) : bool :=
  match l with [] => true | x :: r => negb (existsb (eqb x) r) && nodupb eqb r end.

Fixpoint leqb (a b : list N) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => (x =? y) && leqb a' b'
  | _, _ => false
  end.

Definition paireqb (a b : N * N) : bool := (fst a =? fst b) && (snd a =? snd b).

Definition fadjb (f : factor) (a b : N) : bool :=
  negb (a =? b) &&
  match fkind_of f with
  | K2 | Complete => true
  | Ring => (b =? (a + 1) mod fsize f) || (a =? (b + 1) mod fsize f)
  | Path => (b =? a + 1) || (a =? b + 1)
  end.

Definition adjb (net : network) (u v : N) : bool :=
  let dims := seq 0 (length net) in
  (u <? nnodes net) && (v <? nnodes net) &&
  existsb (fun d => fadjb (nth d net dflt_factor) (digit net u d) (digit net v d) &&
                    forallb (fun e => Nat.eqb e d || (digit net u e =? digit net v e)) dims) dims.

Definition packet_okb (p : problem) (n : N) (t : tx) : bool :=
  negb (match pkt t with [] => true | _ => false end) &&
  (N.of_nat (length (pkt t)) <=? bsize p) && nodupb N.eqb (pkt t) &&
  forallb (fun i => i <? num_items p n) (pkt t).

Definition port_okb (m : cmodel) (st : step) : bool :=
  match m with
  | AllPort => true
  | SinglePortFull => nodupb N.eqb (map src st) && nodupb N.eqb (map dst st)
  | SinglePortHalf => nodupb N.eqb (map src st ++ map dst st)
  | ShoutWhisper =>
      forallb (fun t1 => forallb (fun t2 => negb (src t1 =? src t2) || leqb (pkt t1) (pkt t2)) st) st &&
      nodupb N.eqb (map dst st) &&
      forallb (fun t1 => forallb (fun t2 => negb (src t1 =? dst t2)) st) st
  end.

Definition step_okb (s : schedule) (st : step) : bool :=
  forallb (fun t => adjb (s_net s) (src t) (dst t) &&
                    packet_okb (s_prob s) (nnodes (s_net s)) t) st &&
  nodupb paireqb (map (fun t => (src t, dst t)) st) && port_okb (s_model s) st.

Definition receivedb (pre : list step) (v i : N) : bool :=
  existsb (fun st => existsb (fun t => (dst t =? v) && memN i (pkt t)) st) pre.

Definition holdsb (orig : N -> N) (pre : list step) (v i : N) : bool :=
  (v =? orig i) || receivedb pre v i.

Fixpoint causb (orig : N -> N) (pre rest : list step) : bool :=
  match rest with
  | [] => true
  | st :: r =>
      forallb (fun t => forallb (fun i => holdsb orig pre (src t) i) (pkt t)) st &&
      causb orig (pre ++ [st]) r
  end.

Definition Nrange (n : N) : list N := map N.of_nat (seq 0 (N.to_nat n)).

Definition completeb (s : schedule) : bool :=
  let n := nnodes (s_net s) in
  let p := s_prob s in
  forallb (fun i =>
    match target p n i with
    | None => forallb (fun v => holdsb (origin p n) (s_steps s) v i) (Nrange n)
    | Some w => negb (w <? n) || holdsb (origin p n) (s_steps s) w i
    end) (Nrange (num_items p n)).

Definition problem_okb (s : schedule) : bool :=
  (root (s_prob s) <? nnodes (s_net s)) && (1 <=? msgs (s_prob s)) && (1 <=? bsize (s_prob s)).

Definition check (s : schedule) : bool :=
  problem_okb s && forallb (step_okb s) (s_steps s) &&
  causb (origin (s_prob s) (nnodes (s_net s))) [] (s_steps s) && completeb s.

(* ---------- Soundness ---------- *)

Lemma nodupb_sound {A} (eqb : A -> A -> bool) (Hrefl : forall x, eqb x x = true) :
  forall l, nodupb eqb l = true -> NoDup l.
Proof.
  induction l as [|x r IH]; simpl; intros H.
  - constructor.
  - apply andb_true_iff in H as [H1 H2]. constructor; [|auto].
    intro Hin. apply negb_true_iff in H1.
    assert (existsb (eqb x) r = true) as E by (apply existsb_exists; eauto).
    congruence.
Qed.

Lemma paireqb_refl : forall x, paireqb x x = true.
Proof. intros [a b]; unfold paireqb; simpl; now rewrite !N.eqb_refl. Qed.

Lemma leqb_sound : forall a b, leqb a b = true -> a = b.
Proof.
  induction a as [|x a IH]; destruct b as [|y b]; simpl; try discriminate; auto.
  intros H; apply andb_true_iff in H as [H1 H2]. apply N.eqb_eq in H1. f_equal; auto.
Qed.

Lemma memN_sound : forall x l, memN x l = true -> In x l.
Proof.
  unfold memN; intros x l H. apply existsb_exists in H as [y [Hy E]].
  apply N.eqb_eq in E; subst; auto.
Qed.

Lemma fadjb_sound : forall f a b, fadjb f a b = true -> fadj f a b.
Proof.
  unfold fadjb, fadj; intros f a b H. apply andb_true_iff in H as [H1 H2].
  apply negb_true_iff, N.eqb_neq in H1. split; auto.
  destruct (fkind_of f); auto;
    apply orb_true_iff in H2 as [H2|H2]; apply N.eqb_eq in H2; auto.
Qed.

Lemma adjb_sound : forall net u v, adjb net u v = true -> adjacent net u v.
Proof.
  unfold adjb, adjacent; intros net u v H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  apply N.ltb_lt in H1; apply N.ltb_lt in H2. repeat split; auto.
  apply existsb_exists in H3 as [d [Hd H3]]. apply in_seq in Hd.
  apply andb_true_iff in H3 as [Ha Hb]. exists d. split; [lia|]. split; [apply fadjb_sound; auto|].
  intros e He Hne. rewrite forallb_forall in Hb.
  assert (In e (seq 0 (length net))) as Hin by (apply in_seq; lia).
  specialize (Hb e Hin). apply orb_true_iff in Hb as [Hb|Hb].
  - apply Nat.eqb_eq in Hb; contradiction.
  - apply N.eqb_eq; auto.
Qed.

Lemma packet_okb_sound : forall p n t, packet_okb p n t = true -> packet_ok p n t.
Proof.
  unfold packet_okb, packet_ok; intros p n t H.
  apply andb_true_iff in H as [H H4]. apply andb_true_iff in H as [H H3].
  apply andb_true_iff in H as [H1 H2]. repeat split.
  - destruct (pkt t); simpl in *; discriminate.
  - apply N.leb_le; auto.
  - apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - intros i Hi. rewrite forallb_forall in H4. apply N.ltb_lt; auto.
Qed.

Lemma port_okb_sound : forall m st, port_okb m st = true -> port_ok m st.
Proof.
  destruct m; simpl; intros st H; auto.
  - apply andb_true_iff in H as [H1 H2]; split; apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
    rewrite forallb_forall in H1, H3. repeat split.
    + intros t1 t2 I1 I2 E. specialize (H1 t1 I1). rewrite forallb_forall in H1.
      specialize (H1 t2 I2). rewrite E, N.eqb_refl in H1. simpl in H1. apply leqb_sound; auto.
    + apply (nodupb_sound N.eqb N.eqb_refl); auto.
    + intros t1 t2 I1 I2 E. specialize (H3 t1 I1). rewrite forallb_forall in H3.
      specialize (H3 t2 I2). rewrite E, N.eqb_refl in H3. discriminate.
Qed.

Lemma step_okb_sound : forall s st, step_okb s st = true -> step_ok s st.
Proof.
  unfold step_okb, step_ok; intros s st H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  split; [|split].
  - intros t It. rewrite forallb_forall in H1. specialize (H1 t It).
    apply andb_true_iff in H1 as [A B].
    split; [apply adjb_sound; auto | apply packet_okb_sound; auto].
  - apply (nodupb_sound paireqb paireqb_refl); auto.
  - apply port_okb_sound; auto.
Qed.

Lemma holdsb_sound : forall orig pre v i, holdsb orig pre v i = true -> holds orig pre v i.
Proof.
  unfold holdsb, holds, receivedb, received; intros orig pre v i H.
  apply orb_true_iff in H as [H|H].
  - left; apply N.eqb_eq; auto.
  - right. apply existsb_exists in H as [st [Ist H]]. apply existsb_exists in H as [t [It H]].
    apply andb_true_iff in H as [H1 H2]. apply N.eqb_eq in H1.
    exists st, t; repeat split; auto. apply memN_sound; auto.
Qed.

Lemma causb_sound : forall orig rest pre, causb orig pre rest = true ->
  forall a st post, rest = a ++ st :: post ->
  forall t i, In t st -> In i (pkt t) -> holds orig (pre ++ a) (src t) i.
Proof.
  intros orig rest; induction rest as [|st0 rest IH]; intros pre H a st post E t i It Ii.
  - destruct a; discriminate.
  - simpl in H. apply andb_true_iff in H as [H1 H2]. destruct a as [|a0 a'].
    + simpl in E. inversion E; subst. rewrite app_nil_r.
      rewrite forallb_forall in H1. specialize (H1 t It). rewrite forallb_forall in H1.
      apply holdsb_sound; auto.
    + simpl in E. inversion E; subst.
      specialize (IH (pre ++ [a0]) H2 a' st post eq_refl t i It Ii).
      rewrite <- app_assoc in IH. exact IH.
Qed.

Lemma Nrange_in : forall i n, i < n -> In i (Nrange n).
Proof.
  intros i n H. unfold Nrange. apply in_map_iff. exists (N.to_nat i). split.
  - apply N2Nat.id.
  - apply in_seq. lia.
Qed.

Lemma completeb_sound : forall s, completeb s = true -> complete s.
Proof.
  unfold completeb, complete; intros s H i v Hi Hv Hn.
  rewrite forallb_forall in H. specialize (H i (Nrange_in _ _ Hi)).
  destruct (target (s_prob s) (nnodes (s_net s)) i) as [w|] eqn:T; simpl in Hn.
  - subst v. apply orb_true_iff in H as [H|H].
    + apply negb_true_iff, N.ltb_ge in H. lia.
    + apply holdsb_sound; auto.
  - rewrite forallb_forall in H. apply holdsb_sound. apply H. apply Nrange_in; auto.
Qed.

Theorem check_sound : forall s, check s = true -> valid s.
Proof.
  unfold check, valid; intros s H.
  apply andb_true_iff in H as [H H4]. apply andb_true_iff in H as [H H3].
  apply andb_true_iff in H as [H1 H2].
  unfold problem_okb in H1. apply andb_true_iff in H1 as [H1 Hb].
  apply andb_true_iff in H1 as [Hr Hm].
  split; [|split; [|split]].
  - unfold problem_ok. split; [apply N.ltb_lt; auto | split; apply N.leb_le; auto].
  - intros st0 Ist. rewrite forallb_forall in H2. apply step_okb_sound; auto.
  - unfold causal. intros pre st0 post E t i It Ii.
    exact (causb_sound _ _ [] H3 pre st0 post E t i It Ii).
  - apply completeb_sound; auto.
Qed.

Print Assumptions check_sound.
