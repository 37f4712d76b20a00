// Lower bounds on the number of steps and of transmissions, computed for any supported network,
// model and problem (docs/lower-bounds.md has every bound with its proof).
//
// Nothing is looked up: each bound is a counting argument evaluated on the network (distances,
// degrees, status, cuts) and the problem (M messages, B items per packet). Every candidate is a
// proven lower bound for every schedule the native verifier accepts; `steps` is the largest
// candidate. Sources: Bertsekas et al. 1991 (Tables 1-2 and their arguments), Dimakopoulos &
// Dimopoulos 1998 §3 (eq. (3) average status, eq. (4) cuts), Desprez et al. 1993 Prop. 2.
// Numbers that exceed 64 bits are saturated to 2^64 - 1, which keeps them lower bounds.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::verifier {

// The cut bounds try every cut S of a network up to this many nodes (2^16 sets); above it, the
// cuts of a product's factors (bounds_graph.cpp, time_bounds.cpp).
inline constexpr std::uint64_t kAllCutsNodes = 16;


struct Bound {
  std::uint64_t value = 0;
  std::string argument;  // one sentence: why no valid schedule does better
};

struct LowerBounds {
  Bound steps;  // the largest of step_candidates (the first one on ties)
  Bound transmissions;
  std::vector<Bound> step_candidates;
};

// An upper bound on the leaves of every spanning tree of the network, with its reason. The
// default is max_leaves_upper_bound (a degree count); a caller that has proved a smaller one
// (encodings/alpha/alpha.hpp: alpha(d) of Q_d, certified by an UNSAT whose proof was checked) passes it
// in, and the arguments that use it name it.
struct LeafBound {
  std::uint64_t value = 0;
  std::string argument;
};

// Throws InputError when p does not fit net (Problem::validate).
LowerBounds lower_bounds(const schedules::Network& net, schedules::Model model,
                         const schedules::Problem& p);
LowerBounds lower_bounds(const schedules::Network& net, schedules::Model model,
                         const schedules::Problem& p, const LeafBound& leaves);

// Desprez, Fraigniaud & Tourancheau 1993, Proposition 2: successive broadcasts from all
// p = 2^d nodes of Q_d under shout-whisper take at least 2p - alpha - 1 steps, where alpha is the
// maximum number of leaves of a spanning tree of Q_d. Any upper bound on alpha gives a valid bound
// (a smaller one); saturates at 0.
std::uint64_t desprez_lower_bound(std::uint64_t p, std::uint64_t alpha);

// An upper bound on the maximum number of leaves of a spanning tree of net (the alpha of
// Desprez): with maximum degree D >= 2 and n >= 3 nodes, L <= (n (D - 2) + 2) / (D - 1), because
// a tree with L leaves has degree sum 2(n - 1) <= L + (n - L) D. Exact for rings, paths and K_n.
std::uint64_t max_leaves_upper_bound(const schedules::Network& net);

}  // namespace schedcert::verifier
