(* FastLocal.v: the rules of Rules.v restated transmission by transmission, as the fast checker
   (FastChecker.v) reads them: [LocalOK s pre a t] says that transmission [t], read after the
   steps [pre] and the transmissions [a] of its own step, breaks no rule; [positions_valid]
   proves that every transmission being LocalOK is exactly the step rules plus causality,
   duplicate and order of Rules.v (link capacity read per transmission: [link_local], the
   packets before it in its step leave room on its link, [link_local_ok]). Also: the
   digit-by-digit adjacency test, link capacity ([lcap_spec]) and the packet test of the fast
   checker decide [adjacent], [link_cap] and [packet_ok]; [link_ok_products]: without a graph
   factor, link capacity is one packet per directed link and step (NoDup of the (from, to)
   pairs, the rule before graph networks). No axioms. *)

From Schedcert Require Import Rules Checker Completeness NMaps FastChecker.
From Coq Require Import List NArith Bool Lia Permutation.
Import ListNotations.
Open Scope N_scope.

(* Shout-whisper: the relation between the packets of two sends of one node in one step: the
   same set of items (Rules.v, port_ok; order is irrelevant). *)
Definition same_pkt (p q : list N) : Prop := forall i, In i p <-> In i q.

Lemma same_pkt_refl : forall p, same_pkt p p.
Proof. unfold same_pkt; tauto. Qed.
Lemma same_pkt_sym : forall p q, same_pkt p q -> same_pkt q p.
Proof. unfold same_pkt; intros p q H i; specialize (H i); tauto. Qed.
Lemma same_pkt_trans : forall p q r, same_pkt p q -> same_pkt q r -> same_pkt p r.
Proof. unfold same_pkt; intros p q r H1 H2 i; specialize (H1 i); specialize (H2 i); tauto. Qed.

(* ---------- per transmission, as Props ---------- *)

Definition port_local (m : cmodel) (a : list tx) (t : tx) : Prop :=
  match m with
  | AllPort => True
  | SinglePortFull => ~ In (src t) (map src a) /\ ~ In (dst t) (map dst a)
  | SinglePortHalf =>
      src t <> dst t /\ ~ In (src t) (map src a ++ map dst a) /\
      ~ In (dst t) (map src a ++ map dst a)
  | ShoutWhisper =>
      (forall t', In t' a -> src t' = src t -> same_pkt (pkt t') (pkt t)) /\
      ~ In (dst t) (map dst a) /\ ~ In (src t) (map dst a) /\ src t <> dst t /\
      ~ In (dst t) (map src a)
  end.

Definition items_local (s : schedule) (pre : list step) (a : list tx) (t : tx) : Prop :=
  let o := orig_of s in
  forall i, In i (pkt t) ->
  holds o pre (src t) i /\
  (combining (s_prob s) = true -> ~ chunk_complete (s_prob s) (nnodes (s_net s)) (pkt t) i ->
     ~ holds o pre (dst t) i /\ ~ (exists t', In t' a /\ dst t' = dst t /\ In i (pkt t'))) /\
  (ordered (s_prob s) = true -> 0 < i ->
     (src t = o i -> holds o pre (src t) (i - 1)) /\
     (holds o pre (dst t) i \/ holds o pre (dst t) (i - 1))).

Definition pair_of (t : tx) : N * N := (src t, dst t).

(* Link capacity: the transmissions before [t] in its step leave room on its link. *)
Definition link_local (net : network) (a : list tx) (t : tx) : Prop :=
  N.of_nat (link_load a (src t) (dst t)) < link_cap net (src t) (dst t).

Definition LocalOK (s : schedule) (pre : list step) (a : list tx) (t : tx) : Prop :=
  adjacent (s_net s) (src t) (dst t) /\ packet_ok (s_prob s) (nnodes (s_net s)) t /\
  link_local (s_net s) a t /\ port_local (s_model s) a t /\ items_local s pre a t.

Definition at_all_tx (steps : list step) (P : list step -> list tx -> tx -> Prop) : Prop :=
  forall pre st post a t b, steps = pre ++ st :: post -> st = a ++ t :: b -> P pre a t.

(* ---------- ports ---------- *)

