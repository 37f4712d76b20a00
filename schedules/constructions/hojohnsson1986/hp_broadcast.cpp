// Hamiltonian-path broadcast (Ho-Johnsson 1986, §3.4 and footnote 2: "a Hamiltonian path is also
// a spanning tree"). The path is the binary-reflected Gray code g(x) = x ^ (x >> 1) translated by
// the source: consecutive codes differ in one bit, so it is a path of Q_n starting at s.
// Timing: periodic_tree_broadcast, each node one child. With one send and one receive (or all
// ports) a packet moves one hop per step and packets follow each other every step:
// Q + N - 2 steps. With one send or one receive, a node alternates receive and send (period 2):
// 2Q + N - 3 steps.
// Table 3 gives (Q + N - 3)(tau + B t_c) for "HP, 1 s & r"; that is one step less than the
// N - 1 hops the first packet needs to reach the far end of the path (Table 1: delay N - 1), so
// the measured count is Q + N - 2 (docs/hojohnsson1986.md).
#include "schedules/constructions/hojohnsson1986/hp_broadcast.hpp"

#include "schedules/constructions/hojohnsson1986/tree_broadcast.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

Schedule hp_broadcast(int n, Node s, Model model, std::uint32_t M, std::uint32_t B) {
  check_dim_root(n, s, 20, "hj-hp-broadcast");
  if (model == Model::ShoutWhisper)
    throw InputError("--model: hj-hp-broadcast is built for all-port, single-port-full and "
                     "single-port-half");
  SpanningTree t;
  materialise("HP", n, s, [&](Node v) {
    // Position of v on the path: the inverse Gray code of v ^ s.
    Node g = v ^ s, x = 0;
    for (; g; g >>= 1) x ^= g;
    return x == 0 ? kNone : ((x - 1) ^ ((x - 1) >> 1)) ^ s;
  }, t);
  return periodic_tree_broadcast(time_tree(std::move(t), model), model, M, B);
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
