// Successive broadcasts on the hypercube (Desprez, Fraigniaud & Tourancheau 1993, §3,
// Proposition 1 with Lemmas 1-3).
//
// Allocation (brgc): the j-th broadcast (0-based here, 1-based in the paper) comes from the
// j-th vertex of the binary-reflected Gray code, x^(j) = j ^ (j >> 1).
// Trees (successive_broadcasts): x^(j) broadcasts along R^nu(SBT(x^(j))) = x^(j) xor
// R^nu(SBT(0)), where nu is the dimension in which x^(j) and x^(j+1) differ (cyclically, the
// last source uses the dimension back to x^(0)). SBT(0): the parent of u != 0 clears u's lowest
// set bit; the vertex u is at level |u| and receives at level |u|. The rotation makes x^(j+1) =
// x^(j) xor 2^nu a leaf of the tree (the image of the SBT(0) leaf 1), which is what Lemma 3
// case 2 needs.
// Timing: broadcast j starts at step 2j + 1 (1-based): the vertex at level l of tree j
// receives at step 2j + l, so a new broadcast begins every two steps and the last ends at
// 2(p - 1) + d = 2p + log2 p - 2 (Lemma 2). Shout-whisper: a sender's transmissions in one step
// all carry the same item (its level's item), as the model requires.
// What is claimed and what is checked: the construction only builds the schedule; in-order
// reception (Lemma 1) and the absence of conflicts (Lemma 3) are checked by verify_native
// under Model::ShoutWhisper with Problem{SuccessiveBroadcast, sources = BRGC}.
// Variants (Params::variant): "unrotated" uses SBT(x^(j)) (no rotation) and "every-step"
// starts a broadcast every step; the paper rejects both (Figs. 2 and 4) and the verifier shows
// the conflicts they cause. Limitation: only Q_d, d in [1, 12] (p^2 transmissions).
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"

#include <bit>
#include <string>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::desprez1993 {

std::vector<Node> brgc(int d) {
  const Node p = Node{1} << d;
  std::vector<Node> g(p);
  for (Node j = 0; j < p; ++j) g[j] = j ^ (j >> 1);
  return g;
}

Node rotate_left(Node u, int r, int d) {
  const Node mask = (Node{1} << d) - 1;
  r %= d;
  if (r == 0) return u & mask;
  return ((u << r) | (u >> (d - r))) & mask;
}

Variant parse_variant(const std::string& name) {
  if (name.empty() || name == "rotated") return Variant::Rotated;
  if (name == "unrotated") return Variant::Unrotated;
  if (name == "every-step") return Variant::EveryStep;
  throw InputError("--variant: desprez-successive-broadcasts takes 'rotated' (default), "
                   "'unrotated' or 'every-step', not '" + name + "'");
}

std::uint64_t proposition1_steps(int d) {
  const std::uint64_t p = std::uint64_t{1} << d;
  return 2 * p + static_cast<std::uint64_t>(d) - 2;
}

Schedule successive_broadcasts(int d, Variant variant) {
  if (d < 1 || d > 12)
    throw InputError("--dim: desprez-successive-broadcasts takes d in [1, 12], not " +
                     std::to_string(d));
  const Network net = Network::hypercube(d);
  const Node p = Node{1} << d;
  const std::vector<Node> x = brgc(d);
  Problem prob;
  prob.kind = ProblemKind::SuccessiveBroadcast;
  prob.sources = x;
  Schedule s(net, Model::ShoutWhisper, prob);
  const std::uint64_t gap = variant == Variant::EveryStep ? 1 : 2;
  const std::uint64_t steps = gap * (p - 1) + static_cast<std::uint64_t>(d);
  // SBT(0) edges (parent, child) by the child's level.
  std::vector<std::vector<std::pair<Node, Node>>> level(static_cast<std::size_t>(d) + 1);
  for (Node u = 1; u < p; ++u)
    level[static_cast<std::size_t>(std::popcount(u))].emplace_back(u & (u - 1), u);
  s.reserve(static_cast<std::size_t>(p) * (p - 1));
  for (std::uint64_t t = 1; t <= steps; ++t) {  // 1-based step
    s.begin_step();
    // Broadcasts active at step t: level l = t - gap*j in [1, d]; oldest (largest level) first.
    for (std::uint64_t j = 0; j < p; ++j) {
      if (gap * j + 1 > t) break;
      const std::uint64_t l = t - gap * j;
      if (l > static_cast<std::uint64_t>(d)) continue;
      const Node xj = x[j], next = x[(j + 1) % p];
      const int nu = variant == Variant::Unrotated ? 0 : std::countr_zero(xj ^ next);
      for (auto [par, child] : level[l])
        s.add(xj ^ rotate_left(par, nu, d), xj ^ rotate_left(child, nu, d), Item{j});
    }
  }
  return s;
}

}  // namespace schedcert::schedules::constructions::desprez1993
