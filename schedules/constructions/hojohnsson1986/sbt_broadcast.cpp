// SBT broadcast of M items in packets of B (Ho-Johnsson 1986, §3.3.1; Tables 1-3, row SBT).
//
// The tree is the SBT of §3.1 (sbt_tree.hpp): node c (relative to s) hangs below c with its
// highest set bit cleared, so the subtree behind dimension m has 2^(n-1-m) nodes.
// All-port: periodic_tree_broadcast with period 1, node c receives packet p at step |c| + p.
// One port (recursive, the paper's description): phase t = 0..n-1 is "send all Q packets across
// dimension t": every node with relative address below 2^t sends packet p to c | 2^t in step
// t*Q + p + 1. Phase t reaches exactly the nodes with highest bit t, so each edge is the tree edge
// parent_SBT; in a phase a node either only sends or only receives, so the schedule is valid
// under both single-port models. Q*n steps = the paper's T / (tau + B t_c).
// Variant "pipelined": periodic_tree_broadcast with children in increasing dimension (largest
// subtree first), period n: also Q*n steps.
// Limitation: n <= 20 (materialised tree).
#include "schedules/constructions/hojohnsson1986/sbt_broadcast.hpp"

#include "schedules/constructions/hojohnsson1986/packets.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_tree.hpp"
#include "schedules/constructions/hojohnsson1986/tree_broadcast.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

Schedule hj_sbt_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B,
                          const std::string& variant) {
  check_dim_root(n, s, 20, "hj-sbt-broadcast");
  if (model == Model::ShoutWhisper)
    throw InputError("--model: hj-sbt-broadcast is built for all-port, single-port-full and "
                     "single-port-half");
  if (!variant.empty() && variant != "recursive" && variant != "pipelined")
    throw InputError("--variant: hj-sbt-broadcast takes recursive or pipelined, not " + variant);
  if (model == Model::AllPort || variant == "pipelined")
    return periodic_tree_broadcast(time_tree(sbt_tree(n, s), model), model, M, B);
  Packets pk(M, B);
  Schedule out(Network::hypercube(n), model, broadcast_problem(s, M, B));
  out.reserve(static_cast<std::size_t>(pk.count()) * ((std::size_t{1} << n) - 1));
  for (int t = 0; t < n; ++t)
    for (std::uint32_t p = 0; p < pk.count(); ++p) {
      out.begin_step();
      const std::vector<Item> items = pk.items(p);
      for (Node c = 0; c < (Node{1} << t); ++c) out.add(c ^ s, (c | (Node{1} << t)) ^ s, items);
    }
  return out;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
