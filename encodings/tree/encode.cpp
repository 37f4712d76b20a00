// Rooted spanning trees of any product network as a Boolean formula (encode.hpp).
//
// Variables (r = root, H = height bound):
//   p_v_u  (v != r, u a neighbour of v): u is the parent of v. Exactly one per v.
//   le_v_l (0 <= l < H): depth(v) <= l; le_v_H is true. Monotone in l; le_r_0 is true and
//          le_v_l is false for l < dist(r, v) (a tree path is at least as long as a shortest one).
//   p_v_u and le_v_l imply le_u_(l-1): the level D(v) = min{l : le_v_l} drops by at least one
//   along every parent pointer, so following parents from any v reaches r in at most H steps:
//   no cycle, every node attached, height <= H. Conversely a tree of height <= H satisfies the
//   formula with le_v_l = (depth(v) <= l). Redundant but helpful: le_v_l implies some neighbour
//   has le_u_(l-1).
//   leaf_v: v is a leaf (degree 1). For v != r it forbids every p_w_v; for r it bounds the
//   number of children by 1. "leaves >= L" is at-least(leaf, L). Only leaf -> degree 1 is
//   stated, which is all a lower bound on the count needs.
//   s_v_j: v lies in the subtree of the j-th neighbour c_j of r. p_cj_r -> s_cj_j and
//   p_v_u and s_u_j -> s_v_j (u != r): s_._j contains the subtree of c_j (by induction along the
//   parent pointers), and the true membership satisfies it, so at-most(s_._j, M) for every j is
//   exactly "every root subtree holds at most M nodes" (Bertsekas et al. 1991 §3).
// Symmetry breaking (break_symmetry, root 0, no path factor): search.cpp translates the
// root to 0 first (translation by t is an automorphism of a product of rings, K2 and K_n). Every
// automorphism fixing 0 maps a spanning tree rooted at 0 to one with the same leaves, height and
// multiset of root-subtree sizes, so we may ask only for trees whose root children are in a
// normal form reached by such automorphisms:
//   (a) ring factor i (k >= 3): the reflection x_i -> -x_i fixes 0, so "-e_i a child" implies
//       "+e_i a child";
//   (b) K_n factor i: permutations of the nonzero digits fix 0, so the children j*e_i form a
//       prefix j = 1, 2, ...;
//   (c) factors i < i' of the same kind and size: swapping the coordinates fixes 0, so the
//       number of children in factor i is at least that in factor i' (with (a)/(b) the child
//       pattern of a factor is determined by its count, so this is per-pattern implication).
// (a)/(b) act inside a factor and (c) permutes factors keeping normal forms, so any tree has an
// image satisfying all of them: satisfiability of every query is unchanged.
#include "encodings/tree/encode.hpp"

#include <map>