Lemma flat_perm : forall l : list tx,
  Permutation (flat_map (fun t => [src t; dst t]) l) (map src l ++ map dst l).
Proof.
  induction l as [|t l IH]; simpl; auto.
  constructor. apply Permutation_cons_app. auto.
Qed.

Lemma NoDup_snoc2 : forall (l : list N) x y,
  NoDup (l ++ [x; y]) <-> NoDup l /\ ~ In x l /\ ~ In y l /\ x <> y.
Proof.
  intros l x y. replace (l ++ [x; y]) with ((l ++ [x]) ++ [y]) by (rewrite <- app_assoc; auto).
  rewrite !NoDup_snoc. rewrite in_app_iff. simpl. intuition.
Qed.

Lemma port_half_ok : forall st,
  NoDup (map src st ++ map dst st) <->
  forall a t b, st = a ++ t :: b ->
    src t <> dst t /\ ~ In (src t) (map src a ++ map dst a) /\ ~ In (dst t) (map src a ++ map dst a).
Proof.
  intros st. split; intros H.
  - apply (Permutation_NoDup (Permutation_sym (flat_perm st))) in H.
    intros a t b E. subst st. rewrite flat_map_app in H. simpl in H.
    apply NoDup_remove_1 in H as H'. clear H'.
    assert (NoDup (flat_map (fun t => [src t; dst t]) a ++ [src t; dst t])) as H2.
    { replace (flat_map (fun t => [src t; dst t]) a ++ src t :: dst t :: flat_map (fun t => [src t; dst t]) b)
        with ((flat_map (fun t => [src t; dst t]) a ++ [src t; dst t]) ++ flat_map (fun t => [src t; dst t]) b) in H
        by (rewrite <- app_assoc; auto).
      apply NoDup_app_inv_l in H; auto. }
    apply NoDup_snoc2 in H2 as [_ [H3 [H4 H5]]].
    split; auto. split; intros C; apply (Permutation_in _ (Permutation_sym (flat_perm a))) in C; auto.
  - apply (Permutation_NoDup (flat_perm st)).
    induction st as [|t st IH] using rev_ind; simpl; [constructor|].
    rewrite flat_map_app. simpl. apply NoDup_snoc2. split; [|split; [|split]].
    + apply IH. intros a t' b E. apply (H a t' (b ++ [t])). rewrite E, <- app_assoc; auto.
    + intros C. apply (Permutation_in _ (flat_perm st)) in C.
      destruct (H st t [] eq_refl) as [_ [D _]]; auto.
    + intros C. apply (Permutation_in _ (flat_perm st)) in C.
      destruct (H st t [] eq_refl) as [_ [_ D]]; auto.
    + apply (H st t [] eq_refl); auto.
Qed.

Lemma port_local_ok : forall m st,
  port_ok m st <-> forall a t b, st = a ++ t :: b -> port_local m a t.
Proof.
  intros m st. destruct m; simpl.
  - split; auto.
  - rewrite !NoDup_map_prefixes. split.
    + intros [H1 H2] a t b E. split; [apply (H1 a t b E) | apply (H2 a t b E)].
    + intros H. split; intros a t b E; apply (H a t b E).
  - apply port_half_ok.
  - rewrite NoDup_map_prefixes.
    pose proof (pairs_prefixes _ (fun t1 t2 => src t1 = src t2 -> same_pkt (pkt t1) (pkt t2)) st) as P1.
    pose proof (pairs_prefixes _ (fun t1 t2 => src t1 <> dst t2) st) as P2.
    simpl in P1, P2. split.
    + intros [H1 [H2 H3]] a t b E.
      assert (forall x y, In x st -> In y st -> src x = src y -> same_pkt (pkt x) (pkt y)) as H1'
        by (intros; unfold same_pkt; auto).
      destruct (proj1 P1 H1' a t b E) as [_ A1]. destruct (proj1 P2 H3 a t b E) as [B1 B2].
      split; [intros t' It' Es; apply (proj1 (A1 t' It')); auto|].
      split; [apply (H2 a t b E)|]. split; [|split; auto].
      * intros C. apply in_map_iff in C as [t' [Ed It']].
        destruct (B2 t' It') as [X Y]. congruence.
      * intros C. apply in_map_iff in C as [t' [Es It']].
        destruct (B2 t' It') as [X Y]. congruence.
    + intros H. split; [|split].
      * intros x y Ix Iy Es. apply (proj2 P1); auto.
        intros a t b E. destruct (H a t b E) as [A _]. split; [intros; apply same_pkt_refl|].
        intros t' It'. split; intros Es'.
        -- apply A; auto.
        -- apply same_pkt_sym, A; auto.
      * intros a t b E. apply (H a t b E).
      * apply (proj2 P2). intros a t b E. destruct (H a t b E) as [_ [_ [A2 [A3 A4]]]].
        split; auto. intros t' It'. split.
        -- intros C. apply A4. rewrite <- C. apply in_map; auto.
        -- intros C. apply A2. rewrite C. apply in_map; auto.
