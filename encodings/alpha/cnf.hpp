// The clauses of the connected-domination query behind alpha(d) (design note in cnf.cpp):
// domination, symmetry breaking from Aut(Q_d), and separator cuts with their native check.
// Vertex v of Q_d is CNF variable v + 1 (x_v: v is a non-leaf, i.e. v in S).
#pragma once
#include <string>
#include <vector>

#include "encodings/sat/cnf.hpp"
#include "schedules/network.hpp"

namespace schedcert::encodings::alpha::cnf {

using schedules::Node;

inline int x(Node v) { return static_cast<int>(v) + 1; }

// Every vertex is in S or has a neighbour in S.
void add_domination(sat::Cnf& cnf, int d);

// Symmetry breaking: x_0, x_1 and the lex-leader constraints "x >=lex x o tau" (vertex order
// 0, 1, ..., 2^d - 1, true > false) for the automorphisms tau selected by `level`:
//   0: none beyond x_0, x_1;
//   1: tau = coordinate transpositions (i j), 1 <= i < j < d, and the flip of bit 0;
//   2: every tau = (permutation pi fixing coordinate 0, translation t in {0, e_0}) except the
//      identity, i.e. the whole stabiliser of the edge {0, 1}: 2 (d-1)! - 1 constraints.
// Must be called right after the n vertex variables exist (the variable numbering is fixed:
// constraint t, position p uses variable n + t n + p + 1; coq/alpha/AlphaCnf.v numbers them
// the same way). Returns the number of lex constraints added.
int add_symmetry_breaking(sat::Cnf& cnf, int d, int level);

// Separator cuts violated by the non-connected set `in_s` (which must contain node 0): for each
// component C of G[S] and each vertex a of S on one side, b on the other (one of them node 0),
// the clause -x_a | -x_b | OR_{v in N(C) \ C} x_v. Returns the new clauses.
std::vector<std::vector<int>> separator_cuts(int d, const std::vector<bool>& in_s);

// Native check of one cut: the clause has exactly two negative literals -x_a, -x_b and its
// positive literals B separate a from b in Q_d (a and b are in different components of Q_d - B).
// Such a clause holds for every connected vertex set. Returns "" or the reason it fails.
std::string check_cut(int d, const std::vector<int>& clause);

// Connected components of G[S] (each a list of vertices), the component of node 0 first if any.
std::vector<std::vector<Node>> components(int d, const std::vector<bool>& in_s);

}  // namespace schedcert::encodings::alpha::cnf
