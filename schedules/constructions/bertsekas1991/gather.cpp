// Gather from the multinode broadcast (Bertsekas et al. 1991, §3: "consider the single node
// broadcast tree of the previous section, consisting of the links A_i(t), and let p(t, s) be
// the path on this tree leading from t to the root s").
//
// The tree A(t) is the translate t xor A of the root-0 tree of mnb_tree(), so p(t, s) is
// t xor (the tree path from 0 to u = t xor s). That path walks parent pointers of mnb_tree()
// backwards from u; each link (x, y) on it is used at the step of y in the multinode broadcast
// (set_index(y) under MLA, n(y) under SLA). Every link of the tree flips one unity bit to
// reach the parent, so the path has popcount(u) links: the Hamming distance, and the total is
// sum_k k C(d, k) = d 2^(d-1) (Eq. (2)). The schedule is a subset of a valid multinode broadcast
// with the other packets removed, so link and port limits hold; the verifier checks it anyway.
#include "schedules/constructions/bertsekas1991/gather.hpp"

#include <vector>

#include "schedules/constructions/bertsekas1991/mnb_tree.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

Schedule gather_from_mnb(int d, Node root, Model model) {
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError("--model: the §3 gather is built for all-port and single-port-full, not " +
                     to_string(model));
  const MnbTree tr = mnb_tree(d);
  const std::uint64_t n = std::uint64_t{1} << d;
  if (root >= n)
    throw InputError("--root: node " + std::to_string(root) + " is out of range for Q" +
                     std::to_string(d));
  auto step_of = [&](Node y) -> std::uint64_t {
    return model == Model::AllPort ? tr.set_index(y) : tr.number[y];
  };
  const std::uint64_t steps = model == Model::AllPort ? tr.q : n - 1;
  struct Hop {
    Node from, to;
    Item item;
  };
  std::vector<std::vector<Hop>> by_step(steps + 1);
  for (Node t = 0; t < n; ++t) {
    if (t == root) continue;
    // Walk the root-0 tree path from u = t xor root up to 0; translated by t it runs from
    // t xor 0 = t to t xor u = root.
    for (Node y = t ^ root; y != 0; y = tr.parent[y]) {
      const Node x = tr.parent[y];
      by_step[step_of(y)].push_back({t ^ x, t ^ y, Item{t}});
    }
  }
  Problem p;
  p.kind = ProblemKind::Gather;
  p.root = root;
  Schedule s(Network::hypercube(d), model, p);
  s.reserve(static_cast<std::size_t>(d) * (n / 2));
  for (std::uint64_t st = 1; st <= steps; ++st) {
    s.begin_step();
    for (const Hop& h : by_step[st]) s.add(h.from, h.to, h.item);
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
