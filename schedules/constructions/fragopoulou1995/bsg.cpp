// BSG_{0^n} (Fragopoulou-Akl 1995, §3, Definition 7); see bsg.hpp.
#include "schedules/constructions/fragopoulou1995/bsg.hpp"

#include <algorithm>

#include "schedules/constructions/fragopoulou1995/necklace.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

Node definition7_parent(const Torus& t, Node v) {
  if (v == 0) return kNoNode;
  int p = 0;
  while (t.digit(v, p) == 0) ++p;
  const std::uint32_t vp = t.digit(v, p);
  const std::uint32_t k = static_cast<std::uint32_t>(t.k());
  const std::uint32_t down = vp <= k / 2 ? vp - 1 : (vp + 1) % k;
  return t.network().with_digit(v, p, down);
}

Bsg::Bsg(Torus t) : torus_(std::move(t)) {
  const Node n = torus_.size();
  leader_.assign(n, 0);
  period_.assign(n, 0);
  parent0_.assign(n, kNoNode);
  for (Node v = 0; v < n; ++v) {
    if (period_[v] != 0) continue;
    std::vector<Node> orbit{v};
    for (Node w = torus_.rotate(v); w != v; w = torus_.rotate(w)) orbit.push_back(w);
    Node lead = v;
    for (Node w : orbit) {
      period_[w] = static_cast<std::uint8_t>(orbit.size());
      if (leader_order_less(torus_, lead, w)) lead = w;
    }
    leader_[lead] = 1;
  }
  std::vector<Node> count(n + 1, 0);
  for (Node v = 1; v < n; ++v) {
    if (!leader_[v]) continue;
    const Node p = definition7_parent(torus_, v);
    if (!leader_[p]) {
      orphans_.push_back(v);
      continue;
    }
    parent0_[v] = p;
    ++count[p + 1];
  }
  child_begin_.assign(n + 1, 0);
  for (Node v = 0; v < n; ++v) child_begin_[v + 1] = child_begin_[v] + count[v + 1];
  child_list_.assign(child_begin_[n], 0);
  std::vector<Node> fill(child_begin_.begin(), child_begin_.end() - 1);
  for (Node v = 1; v < n; ++v)
    if (parent0_[v] != kNoNode) child_list_[fill[parent0_[v]]++] = v;  // increasing v
  // Preorder from the root (iterative; children in increasing id).
  std::vector<Node> stack{0};
  while (!stack.empty()) {
    const Node v = stack.back();
    stack.pop_back();
    if (v != 0) preorder_.push_back(v);
    for (Node c = child_begin_[v + 1]; c > child_begin_[v]; --c)
      stack.push_back(child_list_[c - 1]);
  }
  table_ = preorder_;
  std::stable_sort(table_.begin(), table_.end(), [&](Node a, Node b) {
    const auto da = torus_.distance(a), db = torus_.distance(b);
    if (da != db) return da > db;
    return leader_order_less(torus_, b, a);
  });
}

std::vector<Node> Bsg::children0(Node v) const {
  return {child_list_.begin() + child_begin_[v], child_list_.begin() + child_begin_[v + 1]};
}

std::uint32_t Bsg::depth0(Node v) const {
  std::uint32_t d = 0;
  while (v != 0) {
    v = parent0_[v];
    if (v == kNoNode) return ~0u;
    ++d;
  }
  return d;
}

std::vector<Node> Bsg::path(int i, Node v) const {
  std::vector<Node> p;
  for (Node w = v; w != kNoNode; w = parent0_[w]) p.push_back(torus_.rotate(w, i));
  std::reverse(p.begin(), p.end());
  return p;
}

Node Bsg::parent(int i, Node v) const {
  const Node w = torus_.rotate(v, -i);
  if (!leader_[w] || parent0_[w] == kNoNode) return kNoNode;
  return torus_.rotate(parent0_[w], i);
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
