// The §3 scatter tree (Bertsekas et al. 1991, §3, "Single Node Scatter Under the MLA
// Assumption", Fig. 7).
//
// Classes come in the order of §2 (ordered_classes), so n(t) of a class's elements is fixed
// before its first element is chosen and m_kn is known. For a class R_kn, k >= 2, the paper's
// recipe gives a compatible class: take t in R_kn with rightmost bit one and leftmost bit zero
// (we take the smallest such rotation), let sigma be a longest run of zeros (we take the
// rightmost one) and clear the unity bit immediately to the right of sigma; the class of the
// result t' has a unique longest cyclic run of zeros, hence d elements (checked, recorded in
// failures if not). The element t'' of that class with m(t'') = m_kn is a rotation of t' by j;
// the first element of R_kn is t rotated by j. Then the r-th elements x, x' of the two classes
// satisfy m(x) = m(x') and x' = x minus one unity bit: link (x', x). 11..1 hangs below the element
// of R_(d-1)1 with the same m. By induction every node's subtree is T_m(x), and a subtree holds
// the nodes with one value of m: at most ceil((2^d - 1)/d). check_scatter_tree() verifies all of
// this on the built tree instead of trusting the argument.
#include "schedules/constructions/bertsekas1991/scatter_tree.hpp"

#include <bit>

#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

int ScatterTree::m(Node t) const { return m_of_number(number[t], d); }

namespace {

// t with the unity bit immediately to the right of the rightmost longest run of zeros cleared.
// Requires bit_at(t, 1) and !bit_at(t, d).
Node clear_right_of_longest_zero_run(Node t, int d) {
  int best_lo = 0, best_len = 0;
  for (int p = 1; p <= d;) {
    if (bit_at(t, p)) {
      ++p;
      continue;
    }
    int q = p;
    while (q <= d && !bit_at(t, q)) ++q;
    if (q - p > best_len) {
      best_len = q - p;
      best_lo = p;
    }
    p = q;
  }
  return t & ~(Node{1} << (best_lo - 2));  // position best_lo - 1 is dimension best_lo - 2
}

}  // namespace

ScatterTree scatter_tree(int d) {
  if (d < 1 || d > kMaxClassDim)
    throw InputError("--dim: the §3 scatter tree takes d in [1, " + std::to_string(kMaxClassDim) +
                     "], not " + std::to_string(d));
  ScatterTree tr;
  tr.d = d;
  const std::uint64_t n = std::uint64_t{1} << d;
  tr.parent.assign(n, 0);
  tr.number.assign(n, 0);
  const auto classes = ordered_classes(d);
  std::vector<std::uint32_t> class_of(n, 0);  // index into classes
  std::vector<Node> first(classes.size(), 0);
  std::uint32_t next = 1;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const RotationClass& cl = classes[c];
    const int m_kn = m_of_number(next, d);
    Node f = cl.rep;
    std::vector<Node> parents(static_cast<std::size_t>(cl.size), 0);
    if (cl.k == 1) {
      f = 1;  // "choose arbitrarily the first element of R_11": e_1
    } else {
      Node t = cl.rep;
      while (!(bit_at(t, 1) && !bit_at(t, d))) t = rotl(t, d);
      const Node tp = clear_right_of_longest_zero_run(t, d);
      const std::size_t cc = class_of[tp];
      const RotationClass& comp = classes[cc];
      if (comp.size != d || comp.k != cl.k - 1)
        tr.failures.push_back("class of " + std::to_string(cl.rep) + ": the class of t' = " +
                              std::to_string(tp) + " has " + std::to_string(comp.size) +
                              " elements, not d (not compatible)");
      // Index of tp and of the element with m = m_kn within the compatible class.
      const int m_c = tr.m(first[cc]);
      const int idx_tp = static_cast<int>(tr.number[tp] - tr.number[first[cc]]);
      const int idx_want = ((m_kn - m_c) % d + d) % d;
      const int j = ((idx_want - idx_tp) % d + d) % d;
      f = rotl(t, d, j);
      const Node tpp = rotl(tp, d, j);
      for (int r = 0; r < cl.size; ++r) parents[static_cast<std::size_t>(r)] = rotl(tpp, d, r);
    }
    first[c] = f;
    Node x = f;
    for (int r = 0; r < cl.size; ++r, x = rotl(x, d)) {
      tr.number[x] = next++;
      class_of[x] = static_cast<std::uint32_t>(c);
      tr.parent[x] = parents[static_cast<std::size_t>(r)];
    }
  }
  const Node all = static_cast<Node>(n - 1);
  tr.number[all] = static_cast<std::uint32_t>(n - 1);
  if (d == 1) {
    tr.parent[all] = 0;
  } else {
    // The element of R_(d-1)1 (the last class) with m(x) = m(11..1).
    const Node f = first.back();
    const int idx = ((tr.m(all) - tr.m(f)) % d + d) % d;
    tr.parent[all] = rotl(f, d, idx);
  }
  // Subtree sizes: the depth-1 ancestor of each node; parents come earlier in the numbering.
  std::vector<Node> top(n, 0);
  std::vector<Node> order(n, 0);
  for (Node t = 0; t < n; ++t) order[tr.number[t]] = t;
  tr.subtree_sizes.assign(static_cast<std::size_t>(d), 0);
  for (std::uint64_t k = 1; k < n; ++k) {
    const Node t = order[k];
    top[t] = tr.parent[t] == 0 ? t : top[tr.parent[t]];
    if (std::has_single_bit(top[t])) ++tr.subtree_sizes[static_cast<std::size_t>(std::countr_zero(top[t]))];
  }
  return tr;
}

