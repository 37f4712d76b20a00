(* CNF formulas and their satisfiability: the semantics the LRAT checker (Lrat.v) is proved
   sound against. A literal is an integer: Zpos p is variable p, Zneg p its negation; the literal
   0 (never produced by the DIMACS parser) is false under every valuation. *)
From Coq Require Import ZArith List Bool.
Import ListNotations.

Definition lit := Z.
Definition clause := list lit.
Definition cnf := list clause.
Definition valuation := positive -> bool.

Definition lit_true (v : valuation) (l : lit) : bool :=
  match l with
  | Zpos p => v p
  | Zneg p => negb (v p)
  | Z0 => false
  end.

Definition clause_true (v : valuation) (c : clause) : bool := existsb (lit_true v) c.

(* f is satisfiable: one valuation makes every clause true. *)
Definition satisfiable (f : cnf) : Prop :=
  exists v : valuation, forall c, In c f -> clause_true v c = true.

Definition unsatisfiable (f : cnf) : Prop := ~ satisfiable f.
