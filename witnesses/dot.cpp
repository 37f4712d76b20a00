// Design note: see dot.hpp.
#include "witnesses/dot.hpp"

#include <cstdio>
#include <ostream>

#include "witnesses/figure_data.hpp"

namespace schedcert::witnesses {

using schedules::Node;

std::string dot_quoted(const std::string& s) {
  std::string r = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '_' && i + 1 < s.size() && s[i + 1] == '{') {  // X_{...} -> X(...)
      int depth = 0;
      std::size_t j = i + 1;
      for (; j < s.size(); ++j) {
        if (s[j] == '{') ++depth;
        if (s[j] == '}' && --depth == 0) break;
      }
      if (j < s.size()) {
        r += '(' + s.substr(i + 2, j - i - 2) + ')';
        i = j;
        continue;
      }
    }
    if (c == '_') continue;  // T_0 -> T0
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r + "\"";
}

namespace {

std::string quoted(const std::string& s) { return dot_quoted(s); }

std::string title(const schedules::Schedule& s) {
  return s.problem().describe() + " on " + s.network().name() + ", " + to_string(s.model()) +
         ", " + std::to_string(s.num_steps()) + " steps";
}

}  // namespace

void write_dot_tree(const schedules::Schedule& s, std::ostream& out) {
  FigureTree t = build_tree(s);
  out << "digraph schedule_tree {\n  label=" << quoted(title(s))
      << ";\n  labelloc=t;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n";
  for (Node v = 0; v < t.parent.size(); ++v)
    out << "  n" << v << " [label=" << quoted(node_label(s.network(), v))
        << (v == t.root ? ", penwidth=2" : "") << "];\n";
  for (Node v = 0; v < t.parent.size(); ++v) {
    if (v == t.root || t.parent[v] == v) continue;
    Node a = t.towards_root ? v : t.parent[v];
    Node b = t.towards_root ? t.parent[v] : v;
    out << "  n" << a << " -> n" << b << " [label=\"" << t.step[v] << "\"];\n";
  }
  out << "}\n";
}

void write_dot_union(const schedules::Schedule& s, std::ostream& out,
                     const verifier::Verdict* verdict) {
  auto edges = build_union(s, verdict);
  auto pts = layout(s.network());
  out << "digraph schedule_union {\n  label=" << quoted(title(s))
      << ";\n  labelloc=t;\n  layout=neato;\n  inputscale=72;\n  overlap=true;\n  splines=true;\n"
         "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n";
  for (Node v = 0; v < pts.size(); ++v) {
    char pos[64];  // points (inputscale=72 for neato, the unit of neato -n2), pinned
    std::snprintf(pos, sizeof pos, "%.0f,%.0f!", 36 * pts[v].x, 36 * pts[v].y);
    out << "  n" << v << " [label=" << quoted(node_label(s.network(), v)) << ", pos=\"" << pos
        << "\"];\n";
  }
  for (const auto& e : edges)
    out << "  n" << e.from << " -> n" << e.to << " [label=\"" << join_steps(e.steps) << "\""
        << (e.violating ? ", color=red, penwidth=2" : "") << "];\n";
  out << "}\n";
}

}  // namespace schedcert::witnesses
