// Design note: see figure_data.hpp.
#include "witnesses/figure_data.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "schedules/error.hpp"

namespace schedcert::witnesses {

using schedules::Node;
using schedules::ProblemKind;

namespace {
constexpr std::uint32_t kMaxFigureNodes = 4096;

std::uint32_t figure_nodes(const schedules::Network& net, const char* what) {
  if (net.size() > kMaxFigureNodes)
    throw InputError(std::string(what) + ": network " + net.name() + " has " +
                     std::to_string(net.size()) + " nodes; figures are drawn up to " +
                     std::to_string(kMaxFigureNodes));
  return net.num_nodes();
}
}  // namespace

std::string node_label(const schedules::Network& net, Node v) {
  if (net.dims() >= 2 && !net.is_hypercube()) {
    // Digits v_{n-1} .. v_0 (Fragopoulou-Akl's notation on MT_{n,k}); '.' between digits when
    // a factor has more than 10 vertices.
    bool wide = false;
    for (const auto& f : net.factors()) wide = wide || f.size > 10;
    std::string r;
    for (int i = net.dims() - 1; i >= 0; --i) {
      if (wide && i != net.dims() - 1) r += '.';
      r += std::to_string(net.digit(v, i));
    }
    return r;
  }
  if (!net.is_hypercube() || net.dims() == 0) return std::to_string(v);
  std::string b;
  for (int i = net.dims() - 1; i >= 0; --i) b.push_back(((v >> i) & 1) ? '1' : '0');
  return b;
}

std::string item_label(const schedules::Schedule& s, schedules::Item i) {
  const auto& p = s.problem();
  const auto& net = s.network();
  const std::uint64_t n = net.size();
  const std::uint64_t M = p.messages == 0 ? 1 : p.messages;
  auto nl = [&](std::uint64_t v) { return node_label(net, static_cast<Node>(v)); };
  auto suffix = [&](std::uint64_t m) { return M > 1 ? "." + std::to_string(m) : std::string(); };
  switch (p.kind) {
    case ProblemKind::TotalExchange: {
      std::uint64_t pair = i / M;
      return "(" + nl(pair / n) + "," + nl(pair % n) + ")" + suffix(i % M);
    }
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Gather:
    case ProblemKind::Scatter:
      return nl(i / M) + suffix(i % M);
    case ProblemKind::MultinodeAccumulation:
      return "(" + nl(i / n) + "," + nl(i % n) + ")";
    default:
      return std::to_string(i);
  }
}

std::string packet_label(const schedules::Schedule& s, std::size_t t) {
  auto pk = s.packet(t);
  if (pk.size() == 1) return item_label(s, pk[0]);
  std::string r = "{";
  for (std::size_t k = 0; k < pk.size(); ++k) r += (k ? "," : "") + item_label(s, pk[k]);
  return r + "}";
}

FigureTree build_tree(const schedules::Schedule& s) {
  const auto& p = s.problem();
  if (!p.has_root() && p.kind != ProblemKind::SuccessiveBroadcast)
    throw InputError("tree figure: problem " + p.describe() +
                     " has no root; draw the union graph instead");
  const std::uint32_t n = figure_nodes(s.network(), "tree figure");
  FigureTree t;
  t.root = p.kind == ProblemKind::SuccessiveBroadcast
               ? (p.sources.empty() ? 0 : p.sources.front())
               : p.root;
  t.towards_root = p.kind == ProblemKind::Accumulation || p.kind == ProblemKind::Gather;
  t.parent.resize(n);
  t.step.assign(n, 0);
  t.depth.assign(n, 0);
  for (Node v = 0; v < n; ++v) t.parent[v] = v;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t x = s.step_begin(k); x < s.step_end(k); ++x) {
      Node a = s.from(x), b = s.to(x);
      Node child = t.towards_root ? a : b;
      Node par = t.towards_root ? b : a;
      if (child >= n || par >= n || child == t.root || t.step[child] != 0) continue;
      t.parent[child] = par;
      t.step[child] = k + 1;
    }
  // Depths (guarding against cycles in invalid schedules).
  for (Node v = 0; v < n; ++v) {
    std::uint32_t d = 0;
    Node u = v;
    while (u != t.root && t.parent[u] != u && d <= n) {
      u = t.parent[u];
      ++d;
    }
    t.depth[v] = d > n ? 0 : d;
  }
  return t;
}

