// Design note: see figures_paper.hpp. Each make_* function reads one construction's tree or
// graph and only decides labels, colours and panel titles.
#include "witnesses/figures_paper.hpp"

#include <algorithm>
#include <bit>
#include <functional>

#include "schedules/constructions/bertsekas1991/scatter_tree.hpp"
#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/constructions/hojohnsson1986/bst_tree.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_tree.hpp"
#include "schedules/error.hpp"

namespace schedcert::witnesses {

using schedules::Node;
namespace b91 = schedules::constructions::bertsekas1991;
namespace hj = schedules::constructions::hojohnsson1986;
namespace fa = schedules::constructions::fragopoulou1995;

namespace {

std::string binary(Node v, int d) {
  std::string s;
  for (int i = d - 1; i >= 0; --i) s.push_back(((v >> i) & 1) ? '1' : '0');
  return s;
}

int flipped_bit(Node a, Node b) { return std::countr_zero(a ^ b); }

// A hypercube tree given by parents (the root's parent is itself or hj::kNone). Children in
// increasing id, or decreasing when `descending`. Edges coloured by the root's subtree.
bool cube_tree_panel(FigPanel& p, int d, Node root, const std::vector<Node>& parent,
                     bool descending, const std::function<std::string(Node, Node)>& label,
                     TreeDirection dir) {
  const Node n = static_cast<Node>(parent.size());
  std::vector<std::vector<Node>> children(n);
  for (Node v = 0; v < n; ++v)
    if (v != root && parent[v] != hj::kNone && parent[v] != v) children[parent[v]].push_back(v);
  if (descending)
    for (auto& c : children) std::reverse(c.begin(), c.end());
  p.nodes.assign(n, {});
  for (Node v = 0; v < n; ++v) p.nodes[v].label = binary(v, d);
  const bool right = tree_panel(p, root, children, dir);
  std::vector<int> group(n, 0);
  for (std::size_t j = 0; j < children[root].size(); ++j) group[children[root][j]] = int(j);
  for (Node v = 0; v < n; ++v) {
    if (v == root || parent[v] == hj::kNone || parent[v] == v) continue;
    Node u = v;
    while (parent[u] != root) u = parent[u];
    p.edges.push_back({parent[v], v, label(parent[v], v), group[u]});
  }
  // Edges in the drawing order (parent's position, then child's), for readable output.
  std::stable_sort(p.edges.begin(), p.edges.end(),
                   [](const FigEdge& a, const FigEdge& b) { return a.to < b.to; });
  return right;
}

int cube_dim(const PaperFigureOptions& o, int paper, const std::string& fig) {
  const int d = o.dim == 0 ? paper : o.dim;
  if (d < 1 || d > kMaxFigureDim)
    throw InputError("--dim " + std::to_string(d) + ": figure " + fig + " is drawn for d = 1.." +
                     std::to_string(kMaxFigureDim));
  if (o.radix != 0) throw InputError("--radix: figure " + fig + " is a hypercube figure");
  return d;
}

std::string dims_title(const char* what, int d) { return std::string(what) + std::to_string(d); }

Figure bertsekas_fig4(const PaperFigureOptions& o) {
  const int d = cube_dim(o, 4, "bertsekas-fig4");
  Figure f{"bertsekas-fig4",
           "Bertsekas et al. 1991, Fig. 4: spanning tree of the " + std::to_string(d) +
               "-cube rooted at node 0, used in optimal single node broadcast (edge label: link "
               "number k)",
           {}};
  FigPanel p;
  p.title = dims_title("d = ", d);
  f.rightwards = cube_tree_panel(
      p, d, 0, b91::sbt_parents(d), true,
      [](Node a, Node b) { return std::to_string(flipped_bit(a, b) + 1); }, o.direction);
  f.panels.push_back(std::move(p));
  return f;
}

Figure bertsekas_fig7(const PaperFigureOptions& o) {
  std::vector<int> dims = {3, 4};
  if (o.dim != 0) dims = {cube_dim(o, 0, "bertsekas-fig7")};
  if (o.radix != 0) cube_dim(o, 3, "bertsekas-fig7");
  Figure f{"bertsekas-fig7",
           "Bertsekas et al. 1991, Fig. 7: spanning tree for optimal single node scatter under "
           "the MLA assumption (Section 3, compatible rotation classes)",
           {}};
  for (int d : dims) {
    const b91::ScatterTree t = b91::scatter_tree(d);
    FigPanel p;
    p.title = dims_title("d = ", d) + " (subtree sizes";
    for (std::size_t j = 0; j < t.subtree_sizes.size(); ++j)
      p.title += (j ? ", " : " ") + std::to_string(t.subtree_sizes[j]);
    p.title += ")";
    f.rightwards = cube_tree_panel(p, d, 0, t.parent, false, [](Node, Node) { return ""; },
                                   o.direction) || f.rightwards;
    f.panels.push_back(std::move(p));
  }
  return f;
}

std::string hj_dim_label(Node a, Node b) { return std::to_string(flipped_bit(a, b)); }

Figure hj_single_tree(const std::string& name, const std::string& caption, int paper_dim,
                      hj::SpanningTree (*make)(int, Node), const PaperFigureOptions& o) {
  const int d = cube_dim(o, paper_dim, name);
  const hj::SpanningTree t = make(d, 0);
  Figure f{name, caption + ", " + std::to_string(d) + "-cube, root 0 (edge label: dimension)", {}};
  FigPanel p;
  p.title = dims_title("n = ", d);
  f.rightwards = cube_tree_panel(p, d, 0, t.parent, false, hj_dim_label, o.direction);
  f.panels.push_back(std::move(p));
  return f;
}

Figure hj_fig2(const PaperFigureOptions& o) {
  const int d = cube_dim(o, 3, "hj-fig2");
  Figure f{"hj-fig2",
           "Ho-Johnsson 1986, Fig. 2: the MSBT graph, " + std::to_string(d) +
               " edge-disjoint directed spanning trees (ERSBTs) of the " + std::to_string(d) +
               "-cube, source 0 (edge label: dimension)",
           {}};
  for (int j = 0; j < d; ++j) {
    const hj::SpanningTree t = hj::msbt_tree(d, j, 0);
    FigPanel p;
    p.title = "tree j = " + std::to_string(j);
    f.rightwards =
        cube_tree_panel(p, d, 0, t.parent, false, hj_dim_label, o.direction) || f.rightwards;
    for (auto& e : p.edges) e.group = j;
    f.panels.push_back(std::move(p));
  }
  return f;
}

Figure fa_bsg_fig2(const PaperFigureOptions& o) {
  const int n = o.dim == 0 ? 3 : o.dim;
  const int k = o.radix == 0 ? 3 : o.radix;
  const fa::Torus torus(n, k);  // checks n, k (odd) and the size
  if (torus.size() > (Node{1} << kMaxFigureDim))
    throw InputError("--dim/--radix: fa-bsg-fig2 is drawn up to " +
                     std::to_string(1u << kMaxFigureDim) + " nodes, MT_{" + std::to_string(n) +
                     "," + std::to_string(k) + "} has " + std::to_string(torus.size()));
  const fa::Bsg bsg(torus);
  Figure f{"fa-bsg-fig2",
           "Fragopoulou-Akl 1995, Fig. 2: the BSG_{0^n} spanning graph on MT_{" +
               std::to_string(n) + "," + std::to_string(k) +
               "}, subtrees T_i = Ro^i(T_0) by colour (edge label: generator)",
           {}};
  FigPanel p;
  p.title = "MT_{" + std::to_string(n) + "," + std::to_string(k) + "}";
  p.latex_title = "$MT_{" + std::to_string(n) + "," + std::to_string(k) +
                  "}$, subtrees $T_0$ to $T_{" + std::to_string(2 * n - 1) + "}$";
  const Node N = torus.size();
  p.nodes.assign(N, {});
  std::vector<std::uint32_t> level(N);
  for (Node v = 0; v < N; ++v) {
    p.nodes[v].label = torus.label(v);
    level[v] = torus.distance(v);
  }
  p.nodes[0].root = true;
  // Edges of every T_i (an edge shared by several subtrees is drawn once, in the first's colour);
  // nodes in the order the subtrees' preorders meet them.
  std::vector<Node> order{0};
  std::vector<char> met(N, 0);
  met[0] = 1;
  std::vector<std::pair<Node, Node>> drawn;
  for (int i = 0; i < bsg.subtrees(); ++i)
    for (Node v : bsg.preorder()) {
      const Node a = torus.rotate(bsg.parent0(v), i), b = torus.rotate(v, i);
      if (!met[b]) {
        met[b] = 1;
        order.push_back(b);
      }
      if (std::find(drawn.begin(), drawn.end(), std::make_pair(a, b)) != drawn.end()) continue;
      drawn.push_back({a, b});
      const fa::Generator g = torus.generator(a, b);
      p.edges.push_back({a, b, "g" + std::to_string(g.dim) + (g.sign > 0 ? "+" : "-"), i});
    }
  for (Node v = 0; v < N; ++v)
    if (!met[v]) order.push_back(v);  // not in any subtree: drawn, unconnected
  f.rightwards = layered_panel(p, level, order, o.direction);
  f.panels.push_back(std::move(p));
  return f;
}

}  // namespace

const std::vector<PaperFigureInfo>& paper_figures() {
  static const std::vector<PaperFigureInfo> list = {
      {"bertsekas-fig4", "Bertsekas et al. 1991", "Fig. 4",
       "spanning (binomial) tree of the d-cube rooted at 00..0 (single node broadcast, §2)",
       "general d; default d = 4", "--dim"},
      {"bertsekas-fig7", "Bertsekas et al. 1991", "Fig. 7",
       "spanning tree for optimal single node scatter, MLA (§3, compatible rotation classes)",
       "d = 3 and d = 4", "--dim (one tree)"},
      {"hj-fig1", "Ho-Johnsson 1986", "Fig. 1", "spanning binomial tree (SBT, §3.1)", "n = 4",
       "--dim"},
      {"hj-fig2", "Ho-Johnsson 1986", "Fig. 2",
       "MSBT graph: n edge-disjoint directed spanning trees (ERSBTs, §3.2)", "n = 3", "--dim"},
      {"hj-fig4", "Ho-Johnsson 1986", "Fig. 4", "balanced spanning tree (BST, §4.1)", "n = 5",
       "--dim"},
      {"fa-bsg-fig2", "Fragopoulou-Akl 1995", "Fig. 2",
       "spanning graph BSG_{0^n}: 2n subtrees T_i = Ro^i(T_0) (§3, Definition 7)",
       "MT_{3,3} (n = 3, k = 3)", "--dim n, --radix k (odd)"},
  };
  return list;
}

std::string paper_figure_list() {
  std::string r;
  for (const auto& i : paper_figures())
    r += "  " + i.name + std::string(i.name.size() < 16 ? 16 - i.name.size() : 1, ' ') +
         i.paper + ", " + i.figure + ": " + i.drawn + " [" + i.size + "; " + i.options + "]\n";
  return r;
}

Figure make_paper_figure(const std::string& name, const PaperFigureOptions& o) {
  if (name == "bertsekas-fig4") return bertsekas_fig4(o);
  if (name == "bertsekas-fig7") return bertsekas_fig7(o);
  if (name == "hj-fig1")
    return hj_single_tree("hj-fig1", "Ho-Johnsson 1986, Fig. 1: spanning binomial tree (SBT)", 4,
                          hj::sbt_tree, o);
  if (name == "hj-fig2") return hj_fig2(o);
  if (name == "hj-fig4")
    return hj_single_tree("hj-fig4", "Ho-Johnsson 1986, Fig. 4: balanced spanning tree (BST)", 5,
                          hj::bst_tree, o);
  if (name == "fa-bsg-fig2") return fa_bsg_fig2(o);
  throw InputError("--figure: no figure '" + name + "'; the named figures are:\n" +
                   paper_figure_list());
}

}  // namespace schedcert::witnesses
