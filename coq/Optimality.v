(* Optimality.v: "this schedule is valid and no valid schedule has fewer steps", for one
   instance (network, model, problem), from one lower-bound argument of Bounds.v.
     Definition optimal s := valid s /\ forall s', same network, model and problem ->
                             valid s' -> length (s_steps s) <= length (s_steps s').
     Theorem optimal_by : valid s -> arg_steps (instance of s) a = length (s_steps s) -> optimal s.
   An argument is a distance (an item and a node that needs it), single-port doubling (an item
   every node needs) or a list of cuts (Bounds.v); [arg_steps] is the number of steps it proves
   necessary, computed for the instance. Files written by `schedcert export coq --optimality`
   prove [optimal sched] with [schedcert_optimal]: [schedcert_valid] for the schedule, then
   vm_compute of the argument's value. No axioms. *)

From Schedcert Require Import Rules Bounds Cuts.
From Coq Require Import List NArith Arith Lia.
Import ListNotations.

Inductive argument :=
  | ByDistance (i v : N)   (* node v needs item i: the digits in which v and i's origin differ *)
  | ByDoubling (i : N)     (* single-port: the holders of item i at most double per step *)
  | ByCuts (cs : list cut). (* items that must cross the cuts, over crossings per step *)

Definition arg_steps (net : network) (m : cmodel) (p : problem) (a : argument) : nat :=
  match a with
  | ByDistance i v => ecc_steps net p i v
  | ByDoubling i => doubling_steps net m p i
  | ByCuts cs => cut_steps net m p cs
  end.

Theorem arg_steps_le : forall s a, valid s ->
  arg_steps (s_net s) (s_model s) (s_prob s) a <= length (s_steps s).
Proof.
  intros s [i v|i|cs] Hv; simpl.
  - apply ecc_steps_le; auto.
  - apply doubling_steps_le; auto.
  - apply cut_steps_le; auto.
Qed.

(* No valid schedule of the same instance has fewer steps. *)
Definition optimal (s : schedule) : Prop :=
  valid s /\
  forall s', s_net s' = s_net s -> s_model s' = s_model s -> s_prob s' = s_prob s -> valid s' ->
  length (s_steps s) <= length (s_steps s').

Theorem optimal_by : forall s a, valid s ->
  arg_steps (s_net s) (s_model s) (s_prob s) a = length (s_steps s) -> optimal s.
Proof.
  intros s a Hv E. split; auto. intros s' Hn Hm Hp Hv'.
  pose proof (arg_steps_le s' a Hv') as L. rewrite Hn, Hm, Hp, E in L. exact L.
Qed.

(* optimal s, from the witness's proof of valid s and the argument a. *)
Ltac schedcert_optimal Hvalid a :=
  lazymatch goal with
  | |- optimal ?s =>
      apply (optimal_by s a Hvalid); vm_compute;
      lazymatch goal with
      | |- ?x = ?x => reflexivity
      | |- ?x = ?y => fail 0 "schedcert: the argument proves" x "steps necessary, the schedule has" y
      end
  end.

Print Assumptions ecc_steps_le.
Print Assumptions doubling_steps_le.
Print Assumptions cut_steps_le.
Print Assumptions optimal_by.
