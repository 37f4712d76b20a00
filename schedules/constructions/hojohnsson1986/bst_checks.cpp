// Table 5 and properties 1-6 of the BST (Ho-Johnsson 1986 §4.1), computed from the materialised
// tree. Relative addresses c = v ^ s are used throughout: the parent of c is c with one set bit
// cleared, so scanning c downwards visits children before parents (bottom-up passes) and
// scanning upwards visits parents first.
#include "schedules/constructions/hojohnsson1986/bst_checks.hpp"

#include <algorithm>
#include <bit>
#include <map>

#include "schedules/constructions/hojohnsson1986/bst_tree.hpp"
#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
std::string str(std::uint64_t v) { return std::to_string(v); }
bool is_prime(int n) {
  if (n < 2) return false;
  for (int d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}
// top[c] = j when relative address c lies in the subtree of the root's child 2^j.
std::vector<int> subtree_index(const SpanningTree& t) {
  const Node N = static_cast<Node>(t.size());
  std::vector<int> top(N, -1);
  for (Node c = 1; c < N; ++c) {
    const Node p = t.parent[c ^ t.root] ^ t.root;
    top[c] = p == 0 ? std::countr_zero(c) : top[p];
  }
  return top;
}
}  // namespace

BstSubtreeSizes bst_subtree_sizes(int n, Node s) {
  SpanningTree t = bst_tree(n, s);
  std::vector<int> top = subtree_index(t);
  BstSubtreeSizes r;
  r.n = n;
  r.sizes.assign(n, 0);
  for (std::size_t c = 1; c < top.size(); ++c) ++r.sizes[top[c]];
  r.max = *std::max_element(r.sizes.begin(), r.sizes.end());
  r.min = *std::min_element(r.sizes.begin(), r.sizes.end());
  r.ideal = static_cast<double>(t.size() - 1) / n;
  r.ratio = static_cast<double>(r.max) / r.ideal;
  return r;
}

