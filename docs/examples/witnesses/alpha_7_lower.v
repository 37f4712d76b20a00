(* alpha(7) >= 100: a spanning tree of Q_7 with 100 leaves, written by
   `schedcert search cds --dim 7 --coq DIR` (simulated annealing, seed 1).
   Check: cd DIR && for f in alpha/Graph.v alpha/Alpha.v alpha_7_lower.v; do coqc -Q . Schedcert $f; done.
   Theorem alpha_7_lower: the tree passes check_tree (check_tree_sound: it is a spanning tree of
   Q_7) and has 100 leaves, both computed by vm_compute. No premise. *)
From Coq Require Import List Arith.
From Schedcert.alpha Require Import Graph Alpha.
Import ListNotations.

Definition tree7 : list edge := [
  (0, 2); (0, 16); (0, 1); (0, 4); (0, 8); (0, 64); (2, 3); (2, 34); 
  (2, 6); (2, 10); (16, 17); (16, 20); (16, 24); (16, 48); (16, 80); (3, 19); 
  (3, 7); (3, 11); (3, 67); (34, 98); (34, 32); (34, 35); (34, 38); (34, 42); 
  (34, 50); (17, 21); (17, 49); (17, 81); (19, 27); (19, 18); (19, 23); (19, 83); 
  (98, 114); (98, 66); (98, 96); (98, 99); (98, 102); (98, 106); (27, 59); (27, 25); 
  (27, 26); (27, 31); (114, 118); (114, 112); (114, 115); (114, 122); (59, 63); (59, 43); 
  (59, 51); (59, 57); (59, 58); (118, 86); (118, 54); (118, 116); (118, 119); (118, 126); 
  (63, 61); (63, 47); (63, 55); (63, 62); (63, 127); (86, 94); (86, 22); (86, 82); 
  (86, 84); (86, 87); (61, 60); (61, 29); (61, 53); (94, 90); (94, 78); (94, 30); 
  (94, 92); (94, 95); (60, 44); (60, 28); (60, 52); (60, 56); (60, 124); (90, 88); 
  (90, 91); (78, 79); (78, 14); (78, 70); (78, 74); (78, 110); (44, 12); (44, 40); 
  (44, 45); (44, 46); (44, 108); (79, 77); (79, 15); (79, 111); (77, 73); (77, 69); 
  (77, 13); (77, 76); (77, 93); (73, 105); (73, 9); (73, 72); (73, 75); (73, 89); 
  (69, 101); (69, 65); (69, 68); (69, 71); (69, 85); (105, 121); (105, 41); (105, 104); 
  (105, 107); (105, 109); (101, 37); (101, 97); (101, 100); (101, 103); (101, 117); (121, 113); 
  (121, 120); (121, 123); (121, 125); (37, 5); (37, 33); (37, 36); (37, 39)].

Lemma tree7_ok : check_tree 7 tree7 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma tree7_leaves : leaves 7 tree7 = 100.
Proof. vm_compute. reflexivity. Qed.

Theorem alpha_7_lower : exists t, spanning_tree 7 t /\ leaves 7 t = 100.
Proof. exists tree7. split; [apply check_tree_sound, tree7_ok | exact tree7_leaves]. Qed.

Print Assumptions alpha_7_lower.
