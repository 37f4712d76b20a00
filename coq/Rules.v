(* Rules.v: what a valid schedule is, as Props (part of the Coq companion of schedcert's
   native verifier, issues 8, 9 and 25; Schedcert.v is the entry point, docs/coq.md the manual).

   - networks: Cartesian products of K2, rings C_n, paths P_n, complete graphs K_n and explicit
     graphs (a factor [Graph arcs] of size n: vertices 0..n-1, [arcs] the directed arcs
     (from, to, multiplicity); an undirected edge is listed as its two arcs; built-in networks
     such as dgx1 and `graph:` files are one such factor), node ids mixed radix with factor 0
     the least significant digit (hypercube Q_d = d copies of K2); [adjacent] = both ids in
     range, exactly one digit differs and the factor graph joins the two digit values (for a
     graph: the first listed arc from the one value to the other has multiplicity >= 1);
   - models: all-port, single-port-full, single-port-half, shout-whisper ([port_ok]);
   - problems: all nine of schedules/problem.hpp (broadcast, accumulation, scatter, gather,
     multinode broadcast, multinode accumulation, total exchange, successive broadcasts,
     allreduce) with its dense item numbering; packets of at most B items, except in the
     combining problems (accumulations, allreduce) where a packet holds any number of items
     bound for one target (allreduce: every item is bound for every node, so any items);
   - rules (verifier/verdict.hpp, as verifier/native.cpp decides them): problem parameters
     (Problem::validate), adjacency, packet, link capacity (at most [link_cap] packets on the
     directed link (from, to) per step: the multiplicity of the graph arc in the one digit in
     which from and to differ, 1 for K2, rings, paths and complete graphs, so on their products
     one packet per directed link and step; a directed link is determined by its (from, to)
     pair), ports,
     store-and-forward causality (the sender holds every item of its packet at the start of the
     step: it is the item's origin or received it in an earlier step), duplicate (combining
     problems: a node never receives an item it holds at the start of the step, nor one an
     earlier transmission of the same step brought it; allreduce: except in a packet holding
     every contribution to the item's chunk, the chunk's complete value, which overwrites the
     receiver's value, docs/allreduce.md), order (successive broadcasts, item
     j > 0: the source of j sends j only if it holds j-1 at the start of the step; a node
     receives j only if it holds j or j-1 at the start of the step, so j first arrives in a step
     strictly after j-1) and completion (every node that needs an item holds it after the last
     step); [valid] is their conjunction.
   Nothing here is computed by an algorithm one would have to trust: the checker (Checker.v)
   is proved to decide exactly these Props. *)

From Coq Require Import List Arith NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- Networks ---------- *)

(* [Graph arcs]: the directed arcs (from, to, multiplicity) of an explicit graph. *)
Inductive fkind := K2 | Ring | Path | Complete | Graph (arcs : list (N * N * N)).
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

(* The multiplicity of the arc a -> b of a graph: that of the first listed arc (a, b, m), 0 when
   none is listed (the exporter lists each arc once). *)
Fixpoint gmult (arcs : list (N * N * N)) (a b : N) : N :=
  match arcs with
  | [] => 0
  | (x, y, m) :: r => if (x =? a) && (y =? b) then m else gmult r a b
  end.

Definition fadj (f : factor) (a b : N) : Prop :=
  a <> b /\
  match fkind_of f with
  | K2 | Complete => True
  | Ring => b = (a + 1) mod fsize f \/ a = (b + 1) mod fsize f
  | Path => b = a + 1 \/ a = b + 1
  | Graph arcs => 0 < gmult arcs a b
  end.

(* How many packets the link a -> b of a factor carries per step. *)
Definition fmult (f : factor) (a b : N) : N :=
  match fkind_of f with Graph arcs => gmult arcs a b | _ => 1 end.

(* The capacity of the directed link u -> v: the factor's multiplicity in the least significant
   digit in which u and v differ (for adjacent nodes the only one). *)
Fixpoint link_cap (net : network) (u v : N) : N :=
  match net with
  | [] => 1
  | f :: r =>
      if u mod fsize f =? v mod fsize f then link_cap r (u / fsize f) (v / fsize f)
      else fmult f (u mod fsize f) (v mod fsize f)
  end.