Qed.

(* ---------- link capacity ---------- *)

Lemma link_load_app : forall a b u v, link_load (a ++ b) u v = (link_load a u v + link_load b u v)%nat.
Proof. intros; unfold link_load; rewrite filter_app, app_length; auto. Qed.

Lemma link_load_one : forall t u v,
  link_load [t] u v = if on_link u v t then 1%nat else 0%nat.
Proof. intros; unfold link_load; simpl; destruct (on_link u v t); auto. Qed.

Lemma on_link_self : forall t, on_link (src t) (dst t) t = true.
Proof. intros t; unfold on_link; rewrite !N.eqb_refl; auto. Qed.

Lemma on_link_same : forall u v t, on_link u v t = true -> src t = u /\ dst t = v.
Proof.
  unfold on_link; intros u v t H. apply andb_true_iff in H as [H1 H2].
  apply N.eqb_eq in H1, H2; auto.
Qed.

Lemma link_ok_snoc : forall net l x,
  link_ok net (l ++ [x]) <-> link_ok net l /\ link_local net l x.
Proof.
  intros net l x. unfold link_ok, link_local. split.
  - intros H. split.
    + intros t It. specialize (H t (in_or_app _ _ _ (or_introl It))).
      rewrite link_load_app in H. lia.
    + assert (In x (l ++ [x])) as Ix by (apply in_or_app; right; left; auto).
      specialize (H x Ix).
      rewrite link_load_app, link_load_one, on_link_self in H. lia.
  - intros [H1 H2] t It. rewrite link_load_app, link_load_one.
    destruct (on_link (src t) (dst t) x) eqn:E.
    + apply on_link_same in E as [E1 E2]. rewrite E1, E2 in H2. lia.
    + apply in_app_or in It as [It|[<-|[]]].
      * specialize (H1 t It). lia.
      * rewrite on_link_self in E. discriminate.
Qed.

Lemma link_local_ok : forall net st,
  link_ok net st <-> forall a t b, st = a ++ t :: b -> link_local net a t.
Proof.
  intros net st. induction st as [|y l IH] using rev_ind.
  - split; [intros _ a t b E; destruct a; discriminate | intros _ t []].
  - rewrite link_ok_snoc, IH.
    pose proof (prefixes_snoc _ (fun a t => link_local net a t) l y) as P. simpl in P.
    rewrite P. tauto.
Qed.

(* ---------- all transmissions LocalOK = the rules of Rules.v ---------- *)

Lemma step_ok_positions : forall s st,
  step_ok s st <-> forall a t b, st = a ++ t :: b ->
    adjacent (s_net s) (src t) (dst t) /\ packet_ok (s_prob s) (nnodes (s_net s)) t /\
    link_local (s_net s) a t /\ port_local (s_model s) a t.
Proof.
  intros s st. unfold step_ok. rewrite port_local_ok, in_positions, link_local_ok. split.
  - intros [H1 [H2 H3]] a t b E. destruct (H1 a t b E). split; [|split; [|split]]; eauto.
  - intros H. split; [|split]; intros a t b E; destruct (H a t b E) as [A [B [C D]]]; auto.
Qed.

Theorem positions_valid : forall s,
  at_all_tx (s_steps s) (LocalOK s) <->
  (forall st, In st (s_steps s) -> step_ok s st) /\ causal s /\ no_duplicate s /\ in_order s.