namespace schedcert::encodings::tree {

namespace {

std::string name(const char* pre, std::uint64_t a, std::uint64_t b) {
  return std::string(pre) + std::to_string(a) + "_" + std::to_string(b);
}

z3::expr card_le(z3::context& ctx, const z3::expr_vector& xs, unsigned k, bool portable) {
  if (!portable) return z3::atmost(xs, k);
  z3::expr sum = ctx.int_val(0);
  for (unsigned i = 0; i < xs.size(); ++i) sum = sum + z3::ite(xs[i], ctx.int_val(1), ctx.int_val(0));
  return sum <= ctx.int_val(static_cast<int>(k));
}

z3::expr card_ge(z3::context& ctx, const z3::expr_vector& xs, unsigned k, bool portable) {
  if (!portable) return z3::atleast(xs, k);
  z3::expr sum = ctx.int_val(0);
  for (unsigned i = 0; i < xs.size(); ++i) sum = sum + z3::ite(xs[i], ctx.int_val(1), ctx.int_val(0));
  return sum >= ctx.int_val(static_cast<int>(k));
}

// The child indicator p_c_r for the root neighbour c, or false when c is not a neighbour.
z3::expr root_child(z3::context& ctx, const TreeEncoding& e, Node c, Node root) {
  for (const auto& [u, x] : e.parent_var[c])
    if (u == root) return x;
  return ctx.bool_val(false);
}

void add_symmetry(z3::context& ctx, const Network& net, TreeEncoding& e) {
  auto& c = e.constraints;
  const Node zero = 0;
  auto child = [&](int dim, std::uint32_t digit) {
    return root_child(ctx, e, net.with_digit(zero, dim, digit), zero);
  };
  std::string what;
  for (int i = 0; i < net.dims(); ++i) {
    const auto& f = net.factors()[i];
    if (f.kind == schedules::FactorKind::Ring && f.size >= 3) {
      c.push_back(z3::implies(child(i, f.size - 1), child(i, 1)));
      what += " reflection(" + std::to_string(i) + ")";
    } else if (f.kind == schedules::FactorKind::Complete && f.size >= 3) {
      for (std::uint32_t j = 1; j + 1 < f.size; ++j) c.push_back(z3::implies(child(i, j + 1), child(i, j)));
      what += " digit-prefix(" + std::to_string(i) + ")";
    }
  }
  // (c): chain the factors of each (kind, size) class.
  std::map<std::pair<int, std::uint32_t>, int> last;
  for (int i = 0; i < net.dims(); ++i) {
    const auto& f = net.factors()[i];
    const auto key = std::make_pair(static_cast<int>(f.kind), f.size);
    auto it = last.find(key);
    if (it != last.end()) {
      const int h = it->second;
      if (f.kind == schedules::FactorKind::Ring && f.size >= 3) {
        c.push_back(z3::implies(child(i, 1), child(h, 1)));
        c.push_back(z3::implies(child(i, f.size - 1), child(h, f.size - 1)));
      } else {
        for (std::uint32_t j = 1; j < f.size; ++j) c.push_back(z3::implies(child(i, j), child(h, j)));
      }
      what += " sort(" + std::to_string(h) + "," + std::to_string(i) + ")";
    }
    last[key] = i;
  }
  e.symmetry = what.empty() ? "none applicable" : what.substr(1);
}

}  // namespace

TreeEncoding encode_tree(z3::context& ctx, const Network& net, Node root, const TreeBounds& b,
                         bool portable, bool break_symmetry) {
  const Node n = net.num_nodes();
  const std::uint32_t H = b.max_height;
  TreeEncoding e{z3::expr_vector(ctx), {}, "off"};
  auto& c = e.constraints;
  e.parent_var.resize(n);
  for (Node v = 0; v < n; ++v) {
    if (v == root) continue;
    net.for_each_neighbour(v, [&](Node u, int) {
      e.parent_var[v].emplace_back(u, ctx.bool_const(name("p_", v, u).c_str()));
    });
    z3::expr_vector ps(ctx);
    for (auto& [u, x] : e.parent_var[v]) ps.push_back(x);
    c.push_back(z3::mk_or(ps));
    for (unsigned i = 0; i < ps.size(); ++i)
      for (unsigned j = i + 1; j < ps.size(); ++j) c.push_back(!(ps[i] && ps[j]));
  }
  // Levels: le[v][l] for l in [0, H].
  std::vector<std::vector<z3::expr>> le(n);
  for (Node v = 0; v < n; ++v) {
    const std::uint32_t dist = net.distance(root, v);
    for (std::uint32_t l = 0; l <= H; ++l) {
      if (l == H || (v == root))
        le[v].push_back(ctx.bool_val(true));
      else if (l < dist)
        le[v].push_back(ctx.bool_val(false));
      else
        le[v].push_back(ctx.bool_const(name("le_", v, l).c_str()));
    }
    for (std::uint32_t l = 0; l < H; ++l)
      if (le[v][l].is_const() && !le[v][l].is_true() && !le[v][l].is_false())
        c.push_back(z3::implies(le[v][l], le[v][l + 1]));
  }
  for (Node v = 0; v < n; ++v) {
    if (v == root) continue;
    for (auto& [u, x] : e.parent_var[v])
      for (std::uint32_t l = 1; l <= H; ++l)
        if (!le[v][l].is_false() && !le[u][l - 1].is_true())
          c.push_back(z3::implies(x && le[v][l], le[u][l - 1]));
    for (std::uint32_t l = 1; l <= H; ++l) {
      if (le[v][l].is_false()) continue;
      z3::expr_vector below(ctx);
      net.for_each_neighbour(v, [&](Node u, int) { below.push_back(le[u][l - 1]); });
      c.push_back(z3::implies(le[v][l], z3::mk_or(below)));
    }
  }
  // Children of every node, for leaves.
  std::vector<z3::expr_vector> child_of;
  for (Node v = 0; v < n; ++v) child_of.emplace_back(ctx);
  for (Node v = 0; v < n; ++v)
    for (auto& [u, x] : e.parent_var[v]) child_of[u].push_back(x);
  if (b.min_leaves) {
    z3::expr_vector leaf(ctx);
    for (Node v = 0; v < n; ++v) {
      z3::expr l = ctx.bool_const(("leaf_" + std::to_string(v)).c_str());
      leaf.push_back(l);
      if (v == root) {
        c.push_back(z3::implies(l, card_le(ctx, child_of[v], 1, portable)));
      } else {
        for (unsigned i = 0; i < child_of[v].size(); ++i) c.push_back(z3::implies(l, !child_of[v][i]));
      }
    }
    c.push_back(card_ge(ctx, leaf, *b.min_leaves, portable));
  }
  if (b.max_subtree) {
    std::vector<Node> kids;
    net.for_each_neighbour(root, [&](Node u, int) { kids.push_back(u); });
    for (std::size_t j = 0; j < kids.size(); ++j) {
      std::vector<z3::expr> s;
      z3::expr_vector members(ctx);
      for (Node v = 0; v < n; ++v) {
        s.push_back(v == root ? ctx.bool_val(false) : ctx.bool_const(name("s_", v, j).c_str()));
        if (v != root) members.push_back(s.back());
      }
      c.push_back(z3::implies(root_child(ctx, e, kids[j], root), s[kids[j]]));
      for (Node v = 0; v < n; ++v)
        for (auto& [u, x] : e.parent_var[v])
          if (u != root) c.push_back(z3::implies(x && s[u], s[v]));
      c.push_back(card_le(ctx, members, *b.max_subtree, portable));
    }
  }
  if (break_symmetry) add_symmetry(ctx, net, e);
  return e;
}

RootedTree decode_tree(const z3::model& m, const TreeEncoding& e, Node root) {
  RootedTree t{root, std::vector<Node>(e.parent_var.size(), kNoParent)};
  for (Node v = 0; v < e.parent_var.size(); ++v)
    for (auto& [u, x] : e.parent_var[v])
      if (m.eval(x, true).is_true()) t.parent[v] = u;
  return t;
}

std::string tree_query_smt2(const Network& net, Node root, const TreeBounds& b,
                            bool break_symmetry, const std::string& note) {
  z3::context ctx;
  TreeEncoding e = encode_tree(ctx, net, root, b, true, break_symmetry);
  z3::solver out(ctx);
  out.add(e.constraints);
  std::string head;
  std::size_t at = 0;
  while (at <= note.size()) {
    const std::size_t nl = note.find('\n', at);
    head += "; " + note.substr(at, nl == std::string::npos ? std::string::npos : nl - at) + "\n";
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return head + "(set-logic QF_LIA)\n" + out.to_smt2();
}

}  // namespace schedcert::encodings::tree
