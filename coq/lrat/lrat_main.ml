(* schedcert-lrat: the command-line driver of the LRAT checker extracted from Coq.

   TRUSTED (not proved): this file. It reads the CNF (DIMACS) and the proof (text LRAT), hands
   them to the extracted functions `init` and `run_step` (Lrat.v), and loops `run_step` over the
   steps exactly as `check_steps` does in Lrat.v, whose theorem `check_proof_sound` says: if
   some step adds the empty clause, the CNF is unsatisfiable. What must be right here:
   - the DIMACS parser returns the clauses of the file, in order (ids 1, 2, ...);
   - the LRAT parser returns each line as `Add (id, literals, hints)` or `Del ids`;
   - every integer handed over lies in (-2^61, 2^61), so OCaml's 63-bit int is the Coq Z;
   - "s VERIFIED UNSAT" is printed only when `run_step` answered `Refuted`.
   The SHA-256 (ocaml-sha, Debian libsha-ocaml-dev) is of the exact bytes that were parsed.

   Usage: schedcert-lrat CNF LRAT      exit 0 verified, 1 rejected, 2 input error. *)

exception Input_error of string

let limit = 1 lsl 61

(* ---- a byte reader over a string or a channel, with line numbers ---- *)
type reader = { mutable buf : Bytes.t; mutable len : int; mutable pos : int;
                refill : Bytes.t -> int; mutable line : int }

let of_string s = { buf = Bytes.of_string s; len = String.length s; pos = 0;
                    refill = (fun _ -> 0); line = 1 }
let of_channel ic = let b = Bytes.create (1 lsl 20) in
  { buf = b; len = 0; pos = 0; refill = (fun b -> input ic b 0 (Bytes.length b)); line = 1 }

let peek r =
  if r.pos < r.len then Bytes.unsafe_get r.buf r.pos
  else begin
    r.len <- r.refill r.buf; r.pos <- 0;
    if r.len = 0 then '\000' else Bytes.unsafe_get r.buf 0
  end
let advance r = (if Bytes.unsafe_get r.buf r.pos = '\n' then r.line <- r.line + 1); r.pos <- r.pos + 1
let at_end r = peek r = '\000' && r.len = 0

let rec skip_blanks r =
  match peek r with
  | ' ' | '\t' | '\r' | '\n' when not (at_end r) -> advance r; skip_blanks r
  | _ -> ()

let skip_line r = while not (at_end r) && peek r <> '\n' do advance r done

let fail r what = raise (Input_error (Printf.sprintf "line %d: %s" r.line what))

(* An integer token; the caller has skipped blanks. *)
let read_int r =
  let neg = peek r = '-' in
  if neg then advance r;
  let c = peek r in
  if at_end r || c < '0' || c > '9' then fail r (Printf.sprintf "expected a number, got %C" c);
  let n = ref 0 in
  while not (at_end r) && peek r >= '0' && peek r <= '9' do
    n := !n * 10 + (Char.code (peek r) - 48);
    if !n >= limit then fail r "number too large";
    advance r
  done;
  (match peek r with
   | ' ' | '\t' | '\r' | '\n' -> ()
   | _ when at_end r -> ()
   | c -> fail r (Printf.sprintf "unexpected %C after a number" c));
  if neg then - !n else !n

(* Integers up to the terminating 0, in order. *)
let read_until_zero r =
  let rec go acc =
    skip_blanks r;
    if at_end r then fail r "missing terminating 0";
    let x = read_int r in
    if x = 0 then List.rev acc else go (x :: acc)
  in go []