Definition adjacent (net : network) (u v : N) : Prop :=
  u < nnodes net /\ v < nnodes net /\
  exists d, (d < length net)%nat /\
    fadj (nth d net dflt_factor) (digit net u d) (digit net v d) /\
    forall e, (e < length net)%nat -> e <> d -> digit net u e = digit net v e.

(* ---------- Models, problems, schedules ---------- *)

Inductive cmodel := AllPort | SinglePortFull | SinglePortHalf | ShoutWhisper.

Inductive pkind := Broadcast | Accumulation | Scatter | Gather | MultinodeBroadcast
                 | MultinodeAccumulation | TotalExchange | SuccessiveBroadcast | Allreduce.
(* srcs: the sources of the successive broadcasts, in broadcast order ([] otherwise). *)
Record problem := Prob { kind : pkind; root : N; msgs : N; bsize : N; srcs : list N }.

Definition combining (p : problem) : bool :=
  match kind p with Accumulation | MultinodeAccumulation | Allreduce => true | _ => false end.
(* The accumulations: combining, one value per source (Problem::targeted_combining). *)
Definition targeted (p : problem) : bool :=
  match kind p with Accumulation | MultinodeAccumulation => true | _ => false end.
Definition is_allreduce (p : problem) : bool :=
  match kind p with Allreduce => true | _ => false end.
Definition ordered (p : problem) : bool :=
  match kind p with SuccessiveBroadcast => true | _ => false end.
Definition has_root (p : problem) : bool :=
  match kind p with Broadcast | Accumulation | Scatter | Gather => true | _ => false end.

Definition num_items (p : problem) (n : N) : N :=
  match kind p with
  | Broadcast => msgs p
  | Accumulation => n
  | Scatter | Gather | MultinodeBroadcast | Allreduce => n * msgs p
  | MultinodeAccumulation => n * n
  | TotalExchange => n * n * msgs p
  | SuccessiveBroadcast => N.of_nat (length (srcs p))
  end.

Definition origin (p : problem) (n i : N) : N :=
  match kind p with
  | Broadcast | Scatter => root p
  | Accumulation => i
  | Gather | MultinodeBroadcast | Allreduce => i / msgs p
  | MultinodeAccumulation => i / n
  | TotalExchange => i / msgs p / n
  | SuccessiveBroadcast => nth (N.to_nat i) (srcs p) 0
  end.

(* None: every node needs the item; Some w: only w does. *)
Definition target (p : problem) (n i : N) : option N :=
  match kind p with
  | Broadcast | MultinodeBroadcast | SuccessiveBroadcast | Allreduce => None
  | Accumulation | Gather => Some (root p)
  | Scatter => Some (i / msgs p)
  | MultinodeAccumulation => Some (i mod n)
  | TotalExchange => Some ((i / msgs p) mod n)
  end.

Definition needs (t : option N) (v : N) : Prop :=
  match t with None => True | Some w => v = w end.

Record tx := Tx { src : N; dst : N; pkt : list N }.
Definition step := list tx.
Record schedule := Sched { s_net : network; s_model : cmodel; s_prob : problem; s_steps : list step }.

(* ---------- The rules (Props) ---------- *)

Definition packet_ok (p : problem) (n : N) (t : tx) : Prop :=
  pkt t <> [] /\ NoDup (pkt t) /\ (forall i, In i (pkt t) -> i < num_items p n) /\
  (combining p = false -> N.of_nat (length (pkt t)) <= bsize p) /\
  (combining p = true -> forall i j, In i (pkt t) -> In j (pkt t) -> target p n i = target p n j).

(* The number of transmissions of the step on the directed link u -> v. *)
Definition on_link (u v : N) (t : tx) : bool := (src t =? u) && (dst t =? v).
Definition link_load (st : step) (u v : N) : nat := length (filter (on_link u v) st).

Definition link_ok (net : network) (st : step) : Prop :=
  forall t, In t st -> N.of_nat (link_load st (src t) (dst t)) <= link_cap net (src t) (dst t).

