(* FastChecker.v: the checker witnesses run, in one pass over the transmissions, and the first
   violation in the order of verifier/verdict.hpp. FastCorrect.v proves
   [first_violation_correct : first_violation s = None <-> valid s] and
   [fast_check_correct : fast_check s = check s]; Messages.v prints a violation in the words of
   the native verifier.

   Why it is fast (Checker.v rescans the prefix of the schedule for every item: quadratic):
   - the schedule is read once, step by step and within a step in order, as the native
     verifier's first violation is defined (transmission index first, then the rule);
   - the per-step rules (link capacity, ports) keep the links (with the number of packets each
     carried so far), senders and receivers seen so far in the step in maps and sets (NMaps.v:
     binary tries, O(bits) per operation), so a link used beyond its capacity, or a repeated
     port, is found when the transmission that exceeds it is read; the capacity is 1 unless the
     network has a graph factor ([c_multi]), then [lcapw] (Rules.link_cap, digit by digit);
   - the item rules keep one map item -> node -> first step at which the node received the item
     ([hmap]): "holds after the previous steps" is "origin, or first arrival < current step",
     "holds now or got it earlier in this step" is "origin, or any arrival";
   - allreduce: whether a packet is the complete value of an item's chunk ([cplt]) is looked up
     in the set of the packet's items, only when the receiver already has the item;
   - completion looks the final map up once per (item, node that needs it).
   Transmission k of step s is rejected for the first failing rule among adjacency, packet,
   link capacity, port (the per-step rules) and then, over the items of its packet, the least
   (rule, item) among causality, duplicate and order, as verifier/native.cpp does. No axioms. *)

From Schedcert Require Import Rules Checker NMaps.
From Coq Require Import List NArith Bool.
Import ListNotations.
Open Scope N_scope.

Inductive rule := RAdjacency | RPacket | RLinkCapacity | RPort | RCausality | RDuplicate | ROrder.

Definition rule_rank (r : rule) : N :=
  match r with
  | RAdjacency => 0 | RPacket => 1 | RLinkCapacity => 2 | RPort => 3
  | RCausality => 4 | RDuplicate => 5 | ROrder => 6
  end.

(* The first violation: a rule broken by transmission [t] (global index k, 0-based) of step
   [st] (0-based) about [item]; an item some node lacks at the end; or problem parameters that
   Problem::validate refuses (the C++ tool never builds such a schedule). *)
Inductive violation :=
  | AtTx (r : rule) (st k : N) (t : tx) (item : N)
  | Incomplete (item node : N)
  | BadProblem.

(* What the pass reads of the schedule, computed once. *)
Record ctx := Ctx { c_net : network; c_n : N; c_model : cmodel; c_prob : problem; c_ni : N;
                    c_comb : bool; c_ord : bool; c_multi : bool; c_allr : bool }.

Definition is_graph (f : factor) : bool := match fkind_of f with Graph _ => true | _ => false end.
Definition has_graph (net : network) : bool := existsb is_graph net.

Definition ctx_of (s : schedule) : ctx :=
  let n := nnodes (s_net s) in
  Ctx (s_net s) n (s_model s) (s_prob s) (num_items (s_prob s) n) (combining (s_prob s))
      (ordered (s_prob s)) (has_graph (s_net s)) (is_allreduce (s_prob s)).

Definition orig (c : ctx) (i : N) : N := origin (c_prob c) (c_n c) i.

(* ---------- per transmission ---------- *)

(* Quotient and remainder; by halving for the factors of size 2 (hypercubes), which costs O(1)
   instead of a long division. *)
Definition dm (u k : N) : N * N :=
  if k =? 2 then (N.div2 u, N.b2n (N.odd u)) else N.div_eucl u k.

(* Adjacency digit by digit: exactly one digit differs ([found] once it has), and the factor
   joins the two values. *)
