// Independent checks of the BSG properties (Fragopoulou-Akl 1995, §3); see bsg_checks.hpp.
#include "schedules/constructions/fragopoulou1995/bsg_checks.hpp"

#include <set>

namespace schedcert::schedules::constructions::fragopoulou1995 {

namespace {

PropertyResult ok(std::string name, std::string summary) {
  return {std::move(name), true, std::move(summary)};
}
PropertyResult fail(std::string name, std::string why) {
  return {std::move(name), false, std::move(why)};
}

// Subtree T_i as an explicit parent map built by rotating T_0's edges.
std::vector<Node> subtree_parents(const Bsg& g, int i) {
  const Torus& t = g.torus();
  std::vector<Node> par(t.size(), kNoNode);
  for (Node v : g.preorder()) par[t.rotate(v, i)] = t.rotate(g.parent0(v), i);
  return par;
}

}  // namespace

std::vector<PropertyResult> check_bsg(const Bsg& g) {
  const Torus& t = g.torus();
  const Network& net = t.network();
  const int q = g.subtrees();
  std::vector<PropertyResult> out;

  // T_0 is a tree on the leaders.
  {
    std::string bad;
    std::size_t leaders = 0;
    for (Node v = 0; v < t.size() && bad.empty(); ++v) {
      if (!g.is_leader(v)) continue;
      ++leaders;
      if (v == 0) continue;
      const Node p = definition7_parent(t, v);
      if (!g.is_leader(p))
        bad = "parent(" + t.label(v) + ") = " + t.label(p) + " is not a leader";
      else if (!net.adjacent(p, v))
        bad = "parent(" + t.label(v) + ") is not adjacent to it";
      else if (g.depth0(v) == ~0u)
        bad = "leader " + t.label(v) + " does not reach the root";
    }
    out.push_back(bad.empty() ? ok("t0-tree", std::to_string(leaders) + " leaders")
                              : fail("t0-tree", bad));
  }

  std::vector<std::vector<Node>> par(static_cast<std::size_t>(q));
  for (int i = 0; i < q; ++i) par[static_cast<std::size_t>(i)] = subtree_parents(g, i);
  // Membership: the root is in every subtree; others where they have a parent.
  auto in = [&](int i, Node v) { return v == 0 || par[static_cast<std::size_t>(i)][v] != kNoNode; };

  {
    std::string bad;
    for (Node v = 0; v < t.size() && bad.empty(); ++v) {
      bool any = false;
      for (int i = 0; i < q; ++i) any = any || in(i, v);
      if (!any) bad = "node " + t.label(v) + " is in no subtree";
    }
    out.push_back(bad.empty() ? ok("spanning", "all " + std::to_string(t.size()) + " nodes")
                              : fail("spanning", bad));
  }

  {
    std::string bad;
    for (int i = 0; i < q && bad.empty(); ++i)
      for (Node v = 1; v < t.size() && bad.empty(); ++v) {
        if (!in(i, v)) continue;
        std::uint32_t depth = 0;
        for (Node w = v; w != 0 && depth <= t.size(); w = par[static_cast<std::size_t>(i)][w]) {
          if (w == kNoNode) break;
          ++depth;
        }
        const std::uint32_t d = net.distance(0, v);
        if (depth != d)
          bad = "node " + t.label(v) + " has depth " + std::to_string(depth) + " in T_" +
                std::to_string(i) + " but distance " + std::to_string(d);
      }
    out.push_back(bad.empty() ? ok("shortest", "every tree path is a shortest path")
                              : fail("shortest", bad));
  }

  {
    std::vector<std::size_t> sizes(static_cast<std::size_t>(q), 0);
    for (int i = 0; i < q; ++i)
      for (Node v = 0; v < t.size(); ++v) sizes[static_cast<std::size_t>(i)] += in(i, v) ? 1 : 0;
    std::string bad;
    for (int i = 1; i < q && bad.empty(); ++i)
      if (sizes[static_cast<std::size_t>(i)] != sizes[0])
        bad = "|T_" + std::to_string(i) +
              "| = " + std::to_string(sizes[static_cast<std::size_t>(i)]) +
              " but |T_0| = " + std::to_string(sizes[0]);
    out.push_back(bad.empty() ? ok("equal-sizes", std::to_string(q) + " subtrees of " +
                                                      std::to_string(sizes[0]) + " nodes")
                              : fail("equal-sizes", bad));
  }

  {
    std::vector<std::uint8_t> internal(t.size(), 0);
    for (int i = 0; i < q; ++i)
      for (Node v = 1; v < t.size(); ++v)
        if (par[static_cast<std::size_t>(i)][v] != kNoNode)
          internal[par[static_cast<std::size_t>(i)][v]] = 1;
    std::string bad;
    std::size_t nonfull = 0;
    for (Node v = 1; v < t.size() && bad.empty(); ++v) {
      const int p = g.period(v);
      if (p == q) continue;
      ++nonfull;
      int member = 0;
      for (int i = 0; i < q; ++i) member += in(i, v) ? 1 : 0;
      if (member != q / p)
        bad = "node " + t.label(v) + " of period " + std::to_string(p) + " lies in " +
              std::to_string(member) + " subtrees, not 2n/P = " + std::to_string(q / p);
      else if (internal[v])
        bad = "node " + t.label(v) + " of period " + std::to_string(p) + " is not a leaf";
    }
    out.push_back(bad.empty()
                      ? ok("non-full", std::to_string(nonfull) + " nodes of non-full necklaces")
                      : fail("non-full", bad));
  }

  {
    std::string bad;
    for (Node v : g.preorder()) {
      std::set<std::uint64_t> types;
      for (int i = 0; i < q; ++i)
        types.insert(net.edge_type(t.rotate(g.parent0(v), i), t.rotate(v, i)));
      if (static_cast<int>(types.size()) != q) {
        bad = "the " + std::to_string(q) + " rotations of edge (" + t.label(g.parent0(v)) + ", " +
              t.label(v) + ") have only " + std::to_string(types.size()) + " distinct dimensions";
        break;
      }
    }
    out.push_back(bad.empty() ? ok("dimensions", "corresponding edges have distinct dimensions")
                              : fail("dimensions", bad));
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
