// The decision-tree splitter and its coverage proof (design note in decision_tree.hpp).
#include "search/decision_tree.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "search/propagator.hpp"

namespace schedcert::search {

namespace {

struct TreeNode {
  std::vector<int> lits;
  enum Kind { Leaf, Refuted, Inner } kind = Leaf;
  std::vector<std::size_t> children;
};

std::vector<int> children_of(const BranchPoint& bp) {
  return bp.one_of ? bp.lits : std::vector<int>{bp.lits[0], -bp.lits[0]};
}

// The first branch point that the current assignment of `up` leaves open (points.size(): none).
// Decisions only add to an assignment, so a node's first open point is also its children's
// first candidate: scanning from 0 finds what make_cubes found from its parent's point on.
std::size_t first_undecided(const std::vector<BranchPoint>& points, const Propagator& up) {
  std::size_t p = 0;
  for (; p < points.size(); ++p) {
    const auto& bp = points[p];
    bool decided = false;
    for (int l : bp.lits) decided = decided || (bp.one_of ? up.value(l) > 0 : up.value(l) != 0);
    if (!decided) break;
  }
  return p;
}

// A node of the decision tree below which no cube lies: make_cubes refuted it by propagation,
// or split it and refuted every child (recursively). Appends the lemmas that make its negation
// RUP, children first.
void refute_subtree(const std::vector<BranchPoint>& points, Propagator& up, const std::vector<int>& node,
                    std::vector<Clause>& lemmas, std::size_t& budget) {
  if (budget == 0) throw std::logic_error("coverage: a branch with no cube is not refuted by the decision tree");
  --budget;
  bool conflict = false;
  for (int l : node) conflict = conflict || !up.decide(l);
  std::size_t p = conflict ? 0 : first_undecided(points, up);
  while (up.levels() > 0) up.pop();
  if (!conflict) {
    if (p >= points.size())
      throw std::logic_error("coverage: a branch with no cube is not refuted by the decision tree");
    for (int l : children_of(points[p])) {
      std::vector<int> child = node;
      child.push_back(l);
      refute_subtree(points, up, child, lemmas, budget);
    }
  }
  Clause lemma;
  for (int x : node) lemma.push_back(-x);
  lemmas.push_back(std::move(lemma));
}

}  // namespace

DecisionTree::DecisionTree(const std::vector<Clause>& base, int total_vars, const std::vector<BranchPoint>& points,
                           std::function<std::string(const std::vector<int>&)> label)
    : base_(base), total_vars_(total_vars), points_(points), label_(std::move(label)) {}

std::vector<Cube> DecisionTree::make_cubes(std::size_t target) const {
  Propagator up(base_, total_vars_);
  std::vector<TreeNode> tree(1);
  std::vector<std::size_t> leaves;
  if (up.ok()) leaves.push_back(0);
  else tree[0].kind = TreeNode::Refuted;
  while (!leaves.empty() && leaves.size() < target) {
    std::vector<std::size_t> next_leaves;
    bool split = false;
    for (std::size_t id : leaves) {
      // Replay the node's decisions, then find its next undecided branch point.
      bool conflict = false;
      for (int l : tree[id].lits) conflict = conflict || !up.decide(l);
      const std::size_t p = conflict ? points_.size() : first_undecided(points_, up);
      if (conflict || p >= points_.size() || next_leaves.size() + leaves.size() > 64 * target) {
        while (up.levels() > 0) up.pop();
        next_leaves.push_back(id);
        continue;
      }
      for (int l : children_of(points_[p])) {
        TreeNode c;
        c.lits = tree[id].lits;
        c.lits.push_back(l);
        const bool ok = up.decide(l);
        up.pop();
        c.kind = ok ? TreeNode::Leaf : TreeNode::Refuted;
        tree.push_back(std::move(c));
        tree[id].children.push_back(tree.size() - 1);
        if (ok) next_leaves.push_back(tree.size() - 1);
      }
      tree[id].kind = TreeNode::Inner;
      split = true;
      while (up.levels() > 0) up.pop();
    }
    leaves = std::move(next_leaves);
    if (!split) break;
  }
  std::vector<Cube> cubes;
  for (std::size_t id = 0; id < tree.size(); ++id)
    if (tree[id].kind == TreeNode::Leaf)
      cubes.push_back(Cube{static_cast<std::uint32_t>(cubes.size()), tree[id].lits, label_(tree[id].lits)});
  if (cubes.empty()) cubes.push_back(Cube{0, {}, "whole query (refuted by propagation)"});
  return cubes;
}

TreeCoverage DecisionTree::coverage_lemmas(const std::vector<Cube>& cubes) const {
  // Rebuild the tree from the cubes: every prefix of a cube is an inner node; the children of an
  // inner node are given by its branch point, and children that are no cube prefix must be
  // refuted by propagation (their negation is then RUP; otherwise the check fails).
  std::set<std::vector<int>> prefixes, cube_set;
  for (const auto& c : cubes) {
    cube_set.insert(c.lits);
    for (std::size_t k = 0; k < c.lits.size(); ++k)
      prefixes.insert(std::vector<int>(c.lits.begin(), c.lits.begin() + static_cast<long>(k)));
  }
  TreeCoverage out;
  // Post-order over prefixes: longer prefixes first.
  std::vector<std::vector<int>> order(prefixes.begin(), prefixes.end());
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  std::set<std::vector<int>> have(cube_set);
  Propagator up(base_, total_vars_);
  // make_cubes drops or splits a node only by propagation, so its refuted subtrees are small: a
  // branch that needs many more nodes than the tree has is a missing cube (failing the check)
  // rather than one make_cubes refuted. Refuting it anyway would still be sound.
  std::size_t budget = 16 * (prefixes.size() + cubes.size()) + 4096;
  for (const auto& p : order) {
    // The children of p are the extensions by the literals of the branch point of its cubes.
    std::set<int> branch_lits;
    for (const auto& c : cubes)
      if (c.lits.size() > p.size() && std::equal(p.begin(), p.end(), c.lits.begin())) branch_lits.insert(c.lits[p.size()]);
    const int some = *branch_lits.begin();
    std::vector<int> kids;
    for (const auto& bp : points_)
      if (std::find(bp.lits.begin(), bp.lits.end(), std::abs(some)) != bp.lits.end() ||
          std::find(bp.lits.begin(), bp.lits.end(), some) != bp.lits.end()) {
        kids = children_of(bp);
        break;
      }
    for (int l : kids) {
      std::vector<int> child = p;
      child.push_back(l);
      if (!have.count(child)) {
        try {
          refute_subtree(points_, up, child, out.lemmas, budget);
        } catch (const std::logic_error& e) {
          out.lemmas.clear();
          out.missing = std::string(e.what()) + " (node " + label_(child) + ")";
          return out;
        }
      }
    }
    if (!p.empty()) {
      Clause lemma;
      for (int x : p) lemma.push_back(-x);
      out.lemmas.push_back(std::move(lemma));
    }
    have.insert(p);
  }
  return out;
}

}  // namespace schedcert::search
