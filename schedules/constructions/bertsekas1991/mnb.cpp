// Multinode broadcast (Bertsekas et al. 1991, §2) and multinode accumulation (§1 duality).
//
// All-port (§2, "Multinode Broadcast Under the MLA Assumption"): the broadcast from node 0 uses
// the sets A_1..A_q of mnb_tree(); node t's broadcast uses A_i(t) = {(t xor x, t xor y)}. The
// key observation (links of one A_i have distinct types, so the A_i(t) of one i are disjoint)
// makes the union a valid multinode broadcast in q = ceil((2^d - 1)/d) steps with 2^d(2^d - 1)
// transmissions. We check it rather than assume it: key_observation() on the tree, and
// verifier::verify_translated / verify_native on the schedules (tests, tables.cpp).
// Single-port (§2, "Multinode Broadcast Under the SLA Assumption"): at time n(y) the packet of
// node t crosses link (t xor x, t xor y), for every link (x, y) of the tree: the root schedule
// has exactly one link per step, so every node sends and receives once per step; 2^d - 1 steps.
// Causality holds because the parent x of y has n(x) < n(y) (checked by key_observation).
// Accumulation: transforms::reverse of the multinode broadcast (or of the root schedule, whose
// translates are the same multinode accumulation).
#include "schedules/constructions/bertsekas1991/mnb.hpp"

#include "schedules/error.hpp"
#include "schedules/transforms/reverse.hpp"
#include "schedules/transforms/translate.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

Schedule mnb_root_broadcast(const MnbTree& tr, Model model) {
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError("--model: the §2 multinode broadcast is built for all-port (MLA) and "
                     "single-port-full (SLA), not " + to_string(model));
  const int d = tr.d;
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.root = 0;
  Schedule s(Network::hypercube(d), model, p);
  const std::uint64_t n = std::uint64_t{1} << d;
  s.reserve(n - 1);
  if (model == Model::AllPort) {
    // E_i is the range of numbers ((i-1)d, id], so walking numbers in order walks A_1, A_2, ...
    std::uint64_t open = 0;
    for (std::uint64_t k = 1; k < n; ++k) {
      const Node t = tr.by_number[k];
      while (open < tr.set_index(t)) {
        s.begin_step();
        ++open;
      }
      s.add(tr.parent[t], t, Item{0});
    }
  } else {
    for (std::uint64_t k = 1; k < n; ++k) {
      s.begin_step();
      const Node y = tr.by_number[k];
      s.add(tr.parent[y], y, Item{0});
    }
  }
  return s;
}

Schedule mnb_root_broadcast(int d, Model model) { return mnb_root_broadcast(mnb_tree(d), model); }

Schedule multinode_broadcast(int d, Model model) {
  return transforms::translate_to_all_roots(mnb_root_broadcast(d, model));
}

Schedule multinode_accumulation(int d, Model model) {
  return transforms::reverse(multinode_broadcast(d, model));
}

Schedule mna_root_accumulation(int d, Model model) {
  return transforms::reverse(mnb_root_broadcast(d, model));
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
