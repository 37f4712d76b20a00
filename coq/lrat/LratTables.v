(* The data structures of the fast LRAT checker (LratFast.v, issue 27), on Coq's primitive
   arrays (PArray) and 63-bit integers (Uint63), with the lemmas its soundness proof needs.

   - Literals and ids are `int`s read as two's complement: x >= 2^62 is the negation of the
     variable 0 - x (`ivar`, `isign`); 0 is the literal false. `ilit_true w x` is the meaning of
     a literal under a valuation of the int variables.
   - `tab A` (the clause database, the RAT groups): keys below 2^12 * length(outer) live in
     chunks of 4096 cells of an outer array (a chunk is allocated at its first write; until
     then the slot holds one shared empty array), larger keys in a FMapPositive trie (`tfar`).
     `tget` checks both bounds itself, so no invariant about the lengths is needed.
   - `asg` (a partial assignment): an array of three-valued cells (`val3`) over the variables
     below its length, larger variables in a trie.
   - `forall_below n f`: f on 0 .. n - 1 (Pos.iter on the bound), for the RAT scan (`tall`).
   The lemmas are in the weak form soundness needs: what a lookup finds after an update was put
   there by the update or was found before (`tget_tset`, `acompat_aset`); every entry is visited
   by `tall` (`tall_sound`). Completeness (an update is found again) is not proved: a lookup that
   fails only makes the checker reject, and the differential tests check it. The arrays are
   persistent (Baker 1991, "Shallow binding makes functional arrays fast"): reading an old version
   is correct, and costs the updates in between (Coq's kernel Parray re-roots). *)
From Coq Require Import ZArith List Bool Lia FSets.FMapPositive.
From Coq Require Import PArray Uint63.
From Schedcert.lrat Require Import Cnf.
Import ListNotations.

Module M := PositiveMap.

Local Notation "'φ' x" := (Uint63.to_Z x) (at level 0).

(* ------------------------------------------------------------------ *)
(* Literals as 63-bit integers *)

Definition half : int := 4611686018427387904%uint63.  (* 2^62: the sign bit of two's complement *)
Definition is_neg (x : int) : bool := (half <=? x)%uint63.
Definition ivar (x : int) : int := if is_neg x then (0 - x)%uint63 else x.
Definition isign (x : int) : bool := negb (is_neg x).
Definition is_pos (x : int) : bool := negb (x =? 0)%uint63 && negb (is_neg x).

Definition ivaluation := int -> bool.
Definition ilit_true (w : ivaluation) (x : int) : bool :=
  if (x =? 0)%uint63 then false else Bool.eqb (w (ivar x)) (isign x).
Definition iclause := list int.
Definition iclause_true (w : ivaluation) (c : iclause) : bool := existsb (ilit_true w) c.

(* A FMapPositive key for an int (only for the rare ids and variables above the arrays). *)
Definition pkey (k : int) : positive := Z.to_pos (φ k + 1).

Lemma pkey_inj : forall i j, pkey i = pkey j -> i = j.
Proof.
  intros i j H. unfold pkey in H. pose proof (to_Z_bounded i). pose proof (to_Z_bounded j).
  apply Z2Pos.inj in H; try lia. apply to_Z_inj; lia.
Qed.

Lemma eqb_int_spec : forall x y : int, reflect (x = y) (x =? y)%uint63.
Proof. intros x y. apply iff_reflect. symmetry. apply eqb_spec. Qed.

(* ------------------------------------------------------------------ *)
(* The loop "for every i < n" on an int bound *)

Definition forall_below (n : int) (f : int -> bool) : bool :=
  match φ n with
  | Zpos m => snd (Pos.iter (fun s : int * bool => (fst s + 1, snd s && f (fst s))%uint63) (0%uint63, true) m)
  | _ => true
  end.

Lemma iter_below : forall (f : int -> bool) m,
  let s := Pos.iter (fun s : int * bool => (fst s + 1, snd s && f (fst s))%uint63) (0%uint63, true) m in
  fst s = of_Z (Zpos m) /\ (snd s = true -> forall z, (0 <= z < Zpos m)%Z -> f (of_Z z) = true).
Proof.
  intros f m. induction m as [|m IH] using Pos.peano_ind; cbv zeta.
  - split; [reflexivity|]. intros H z Hz. assert (z = 0%Z) as -> by lia. exact H.
  - rewrite Pos.iter_succ. destruct IH as [E IH]. cbn [fst snd]. split.
    + rewrite E. apply to_Z_inj. rewrite add_spec, !of_Z_spec, to_Z_1, Pos2Z.inj_succ, Zplus_mod_idemp_l.
      reflexivity.
    + intros H z Hz. apply andb_true_iff in H as [H1 H2].
      destruct (Z.eq_dec z (Zpos m)) as [->|Hne].
      * rewrite <- E. exact H2.
      * apply IH; auto. rewrite Pos2Z.inj_succ in Hz. lia.
Qed.

Lemma forall_below_spec : forall n f, forall_below n f = true ->
  forall i, (φ i < φ n)%Z -> f i = true.
Proof.
  intros n f H i Hi. unfold forall_below in H. pose proof (to_Z_bounded i).
  destruct (φ n) as [|m|m] eqn:En; try lia.
  destruct (iter_below f m) as [_ Hm]. specialize (Hm H (φ i) ltac:(lia)).
  rewrite of_to_Z in Hm. exact Hm.
Qed.

(* ------------------------------------------------------------------ *)
(* Tables: keys below 4096 * length(outer) in chunks of 4096, the others in a trie *)

Record tab (A : Type) := { touter : array (array (option A)); tfar : M.t (int * A) }.
Arguments touter {A}. Arguments tfar {A}.

Definition tnew {A} (n : int) : tab A :=
  {| touter := make n (make 0 None); tfar := M.empty _ |}.

(* One array read per level: out of bounds, Parray.get answers the array's default (an empty
   chunk, None), and only then are the bounds looked at, to go to the trie. *)
Definition tget {A} (t : tab A) (k : int) : option A :=
  let h := (k >> 12)%uint63 in
  let r := ((touter t).[h]).[(k - (h << 12))%uint63] in
  match r with
  | Some _ => r
  | None =>
      if (h <? length (touter t))%uint63 then None
      else match M.find (pkey k) (tfar t) with Some (_, y) => Some y | None => None end
  end.

Definition tset {A} (t : tab A) (k : int) (x : option A) : tab A :=
  let h := (k >> 12)%uint63 in
  if (h <? length (touter t))%uint63 then
    let ch := (touter t).[h] in
    let ch := if (length ch =? 0)%uint63 then make 4096 None else ch in
    {| touter := (touter t).[h <- ch.[(k - (h << 12))%uint63 <- x]]; tfar := tfar t |}
  else {| touter := touter t;
          tfar := match x with Some y => M.add (pkey k) (k, y) (tfar t) | None => M.remove (pkey k) (tfar t) end |}.

(* P holds for every entry (its key is passed along, for the RAT groups): the chunks below the
   outer length, the outer default, each chunk's cells below its length and its default, the
   trie. *)
Definition chunk_all {A} (P : int -> A -> bool) (h : int) (ch : array (option A)) : bool :=
  (if (length ch =? 0)%uint63 then true  (* the shared empty chunk of the unwritten slots *)
   else forall_below (length ch) (fun l => match ch.[l] with Some y => P (h << 12 + l)%uint63 y | None => true end))
  && match default ch with Some y => P (h << 12)%uint63 y | None => true end.

Definition tall {A} (P : int -> A -> bool) (t : tab A) : bool :=
  forall_below (length (touter t)) (fun h => chunk_all P h (touter t).[h])
  && chunk_all P 0%uint63 (default (touter t))
  && M.fold (fun _ e ok => ok && P (fst e) (snd e)) (tfar t) true.

Lemma tget_new : forall A n k, @tget A (tnew n) k = None.
Proof.
  intros A n k. unfold tget, tnew. cbn [touter tfar]. rewrite !get_make.
  destruct (_ <? _)%uint63; [auto|now rewrite M.gempty].
Qed.

(* A lookup that finds y: in the arrays, or in the trie beyond the outer length. *)
Lemma tget_cases : forall A (t : tab A) j y, tget t j = Some y ->
  ((touter t).[j >> 12]).[j - (j >> 12 << 12)]%uint63 = Some y \/
  (((touter t).[j >> 12]).[j - (j >> 12 << 12)]%uint63 = None /\ (j >> 12 <? length (touter t))%uint63 = false /\
   exists k, M.find (pkey j) (tfar t) = Some (k, y)).
Proof.
  intros A t j y. unfold tget. cbv zeta.
  destruct (((touter t).[j >> 12]).[j - (j >> 12 << 12)]%uint63) as [z|] eqn:E.
  - intros H; inversion H; subst; auto.
  - destruct (j >> 12 <? length (touter t))%uint63 eqn:L; [discriminate|].
    destruct (M.find (pkey j) (tfar t)) as [[k z]|] eqn:F; [|discriminate].
    intros H; inversion H; subst. right; eauto.
Qed.

Lemma tget_array : forall A (t : tab A) j y,
  ((touter t).[j >> 12]).[j - (j >> 12 << 12)]%uint63 = Some y -> tget t j = Some y.
Proof. intros A t j y E. unfold tget. cbv zeta. now rewrite E. Qed.

Lemma tget_tset : forall A (t : tab A) k x j y, tget (tset t k x) j = Some y ->
  x = Some y \/ tget t j = Some y.
Proof.
  intros A t k x j y G. apply tget_cases in G. unfold tset in G. cbv zeta in G.
  destruct (k >> 12 <? length (touter t))%uint63 eqn:Hk; cbn [touter tfar] in G.
  - set (ch := (touter t).[k >> 12]) in *.
    set (ch' := if (length ch =? 0)%uint63 then make 4096 None else ch) in *.
    destruct G as [G|(G0 & L & z & F)].
    + destruct (eqb_int_spec (k >> 12) (j >> 12)) as [Eh|Nh].
      * rewrite <- Eh in G. rewrite (get_set_same _ _ _ _ Hk) in G.
        destruct (eqb_int_spec (k - (k >> 12 << 12)) (j - (k >> 12 << 12))) as [El|Nl].
        -- rewrite <- El in G.
           destruct (k - (k >> 12 << 12) <? length ch')%uint63 eqn:Hl.
           ++ rewrite (get_set_same _ _ _ _ Hl) in G. auto.
           ++ rewrite get_out_of_bounds in G by (rewrite length_set; exact Hl).
              rewrite default_set in G. unfold ch' in *.
              destruct (length ch =? 0)%uint63; [rewrite default_make in G; discriminate|].
              right. apply tget_array. rewrite <- Eh, <- El. fold ch.
              rewrite get_out_of_bounds by exact Hl. exact G.
        -- rewrite (get_set_other _ _ _ _ _ Nl) in G. unfold ch' in *.
           destruct (length ch =? 0)%uint63; [rewrite get_make in G; discriminate|].
           right. apply tget_array. rewrite <- Eh. exact G.
      * rewrite (get_set_other _ _ _ _ _ Nh) in G. right. now apply tget_array.
    + rewrite length_set in L. right.
      assert (Nh : (k >> 12)%uint63 <> (j >> 12)%uint63) by (intros Eh; rewrite Eh, L in Hk; discriminate).
      rewrite (get_set_other _ _ _ _ _ Nh) in G0.
      unfold tget. cbv zeta. rewrite G0, L, F. reflexivity.
  - destruct G as [G|(G0 & L & z & F)]; [right; now apply tget_array|].
    destruct x as [z'|].
    + destruct (Pos.eq_dec (pkey j) (pkey k)) as [E|Ne].
      * rewrite E, M.gss in F. inversion F; subst. auto.
      * rewrite M.gso in F by exact Ne. right. unfold tget. cbv zeta. rewrite G0, L, F. reflexivity.
    + destruct (Pos.eq_dec (pkey j) (pkey k)) as [E|Ne].
      * rewrite E, M.grs in F. discriminate.
      * rewrite M.gro in F by exact Ne. right. unfold tget. cbv zeta. rewrite G0, L, F. reflexivity.
Qed.

Lemma ffold_left_and : forall (A : Type) (f : A -> bool) l b,
  fold_left (fun acc x => acc && f x) l b = true -> b = true /\ forall x, In x l -> f x = true.
Proof.
  intros A f l; induction l as [|x l IH]; simpl; intros b H; [split; tauto|].
  apply IH in H as [H1 H2]. apply andb_true_iff in H1 as [Hb Hx].
  split; auto. intros y [<-|Hy]; auto.
Qed.

Lemma chunk_all_sound : forall A P h (ch : array (option A)) l y, chunk_all P h ch = true ->
  ch.[l] = Some y -> exists k, P k y = true.
Proof.
  intros A P h ch l y H G. unfold chunk_all in H. apply andb_true_iff in H as [Hc Hd].
  destruct (l <? length ch)%uint63 eqn:L.
  - destruct (eqb_int_spec (length ch) 0) as [Z0|Z0].
    + exfalso. apply ltb_spec in L. rewrite Z0, to_Z_0 in L. pose proof (to_Z_bounded l). lia.
    + apply ltb_spec in L. pose proof (forall_below_spec _ _ Hc _ L) as E. cbv beta in E.
      rewrite G in E. eauto.
  - rewrite get_out_of_bounds in G by exact L. rewrite G in Hd. eauto.
Qed.

Lemma tall_sound : forall A P (t : tab A) j y, tall P t = true -> tget t j = Some y ->
  exists k, P k y = true.
Proof.
  intros A P t j y H G. unfold tall in H. apply andb_true_iff in H as [H Hf].
  apply andb_true_iff in H as [Ha Hd].
  destruct (tget_cases _ _ _ _ G) as [E|(_ & _ & k & F)].
  - destruct (j >> 12 <? length (touter t))%uint63 eqn:Hj.
    + apply ltb_spec in Hj. pose proof (forall_below_spec _ _ Ha _ Hj) as Hc. cbv beta in Hc.
      exact (chunk_all_sound _ _ _ _ _ _ Hc E).
    + rewrite (get_out_of_bounds _ (touter t) (j >> 12)%uint63 Hj) in E. exact (chunk_all_sound _ _ _ _ _ _ Hd E).
  - rewrite M.fold_1 in Hf.
    apply (ffold_left_and _ (fun x => P (fst (snd x)) (snd (snd x)))) in Hf as [_ Hf].
    apply M.elements_correct in F. exists k. exact (Hf _ F).
Qed.

(* ------------------------------------------------------------------ *)
(* Partial assignments: an array of three-valued cells, large variables in a trie *)

Inductive val3 := VU | VT | VF.
Definition of_bool (b : bool) : val3 := if b then VT else VF.
Definition neg3 (v : val3) : val3 := match v with VT => VF | VF => VT | VU => VU end.

Record asg := { av : array val3; afar : M.t bool }.

(* One array read: out of bounds, Parray.get answers the default (VU); only an unassigned cell
   makes the bounds be looked at, to go to the trie. *)
Definition aget (a : asg) (k : int) : val3 :=
  match (av a).[k] with
  | VU => if (k <? length (av a))%uint63 then VU
          else match M.find (pkey k) (afar a) with Some b => of_bool b | None => VU end
  | v => v
  end.

Definition aset (a : asg) (k : int) (b : bool) : asg :=
  if (k <? length (av a))%uint63 then {| av := (av a).[k <- of_bool b]; afar := afar a |}
  else {| av := av a; afar := M.add (pkey k) b (afar a) |}.

Definition acompat (w : ivaluation) (a : asg) : Prop := forall k b, aget a k = of_bool b -> w k = b.

Lemma of_bool_inj : forall b c, of_bool b = of_bool c -> b = c.
Proof. intros [|] [|]; simpl; congruence. Qed.

Lemma aget_cases : forall a k b, aget a k = of_bool b ->
  (av a).[k] = of_bool b \/
  ((av a).[k] = VU /\ (k <? length (av a))%uint63 = false /\ M.find (pkey k) (afar a) = Some b).
Proof.
  intros a k b. unfold aget. destruct ((av a).[k]) eqn:E; auto.
  destruct (k <? length (av a))%uint63 eqn:L; [destruct b; discriminate|].
  destruct (M.find (pkey k) (afar a)) as [c|] eqn:F; [|destruct b; discriminate].
  intros G. apply of_bool_inj in G. subst. auto.
Qed.

Lemma aget_array : forall a k b, (av a).[k] = of_bool b -> aget a k = of_bool b.
Proof. intros a k b E. unfold aget. rewrite E. now destruct b. Qed.

Lemma aget_far : forall a k b, (av a).[k] = VU -> (k <? length (av a))%uint63 = false ->
  M.find (pkey k) (afar a) = Some b -> aget a k = of_bool b.
Proof. intros a k b E L F. unfold aget. now rewrite E, L, F. Qed.

Lemma acompat_aset : forall w a k b, acompat w a -> w k = b -> acompat w (aset a k b).
Proof.
  intros w a k b H E j c G. apply aget_cases in G. unfold aset in G.
  destruct (k <? length (av a))%uint63 eqn:Hk; cbn [av afar] in G.
  - destruct G as [G|(G0 & L & F)].
    + destruct (eqb_int_spec k j) as [<-|Ne].
      * rewrite get_set_same in G by exact Hk. apply of_bool_inj in G; congruence.
      * rewrite get_set_other in G by exact Ne. apply H. now apply aget_array.
    + rewrite length_set in L.
      assert (Ne : k <> j) by (intros ->; rewrite L in Hk; discriminate).
      rewrite get_set_other in G0 by exact Ne. apply H. now apply aget_far.
  - destruct G as [G|(G0 & L & F)]; [apply H; now apply aget_array|].
    destruct (Pos.eq_dec (pkey j) (pkey k)) as [Ep|Ne].
    + rewrite Ep, M.gss in F. apply pkey_inj in Ep; subst. inversion F; subst. reflexivity.
    + rewrite M.gso in F by exact Ne. apply H. now apply aget_far.
Qed.

(* The all-unassigned assignment over the variables below n (and a trie above). *)
Definition anew (n : int) : asg := {| av := make n VU; afar := M.empty _ |}.

Lemma aget_new : forall n k, aget (anew n) k = VU.
Proof.
  intros n k. unfold aget, anew. cbn [av afar]. rewrite get_make.
  destruct (_ <? _)%uint63; [reflexivity|now rewrite M.gempty].
Qed.

(* Value of a literal (0 is false). *)
Definition flval (a : asg) (x : int) : val3 :=
  if (x =? 0)%uint63 then VF
  else if is_neg x then neg3 (aget a (0 - x)%uint63) else aget a x.

Lemma flval_sound : forall w a x b, acompat w a -> flval a x = of_bool b -> ilit_true w x = b.
Proof.
  intros w a x b H E. unfold flval, ilit_true, ivar, isign in *.
  destruct (x =? 0)%uint63. { destruct b; simpl in E; congruence. }
  destruct (is_neg x); simpl in *.
  - destruct (aget a (0 - x)%uint63) eqn:G; simpl in E; destruct b; try discriminate.
    + rewrite (H _ true G). reflexivity.
    + rewrite (H _ false G). reflexivity.
  - rewrite (H _ _ E). now destruct b.
Qed.

Lemma lit_nonzero : forall w x, ilit_true w x = true -> (x =? 0)%uint63 = false.
Proof. intros w x. unfold ilit_true. destruct (x =? 0)%uint63; congruence. Qed.

Lemma ilit_true_var : forall w x, ilit_true w x = true -> w (ivar x) = isign x.
Proof.
  intros w x. unfold ilit_true. destruct (x =? 0)%uint63; [discriminate|].
  destruct (w (ivar x)), (isign x); simpl; congruence.
Qed.

Lemma ilit_false_var : forall w x, (x =? 0)%uint63 = false -> ilit_true w x = false ->
  w (ivar x) = negb (isign x).
Proof.
  intros w x Z. unfold ilit_true. rewrite Z.
  destruct (w (ivar x)), (isign x); simpl; congruence.
Qed.