std::vector<StructuralCheck> check_bst_properties(int n, Node s) {
  check_dim_root(n, s, 16, "the BST property check");
  std::vector<StructuralCheck> out = check_bst_consistency(n, s);
  if (!all_hold(out)) return out;
  const std::string tag = "BST n=" + str(n) + " s=" + str(s);
  SpanningTree t = bst_tree(n, s);
  const Node N = Node{1} << n;
  auto par = [&](Node c) { return t.parent[c ^ s] ^ s; };  // relative parent, c != 0
  std::vector<int> top = subtree_index(t);
  std::vector<std::vector<Node>> kids(N);  // relative children
  for (Node c = 1; c < N; ++c) kids[par(c)].push_back(c);

  // 1. Subtree heights.
  StructuralCheck p1{tag + ": property 1, one subtree of height n, the others n-1", true, "", "",
                     ""};
  std::vector<int> h(n, 0);
  for (Node c = 1; c < N; ++c) h[top[c]] = std::max(h[top[c]], std::popcount(c));
  int full = 0;
  for (int j = 0; j < n; ++j) {
    p1.measured += (j ? "," : "heights ") + str(h[j]);
    if (h[j] == n) ++full;
    else if (h[j] != n - 1 && p1.holds) {
      p1.holds = false;
      p1.counterexample = "subtree " + str(j) + " has height " + str(h[j]);
    }
  }
  if (p1.holds && full != 1) {
    p1.holds = false;
    p1.counterexample = str(full) + " subtrees have height n";
  }
  out.push_back(p1);

  // 2. Maximum fanout per level.
  StructuralCheck p2{tag + ": property 2, maximum fanout at level i is ceil((n-i)/2)", true, "", "",
                     ""};
  std::vector<std::size_t> fan(n + 1, 0);
  std::vector<Node> witness(n + 1, kNone);
  for (Node c = 1; c < N; ++c) {
    const int lv = std::popcount(c);
    if (witness[lv] == kNone || kids[c].size() > fan[lv]) {
      fan[lv] = kids[c].size();
      witness[lv] = c;
    }
  }
  for (int i = 1; i <= n; ++i) {
    const std::size_t claim = static_cast<std::size_t>((n - i + 1) / 2);
    p2.measured += (i > 1 ? "," : "by level ") + str(fan[i]);
    if (fan[i] != claim && p2.holds) {
      p2.holds = false;
      p2.counterexample = "level " + str(i) + ": maximum fanout " + str(fan[i]) + " (node " +
                          str(witness[i] ^ s) + "), claim " + str(claim);
    }
  }
  out.push_back(p2);

  // 3. phi(i, j) >= phi(k, j) for children k of i.
  StructuralCheck p3{tag + ": property 3, phi(i,j) >= phi(k,j) for every child k of i", true, "",
                     "", ""};
  const int w = n + 1;
  std::vector<std::uint32_t> phi(static_cast<std::size_t>(N) * w, 0);
  for (Node c = N; c-- > 0;) {
    phi[static_cast<std::size_t>(c) * w] += 1;
    if (c == 0) break;
    const Node p = par(c);
    for (int d = 0; d + 1 < w; ++d)
      phi[static_cast<std::size_t>(p) * w + d + 1] += phi[static_cast<std::size_t>(c) * w + d];
  }
  for (Node c = 0; c < N && p3.holds; ++c)
    for (Node k : kids[c])
      for (int d = 0; d < w; ++d)
        if (phi[static_cast<std::size_t>(c) * w + d] < phi[static_cast<std::size_t>(k) * w + d]) {
          p3.holds = false;
          p3.counterexample = "node " + str(c ^ s) + " has " +
                              str(phi[static_cast<std::size_t>(c) * w + d]) +
                              " nodes at distance " + str(d) + " below it, its child " +
                              str(k ^ s) + " has " + str(phi[static_cast<std::size_t>(k) * w + d]);
          break;
        }
  out.push_back(p3);

  // 4. Isomorphic subtrees (prime n), the all-ones node removed. AHU canonical ids bottom-up.
  const bool prime = is_prime(n);
  StructuralCheck p4{tag + ": property 4, subtrees isomorphic without node s^(11..1)" +
                         (prime ? "" : " (not claimed: n is not prime)"),
                     true, "", "", ""};
  {
    const Node ones = N - 1;
    std::map<std::vector<std::uint32_t>, std::uint32_t> intern;
    std::vector<std::uint32_t> id(N, 0);
    std::vector<std::uint32_t> key;
    for (Node c = N; c-- > 1;) {
      key.clear();
      for (Node k : kids[c])
        if (k != ones) key.push_back(id[k]);
      std::sort(key.begin(), key.end());
      id[c] = intern.emplace(key, static_cast<std::uint32_t>(intern.size())).first->second;
    }
    bool iso = true;
    std::string diff;
    // For n = 1 the only subtree root is node 1 = 11..1 itself; there is nothing to compare.
    for (int j = 1; j < n && iso; ++j) {
      if (id[Node{1} << j] != id[1]) {
        iso = false;
        diff = "subtrees 0 and " + str(j) + " differ";
      }
    }
    p4.measured = iso ? "isomorphic" : "not isomorphic: " + diff;
    if (prime && !iso) {
      p4.holds = false;
      p4.counterexample = diff;
    }
  }
  out.push_back(p4);

  // 5 and 6. Cyclic nodes.
  StructuralCheck p5{tag + ": property 5, subtrees P..n-1 contain no cyclic node of period P", true,
                     "", "", ""};
  StructuralCheck p6{tag + ": property 6, every cyclic node is a leaf", true, "", "", ""};
  std::uint64_t cyclic = 0;
  for (Node c = 1; c < N; ++c) {
    const int P = period(c, n);
    if (P == n) continue;
    ++cyclic;
    if (top[c] >= P && p5.holds) {
      p5.holds = false;
      p5.counterexample = "node " + str(c ^ s) + " (period " + str(P) + ") is in subtree " +
                          str(top[c]);
    }
    if (!kids[c].empty() && p6.holds) {
      p6.holds = false;
      p6.counterexample = "cyclic node " + str(c ^ s) + " (period " + str(P) + ") has child " +
                          str(kids[c][0] ^ s);
    }
  }
  p5.measured = p6.measured = str(cyclic) + " cyclic nodes";
  out.push_back(p5);
  out.push_back(p6);
  return out;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
