(* Schedcert.v: entry point of the Coq companion of schedcert's native verifier (issues 8, 9).
   Rules.v states, as Props, when a schedule is valid (networks, models, all eight problems of
   schedules/problem.hpp, every rule of verifier/verdict.hpp: adjacency, packet, link capacity,
   ports, causality, duplicate, order, completion); Checker.v defines a boolean [check] and
   proves [check_sound : check s = true -> valid s]; Completeness.v proves the converse,
   [check_correct : check s = true <-> valid s]. Witnesses written by `schedcert export coq`
   import this file. No axioms, no unfinished proof (see the Print Assumptions below). *)

From Schedcert Require Export Rules Checker Completeness.

Print Assumptions check_sound.
Print Assumptions check_correct.
