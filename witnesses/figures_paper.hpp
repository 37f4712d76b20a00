// Named figures of the papers, redrawn from the constructions (never from hand-drawn data):
//
//   bertsekas-fig4  Bertsekas et al. 1991, Fig. 4: the spanning (binomial) tree of the d-cube
//                   rooted at (00..0), parent = clear the lowest unity bit (bertsekas1991::
//                   sbt_parents). The paper draws it for a general d; default d = 4.
//   bertsekas-fig7  Bertsekas et al. 1991, Fig. 7: the §3 scatter tree built from compatible
//                   rotation classes (bertsekas1991::scatter_tree), d = 3 and d = 4 side by side.
//   hj-fig1         Ho-Johnsson 1986, Fig. 1: the spanning binomial tree (SBT, §3.1), 4-cube.
//   hj-fig2         Ho-Johnsson 1986, Fig. 2: the MSBT graph (§3.2), three edge-disjoint
//                   directed spanning trees (ERSBTs) of the 3-cube, one panel per tree.
//   hj-fig4         Ho-Johnsson 1986, Fig. 4: the balanced spanning tree (BST, §4.1), 5-cube.
//   fa-bsg-fig2     Fragopoulou-Akl 1995, Fig. 2: the spanning graph BSG_{0^n} (§3, Definition
//                   7) on MT_{3,3}: the 2n subtrees T_i = Ro^i(T_0), drawn by distance from 0^n.
//
// Labels: hypercube nodes as binary identity numbers (dimension 0 rightmost, the papers'
// convention); torus nodes as v_{n-1}..v_0. Edge labels: Bertsekas' link number k (the bit
// flipped is e_k = 2^(k-1), §4 "kth link"); Ho-Johnsson's dimension (bit) number, 0-based;
// Fragopoulou-Akl's generator g_i^{+/-} written "g<i>+" / "g<i>-". Edge colours: the root's
// subtree (trees) or the subtree T_i / tree j (graphs).
// Where the drawing differs from the paper's (child order, positions), it is the construction's
// order: children in increasing node id (Bertsekas Fig. 4: decreasing, the SLA priority of §2).
#pragma once
#include <string>
#include <vector>

#include "witnesses/figures_graph.hpp"

namespace schedcert::witnesses {

struct PaperFigureInfo {
  std::string name;
  std::string paper;    // "Bertsekas et al. 1991"
  std::string figure;   // "Fig. 4"
  std::string drawn;    // what is drawn
  std::string size;     // the paper's size, e.g. "d = 4"
  std::string options;  // which of --dim / --radix apply
};

const std::vector<PaperFigureInfo>& paper_figures();
// "name  paper, figure: drawn (size)" lines, for --list-figures and --help.
std::string paper_figure_list();

struct PaperFigureOptions {
  int dim = 0;    // 0: the paper's size
  int radix = 0;  // torus figures only; 0: the paper's
  TreeDirection direction = TreeDirection::Auto;
};

// Throws InputError naming the figure (listing the names) or the option out of range.
inline constexpr int kMaxFigureDim = 8;  // 256 nodes
Figure make_paper_figure(const std::string& name, const PaperFigureOptions& options = {});

}  // namespace schedcert::witnesses
