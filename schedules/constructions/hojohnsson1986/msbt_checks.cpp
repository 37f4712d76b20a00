// Exhaustive checks of the MSBT claims (see msbt_checks.hpp). One tree is materialised at a
// time; per-edge and per-node state lives in flat arrays, so n = 16 (16 trees of 65536 nodes)
// takes well under a second.
#include "schedules/constructions/hojohnsson1986/msbt_checks.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"
#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
std::string tag(int n, Node s) { return "MSBT n=" + std::to_string(n) + " s=" + std::to_string(s); }
int dim_of(Node a, Node b) { return std::countr_zero(a ^ b); }
}  // namespace

std::vector<StructuralCheck> check_msbt_trees(int n, Node s) {
  check_dim_root(n, s, 20, "the MSBT check");
  const Node N = Node{1} << n;
  StructuralCheck cons{tag(n, s) + ": children/parent functions of all " + std::to_string(n) +
                           " ERSBTs are consistent spanning trees",
                       true, "", "", ""};
  StructuralCheck disjoint{tag(n, s) + ": the " + std::to_string(n) + " directed ERSBTs are edge-disjoint",
                           true, "", "", ""};
  StructuralCheck unused{tag(n, s) + ": the unused directed edges are exactly s^2^j -> s", true, "",
                         "", ""};
  StructuralCheck height{tag(n, s) + ": every ERSBT has height n+1 = " + std::to_string(n + 1), true, "", "",
                         ""};
  std::vector<std::int8_t> owner(static_cast<std::size_t>(N) * n, -1);  // edge (from, dim)
  std::string heights;
  for (int j = 0; j < n; ++j) {
    StructuralCheck c = check_consistency(
        "ERSBT " + std::to_string(j), n, s, [&](Node i) { return msbt_parent(n, i, j, s); },
        [&](Node i) { return msbt_children(n, i, j, s); });
    if (!c.holds) {
      if (cons.holds) cons.counterexample = c.counterexample + " (ERSBT " + std::to_string(j) + ")";
      cons.holds = false;
      continue;
    }
    SpanningTree t = msbt_tree(n, j, s);
    heights += (heights.empty() ? "" : ",") + std::to_string(t.height);
    if (t.height != n + 1 && height.holds) {
      height.holds = false;
      Node deepest = 0;
      for (Node v = 0; v < N; ++v)
        if (t.depth[v] > t.depth[deepest]) deepest = v;
      height.counterexample = "ERSBT " + std::to_string(j) + " has height " + std::to_string(t.height) +
                              " (deepest node " + std::to_string(deepest) + ")";
    }
    for (Node v = 0; v < N; ++v) {
      if (v == s) continue;
      const Node p = t.parent[v];
      auto& o = owner[static_cast<std::size_t>(p) * n + dim_of(p, v)];
      if (o != -1 && disjoint.holds) {
        disjoint.holds = false;
        disjoint.counterexample = "directed edge " + std::to_string(p) + " -> " + std::to_string(v) +
                                  " is in ERSBT " + std::to_string(o) + " and ERSBT " + std::to_string(j);
      }
      o = static_cast<std::int8_t>(j);
    }
  }
  height.measured = "heights " + heights;
  if (cons.holds && disjoint.holds) {
    std::uint64_t count = 0;
    for (Node v = 0; v < N; ++v)
      for (int d = 0; d < n; ++d)
        if (owner[static_cast<std::size_t>(v) * n + d] == -1) {
          ++count;
          const bool expected = (v ^ s) == (Node{1} << d);
          if (!expected && unused.holds) {
            unused.holds = false;
            unused.counterexample = "directed edge " + std::to_string(v) + " -> " + std::to_string(v ^ (Node{1} << d)) +
                                    " is in no ERSBT";
          }
        }
    unused.measured = std::to_string(count) + " unused of " + std::to_string(std::uint64_t{N} * n);
    if (unused.holds && count != static_cast<std::uint64_t>(n)) {
      unused.holds = false;
      unused.counterexample = "only " + std::to_string(count) + " of the n edges s^2^j -> s are unused";
    }
  } else {
    unused.holds = false;
    unused.counterexample = "not checked: the trees are inconsistent or overlap";
  }
  return {cons, disjoint, unused, height};
}

std::vector<StructuralCheck> check_msbt_labelling(int n, Node s) {
  check_dim_root(n, s, 20, "the MSBT labelling check");
  const Node N = Node{1} << n;
  StructuralCheck c1{tag(n, s) + ": condition 1, least output label > input label in every subtree",
                     true, "", "", ""};
  StructuralCheck c2{tag(n, s) + ": condition 2, input labels of a node distinct mod n", true, "",
                     "", ""};
  StructuralCheck c3{tag(n, s) + ": condition 3, output labels of a node distinct mod n", true, "",
                     "", ""};
  StructuralCheck top{tag(n, s) + ": largest label is 2n-1 = " + std::to_string(2 * n - 1), true, "", "", ""};
  std::vector<std::uint32_t> in_mask(N, 0), out_mask(N, 0);
  std::vector<int> first_out_tree(static_cast<std::size_t>(N) * n, -1);  // for messages
  std::vector<int> label(N), min_out(N);
  std::vector<Node> min_out_child(N);
  int largest = -1;
  for (int j = 0; j < n; ++j) {
    for (Node v = 0; v < N; ++v) {
      label[v] = msbt_label(n, v, j, s);
      min_out[v] = std::numeric_limits<int>::max();
    }
    for (Node v = 0; v < N; ++v) {
      if (v == s) continue;
      const int f = label[v];
      largest = std::max(largest, f);
      const Node p = msbt_parent(n, v, j, s);
      const std::uint32_t r = std::uint32_t{1} << (f % n);
      if ((in_mask[v] & r) && c2.holds) {
        c2.holds = false;
        c2.counterexample = "node " + std::to_string(v) + " has two input labels = " + std::to_string(f % n) +
                            " mod n (one is f(" + std::to_string(v) + "," + std::to_string(j) + ") = " + std::to_string(f) + ")";
      }
      in_mask[v] |= r;
      if ((out_mask[p] & r) && c3.holds) {
        c3.holds = false;
        c3.counterexample = "node " + std::to_string(p) + " has two output labels = " + std::to_string(f % n) +
                            " mod n (one is the edge to " + std::to_string(v) + " in tree " + std::to_string(j) +
                            ", label " + std::to_string(f) + ", the other in tree " +
                            std::to_string(first_out_tree[static_cast<std::size_t>(p) * n + f % n]) + ")";
      }
      out_mask[p] |= r;
      if (first_out_tree[static_cast<std::size_t>(p) * n + f % n] == -1)
        first_out_tree[static_cast<std::size_t>(p) * n + f % n] = j;
      if (f < min_out[p]) {
        min_out[p] = f;
        min_out_child[p] = v;
      }
    }
    for (Node v = 0; v < N; ++v)
      if (v != s && min_out[v] != std::numeric_limits<int>::max() && min_out[v] <= label[v] &&
          c1.holds) {
        c1.holds = false;
        c1.counterexample = "tree " + std::to_string(j) + ", node " + std::to_string(v) + ": input label " +
                            std::to_string(label[v]) + ", output label " + std::to_string(min_out[v]) + " to node " +
                            std::to_string(min_out_child[v]);
      }
  }
  top.measured = "largest label " + std::to_string(largest);
  if (largest != 2 * n - 1) {
    top.holds = false;
    top.counterexample = "the largest label is " + std::to_string(largest);
  }
  return {c1, c2, c3, top};
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