Fixpoint adjw (net : network) (u v : N) (found : bool) : bool :=
  match net with
  | [] => found
  | f :: r =>
      let (u', a) := dm u (fsize f) in
      let (v', b) := dm v (fsize f) in
      if a =? b then adjw r u' v' found
      else negb found && fadjb f a b && adjw r u' v' true
  end.

Definition adj_fast (c : ctx) (u v : N) : bool := (u <? c_n c) && (v <? c_n c) && adjw (c_net c) u v false.

(* Rules.link_cap, digit by digit. *)
Fixpoint lcapw (net : network) (u v : N) : N :=
  match net with
  | [] => 1
  | f :: r =>
      let (u', a) := dm u (fsize f) in
      let (v', b) := dm v (fsize f) in
      if a =? b then lcapw r u' v' else fmult f a b
  end.

Definition lcap (c : ctx) (u v : N) : N := if c_multi c then lcapw (c_net c) u v else 1.

(* The first x in [x0, x0 + fuel) with f x <> None. *)
Fixpoint first_in {A} (f : N -> option A) (x : N) (fuel : nat) : option A :=
  match fuel with
  | O => None
  | S m => match f x with Some a => Some a | None => first_in f (N.succ x) m end
  end.

(* Allreduce: the packet, whose set of items is [sp], is the complete value of the chunk of
   item i (Rules.chunk_complete). *)
Definition cplt (c : ctx) (sp : nset) (i : N) : bool :=
  if c_allr c then
    let M := msgs (c_prob c) in
    match first_in (fun v => if nmem (v * M + i mod M) sp then None else Some tt) 0 (N.to_nat (c_n c)) with
    | None => true
    | Some _ => false
    end
  else false.

(* [nd]: the packet has no repeated item (NMaps.nodup_set). *)
Definition pkt_fast (c : ctx) (t : tx) (nd : bool) : bool :=
  match pkt t with
  | [] => false
  | i0 :: _ =>
      nd && forallb (fun i => i <? c_ni c) (pkt t) &&
      (if c_comb c then
         let g := target (c_prob c) (c_n c) i0 in
         forallb (fun j => opteqb g (target (c_prob c) (c_n c) j)) (pkt t)
       else N.of_nat (length (pkt t)) <=? bsize (c_prob c))
  end.

(* What the step has used so far: directed links, senders (with the items of their first
   packet, for shout-whisper), receivers. *)
Record sstate := SS { ss_links : nmap (nmap N); ss_send : nmap (list N * nset); ss_recv : nset }.

(* The number of packets the link x -> y carried so far in the step. *)
Definition lcount (x y : N) (l : nmap (nmap N)) : N :=
  match nfind x l with
  | Some m => match nfind y m with Some k => k | None => 0 end
  | None => 0
  end.
Definition linc (x y : N) (l : nmap (nmap N)) : nmap (nmap N) :=
  let m := match nfind x l with Some m => m | None => nempty end in
  nput x (nput y (N.succ (match nfind y m with Some k => k | None => 0 end)) m) l.
Definition ss_empty : sstate := SS nempty nempty nempty.

Definition sends (ss : sstate) (v : N) : bool :=
  match nfind v (ss_send ss) with Some _ => true | None => false end.

(* Shout-whisper: a node's later send in a step must carry the packet of its first send
   ([p0], with its set of items [s0]); [p] is the new packet, [sp] its set of items. *)
Definition sw_same (p0 : list N) (s0 : nset) (p : list N) (sp : nset) : bool := seteqb p0 p.

(* [sp]: the set of the items of [pkt t]. *)
Definition port_fast (m : cmodel) (ss : sstate) (t : tx) (sp : nset) : bool :=
  match m with
  | AllPort => true
  | SinglePortFull => negb (sends ss (src t)) && negb (nmem (dst t) (ss_recv ss))
  | SinglePortHalf =>
      negb (src t =? dst t) && negb (sends ss (src t)) && negb (nmem (src t) (ss_recv ss)) &&
      negb (sends ss (dst t)) && negb (nmem (dst t) (ss_recv ss))
  | ShoutWhisper =>
      match nfind (src t) (ss_send ss) with
      | Some (p0, s0) => sw_same p0 s0 (pkt t) sp
      | None => true
      end &&
      negb (nmem (dst t) (ss_recv ss)) && negb (nmem (src t) (ss_recv ss)) &&
      negb (src t =? dst t) && negb (sends ss (dst t))
  end.

Definition ss_upd (ss : sstate) (t : tx) (sp : nset) : sstate :=
  SS (linc (src t) (dst t) (ss_links ss))
     (match nfind (src t) (ss_send ss) with
      | Some _ => ss_send ss
      | None => nput (src t) (pkt t, sp) (ss_send ss)
      end)
     (nadd (dst t) (ss_recv ss)).

(* item -> node -> the first step in which the node received the item. *)
Definition hmap := nmap (nmap N).

Definition hfind (h : hmap) (i v : N) : option N :=
  match nfind i h with Some m => nfind v m | None => None end.

Definition hins (cur : N) (v : N) (h : hmap) (i : N) : hmap :=
  let m := match nfind i h with Some m => m | None => nempty end in
  match nfind v m with
  | Some k => if k <=? cur then h else nput i (nput v cur m) h
  | None => nput i (nput v cur m) h
  end.

Definition h_upd (cur : N) (t : tx) (h : hmap) : hmap := fold_left (hins cur (dst t)) (pkt t) h.

(* v holds i at the start of step [cur]. *)
Definition held (c : ctx) (h : hmap) (cur v i : N) : bool :=
  (v =? orig c i) || match hfind h i v with Some k => k <? cur | None => false end.

(* v holds i now (from before the step, or from a transmission read earlier in the step). *)
Definition has (c : ctx) (h : hmap) (v i : N) : bool :=
  (v =? orig c i) || match hfind h i v with Some _ => true | None => false end.

(* [sp]: the set of the items of [pkt t]. *)
Definition item_rule (c : ctx) (h : hmap) (cur : N) (t : tx) (sp : nset) (i : N) : option rule :=
  if negb (held c h cur (src t) i) then Some RCausality
  else if (if c_comb c then if has c h (dst t) i then negb (cplt c sp i) else false else false)
  then Some RDuplicate
  else if c_ord c && negb (i =? 0) &&
          negb ((negb (src t =? orig c i) || held c h cur (src t) (i - 1)) &&
                (held c h cur (dst t) i || held c h cur (dst t) (i - 1))) then Some ROrder
  else None.

Definition better (r : rule) (i : N) (best : option (rule * N)) : bool :=
  match best with
  | None => true
  | Some (r', i') => (rule_rank r <? rule_rank r') || ((rule_rank r =? rule_rank r') && (i <? i'))
  end.

(* The least (rule, item) over the items of the packet. *)
Fixpoint items_rule (c : ctx) (h : hmap) (cur : N) (t : tx) (sp : nset) (l : list N)
         (best : option (rule * N)) : option (rule * N) :=
  match l with
  | [] => best
  | i :: r =>
      items_rule c h cur t sp r
        (match item_rule c h cur t sp i with
         | Some rl => if better rl i best then Some (rl, i) else best
         | None => best
         end)
  end.

Definition tx_test (c : ctx) (ss : sstate) (h : hmap) (cur : N) (t : tx) (nd : bool * nset)
  : option (rule * N) :=
  let i0 := match pkt t with i :: _ => i | [] => 0 end in
  if negb (adj_fast c (src t) (dst t)) then Some (RAdjacency, i0)
  else if negb (pkt_fast c t (fst nd)) then Some (RPacket, i0)
  else if negb (lcount (src t) (dst t) (ss_links ss) <? lcap c (src t) (dst t))
  then Some (RLinkCapacity, i0)
  else if negb (port_fast (c_model c) ss t (snd nd)) then Some (RPort, i0)
  else items_rule c h cur t (snd nd) (pkt t) None.

(* ---------- the pass ---------- *)

(* One step: [cur] its index, [k] the global index of its first transmission. *)
Fixpoint tx_loop (c : ctx) (cur k : N) (ss : sstate) (h : hmap) (st : list tx)
  : (N * hmap) + violation :=
  match st with
  | [] => inl (k, h)
  | t :: r =>
      let nd := nodup_set nempty (pkt t) in
      match tx_test c ss h cur t nd with
      | Some (rl, i) => inr (AtTx rl cur k t i)
      | None => tx_loop c cur (N.succ k) (ss_upd ss t (snd nd)) (h_upd cur t h) r
      end
  end.

Fixpoint step_loop (c : ctx) (cur k : N) (h : hmap) (steps : list step) : hmap + violation :=
  match steps with
  | [] => inl h
  | st :: r =>
      match tx_loop c cur k ss_empty h st with
      | inl (k', h') => step_loop c (N.succ cur) k' h' r
      | inr v => inr v
      end
  end.

(* Completion: the lowest item some node lacks, with the lowest such node. *)
Definition incomplete (c : ctx) (h : hmap) : option (N * N) :=
  first_in (fun i =>
    match target (c_prob c) (c_n c) i with
    | None => first_in (fun v => if has c h v i then None else Some (i, v)) 0 (N.to_nat (c_n c))
    | Some w => if (w <? c_n c) && negb (has c h w i) then Some (i, w) else None
    end) 0 (N.to_nat (c_ni c)).

Definition first_violation (s : schedule) : option violation :=
  if negb (problem_okb s) then Some BadProblem
  else
    let c := ctx_of s in
    match step_loop c 0 0 nempty (s_steps s) with
    | inr v => Some v
    | inl h => match incomplete c h with Some (i, v) => Some (Incomplete i v) | None => None end
    end.

Definition fast_check (s : schedule) : bool :=
  match first_violation s with None => true | Some _ => false end.