std::optional<std::string> check_scatter_tree(const ScatterTree& tr) {
  const int d = tr.d;
  const std::string at = "d = " + std::to_string(d) + ": ";
  if (!tr.failures.empty()) return at + tr.failures.front();
  const std::uint64_t n = std::uint64_t{1} << d;
  const std::uint64_t cap = ceil_mnb(d);
  std::vector<Node> top(n, 0);
  std::vector<int> depth(n, 0);
  std::vector<Node> order(n, 0);
  std::vector<char> seen(n, 0);
  for (Node t = 0; t < n; ++t) {
    if (tr.number[t] >= n || seen[tr.number[t]])
      return at + "the numbering is not a bijection (node " + std::to_string(t) + ")";
    seen[tr.number[t]] = 1;
    order[tr.number[t]] = t;
  }
  std::uint64_t root_children = 0;
  for (std::uint64_t k = 1; k < n; ++k) {
    const Node t = order[k];
    const Node p = tr.parent[t];
    const std::string who = "node " + std::to_string(t) + " (parent " + std::to_string(p) + ")";
    if (!std::has_single_bit(t ^ p) || (p & ~t) != 0)
      return at + who + ": the parent is not t with one unity bit cleared (not a shortest path)";
    if (tr.number[p] >= tr.number[t])
      return at + who + ": the parent comes later in the numbering (the links would cycle)";
    if (p == 0) ++root_children;
    top[t] = p == 0 ? t : top[p];
    depth[t] = depth[p] + 1;
    if (tr.m(t) != tr.m(top[t]))
      return at + who + ": m(t) = " + std::to_string(tr.m(t)) + " but it hangs below root "
             "neighbour " + std::to_string(top[t]) + " with m = " + std::to_string(tr.m(top[t]));
  }
  if (root_children != static_cast<std::uint64_t>(d))
    return at + "the root has " + std::to_string(root_children) + " children, not d";
  for (int j = 0; j < d; ++j)
    if (tr.subtree_sizes[static_cast<std::size_t>(j)] > cap)
      return at + "the subtree of root neighbour " + std::to_string(Node{1} << j) + " has " +
             std::to_string(tr.subtree_sizes[static_cast<std::size_t>(j)]) + " nodes, more than " +
             "ceil((2^d - 1)/d) = " + std::to_string(cap);
  return std::nullopt;
}

std::vector<Node> sbt_parents(int d) {
  const std::uint64_t n = std::uint64_t{1} << d;
  std::vector<Node> p(n, 0);
  for (Node x = 1; x < n; ++x) p[x] = x & (x - 1);
  return p;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