Proof.
  intros s. unfold at_all_tx, LocalOK, items_local, causal, no_duplicate, in_order. split.
  - intros H. split; [|split; [|split]].
    + intros st Ist. apply in_split in Ist as [pre [post E]]. apply step_ok_positions.
      intros a t b E'. destruct (H pre st post a t b E E') as [A [B [C [D _]]]]. auto.
    + intros pre st post E t i It Ii. apply in_split in It as [a [b E']].
      apply (H pre st post a t b E E'); auto.
    + intros Hc pre st post E a t b E' i Ii. apply (H pre st post a t b E E'); auto.
    + intros Ho pre st post E t i It Ii Hi. apply in_split in It as [a [b E']].
      apply (H pre st post a t b E E'); auto.
  - intros [H1 [H2 [H3 H4]]] pre st post a t b E E'.
    assert (In st (s_steps s)) as Ist by (rewrite E; apply in_or_app; right; left; auto).
    destruct (proj1 (step_ok_positions s st) (H1 st Ist) a t b E') as [A [B [C D]]].
    assert (In t st) as It by (rewrite E'; apply in_or_app; right; left; auto).
    split; [|split; [|split; [|split]]]; auto. intros i Ii. split; [|split].
    + apply (H2 pre st post E t i It Ii).
    + intros Hc. apply (H3 Hc pre st post E a t b E' i Ii).
    + intros Ho Hi. apply (H4 Ho pre st post E t i It Ii Hi).
Qed.

(* ---------- adjacency, digit by digit ---------- *)

Lemma div_0_any : forall a, a / 0 = 0.
Proof. destruct a; reflexivity. Qed.

Lemma div_div_any : forall a b c, a / b / c = a / (b * c).
Proof.
  intros a b c. destruct (N.eq_dec b 0) as [->|Hb].
  { rewrite div_0_any. destruct a, c; reflexivity. }
  destruct (N.eq_dec c 0) as [->|Hc].
  { rewrite N.mul_0_r, !div_0_any; auto. }
  apply N.div_div; auto.
Qed.

Lemma digit_0 : forall f r u, digit (f :: r) u 0 = u mod fsize f.
Proof. intros; unfold digit; simpl; rewrite N.div_1_r; auto. Qed.

Lemma digit_S : forall f r u e, digit (f :: r) u (S e) = digit r (u / fsize f) e.
Proof. intros; unfold digit; simpl. rewrite div_div_any; auto. Qed.

Lemma dm_spec : forall u k, dm u k = (u / k, u mod k).
Proof.
  intros u k. unfold dm. destruct (k =? 2) eqn:E.
  - apply N.eqb_eq in E; subst k. pose proof (N.div2_odd u) as H.
    assert (N.b2n (N.odd u) < 2) as L by (destruct (N.odd u); simpl; lia).
    f_equal; [apply N.div2_div | apply (N.mod_unique u 2 (N.div2 u)); auto].
  - unfold N.div, N.modulo. destruct (N.div_eucl u k); reflexivity.
Qed.

Definition no_diff (net : network) (u v : N) : Prop :=
  forall e, (e < length net)%nat -> digit net u e = digit net v e.

Definition one_diff (net : network) (u v : N) : Prop :=
  exists d, (d < length net)%nat /\
    fadj (nth d net dflt_factor) (digit net u d) (digit net v d) /\
    forall e, (e < length net)%nat -> e <> d -> digit net u e = digit net v e.

Lemma adjw_spec : forall net u v,
  (adjw net u v true = true <-> no_diff net u v) /\ (adjw net u v false = true <-> one_diff net u v).
Proof.
  induction net as [|f r IH]; intros u v.
  - unfold no_diff, one_diff; simpl. split; split; auto.
    + intros; lia.
    + discriminate.
    + intros [d [Hd _]]; lia.
  - assert (no_diff (f :: r) u v <-> u mod fsize f = v mod fsize f /\ no_diff r (u / fsize f) (v / fsize f)) as ND.
    { unfold no_diff; simpl. split.
      - intros H. split; [rewrite <- (digit_0 f r u), <- (digit_0 f r v); apply H; lia|].
        intros e He. rewrite <- (digit_S f r u), <- (digit_S f r v). apply H; lia.
      - intros [H0 H] [|e] He; [rewrite !digit_0; auto|]. rewrite !digit_S; apply H; lia. }
    assert (one_diff (f :: r) u v <->
            (u mod fsize f = v mod fsize f /\ one_diff r (u / fsize f) (v / fsize f)) \/
            (fadj f (u mod fsize f) (v mod fsize f) /\ no_diff r (u / fsize f) (v / fsize f))) as OD.
    { unfold one_diff, no_diff; simpl. split.
      - intros [[|d] [Hd [Ha Hb]]].
        + right. rewrite !digit_0 in Ha. split; auto. intros e He.
          rewrite <- (digit_S f r u), <- (digit_S f r v). apply Hb; lia.
        + left. split; [rewrite <- (digit_0 f r u), <- (digit_0 f r v); apply Hb; lia|].
          exists d. rewrite !digit_S in Ha. split; [lia|]. split; auto.
          intros e He Hne. rewrite <- (digit_S f r u), <- (digit_S f r v). apply Hb; lia.
      - intros [[H0 [d [Hd [Ha Hb]]]]|[Ha Hb]].
        + exists (S d). split; [lia|]. rewrite !digit_S. split; auto.
          intros [|e] He Hne; [rewrite !digit_0; auto|]. rewrite !digit_S. apply Hb; lia.
        + exists O. rewrite !digit_0. split; [lia|]. split; auto.
          intros [|e] He Hne; [lia|]. rewrite !digit_S. apply Hb; lia. }
    destruct (IH (u / fsize f) (v / fsize f)) as [IH1 IH2].
    simpl. rewrite !dm_spec. rewrite ND, OD. destruct (u mod fsize f =? v mod fsize f) eqn:E.
    + apply N.eqb_eq in E. rewrite IH1, IH2. split; [tauto|]. split.
      * intros H; left; auto.
      * intros [H|[[Hne _] _]]; [tauto | contradiction].
    + apply N.eqb_neq in E. simpl. split; [split; [discriminate | tauto]|].
      rewrite andb_true_iff, IH1. split.
      * intros [Ha Hb]. right. split; auto. apply fadjb_sound; auto.
      * intros [[C _]|[Ha Hb]]; [contradiction|]. split; auto. apply fadjb_complete; auto.
Qed.

Lemma adj_fast_spec : forall s u v,
  adj_fast (ctx_of s) u v = true <-> adjacent (s_net s) u v.
Proof.
  intros s u v. unfold adj_fast, adjacent, ctx_of; simpl.
  rewrite !andb_true_iff, !N.ltb_lt, (proj2 (adjw_spec _ u v)). unfold one_diff. tauto.
Qed.

(* ---------- packets ---------- *)

Lemma pkt_fast_spec : forall s t,
  pkt_fast (ctx_of s) t (fst (nodup_set nempty (pkt t))) = true <->
  packet_ok (s_prob s) (nnodes (s_net s)) t.
Proof.
  intros s t. unfold pkt_fast, packet_ok, ctx_of; simpl.
  destruct (pkt t) as [|i0 l] eqn:P.
  - split; [discriminate|]. intros [H _]; contradiction.
  - rewrite <- P. rewrite !andb_true_iff, nodup_set_correct, forallb_forall.
    setoid_rewrite N.ltb_lt. split.
    + intros [[Hn Hr] Hc]. split; [rewrite P; discriminate|]. split; auto. split; auto.
      split.
      * intros C. rewrite C in Hc. apply N.leb_le; auto.
      * intros C i j Ii Ij. rewrite C in Hc. rewrite forallb_forall in Hc.
        pose proof (opteqb_sound _ _ (Hc i Ii)) as Hi. pose proof (opteqb_sound _ _ (Hc j Ij)) as Hj.
        rewrite <- Hi, <- Hj; auto.
    + intros [_ [Hn [Hr [Hb Hc]]]]. split; [split; auto|].
      destruct (combining (s_prob s)) eqn:C.
      * apply forallb_forall. intros j Ij. rewrite (Hc eq_refl i0 j); [apply opteqb_refl | | auto].
        rewrite P; left; auto.
      * apply N.leb_le; auto.
Qed.

(* ---------- link capacity, digit by digit ---------- *)

Lemma lcapw_spec : forall net u v, lcapw net u v = link_cap net u v.
Proof.
  induction net as [|f r IH]; intros u v; simpl; auto.
  rewrite !dm_spec. destruct (u mod fsize f =? v mod fsize f); auto.
Qed.

Lemma link_cap_simple : forall net u v, has_graph net = false -> link_cap net u v = 1.
Proof.
  induction net as [|f r IH]; intros u v H; simpl; auto.
  simpl in H. apply orb_false_iff in H as [H1 H2].
  destruct (u mod fsize f =? v mod fsize f); auto.
  unfold fmult. unfold is_graph in H1. destruct (fkind_of f); auto. discriminate.
Qed.

Lemma lcap_spec : forall s u v, lcap (ctx_of s) u v = link_cap (s_net s) u v.
Proof.
  intros s u v. unfold lcap, ctx_of; simpl. destruct (has_graph (s_net s)) eqn:G.
  - apply lcapw_spec.
  - symmetry; apply link_cap_simple; auto.
Qed.

(* ---------- the meaning of link capacity on products of K2, rings, paths, complete graphs ---------- *)

(* Links of capacity at most one: no directed link carries two packets of a step. *)
Lemma link_ok_NoDup : forall net st, (forall u v, link_cap net u v <= 1) -> link_ok net st ->
  NoDup (map pair_of st).
Proof.
  intros net st S. induction st as [|t r IH]; simpl; intros H; [constructor|].
  assert (link_ok net r) as Hr.
  { intros t' It'. specialize (H t' (or_intror It')). unfold link_load in *. simpl in H.
    destruct (on_link (src t') (dst t') t); simpl in H; lia. }
  constructor; auto.
  intros C. apply in_map_iff in C as [t' [E It']].
  specialize (H t (or_introl eq_refl)). pose proof (S (src t) (dst t)) as L.
  unfold link_load in H. simpl in H. rewrite on_link_self in H. simpl in H.
  assert (In t' (filter (on_link (src t) (dst t)) r)) as F.
  { apply filter_In. split; auto. unfold pair_of in E. injection E as E1 E2.
    unfold on_link. rewrite E1, E2, !N.eqb_refl. auto. }
  destruct (filter (on_link (src t) (dst t)) r); [contradiction|]. simpl in H. lia.
Qed.

Lemma link_load_absent : forall r u v, ~ In (u, v) (map pair_of r) -> link_load r u v = 0%nat.
Proof.
  induction r as [|t r IH]; intros u v H; auto. unfold link_load; simpl.
  destruct (on_link u v t) eqn:E.
  - apply on_link_same in E as [E1 E2]. exfalso. apply H. left. unfold pair_of. rewrite E1, E2; auto.
  - apply IH. intros C. apply H. right; auto.
Qed.

Lemma NoDup_link_load : forall st u v, NoDup (map pair_of st) -> (link_load st u v <= 1)%nat.
Proof.
  induction st as [|t r IH]; intros u v H; [unfold link_load; simpl; lia|].
  simpl in H. inversion H as [|? ? Ht Hr]; subst. unfold link_load; simpl.
  destruct (on_link u v t) eqn:E.
  - apply on_link_same in E as [E1 E2]. subst u v.
    pose proof (link_load_absent r (src t) (dst t) Ht) as Z. unfold link_load in Z.
    simpl. rewrite Z. lia.
  - apply IH; auto.
Qed.

(* On the networks without a graph factor (products of K2, rings, paths and complete graphs),
   link capacity is what it was before graph networks: one packet per directed link per step. *)
Theorem link_ok_products : forall net st, has_graph net = false ->
  (link_ok net st <-> NoDup (map (fun t => (src t, dst t)) st)).
Proof.
  intros net st G. change (fun t => (src t, dst t)) with pair_of. split.
  - apply link_ok_NoDup. intros u v. rewrite link_cap_simple; auto. lia.
  - intros H t It. rewrite link_cap_simple; auto. pose proof (NoDup_link_load st (src t) (dst t) H). lia.
Qed.
