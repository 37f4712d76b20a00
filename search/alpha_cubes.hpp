// The alpha family: "is there a connected dominating set (CDS) of Q_d with at most k nodes?"
// split into cubes, one per orbit (alpha(d) = 2^d - gamma_c(Q_d), docs/alpha.md). An all-UNSAT
// run proves gamma_c(Q_d) >= k + 1, i.e. alpha(d) <= 2^d - k - 1; a SAT cube gives a CDS of
// size <= k, i.e. a spanning tree with >= 2^d - k leaves (re-checked natively).
//
// Base CNF (encodings/alpha/cnf.hpp): x_v = "v in S" (variable v + 1); domination; |S| <= k (Sinz
// counter); x_0. Connectivity: separator cuts added lazily (each re-checked by
// alpha::cnf::check_cut and valid for every connected set, so a worker pools them across its
// cubes).
//
// Splitting argument (why the cubes, with their side clauses, cover every CDS up to symmetry).
// Let S be a CDS with 2 <= |S| <= k (|S| = 1 is impossible for d >= 2). Let m be the largest
// degree of the induced graph G[S] (m >= 1: G[S] is connected with an edge).
//  (a) A translation v -> v xor t of Q_d maps a vertex of S of degree m to 0: now 0 in S and
//      0 has the maximum degree m in G[S].
//  (b) A coordinate permutation (it fixes 0) maps S n N(0) onto {e_0, ..., e_{m-1}} (e_i = 2^i).
//  (c) Let B = the set of pairs {i, j} with e_i xor e_j in S (the vertices at distance 2). The
//      group G_m of coordinate permutations fixing the set {0..m-1} (S_m x S_{d-m}) keeps (a)
//      and (b); one of its elements makes B the lex-largest in its G_m-orbit (pairs ordered by
//      node id e_i | e_j, 1 > 0).
//  (d) Then e_i (i < m) has degree 1 + deg_B(i) in G[S], at most m: deg_B(i) <= m - 1.
// So the image S* of S satisfies: x_0, the prefix form of N(0), the lex-leader constraints of
// G_m on B and the degree caps (d), and inside the cube it falls in, every vertex of S* has
// at most m neighbours in S* (the cube's side clauses x_v -> at most m of N(v)).
// Cubes (make_cubes): depth 0: one empty cube; depth 1: one cube per m (the prefix); depth 2:
// one cube per (m, G_m-orbit of B satisfying (d)), found by orderly generation with nauty
// canonical forms (schedules/automorphisms.hpp) on the subdivided K_d (coordinates coloured
// "< m" / ">= m", one vertex per pair painted "in B"), then turned into the lex-largest orbit
// element by running through G_m (its elements generated from nauty's generators).
// Coverage (check_coverage): the clauses of (a)-(d) over the cube variables plus the negated
// cubes must be UNSAT (CaDiCaL, DRAT checked): a CNF-level statement that every normalised
// pattern is some cube; (a)-(d) are the hand-proved part.
// Inside each cube, with AlphaQuery::lex (`cube alpha --lex-leader`, off by default): lex-leader
// constraints over the cube's stabiliser (cube_clauses). Let P_c be the vertices the cube fixes
// (its literals, and node 0 from the base's unit x_0) with their values, and H_c the automorphisms
// of Q_d that map P_c onto itself keeping every value (nauty with the colours free / in S / out
// of S; its generators are re-checked in schedules/automorphisms.hpp). Let S be a CDS of size
// <= k consistent with the cube and its side clauses. For h in H_c, h(S) is again a CDS of the
// same size (h is an automorphism); v in P_c lies in h(S) iff h^-1(v), a vertex of P_c with v's
// value, lies in S, so h(S) is consistent with the cube; the side clauses (every vertex of S has
// at most m neighbours in S) and the separator cuts (valid for every connected set) mention no
// vertex in particular. Take S* = the lex-largest member of the H_c-orbit of S (characteristic
// vectors, vertex order 0, 1, ..., 2^d - 1, 1 > 0): S* >=lex h^-1(S*) for every h in H_c, in
// particular x >=lex x o g for each generator g, which the chain of encodings/sat/lex_chain.hpp
// encodes (on the negated literals; the positions of P_c and fixed points are skipped, being
// equal in every assignment consistent with the cube). So S* satisfies base + cube clauses +
// lex clauses + any cuts, and a cube refuted with the lex clauses has no CDS without them
// either; the coverage argument above is unchanged. The lex clauses are the C++ encoder's claim
// (this note; docs/trust.md): the verified checker shows the cube's CNF with them unsatisfiable.
// Limitations: depth 2 needs d <= 8 (pair masks in 32 bits).
#pragma once
#include <memory>
#include <vector>

#include "search/family.hpp"
#include "schedules/network.hpp"

namespace schedcert::search {

struct AlphaQuery {
  int d = 0;
  unsigned max_size = 0;  // k: ask for a CDS with <= k nodes
  bool lex = false;       // lex-leader constraints over each cube's stabiliser (query "lex")
};

std::unique_ptr<Family> make_alpha_family(const AlphaQuery& q);
// InputError naming --dim or --max-size unless 2 <= d <= 10 and 1 <= k < 2^d; returns 2^d.
schedules::Node check_alpha_query(const AlphaQuery& q);

// Native check of a CDS of Q_d: dominating, connected, size; "" when valid.
std::string check_cds(int d, const std::vector<schedules::Node>& s);

}  // namespace schedcert::search