(* ---- DIMACS ---- *)
let read_dimacs (text : string) : int * int list list =
  let r = of_string text in
  let header = ref None in
  let clauses = ref [] and count = ref 0 in
  let rec go () =
    skip_blanks r;
    if at_end r then ()
    else match peek r with
      | 'c' -> skip_line r; go ()
      | 'p' ->
          if !header <> None then fail r "second 'p' line";
          advance r; skip_blanks r;
          List.iter (fun ch -> if peek r <> ch then fail r "expected 'p cnf'"; advance r) ['c'; 'n'; 'f'];
          skip_blanks r; let v = read_int r in skip_blanks r; let c = read_int r in
          if v < 0 || c < 0 then fail r "negative count in the header";
          header := Some (v, c); go ()
      | _ ->
          (match !header with
           | None -> fail r "clause before the 'p cnf' header"
           | Some (v, _) ->
               let cl = read_until_zero r in
               List.iter (fun l -> if abs l > v then fail r (Printf.sprintf "literal %d beyond %d variables" l v)) cl;
               clauses := cl :: !clauses; incr count; go ())
  in
  go ();
  match !header with
  | None -> raise (Input_error "no 'p cnf' header")
  | Some (v, c) ->
      if c <> !count then raise (Input_error (Printf.sprintf "header says %d clauses, found %d" c !count));
      (v, List.rev !clauses)

(* ---- LRAT (text): "id lits 0 hints 0" or "id d ids 0" ---- *)
let rec read_step r : Lrat_checker.step option =
  skip_blanks r;
  if at_end r then None
  else if peek r = 'c' then (skip_line r; read_step r)
  else begin
    let id = read_int r in
    if id <= 0 then fail r "a step starts with a positive clause id";
    skip_blanks r;
    if peek r = 'd' then begin
      advance r;
      let ids = read_until_zero r in
      List.iter (fun i -> if i <= 0 then fail r "deleted ids must be positive") ids;
      Some (Lrat_checker.Del ids)
    end else begin
      let lits = read_until_zero r in
      let hints = read_until_zero r in
      Some (Lrat_checker.Add (id, lits, hints))
    end
  end

let () =
  if Array.length Sys.argv <> 3 then begin
    prerr_endline "usage: schedcert-lrat CNF LRAT"; exit 2
  end;
  let cnf_path = Sys.argv.(1) and lrat_path = Sys.argv.(2) in
  print_endline "c schedcert-lrat: LRAT checker extracted from Coq (coq/lrat/Lrat.v, check_proof_sound)";
  try
    let text = let ic = open_in_bin cnf_path in
      let s = really_input_string ic (in_channel_length ic) in close_in ic; s in
    Printf.printf "c cnf %s\nc cnf-sha256 %s\n%!" cnf_path (Sha256.to_hex (Sha256.string text));
    let vars, clauses = (try read_dimacs text with Input_error m -> raise (Input_error (cnf_path ^ ": " ^ m))) in
    Printf.printf "c cnf-size %d variables %d clauses\n%!" vars (List.length clauses);
    let ic = open_in_bin lrat_path in
    let r = of_channel ic in
    let adds = ref 0 and dels = ref 0 in
    let rec loop d =
      let line = (skip_blanks r; r.line) in
      match (try read_step r with Input_error m -> raise (Input_error (lrat_path ^ ": " ^ m))) with
      | None ->
          Printf.printf "c steps %d additions %d deletions\ns REJECTED: the proof ends without the empty clause\n" !adds !dels;
          exit 1
      | Some st ->
          (match st with Lrat_checker.Add _ -> incr adds | Lrat_checker.Del _ -> incr dels);
          match Lrat_checker.run_step d st with
          | Lrat_checker.Continue d' -> loop d'
          | Lrat_checker.Refuted ->
              Printf.printf "c steps %d additions %d deletions\ns VERIFIED UNSAT\n" !adds !dels; exit 0
          | Lrat_checker.Reject ->
              let id = match st with Lrat_checker.Add (id, _, _) -> id | _ -> 0 in
              Printf.printf "c steps %d additions %d deletions\ns REJECTED: step at line %d (clause %d) is neither a tautology, RUP with its hints, nor RAT\n" !adds !dels line id;
              exit 1
    in
    loop (Lrat_checker.init clauses)
  with
  | Input_error m -> Printf.printf "s ERROR %s\n" m; exit 2
  | Sys_error m -> Printf.printf "s ERROR %s\n" m; exit 2
