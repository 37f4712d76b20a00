// Periodic pipelined tree broadcast (see tree_broadcast.hpp for the timing rule and why it
// respects each port model; the verifier checks every generated schedule independently).
#include "schedules/constructions/hojohnsson1986/tree_broadcast.hpp"

#include <algorithm>

#include "schedules/constructions/hojohnsson1986/packets.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

TimedTree time_tree(SpanningTree tree, Model model, const ChildOrder& order) {
  const std::size_t N = tree.size();
  std::vector<std::vector<Node>> kids = children_lists(tree);
  // Subtree heights and sizes, bottom-up by decreasing depth.
  std::vector<Node> by_depth(N);
  for (Node v = 0; v < N; ++v) by_depth[v] = v;
  std::stable_sort(by_depth.begin(), by_depth.end(),
                   [&](Node a, Node b) { return tree.depth[a] > tree.depth[b]; });
  std::vector<std::uint32_t> sub_h(N, 0), sub_n(N, 1);
  for (Node v : by_depth)
    if (tree.parent[v] != kNone) {
      sub_h[tree.parent[v]] = std::max(sub_h[tree.parent[v]], sub_h[v] + 1);
      sub_n[tree.parent[v]] += sub_n[v];
    }
  TimedTree t;
  t.offset.assign(N, 0);
  t.period = 1;
  for (Node v = 0; v < N; ++v) {
    std::vector<Node> ch = kids[v];
    if (order) {
      ch = order(v, kids[v]);
    } else {
      std::sort(ch.begin(), ch.end(), [&](Node a, Node b) {
        if (sub_h[a] != sub_h[b]) return sub_h[a] > sub_h[b];
        if (sub_n[a] != sub_n[b]) return sub_n[a] > sub_n[b];
        return a < b;
      });
    }
    for (std::size_t i = 0; i < ch.size(); ++i)
      t.offset[ch[i]] = model == Model::AllPort ? 1 : static_cast<std::uint32_t>(i + 1);
    const std::uint32_t busy =
        static_cast<std::uint32_t>(ch.size()) + (v != tree.root ? 1u : 0u);
    if (model == Model::SinglePortFull)
      t.period = std::max<std::uint32_t>(t.period, static_cast<std::uint32_t>(ch.size()));
    else if (model == Model::SinglePortHalf)
      t.period = std::max(t.period, busy);
  }
  t.tree = std::move(tree);
  return t;
}

Schedule periodic_tree_broadcast(const TimedTree& t, Model model, std::uint32_t M,
                                 std::uint32_t B) {
  const SpanningTree& tr = t.tree;
  const Node N = static_cast<Node>(tr.size());
  Packets pk(M, B);
  Schedule s(Network::hypercube(tr.dim), model, broadcast_problem(tr.root, M, B));
  // T(v) top-down (parents before children: increasing depth).
  std::vector<Node> order(N);
  for (Node v = 0; v < N; ++v) order[v] = v;
  std::stable_sort(order.begin(), order.end(),
                   [&](Node a, Node b) { return tr.depth[a] < tr.depth[b]; });
  std::vector<std::uint64_t> T(N, 0);
  std::uint64_t last = 0;
  for (Node v : order)
    if (tr.parent[v] != kNone) {
      T[v] = T[tr.parent[v]] + t.offset[v];
      last = std::max(last, T[v]);
    }
  const std::uint64_t steps = last + std::uint64_t{t.period} * (pk.count() - 1);
  // Step st carries packet p into every node v with T(v) = st - period * p: bucket nodes by T.
  std::vector<std::vector<Node>> at(last + 1);
  for (Node v = 0; v < N; ++v)
    if (tr.parent[v] != kNone) at[T[v]].push_back(v);
  std::vector<std::vector<Item>> items(pk.count());
  for (std::uint32_t p = 0; p < pk.count(); ++p) items[p] = pk.items(p);
  s.reserve(static_cast<std::size_t>(N - 1) * pk.count());
  for (std::uint64_t st = 1; st <= steps; ++st) {
    s.begin_step();
    for (std::uint32_t p = 0; p < pk.count(); ++p) {
      const std::uint64_t shift = std::uint64_t{t.period} * p;
      if (shift >= st) break;
      if (st - shift > last) continue;
      for (Node v : at[st - shift]) s.add(tr.parent[v], v, items[p]);
    }
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