Definition port_ok (m : cmodel) (st : step) : Prop :=
  match m with
  | AllPort => True
  | SinglePortFull => NoDup (map src st) /\ NoDup (map dst st)
  | SinglePortHalf => NoDup (map src st ++ map dst st)
  | ShoutWhisper =>  (* one message per step; packets are sets of items: order is irrelevant *)
      (forall t1 t2, In t1 st -> In t2 st -> src t1 = src t2 ->
         forall i, In i (pkt t1) <-> In i (pkt t2)) /\
      NoDup (map dst st) /\
      (forall t1 t2, In t1 st -> In t2 st -> src t1 <> dst t2)
  end.

Definition step_ok (s : schedule) (st : step) : Prop :=
  (forall t, In t st ->
     adjacent (s_net s) (src t) (dst t) /\ packet_ok (s_prob s) (nnodes (s_net s)) t) /\
  link_ok (s_net s) st /\ port_ok (s_model s) st.

Definition received (pre : list step) (v i : N) : Prop :=
  exists st t, In st pre /\ In t st /\ dst t = v /\ In i (pkt t).

(* Node v holds item i at the start of the step that follows the steps [pre]. *)
Definition holds (orig : N -> N) (pre : list step) (v i : N) : Prop :=
  v = orig i \/ received pre v i.

Definition orig_of (s : schedule) : N -> N := origin (s_prob s) (nnodes (s_net s)).

Definition causal (s : schedule) : Prop :=
  forall pre st post, s_steps s = pre ++ st :: post ->
  forall t i, In t st -> In i (pkt t) -> holds (orig_of s) pre (src t) i.

(* Allreduce: the packet [pk] holds every contribution (v * M + m for every node v) to the chunk
   m of item i: it is the complete value of that chunk. *)
Definition chunk_complete (p : problem) (n : N) (pk : list N) (i : N) : Prop :=
  is_allreduce p = true /\ forall v, v < n -> In (v * msgs p + i mod msgs p) pk.

(* Combining problems: a contribution reaches a node at most once (it would be combined twice):
   the receiver neither holds it at the start of the step nor got it from an earlier
   transmission [a] of the same step. Allreduce: except when the packet is the complete value
   of the item's chunk (it overwrites the receiver's value, docs/allreduce.md). *)
Definition no_duplicate (s : schedule) : Prop :=
  combining (s_prob s) = true ->
  forall pre st post, s_steps s = pre ++ st :: post ->
  forall a t b, st = a ++ t :: b -> forall i, In i (pkt t) ->
  ~ chunk_complete (s_prob s) (nnodes (s_net s)) (pkt t) i ->
  ~ holds (orig_of s) pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t')).

(* Successive broadcasts, item i > 0: its source sends it only once it holds i-1; a node that
   does not hold i yet receives it only if it holds i-1 at the start of the step. *)
Definition in_order (s : schedule) : Prop :=
  ordered (s_prob s) = true ->
  forall pre st post, s_steps s = pre ++ st :: post ->
  forall t i, In t st -> In i (pkt t) -> 0 < i ->
  (src t = orig_of s i -> holds (orig_of s) pre (src t) (i - 1)) /\
  (holds (orig_of s) pre (dst t) i \/ holds (orig_of s) pre (dst t) (i - 1)).

Definition complete (s : schedule) : Prop :=
  let n := nnodes (s_net s) in
  forall i v, i < num_items (s_prob s) n -> v < n -> needs (target (s_prob s) n i) v ->
  holds (orig_of s) (s_steps s) v i.

(* The parameters schedules/problem.cpp (Problem::validate) accepts. *)
Definition problem_ok (s : schedule) : Prop :=
  let p := s_prob s in let n := nnodes (s_net s) in
  (has_root p = true -> root p < n) /\ 1 <= msgs p /\ 1 <= bsize p /\
  (targeted p = true -> msgs p = 1) /\
  (ordered p = true -> srcs p <> [] /\ forall v, In v (srcs p) -> v < n) /\
  (ordered p = false -> srcs p = []).

Definition valid (s : schedule) : Prop :=
  problem_ok s /\ (forall st, In st (s_steps s) -> step_ok s st) /\ causal s /\
  no_duplicate s /\ in_order s /\ complete s.
