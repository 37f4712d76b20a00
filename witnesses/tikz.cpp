// Design note: see tikz.hpp.
#include "witnesses/tikz.hpp"

#include <cstdio>
#include <ostream>

#include "witnesses/figure_data.hpp"
#include "witnesses/latex.hpp"

namespace schedcert::witnesses {

using schedules::Node;

namespace {

void begin(std::ostream& out, bool standalone, const schedules::Schedule& s) {
  if (standalone)
    out << "\\documentclass{article}\n\\usepackage{tikz}\n\\pagestyle{empty}\n"
           "\\begin{document}\n";
  out << "% " << latex_escape(s.problem().describe() + " on " + s.network().name() + ", " +
                              to_string(s.model()) + ", " + std::to_string(s.num_steps()) +
                              " steps")
      << "\n\\begin{tikzpicture}[>=stealth, every node/.style={font=\\scriptsize},\n"
         "  vertex/.style={draw, rounded corners, inner sep=2pt, fill=white},\n"
         "  steplabel/.style={fill=white, inner sep=1pt, font=\\tiny}]\n";
}

void end(std::ostream& out, bool standalone) {
  out << "\\end{tikzpicture}\n";
  if (standalone) out << "\\end{document}\n";
}

void vertices(std::ostream& out, const schedules::Network& net, const std::vector<Point>& pts,
              Node root, bool mark_root) {
  for (Node v = 0; v < pts.size(); ++v)
    out << "\\node[vertex" << (mark_root && v == root ? ", very thick" : "") << "] (n" << v
        << ") at (" << latex_number(pts[v].x) << "," << latex_number(pts[v].y) << ") {" << node_label(net, v)
        << "};\n";
}

}  // namespace

void write_tikz_tree(const schedules::Schedule& s, std::ostream& out, bool standalone) {
  FigureTree t = build_tree(s);
  auto pts = tree_layout(t);
  begin(out, standalone, s);
  vertices(out, s.network(), pts, t.root, true);
  for (Node v = 0; v < t.parent.size(); ++v) {
    if (v == t.root || t.parent[v] == v) continue;
    Node a = t.towards_root ? v : t.parent[v];
    Node b = t.towards_root ? t.parent[v] : v;
    out << "\\draw[->] (n" << a << ") -- node[steplabel] {" << t.step[v] << "} (n" << b << ");\n";
  }
  end(out, standalone);
}

void write_tikz_union(const schedules::Schedule& s, std::ostream& out,
                      const verifier::Verdict* verdict, bool standalone) {
  auto edges = build_union(s, verdict);
  auto pts = layout(s.network());
  begin(out, standalone, s);
  vertices(out, s.network(), pts, 0, false);
  for (const auto& e : edges) {
    // Two directions of one link bend apart so both labels stay readable.
    out << "\\draw[->" << (e.violating ? ", red, very thick" : "") << "] (n" << e.from
        << ") to[bend left=12] node[steplabel] {" << join_steps(e.steps) << "} (n" << e.to << ");\n";
  }
  end(out, standalone);
}

}  // namespace schedcert::witnesses
