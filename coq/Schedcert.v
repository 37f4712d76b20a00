(* Schedcert.v: entry point of the Coq companion of schedcert's native verifier (issues 8, 9, 15,
   25). Rules.v states, as Props, when a schedule is valid (networks: products of K2, rings,
   paths, complete graphs and explicit graphs with link multiplicities; models; all nine
   problems of schedules/problem.hpp, allreduce included; every rule of verifier/verdict.hpp:
   adjacency, packet, link capacity, ports, causality, duplicate, order, completion). Two
   checkers decide it:
   - Checker.v + Completeness.v: the reference checker, brute force over list prefixes,
     [check_correct : check s = true <-> valid s];
   - FastChecker.v + FastLocal.v + FastStep.v + FastItems.v + FastCorrect.v: one pass with
     binary tries (NMaps.v),
     [first_violation_correct : first_violation s = None <-> valid s] and
     [fast_check_check : fast_check s = check s];
   Messages.v prints the first violation in the native verifier's words ([verdict_correct]) and
   defines the tactics witnesses written by `schedcert export coq` run ([schedcert_valid]).
   Lower bounds and optimality (Counting.v, Bounds.v, Cuts.v, Optimality.v) are not re-exported:
   optimality witnesses import them. No axioms, no unfinished proof (see the Print Assumptions
   below). *)

From Schedcert Require Export Rules Checker Completeness NMaps FastChecker FastLocal FastStep
  FastItems FastCorrect Messages.

Print Assumptions check_sound.
Print Assumptions check_correct.
Print Assumptions first_violation_correct.
Print Assumptions fast_check_check.
Print Assumptions verdict_correct.
(* Link capacity on the products without a graph factor is one packet per directed link and
   step, as before graph networks (FastLocal.v). *)
Print Assumptions link_ok_products.
