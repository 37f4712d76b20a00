(* Checker.v: a boolean checker for the Props of Rules.v and its soundness proof
   [check_sound : check s = true -> valid s] (Completeness.v proves the converse).
   The checker is brute force over the lists: causality, duplicate and order rescan the prefix
   of the schedule for every item of every packet (roughly transmissions^2), which keeps the
   proofs short; witnesses are checked by running it with vm_compute. No axioms. *)

From Schedcert Require Import Rules.
From Coq Require Import List Arith NArith Bool Lia.
Import ListNotations.
Open Scope N_scope.

(* ---------- The checker ---------- *)

Definition memN (x : N) (l : list N) : bool := existsb (N.eqb x) l.

Definition Nrange (n : N) : list N := map N.of_nat (seq 0 (N.to_nat n)).

Fixpoint nodupb {A} (eqb : A -> A -> bool) (l : list A) : bool :=
  match l with [] => true | x :: r => negb (existsb (eqb x) r) && nodupb eqb r end.

Fixpoint leqb (a b : list N) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => (x =? y) && leqb a' b'
  | _, _ => false
  end.

(* Packets compared as sets (shout-whisper's one message per step): each item of one is in the
   other. *)
Definition seteqb (a b : list N) : bool :=
  forallb (fun i => memN i b) a && forallb (fun i => memN i a) b.

Definition paireqb (a b : N * N) : bool := (fst a =? fst b) && (snd a =? snd b).

Definition opteqb (a b : option N) : bool :=
  match a, b with
  | None, None => true
  | Some x, Some y => x =? y
  | _, _ => false
  end.

Definition fadjb (f : factor) (a b : N) : bool :=
  negb (a =? b) &&
  match fkind_of f with
  | K2 | Complete => true
  | Ring => (b =? (a + 1) mod fsize f) || (a =? (b + 1) mod fsize f)
  | Path => (b =? a + 1) || (a =? b + 1)
  | Graph arcs => 0 <? gmult arcs a b
  end.

Definition adjb (net : network) (u v : N) : bool :=
  let dims := seq 0 (length net) in
  (u <? nnodes net) && (v <? nnodes net) &&
  existsb (fun d => fadjb (nth d net dflt_factor) (digit net u d) (digit net v d) &&
                    forallb (fun e => Nat.eqb e d || (digit net u e =? digit net v e)) dims) dims.

Definition packet_okb (p : problem) (n : N) (t : tx) : bool :=
  negb (match pkt t with [] => true | _ => false end) && nodupb N.eqb (pkt t) &&
  forallb (fun i => i <? num_items p n) (pkt t) &&
  (combining p || (N.of_nat (length (pkt t)) <=? bsize p)) &&
  (negb (combining p) ||
   forallb (fun i => forallb (fun j => opteqb (target p n i) (target p n j)) (pkt t)) (pkt t)).

Definition port_okb (m : cmodel) (st : step) : bool :=
  match m with
  | AllPort => true
  | SinglePortFull => nodupb N.eqb (map src st) && nodupb N.eqb (map dst st)
  | SinglePortHalf => nodupb N.eqb (map src st ++ map dst st)
  | ShoutWhisper =>
      forallb (fun t1 => forallb (fun t2 => negb (src t1 =? src t2) || seteqb (pkt t1) (pkt t2)) st) st &&
      nodupb N.eqb (map dst st) &&
      forallb (fun t1 => forallb (fun t2 => negb (src t1 =? dst t2)) st) st
  end.

Definition step_okb (s : schedule) (st : step) : bool :=
  forallb (fun t => adjb (s_net s) (src t) (dst t) &&
                    packet_okb (s_prob s) (nnodes (s_net s)) t) st &&
  forallb (fun t => N.of_nat (link_load st (src t) (dst t)) <=? link_cap (s_net s) (src t) (dst t)) st &&
  port_okb (s_model s) st.

Definition receivedb (pre : list step) (v i : N) : bool :=
  existsb (fun st => existsb (fun t => (dst t =? v) && memN i (pkt t)) st) pre.

Definition holdsb (orig : N -> N) (pre : list step) (v i : N) : bool :=
  (v =? orig i) || receivedb pre v i.

(* [f pre st] for every split [steps = pre ++ st :: post]. *)
Fixpoint allsteps (f : list step -> step -> bool) (pre rest : list step) : bool :=
  match rest with
  | [] => true
  | st :: r => f pre st && allsteps f (pre ++ [st]) r
  end.

Definition caus_stepb (orig : N -> N) (pre : list step) (st : step) : bool :=
  forallb (fun t => forallb (fun i => holdsb orig pre (src t) i) (pkt t)) st.

Definition chunk_completeb (p : problem) (n : N) (pk : list N) (i : N) : bool :=
  is_allreduce p && forallb (fun v => memN (v * msgs p + i mod msgs p) pk) (Nrange n).

(* [a]: the transmissions of the step before the ones in [st]; [cc pk i]: the packet [pk] is
   the complete value of the chunk of item i. *)
Fixpoint dup_stepb (cc : list N -> N -> bool) (orig : N -> N) (pre : list step) (a st : list tx)
  : bool :=
  match st with
  | [] => true
  | t :: b =>
      forallb (fun i => cc (pkt t) i ||
                        (negb (holdsb orig pre (dst t) i) &&
                         negb (existsb (fun t' => (dst t' =? dst t) && memN i (pkt t')) a))) (pkt t) &&
      dup_stepb cc orig pre (a ++ [t]) b
  end.

Definition order_stepb (orig : N -> N) (pre : list step) (st : step) : bool :=
  forallb (fun t => forallb (fun i =>
    (i =? 0) ||
    ((negb (src t =? orig i) || holdsb orig pre (src t) (i - 1)) &&
     (holdsb orig pre (dst t) i || holdsb orig pre (dst t) (i - 1)))) (pkt t)) st.

Definition completeb (s : schedule) : bool :=
  let n := nnodes (s_net s) in
  let p := s_prob s in
  forallb (fun i =>
    match target p n i with
    | None => forallb (fun v => holdsb (orig_of s) (s_steps s) v i) (Nrange n)
    | Some w => negb (w <? n) || holdsb (orig_of s) (s_steps s) w i
    end) (Nrange (num_items p n)).

Definition problem_okb (s : schedule) : bool :=
  let p := s_prob s in let n := nnodes (s_net s) in
  (negb (has_root p) || (root p <? n)) && (1 <=? msgs p) && (1 <=? bsize p) &&
  (negb (targeted p) || (msgs p =? 1)) &&
  (if ordered p then negb (match srcs p with [] => true | _ => false end) &&
                     forallb (fun v => v <? n) (srcs p)
   else match srcs p with [] => true | _ => false end).

Definition check (s : schedule) : bool :=
  let o := orig_of s in
  problem_okb s && forallb (step_okb s) (s_steps s) &&
  allsteps (caus_stepb o) [] (s_steps s) &&
  (negb (combining (s_prob s)) ||
   allsteps (fun pre st => dup_stepb (chunk_completeb (s_prob s) (nnodes (s_net s))) o pre [] st)
            [] (s_steps s)) &&
  (negb (ordered (s_prob s)) || allsteps (order_stepb o) [] (s_steps s)) &&
  completeb s.

(* ---------- Soundness ---------- *)

Lemma nodupb_sound {A} (eqb : A -> A -> bool) (Hrefl : forall x, eqb x x = true) :
  forall l, nodupb eqb l = true -> NoDup l.
Proof.
  induction l as [|x r IH]; simpl; intros H.
  - constructor.
  - apply andb_true_iff in H as [H1 H2]. constructor; [|auto].
    intro Hin. apply negb_true_iff in H1.
    assert (existsb (eqb x) r = true) as E by (apply existsb_exists; eauto).
    congruence.
Qed.

Lemma paireqb_refl : forall x, paireqb x x = true.
Proof. intros [a b]; unfold paireqb; simpl; now rewrite !N.eqb_refl. Qed.

Lemma leqb_sound : forall a b, leqb a b = true -> a = b.
Proof.
  induction a as [|x a IH]; destruct b as [|y b]; simpl; try discriminate; auto.
  intros H; apply andb_true_iff in H as [H1 H2]. apply N.eqb_eq in H1. f_equal; auto.
Qed.

Lemma seteqb_spec : forall a b, seteqb a b = true <-> (forall i, In i a <-> In i b).
Proof.
  intros a b. unfold seteqb, memN. rewrite andb_true_iff, !forallb_forall. split.
  - intros [H1 H2] i. split; intros Hi.
    + destruct (proj1 (existsb_exists _ _) (H1 i Hi)) as [y [Hy E]].
      apply N.eqb_eq in E; subst; auto.
    + destruct (proj1 (existsb_exists _ _) (H2 i Hi)) as [y [Hy E]].
      apply N.eqb_eq in E; subst; auto.
  - intros H. split; intros i Hi; apply existsb_exists; exists i;
      (split; [apply H; auto | apply N.eqb_refl]).
Qed.

Lemma opteqb_sound : forall a b, opteqb a b = true -> a = b.
Proof.
  intros [x|] [y|]; simpl; intros H; try discriminate; auto. apply N.eqb_eq in H; subst; auto.
Qed.

Lemma memN_sound : forall x l, memN x l = true -> In x l.
Proof.
  unfold memN; intros x l H. apply existsb_exists in H as [y [Hy E]].
  apply N.eqb_eq in E; subst; auto.
Qed.

Lemma memN_complete : forall x l, In x l -> memN x l = true.
Proof. unfold memN; intros x l H. apply existsb_exists. exists x. split; auto. apply N.eqb_refl. Qed.

Lemma fadjb_sound : forall f a b, fadjb f a b = true -> fadj f a b.
Proof.
  unfold fadjb, fadj; intros f a b H. apply andb_true_iff in H as [H1 H2].
  apply negb_true_iff, N.eqb_neq in H1. split; auto.
  destruct (fkind_of f); auto;
    try (apply orb_true_iff in H2 as [H2|H2]; apply N.eqb_eq in H2; auto).
  apply N.ltb_lt; auto.
Qed.

Lemma adjb_sound : forall net u v, adjb net u v = true -> adjacent net u v.
Proof.
  unfold adjb, adjacent; intros net u v H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  apply N.ltb_lt in H1; apply N.ltb_lt in H2. repeat split; auto.
  apply existsb_exists in H3 as [d [Hd H3]]. apply in_seq in Hd.
  apply andb_true_iff in H3 as [Ha Hb]. exists d. split; [lia|]. split; [apply fadjb_sound; auto|].
  intros e He Hne. rewrite forallb_forall in Hb.
  assert (In e (seq 0 (length net))) as Hin by (apply in_seq; lia).
  specialize (Hb e Hin). apply orb_true_iff in Hb as [Hb|Hb].
  - apply Nat.eqb_eq in Hb; contradiction.
  - apply N.eqb_eq; auto.
Qed.

Lemma packet_okb_sound : forall p n t, packet_okb p n t = true -> packet_ok p n t.
Proof.
  unfold packet_okb, packet_ok; intros p n t H.
  apply andb_true_iff in H as [H H5]. apply andb_true_iff in H as [H H4].
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  repeat split.
  - destruct (pkt t); simpl in *; discriminate.
  - apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - intros i Hi. rewrite forallb_forall in H3. apply N.ltb_lt; auto.
  - intros C. rewrite C in H4. apply N.leb_le; auto.
  - intros C i j Hi Hj. rewrite C in H5. simpl in H5. rewrite forallb_forall in H5.
    specialize (H5 i Hi). rewrite forallb_forall in H5. apply opteqb_sound; auto.
Qed.

Lemma port_okb_sound : forall m st, port_okb m st = true -> port_ok m st.
Proof.
  destruct m; simpl; intros st H; auto.
  - apply andb_true_iff in H as [H1 H2]; split; apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - apply (nodupb_sound N.eqb N.eqb_refl); auto.
  - apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
    rewrite forallb_forall in H1, H3. split; [|split].
    + intros t1 t2 I1 I2 E. specialize (H1 t1 I1). rewrite forallb_forall in H1.
      specialize (H1 t2 I2). rewrite E, N.eqb_refl in H1. simpl in H1. apply seteqb_spec; auto.
    + apply (nodupb_sound N.eqb N.eqb_refl); auto.
    + intros t1 t2 I1 I2 E. specialize (H3 t1 I1). rewrite forallb_forall in H3.
      specialize (H3 t2 I2). rewrite E, N.eqb_refl in H3. discriminate.
Qed.

Lemma step_okb_sound : forall s st, step_okb s st = true -> step_ok s st.
Proof.
  unfold step_okb, step_ok; intros s st H.
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  split; [|split].
  - intros t It. rewrite forallb_forall in H1. specialize (H1 t It).
    apply andb_true_iff in H1 as [A B].
    split; [apply adjb_sound; auto | apply packet_okb_sound; auto].
  - intros t It. rewrite forallb_forall in H2. apply N.leb_le, H2; auto.
  - apply port_okb_sound; auto.
Qed.

Lemma holdsb_sound : forall orig pre v i, holdsb orig pre v i = true -> holds orig pre v i.
Proof.
  unfold holdsb, holds, receivedb, received; intros orig pre v i H.
  apply orb_true_iff in H as [H|H].
  - left; apply N.eqb_eq; auto.
  - right. apply existsb_exists in H as [st [Ist H]]. apply existsb_exists in H as [t [It H]].
    apply andb_true_iff in H as [H1 H2]. apply N.eqb_eq in H1.
    exists st, t; repeat split; auto. apply memN_sound; auto.
Qed.

Lemma holdsb_complete : forall orig pre v i, holds orig pre v i -> holdsb orig pre v i = true.
Proof.
  unfold holdsb, holds, receivedb, received; intros orig pre v i [H|H].
  - subst. now rewrite N.eqb_refl.
  - apply orb_true_iff; right. destruct H as [st [t [Ist [It [Hd Hi]]]]].
    apply existsb_exists. exists st; split; auto. apply existsb_exists. exists t; split; auto.
    apply andb_true_iff; split; [apply N.eqb_eq; auto | apply memN_complete; auto].
Qed.

Lemma allsteps_sound : forall f rest pre, allsteps f pre rest = true ->
  forall a st post, rest = a ++ st :: post -> f (pre ++ a) st = true.
Proof.
  intros f rest; induction rest as [|st0 rest IH]; intros pre H a st post E.
  - destruct a; discriminate.
  - simpl in H. apply andb_true_iff in H as [H1 H2]. destruct a as [|a0 a'].
    + simpl in E. inversion E; subst. rewrite app_nil_r. exact H1.
    + simpl in E. inversion E; subst.
      specialize (IH (pre ++ [a0]) H2 a' st post eq_refl).
      rewrite <- app_assoc in IH. exact IH.
Qed.

Lemma dup_stepb_sound : forall cc orig pre st a, dup_stepb cc orig pre a st = true ->
  forall a' t b, st = a' ++ t :: b -> forall i, In i (pkt t) -> cc (pkt t) i = false ->
  ~ holds orig pre (dst t) i /\
  ~ (exists t', In t' (a ++ a') /\ dst t' = dst t /\ In i (pkt t')).
Proof.
  intros cc orig pre st; induction st as [|t0 st IH]; intros a H a' t b E i Ii Hcc.
  - destruct a'; discriminate.
  - simpl in H. apply andb_true_iff in H as [H1 H2]. destruct a' as [|a0 a''].
    + simpl in E. inversion E; subst. rewrite app_nil_r.
      rewrite forallb_forall in H1. specialize (H1 i Ii). rewrite Hcc in H1. simpl in H1.
      apply andb_true_iff in H1 as [Ha Hb]. apply negb_true_iff in Ha, Hb. split.
      * intros Hh. apply holdsb_complete in Hh. congruence.
      * intros [t' [It' [Hd Hi']]].
        assert (existsb (fun t' => (dst t' =? dst t) && memN i (pkt t')) a = true) as C.
        { apply existsb_exists. exists t'. split; auto.
          apply andb_true_iff; split; [apply N.eqb_eq; auto | apply memN_complete; auto]. }
        congruence.
    + simpl in E. inversion E; subst.
      specialize (IH (a ++ [a0]) H2 a'' t b eq_refl i Ii Hcc).
      rewrite <- app_assoc in IH. exact IH.
Qed.

Lemma Nrange_in : forall i n, i < n -> In i (Nrange n).
Proof.
  intros i n H. unfold Nrange. apply in_map_iff. exists (N.to_nat i). split.
  - apply N2Nat.id.
  - apply in_seq. lia.
Qed.

Lemma chunk_completeb_sound : forall p n pk i,
  chunk_completeb p n pk i = true -> chunk_complete p n pk i.
Proof.
  unfold chunk_completeb, chunk_complete; intros p n pk i H.
  apply andb_true_iff in H as [H1 H2]. split; auto. intros v Hv.
  rewrite forallb_forall in H2. apply memN_sound, H2, Nrange_in; auto.
Qed.

Lemma completeb_sound : forall s, completeb s = true -> complete s.
Proof.
  unfold completeb, complete; intros s H i v Hi Hv Hn.
  rewrite forallb_forall in H. specialize (H i (Nrange_in _ _ Hi)).
  destruct (target (s_prob s) (nnodes (s_net s)) i) as [w|] eqn:T; simpl in Hn.
  - subst v. apply orb_true_iff in H as [H|H].
    + apply negb_true_iff, N.ltb_ge in H. lia.
    + apply holdsb_sound; auto.
  - rewrite forallb_forall in H. apply holdsb_sound. apply H. apply Nrange_in; auto.
Qed.

Lemma problem_okb_sound : forall s, problem_okb s = true -> problem_ok s.
Proof.
  unfold problem_okb, problem_ok; intros s H.
  apply andb_true_iff in H as [H H5]. apply andb_true_iff in H as [H H4].
  apply andb_true_iff in H as [H H3]. apply andb_true_iff in H as [H1 H2].
  split; [|split; [|split; [|split; [|split]]]].
  - intros C. rewrite C in H1. apply N.ltb_lt; auto.
  - apply N.leb_le; auto.
  - apply N.leb_le; auto.
  - intros C. rewrite C in H4. apply N.eqb_eq; auto.
  - intros C. rewrite C in H5. apply andb_true_iff in H5 as [Ha Hb]. split.
    + destruct (srcs (s_prob s)); simpl in Ha; discriminate.
    + intros v Hv. rewrite forallb_forall in Hb. apply N.ltb_lt; auto.
  - intros C. rewrite C in H5. destruct (srcs (s_prob s)); simpl in H5; auto; discriminate.
Qed.

Theorem check_sound : forall s, check s = true -> valid s.
Proof.
  unfold check, valid; intros s H.
  apply andb_true_iff in H as [H H6]. apply andb_true_iff in H as [H H5].
  apply andb_true_iff in H as [H H4]. apply andb_true_iff in H as [H H3].
  apply andb_true_iff in H as [H1 H2].
  split; [|split; [|split; [|split; [|split]]]].
  - apply problem_okb_sound; auto.
  - intros st0 Ist. rewrite forallb_forall in H2. apply step_okb_sound; auto.
  - unfold causal. intros pre st0 post E t i It Ii.
    pose proof (allsteps_sound _ _ [] H3 pre st0 post E) as C. simpl in C.
    unfold caus_stepb in C. rewrite forallb_forall in C. specialize (C t It).
    rewrite forallb_forall in C. apply holdsb_sound; auto.
  - unfold no_duplicate. intros Hc pre st0 post E a t b Est i Ii Hcc.
    rewrite Hc in H4. simpl in H4.
    pose proof (allsteps_sound _ _ [] H4 pre st0 post E) as C. simpl in C.
    refine (dup_stepb_sound _ _ _ _ [] C a t b Est i Ii _).
    destruct (chunk_completeb _ _ (pkt t) i) eqn:CC; auto. exfalso. apply Hcc.
    apply chunk_completeb_sound; auto.
  - unfold in_order. intros Ho pre st0 post E t i It Ii Hi.
    rewrite Ho in H5. simpl in H5.
    pose proof (allsteps_sound _ _ [] H5 pre st0 post E) as C. simpl in C.
    unfold order_stepb in C. rewrite forallb_forall in C. specialize (C t It).
    rewrite forallb_forall in C. specialize (C i Ii).
    apply orb_true_iff in C as [C|C]; [apply N.eqb_eq in C; lia|].
    apply andb_true_iff in C as [Ca Cb]. split.
    + intros Hs. apply orb_true_iff in Ca as [Ca|Ca].
      * apply negb_true_iff, N.eqb_neq in Ca. contradiction.
      * apply holdsb_sound; auto.
    + apply orb_true_iff in Cb as [Cb|Cb]; [left|right]; apply holdsb_sound; auto.
  - apply completeb_sound; auto.
Qed.
