(* Messages.v: a violation found by FastChecker.first_violation, in the words of the native
   verifier (verifier/native_messages.cpp, rule names of verifier/verdict.cpp), and the tactic
   witnesses run. [verdict s] is [None] exactly when [s] is valid ([verdict_correct]); otherwise
   it is the start of the message `schedcert verify` prints for the same schedule:
     "step 3, transmission 17 (2 -> 3, item 5): causality"
     "completion: node 5 never receives item 7 (from 0 to 5) (after 4 steps)"
   A witness proves [valid sched] with [schedcert_valid]: it computes the verdict with
   vm_compute and, when the schedule is invalid, fails with that message. No axioms. *)

From Schedcert Require Import Rules FastChecker FastCorrect.
From Coq Require Import List NArith Bool Ascii String Decimal.
Import ListNotations.
Open Scope string_scope.

Definition rule_name (r : rule) : string :=
  match r with
  | RAdjacency => "adjacency" | RPacket => "packet" | RLinkCapacity => "link-capacity"
  | RPort => "port" | RCausality => "causality" | RDuplicate => "duplicate" | ROrder => "order"
  end.

Fixpoint uint_string (u : Decimal.uint) : string :=
  match u with
  | Nil => ""
  | D0 u => String "0"%char (uint_string u) | D1 u => String "1"%char (uint_string u)
  | D2 u => String "2"%char (uint_string u) | D3 u => String "3"%char (uint_string u)
  | D4 u => String "4"%char (uint_string u) | D5 u => String "5"%char (uint_string u)
  | D6 u => String "6"%char (uint_string u) | D7 u => String "7"%char (uint_string u)
  | D8 u => String "8"%char (uint_string u) | D9 u => String "9"%char (uint_string u)
  end.

Definition nstr (x : N) : string := uint_string (N.to_uint x).

Fixpoint join (l : list N) : string :=
  match l with [] => "" | [x] => nstr x | x :: r => nstr x ++ "," ++ join r end.

(* native_messages.cpp, tx_label: at most four items, then ",...". *)
Definition items_label (p : list N) : string :=
  match p with
  | [_] => "item " ++ join p
  | _ => "items " ++ join (firstn 4 p) ++ (if Nat.ltb 4 (List.length p) then ",..." else "")
  end.

Definition tx_label (st k : N) (t : tx) : string :=
  "step " ++ nstr (N.succ st) ++ ", transmission " ++ nstr k ++ " (" ++ nstr (src t) ++
  " -> " ++ nstr (dst t) ++ ", " ++ items_label (pkt t) ++ ")".

(* schedules/problem.cpp, Problem::describe_item. *)
Definition describe_item (p : problem) (n i : N) : string :=
  "item " ++ nstr i ++ " (" ++
  match kind p, target p n i with
  | SuccessiveBroadcast, _ => "broadcast #" ++ nstr (N.succ i) ++ " from " ++ nstr (origin p n i)
  | Allreduce, _ =>
      "contribution of " ++ nstr (origin p n i) ++
      (if (1 <? msgs p)%N then " to chunk " ++ nstr (i mod msgs p)%N else "")
  | _, None => "from " ++ nstr (origin p n i)
  | _, Some w => "from " ++ nstr (origin p n i) ++ " to " ++ nstr w
  end ++
  (if (1 <? msgs p)%N && negb (combining p) then ", message " ++ nstr (i mod msgs p)%N else "") ++
  ")".

Definition describe (s : schedule) (v : violation) : string :=
  match v with
  | AtTx r st k t _ => tx_label st k t ++ ": " ++ rule_name r
  | Incomplete i w =>
      "completion: node " ++ nstr w ++ " never receives " ++
      describe_item (s_prob s) (nnodes (s_net s)) i ++
      " (after " ++ nstr (N.of_nat (List.length (s_steps s))) ++ " steps)"
  | BadProblem => "problem: parameters that schedules/problem.cpp refuses"
  end.

Definition verdict (s : schedule) : option string :=
  match first_violation s with None => None | Some v => Some (describe s v) end.

Theorem verdict_correct : forall s, verdict s = None <-> valid s.
Proof.
  intros s. rewrite <- first_violation_correct. unfold verdict.
  destruct (first_violation s); split; auto; discriminate.
Qed.

Lemma verdict_valid : forall s, verdict s = None -> valid s.
Proof. intros s; apply verdict_correct. Qed.

Lemma verdict_invalid : forall s m, verdict s = Some m -> ~ valid s.
Proof. intros s m E C. apply verdict_correct in C. congruence. Qed.

(* valid s, by computing the verdict; an invalid schedule fails with its first violation. *)
Ltac schedcert_valid :=
  apply verdict_valid; vm_compute;
  lazymatch goal with
  | |- None = None => reflexivity
  | |- Some ?m = None => fail 0 "schedcert: the schedule is invalid:" m
  end.

(* ~ valid s, when the verdict is the violation [m]. *)
Ltac schedcert_invalid :=
  lazymatch goal with
  | |- ~ valid ?s =>
      let r := eval vm_compute in (verdict s) in
      lazymatch r with
      | Some ?m => apply (verdict_invalid s m); vm_compute; reflexivity
      | None => fail 0 "schedcert: the schedule is valid"
      end
  end.
