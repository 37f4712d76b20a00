// Design note: see figures_graph.hpp.
#include "witnesses/figures_graph.hpp"

#include "witnesses/dot.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <ostream>

#include "schedules/error.hpp"
#include "witnesses/latex.hpp"

namespace schedcert::witnesses {

using schedules::Node;

namespace {

constexpr double kSlot = 1.25;       // distance between neighbouring leaves / layer members
constexpr double kLevel = 1.5;       // distance between levels (down)
constexpr double kLevelRight = 2.0;  // distance between levels (right)
constexpr double kSlotRight = 0.6;   // distance between leaves (right)
constexpr double kPanelGap = 1.5;

const char* const kTikzColours[] = {"blue!70!black", "red!75!black",  "green!45!black",
                                    "orange!90!black", "violet",       "cyan!55!black",
                                    "brown",          "magenta!80!black"};
const char* const kDotColours[] = {"blue3",   "red3",  "green4", "darkorange3",
                                   "purple3", "cyan4", "brown",  "magenta3"};
constexpr int kColours = 8;


void place(FigNode& n, double slot, double level, bool right) {
  if (right) {
    n.x = kLevelRight * level;
    n.y = -kSlotRight * slot;
  } else {
    n.x = kSlot * slot;
    n.y = -kLevel * level;
  }
}

struct Box {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

Box bounds(const FigPanel& p) {
  Box b{std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(),
        std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest()};
  for (const auto& n : p.nodes) {
    b.x0 = std::min(b.x0, n.x);
    b.x1 = std::max(b.x1, n.x);
    b.y0 = std::min(b.y0, n.y);
    b.y1 = std::max(b.y1, n.y);
  }
  if (p.nodes.empty()) b = {};
  return b;
}

}  // namespace

TreeDirection parse_tree_direction(const std::string& s) {
  if (s.empty() || s == "auto") return TreeDirection::Auto;
  if (s == "down") return TreeDirection::Down;
  if (s == "right") return TreeDirection::Right;
  throw InputError("--direction: 'auto', 'down' or 'right', not '" + s + "'");
}

bool tree_panel(FigPanel& p, Node root, const std::vector<std::vector<Node>>& children,
                TreeDirection dir) {
  const std::size_t n = children.size();
  std::size_t leaves = 0;
  for (const auto& c : children) leaves += c.empty();
  const bool right = dir == TreeDirection::Right || (dir == TreeDirection::Auto && leaves > 10);
  p.nodes.resize(std::max(p.nodes.size(), n));
  std::vector<double> slot(n, 0);
  std::vector<std::uint32_t> depth(n, 0);
  double next_leaf = 0;
  // Iterative post-order DFS: leaves take the next slot, parents sit over their children.
  std::vector<std::pair<Node, std::size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [v, i] = stack.back();
    if (i < children[v].size()) {
      const Node c = children[v][i++];
      depth[c] = depth[v] + 1;
      stack.push_back({c, 0});
      continue;
    }
    const Node u = v;
    stack.pop_back();
    slot[u] = children[u].empty()
                  ? next_leaf++
                  : (slot[children[u].front()] + slot[children[u].back()]) / 2;
    place(p.nodes[u], slot[u], depth[u], right);
  }
  p.nodes[root].root = true;
  return right;
}

bool layered_panel(FigPanel& p, const std::vector<std::uint32_t>& level,
                   const std::vector<Node>& order, TreeDirection dir) {
  const std::uint32_t layers = level.empty() ? 0 : *std::max_element(level.begin(), level.end()) + 1;
  std::vector<std::uint32_t> count(layers, 0), seen(layers, 0);
  for (Node v : order) ++count[level[v]];
  const std::uint32_t widest = count.empty() ? 0 : *std::max_element(count.begin(), count.end());
  const bool right = dir == TreeDirection::Right || (dir == TreeDirection::Auto && widest > 14);
  p.nodes.resize(std::max(p.nodes.size(), level.size()));
  for (Node v : order) {
    const std::uint32_t l = level[v];
    const double s = seen[l]++ + (widest - count[l]) / 2.0;
    place(p.nodes[v], s, l, right);
  }
  return right;
}

void write_tikz_figure(const Figure& f, std::ostream& out, bool standalone) {
  // Panels side by side, top-aligned; offsets computed first so the page can be sized.
  std::vector<double> dx(f.panels.size()), dy(f.panels.size());
  double x = 0, width = 0, height = 0;
  for (std::size_t i = 0; i < f.panels.size(); ++i) {
    const Box b = bounds(f.panels[i]);
    dx[i] = x - b.x0;
    dy[i] = -b.y1;
    x += (b.x1 - b.x0) + kPanelGap;
    width = x - kPanelGap;
    height = std::max(height, b.y1 - b.y0);
  }
  if (standalone) {
    // Room for the labels (about 1 cm per side) and the titles (1 cm on top).
    out << "\\documentclass{article}\n\\usepackage[paperwidth=" << latex_number(width + 4)
        << "cm,paperheight=" << latex_number(height + 4) << "cm,margin=1cm]{geometry}\n"
        << "\\usepackage{tikz}\n\\pagestyle{empty}\n\\begin{document}\n\\noindent\n";
  }
  out << "% " << f.name << ": " << latex_escape(f.caption) << "\n"
      << "\\begin{tikzpicture}[>=stealth, every node/.style={font=\\scriptsize},\n"
         "  vertex/.style={draw, rounded corners, inner sep=2pt, fill=white},\n"
         "  root/.style={very thick},\n"
         "  edgelabel/.style={fill=white, inner sep=1pt, font=\\tiny}";
  for (int c = 0; c < kColours; ++c)
    out << ",\n  g" << c << "/.style={draw=" << kTikzColours[c] << "}";
  out << "]\n";
  for (std::size_t i = 0; i < f.panels.size(); ++i) {
    const auto& p = f.panels[i];
    const Box b = bounds(p);
    const std::string id = "p" + std::to_string(i) + "n";
    if (!p.title.empty())
      out << "\\node[font=\\small] at (" << latex_number((b.x0 + b.x1) / 2 + dx[i]) << ","
          << latex_number(b.y1 + dy[i] + 0.8) << ") {"
          << (p.latex_title.empty() ? latex_escape(p.title) : p.latex_title) << "};\n";
    for (std::size_t v = 0; v < p.nodes.size(); ++v)
      out << "\\node[vertex" << (p.nodes[v].root ? ", root" : "") << "] (" << id << v
          << ") at (" << latex_number(p.nodes[v].x + dx[i]) << "," << latex_number(p.nodes[v].y + dy[i]) << ") {"
          << latex_escape(p.nodes[v].label) << "};\n";
    for (const auto& e : p.edges) {
      out << "\\draw[->, g" << e.group % kColours << "] (" << id << e.from << ") -- ";
      if (!e.label.empty()) out << "node[edgelabel] {" << latex_escape(e.label) << "} ";
      out << "(" << id << e.to << ");\n";
    }
  }
  out << "\\end{tikzpicture}\n";
  if (standalone) out << "\\end{document}\n";
}

void write_dot_figure(const Figure& f, std::ostream& out) {
  out << "digraph " << dot_quoted(f.name) << " {\n  label=" << dot_quoted(f.caption)
      << ";\n  labelloc=t;\n" << (f.rightwards ? "  rankdir=LR;\n" : "")
      << "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
         "  edge [fontname=\"Helvetica\", fontsize=8];\n";
  for (std::size_t i = 0; i < f.panels.size(); ++i) {
    const auto& p = f.panels[i];
    const std::string id = "p" + std::to_string(i) + "n";
    out << "  subgraph cluster_" << i << " {\n    label=" << dot_quoted(p.title) << ";\n";
    for (std::size_t v = 0; v < p.nodes.size(); ++v)
      out << "    " << id << v << " [label=" << dot_quoted(p.nodes[v].label)
          << (p.nodes[v].root ? ", penwidth=2" : "") << "];\n";
    for (const auto& e : p.edges) {
      const char* c = kDotColours[e.group % kColours];
      out << "    " << id << e.from << " -> " << id << e.to << " [";
      if (!e.label.empty()) out << "label=" << dot_quoted(e.label) << ", ";
      out << "color=" << c << ", fontcolor=" << c << "];\n";
    }
    out << "  }\n";
  }
  out << "}\n";
}

}  // namespace schedcert::witnesses