std::vector<UnionEdge> build_union(const schedules::Schedule& s, const verifier::Verdict* verdict) {
  figure_nodes(s.network(), "union graph");
  std::map<std::pair<Node, Node>, UnionEdge> m;
  std::int64_t bad = -1;
  if (verdict && verdict->violation) bad = verdict->violation->transmission;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t x = s.step_begin(k); x < s.step_end(k); ++x) {
      auto& e = m[{s.from(x), s.to(x)}];
      e.from = s.from(x);
      e.to = s.to(x);
      if (e.steps.empty() || e.steps.back() != k + 1) e.steps.push_back(k + 1);
      if (static_cast<std::int64_t>(x) == bad) e.violating = true;
    }
  std::vector<UnionEdge> r;
  for (auto& [key, e] : m) r.push_back(std::move(e));
  return r;
}

std::vector<Point> layout(const schedules::Network& net) {
  const std::uint32_t n = figure_nodes(net, "layout");
  std::vector<Point> pts(n);
  if (net.is_hypercube() && net.dims() <= 6) {
    static const Point vec[6] = {{2, 0}, {0, 2}, {0.9, 0.7}, {4.6, 0}, {0, 4.6}, {2.4, 2.0}};
    for (Node v = 0; v < n; ++v)
      for (int i = 0; i < net.dims(); ++i)
        if ((v >> i) & 1) {
          pts[v].x += vec[i].x;
          pts[v].y += vec[i].y;
        }
    return pts;
  }
  if (net.dims() == 2 || net.dims() == 1) {
    for (Node v = 0; v < n; ++v) {
      pts[v].x = 1.5 * net.digit(v, 0);
      pts[v].y = net.dims() == 2 ? 1.5 * net.digit(v, 1) : 0;
    }
    if (net.dims() == 1 && net.factors()[0].kind != schedules::FactorKind::Path) {
      // rings and complete graphs: a circle reads better than a line
    } else {
      return pts;
    }
  }
  const double r = std::max(1.5, 0.35 * n);
  for (Node v = 0; v < n; ++v) {
    double a = std::numbers::pi / 2 - 2 * std::numbers::pi * v / n;
    pts[v] = {r * std::cos(a), r * std::sin(a)};
  }
  return pts;
}

std::vector<Point> tree_layout(const FigureTree& t) {
  const std::size_t n = t.parent.size();
  std::vector<std::vector<Node>> children(n);
  for (Node v = 0; v < n; ++v)
    if (v != t.root && t.parent[v] != v) children[t.parent[v]].push_back(v);
  std::vector<Point> pts(n);
  double next_leaf = 0;
  // Iterative post-order DFS from the root.
  std::vector<std::pair<Node, std::size_t>> stack{{t.root, 0}};
  while (!stack.empty()) {
    auto& [v, i] = stack.back();
    if (i < children[v].size()) {
      Node c = children[v][i++];
      stack.push_back({c, 0});
      continue;
    }
    Node u = v;
    stack.pop_back();
    pts[u].y = -1.6 * t.depth[u];
    if (children[u].empty()) {
      pts[u].x = 1.4 * next_leaf++;
    } else {
      pts[u].x = (pts[children[u].front()].x + pts[children[u].back()].x) / 2;
    }
  }
  // Unreached nodes: a row underneath.
  std::uint32_t max_depth = 0;
  for (Node v = 0; v < n; ++v) max_depth = std::max(max_depth, t.depth[v]);
  for (Node v = 0; v < n; ++v)
    if (v != t.root && t.parent[v] == v) pts[v] = {1.4 * next_leaf++, -1.6 * (max_depth + 1.0)};
  return pts;
}

std::string join_steps(const std::vector<std::uint64_t>& steps) {
  std::string r;
  for (std::size_t k = 0; k < steps.size(); ++k) r += (k ? "," : "") + std::to_string(steps[k]);
  return r;
}

}  // namespace schedcert::witnesses
