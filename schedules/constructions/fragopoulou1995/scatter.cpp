// Single-node scattering (Fragopoulou-Akl 1995, §4.3).
//
// The source s walks the table of T_0's nodes, farthest from 0^n first (Bsg::table). For entry
// v it sends, over its i-th port, the messages for Tr_s(Ro^i(v)) into subtree T_i of BSG_s; every
// intermediate node forwards a message as soon as it arrives, to the child on the tree path
// towards its destination (the paper's digit rule picks exactly that child; here the path is
// read off the tree, Bsg::path). So port i emits one message per step, message number t (from 0)
// leaves at step t + 1 and crosses hop h of its path at step t + h. Two messages of one subtree
// never meet on an edge (an edge has one depth, and a depth is reached at step t + depth by the
// message that left at t), and the subtrees are edge-disjoint, so the schedule is conflict-free.
//
// Splitting: a node Ro^j(v) of period P < 2n is reached through the 2n/P subtrees T_{qP+j}; the
// paper sends MP/2n of its messages through each. Here each of its M messages goes through the
// one of those subtrees whose port has the fewest messages so far (lowest index on ties): with
// 2n/P dividing M that is the paper's equal split, otherwise the ports stay within one message of
// each other (documented in splitting.hpp; no lockstep is needed in a single-node problem, so
// ports simply move on independently as "as soon as" in step 3 of §4.3 allows).
// Steps: the busiest port's load L, provided no message finishes later than L (t + depth <= L;
// farthest-first makes this hold, and the tests check the claim rather than assume it).
// Transmissions: M times the sum of distances, every path being shortest (§3 property 1).
#include "schedules/constructions/fragopoulou1995/scatter.hpp"

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

Schedule single_node_scatter(const Bsg& g, Node root, std::uint32_t M) {
  const Torus& t = g.torus();
  if (M == 0) throw InputError("--messages: M must be at least 1");
  if (root >= t.size())
    throw InputError("--root: node " + std::to_string(root) + " is not a node of " +
                     t.network().name());
  const int q = g.subtrees();
  struct Message {
    Node v;  // T_0 node; the destination is Tr_root(Ro^i(v))
    std::uint32_t x;
  };
  std::vector<std::vector<Message>> port(static_cast<std::size_t>(q));
  for (Node v : g.table()) {
    const int P = g.period(v);
    for (int j = 0; j < P; ++j)
      for (std::uint32_t x = 0; x < M; ++x) {
        int best = j;
        for (int i = j + P; i < q; i += P)
          if (port[static_cast<std::size_t>(i)].size() <
              port[static_cast<std::size_t>(best)].size())
            best = i;
        port[static_cast<std::size_t>(best)].push_back(Message{v, x});
      }
  }
  // Transmissions by step (0-based), then written out step by step.
  struct Hop {
    Node from, to;
    Item item;
  };
  std::vector<std::vector<Hop>> steps;
  for (int i = 0; i < q; ++i) {
    const auto& msgs = port[static_cast<std::size_t>(i)];
    for (std::size_t m = 0; m < msgs.size(); ++m) {
      const std::vector<Node> path = g.path(i, msgs[m].v);
      const Node dst = t.translate(path.back(), root);
      const std::size_t last = m + path.size() - 1;
      if (steps.size() < last) steps.resize(last);
      for (std::size_t h = 1; h < path.size(); ++h)
        steps[m + h - 1].push_back(Hop{t.translate(path[h - 1], root), t.translate(path[h], root),
                                       static_cast<Item>(dst) * M + msgs[m].x});
    }
  }
  Problem p;
  p.kind = ProblemKind::Scatter;
  p.root = root;
  p.messages = M;
  Schedule s(t.network(), Model::AllPort, p);
  for (const auto& step : steps) {
    s.begin_step();
    for (const Hop& h : step) s.add(h.from, h.to, h.item);
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
