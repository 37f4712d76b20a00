(* Extraction of the LRAT checker (Lrat.v) to OCaml: the database loader `init` and one proof
   step `run_step`, AlphaCnf.v's `alpha_cnf` and `extra_ok`, SynthCnf.v's `synth_cnf`, SynthFree.v's `free_cnf` and SynthSym.v's `free_sym_cnf`; the driver ocaml/lrat_main.ml loops run_step over the parsed steps, as
   `check_steps` does. Z and positive become native OCaml integers (ExtrOcamlZInt), which is
   faithful here because every number of the parsed files is checked by the driver to lie in
   (-2^61, 2^61), before it is formed (OCaml's int is 63-bit; lrat_main.ml, read_int). *)
From Coq Require Import Extraction ExtrOcamlBasic ExtrOcamlZInt ExtrOCamlPArray ExtrOCamlInt63.
From Schedcert.lrat Require Import Lrat LratFast Cubes.
From Schedcert.alpha Require Import AlphaCnf.
From Schedcert.synth Require Import SynthCnf SynthFree SynthSym.
(* Also the alpha CNF generator and its cut check (coq/alpha/AlphaCnf.v), for
   `schedcert-lrat --alpha`: nat stays Peano (no extraction mapping); d <= 8 keeps it small. *)
(* And the synthesis CNF generator (coq/synth/SynthCnf.v, synth_sat), for
   `schedcert-lrat --synth`: its numbers are N (native ints here); the driver bounds the instance
   so that every index stays below 2^31 (lrat_main.ml, read_spec). With the free allocation
   (coq/synth/SynthFree.v, free_sat), its `free_cnf`; with the symmetry units (coq/synth/SynthSym.v,
   free_sym_from_unsat), `free_sym_cnf`. And coq/lrat/Cubes.v's `cube_cnf` and `coverage_cnf`, with
   which the driver builds a cube's CNF and a cube run's coverage CNF from the generated one
   (cubes_unsat). *)
(* The fast checker (issue 27, coq/lrat/LratFast.v, fcheck_proof_sound): `finit` and `frun_step`,
   which the driver loops as `fcheck_steps` does; the old `init`/`run_step` stay for
   `schedcert-lrat --slow`. PArray.array and Uint63.int become Coq's kernel modules Parray and
   Uint63 (ExtrOCamlPArray, ExtrOCamlInt63; their sources, as Debian's libcoq-core-ocaml-dev ships
   them, are compiled with the checker: coq/lrat/CMakeLists.txt). One
   directive is restated: ExtrOCamlPArray inlines `array` as the string "'a Parray.t", which
   Coq 8.16's extraction prints with its argument in front ("'a option 'a Parray.t", not OCaml);
   not inlined, it is the type abbreviation `type 'a array = 'a Parray.t`. Literals, ids and
   hints of the steps are Uint63 (the driver's Uint63.of_int of its ints); soundness holds for
   any steps. The CNF stays `list (list Z)`: `finit` converts it in Coq (of_Z, after checking
   each literal's magnitude < 2^61). *)
Extract Constant PArray.array "'a" => "'a Parray.t".
Extraction "lrat_checker.ml" init run_step finit frun_step alpha_cnf extra_ok synth_cnf free_cnf free_sym_cnf
  cube_cnf coverage_cnf.
