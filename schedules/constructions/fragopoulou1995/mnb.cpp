// Multinode broadcasting with message splitting (Fragopoulou-Akl 1995, §4.2).
//
// Every source s broadcasts its M messages over BSG_s = Tr_s(BSG_{0^n}); this file builds the
// root-0 broadcast, and the multinode schedule is its translate to every root. The paper's
// algorithm is a simultaneous depth-first traversal of the 2n subtrees: a node forwards the M
// messages it got from its parent to its first child, and to the next child on the child's
// acknowledgment. Under unit cost one edge carries one message per step, so sending a group of
// M messages over an edge takes M steps; the acknowledgments only order the edges. The schedule
// is therefore: T_0's edges in DFS preorder (mnb_root_broadcast walks Bsg::preorder), each
// occupying one block of steps in which the 2n corresponding edges Ro^i(e) of T_0..T_{2n-1}
// carry the same messages in lockstep. Corresponding edges have distinct dimensions (§3,
// property 4), so every step of the root schedule uses distinct edge types and, by Lemma 1, the
// translates never collide: verifier/symmetric checks exactly that.
//
// Message splitting: an edge to a node of period P < 2n carries, in T_i, subgroup i div P of
// the node's messages (2n/P subgroups of MP/2n). Such nodes are leaves (§3, property 3), so they
// only receive. When 2n/P does not divide M, splitting.hpp makes the subgroups as equal as
// possible, and the two variants differ:
//  - Paper: each T_0 edge keeps its own lockstep block of ceil(MP/2n) steps (the largest
//    subgroup), subtrees with a smaller subgroup idle. This follows the paper's DFS literally and
//    takes  M*F + sum over non-full necklaces of ceil(MP/2n)  steps (F = full necklaces other than
//    0^n), more than ceil(M(k^n - 1)/2n) when two or more non-full necklaces round up.
//  - Balanced: the full-necklace edges first (preorder, M steps each: every one of the 2n edge
//    types busy), then every (non-full node, message) pair is given the subtree, among the 2n/P
//    that reach the node, whose edge type is least loaded so far (most constrained periods
//    first); each type then sends its list one message per step. Non-full nodes are leaves
//    whose parents are full, so their parents hold all M messages after the first phase. The
//    tail takes max type load = ceil(M * sum P / 2n) steps when all non-full periods are equal
//    (the only case for n <= 4: P = 2 on MT_{3,k}), which meets the §4.1 bound.
// With 2n/P dividing M both variants give the paper's M(k^n - 1)/2n steps.
#include "schedules/constructions/fragopoulou1995/mnb.hpp"

#include <algorithm>
#include <map>

#include "schedules/constructions/fragopoulou1995/splitting.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

MnbVariant parse_mnb_variant(const std::string& variant) {
  if (variant.empty() || variant == "paper") return MnbVariant::Paper;
  if (variant == "balanced") return MnbVariant::Balanced;
  throw InputError("--variant: '" + variant +
                   "' is not a multinode broadcast variant (paper, balanced)");
}

namespace {

Problem broadcast_problem(std::uint32_t M) {
  if (M == 0) throw InputError("--messages: M must be at least 1");
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.root = 0;
  p.messages = M;
  return p;
}

// One lockstep block for T_0 edge (parent0(v), v): subtree i sends subgroup i div P.
void lockstep_block(const Bsg& g, Node v, std::uint32_t M, Schedule& s) {
  const Torus& t = g.torus();
  const int q = g.subtrees(), P = g.period(v);
  const std::vector<Part> parts = split_messages(M, q / P);
  for (std::uint32_t step = 0; step < parts[0].count; ++step) {
    s.begin_step();
    for (int i = 0; i < q; ++i) {
      const Part& part = parts[static_cast<std::size_t>(i / P)];
      if (step < part.count) s.add(t.rotate(g.parent0(v), i), t.rotate(v, i), part.first + step);
    }
  }
}

}  // namespace

Schedule mnb_root_broadcast(const Bsg& g, std::uint32_t M, MnbVariant variant) {
  const Torus& t = g.torus();
  const Network& net = t.network();
  Schedule s(net, Model::AllPort, broadcast_problem(M));
  s.reserve(static_cast<std::size_t>(M) * (t.size() - 1));
  const int q = g.subtrees();
  if (variant == MnbVariant::Paper) {
    for (Node v : g.preorder()) lockstep_block(g, v, M, s);
    return s;
  }
  std::vector<Node> tail;
  for (Node v : g.preorder()) {
    if (g.period(v) == q)
      lockstep_block(g, v, M, s);
    else
      tail.push_back(v);
  }
  // Most constrained first: larger periods have fewer subtrees to choose from.
  std::stable_sort(tail.begin(), tail.end(),
                   [&](Node a, Node b) { return g.period(a) > g.period(b); });
  struct Send {
    Node from, to;
    Item item;
  };
  std::map<std::uint64_t, std::vector<Send>> by_type;
  for (Node v : tail) {
    const int P = g.period(v);
    for (int j = 0; j < P; ++j)
      for (std::uint32_t x = 0; x < M; ++x) {
        std::vector<Send>* best = nullptr;
        Send pick{};
        for (int i = j; i < q; i += P) {
          const Node from = t.rotate(g.parent0(v), i), to = t.rotate(v, i);
          auto& list = by_type[net.edge_type(from, to)];
          if (!best || list.size() < best->size()) {
            best = &list;
            pick = Send{from, to, x};
          }
        }
        best->push_back(pick);
      }
  }
  std::size_t steps = 0;
  for (const auto& [type, list] : by_type) steps = std::max(steps, list.size());
  for (std::size_t st = 0; st < steps; ++st) {
    s.begin_step();
    for (const auto& [type, list] : by_type)
      if (st < list.size()) s.add(list[st].from, list[st].to, list[st].item);
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
