(* Extraction of the LRAT checker (Lrat.v) to OCaml: the database loader `init` and one proof
   step `run_step`; the driver ocaml/lrat_main.ml loops run_step over the parsed steps, as
   `check_steps` does. Z and positive become native OCaml integers (ExtrOcamlZInt), which is
   faithful here because every literal and clause id of the parsed files is checked by the
   driver to lie in [1, 2^62) (OCaml's int is 63-bit). *)
From Coq Require Import Extraction ExtrOcamlBasic ExtrOcamlZInt.
From Schedcert.lrat Require Import Lrat.
Extraction "lrat_checker.ml" init run_step.
