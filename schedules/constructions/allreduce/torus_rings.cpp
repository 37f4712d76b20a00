// Allreduce on the k-ary n-dimensional torus (k odd), all-port, in diameter = n (k - 1)/2 steps:
// one bidirectional ring exchange per dimension. This tool's own construction (docs/allreduce.md),
// not taken from a paper: the dimension-by-dimension composition over the factors of a Cartesian
// product (the idea of Dimakopoulos & Dimopoulos 1998 for total exchange) with, in each ring,
// the pipelined forwarding of Bertsekas et al. 1991 §2's multinode broadcast on a ring.
//
// Before the phase of dimension j, node v holds the block B_j(v): the contributions of the nodes
// that agree with v on digits >= j (all of it one value). In step t = 1..h, h = (k - 1)/2, of the
// phase, v sends to each ring neighbour in dimension j the block it got from the other side in
// step t - 1 (its own block in step 1), unchanged. The blocks v receives come from ring positions
// v -+ t, distinct and disjoint from everything v holds (k odd), so nothing is combined twice;
// after h steps v holds the blocks of all k positions, B_{j+1}(v). A block is forwarded as it was
// received (the receiver keeps the received value as well as combining it), so the strict
// "whole current value" reading of docs/allreduce.md does not hold after step 1 of a phase; the
// buffered reading (own value, whole value or a value received unchanged) does.
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::allreduce {

Schedule torus_rings(int n, int k) {
  if (k < 3 || k % 2 == 0)
    throw InputError("--radix: allreduce-torus-rings needs an odd k >= 3 (got " +
                     std::to_string(k) + ")");
  const Network net = Network::parse("C" + std::to_string(k) + (n > 1 ? "^" + std::to_string(n) : ""));
  Problem p;
  p.kind = ProblemKind::Allreduce;
  Schedule s(net, Model::AllPort, p);
  const Node size = static_cast<Node>(net.size());
  const auto K = static_cast<std::uint32_t>(k);
  // The block of node u before the phase of dimension j: nodes agreeing with u on digits >= j.
  auto block = [&](Node u, int j) {
    Node low = 1;
    for (int i = 0; i < j; ++i) low *= K;
    const Node base = u - u % low;
    std::vector<Item> b;
    for (Node w = base; w < base + low; ++w) b.push_back(w);
    return b;
  };
  auto shift = [&](Node v, int j, std::int64_t by) {
    const std::int64_t d = (static_cast<std::int64_t>(net.digit(v, j)) + by) % k;
    return net.with_digit(v, j, static_cast<std::uint32_t>(d < 0 ? d + k : d));
  };
  for (int j = 0; j < n; ++j)
    for (int t = 1; t <= (k - 1) / 2; ++t) {
      s.begin_step();
      for (Node v = 0; v < size; ++v) {
        s.add(v, shift(v, j, 1), block(shift(v, j, -(t - 1)), j));   // rightwards
        s.add(v, shift(v, j, -1), block(shift(v, j, t - 1), j));     // leftwards
      }
    }
  return s;
}

}  // namespace schedcert::schedules::constructions::allreduce
