// A drawable figure independent of any schedule: panels of labelled nodes at given positions and
// directed, labelled, coloured edges. The named paper figures (figures_paper.hpp) are built as
// one of these from the constructions; write_tikz_figure and write_dot_figure print it.
//
// Layouts: tree_panel places a rooted tree (parent array) with the root on top ("down") or on
// the left ("right"), leaves spread in DFS order and parents centred over their children;
// layered_panel places any graph in layers (a given level per node), each layer in the order the
// nodes are first met, centred. Coordinates are in centimetres.
// TikZ: one tikzpicture per figure (panels in a row, each titled); with standalone = true the
// output is an article document (tikz only; the page is sized to the picture with geometry,
// since the standalone class is not installed everywhere) that pdflatex compiles.
// Dot: one digraph, one cluster per panel; node positions are left to dot.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::witnesses {

struct FigNode {
  std::string label;
  double x = 0, y = 0;
  bool root = false;
};

struct FigEdge {
  std::uint32_t from = 0, to = 0;  // indices into FigPanel::nodes
  std::string label;               // plain text ('+', '-', digits, letters, ',')
  int group = 0;                   // colour index (subtree / tree number)
};

struct FigPanel {
  std::string title;
  std::string latex_title;  // used verbatim by TikZ when set (math), else title escaped
  std::vector<FigNode> nodes;
  std::vector<FigEdge> edges;
};

struct Figure {
  std::string name;     // "bertsekas-fig4"
  std::string caption;  // one sentence: paper, figure, what is drawn, size
  std::vector<FigPanel> panels;
  bool rightwards = false;  // trees drawn root-left (dot: rankdir=LR)
};

enum class TreeDirection { Auto, Down, Right };
TreeDirection parse_tree_direction(const std::string& s);  // "auto" | "down" | "right"

// Children are drawn in the order of `children` (one list per node). Nodes not reached from the
// root are not placed (left at the origin). Auto: rightwards when the tree has more than 10
// leaves. Returns whether the panel was drawn rightwards.
bool tree_panel(FigPanel& p, schedules::Node root,
                const std::vector<std::vector<schedules::Node>>& children, TreeDirection dir);
// level[v] for every node; order: the nodes in first-met order (each once).
bool layered_panel(FigPanel& p, const std::vector<std::uint32_t>& level,
                   const std::vector<schedules::Node>& order, TreeDirection dir);

void write_tikz_figure(const Figure& f, std::ostream& out, bool standalone = true);
void write_dot_figure(const Figure& f, std::ostream& out);

}  // namespace schedcert::witnesses
