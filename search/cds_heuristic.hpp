// A heuristic for the upper side of alpha(d): small connected dominating sets (CDS) of Q_d by
// simulated annealing (issue 14, "better bounds while searching"). Every set it returns is
// re-checked by check_cds (alpha_cubes.hpp), so a result is a proof of gamma_c(Q_d) <= |S|, i.e.
// alpha(d) >= 2^d - |S|; nothing is claimed about sizes it does not reach.
//
// State: a set S of exactly k nodes. Cost = undominated nodes + (components of G[S] - 1), zero
// exactly for a CDS. Move: swap a member u for a non-member w, w drawn from the neighbourhood of an
// undominated node (when there is one) or of a random member (which keeps S compact). Metropolis
// acceptance with a geometric cooling schedule; restarts from the best set seen. Domination
// counts are updated incrementally; components are recounted by a BFS of G[S] (k nodes).
// Start sets: when d = 2^r - 1, the Hamming code (a perfect code: 2^d / (d + 1) nodes that
// dominate Q_d exactly once) plus nodes on shortest paths between codewords; otherwise a greedy
// dominating set made connected the same way. Then k decreases from the size found: a CDS of
// size k seeds the search at k - 1 (one node removed).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::search {

struct CdsSearchOptions {
  int d = 0;
  unsigned target = 0;       // stop once a CDS of this size is found (0: keep going down)
  double seconds = 60;       // wall-clock budget
  std::uint64_t seed = 1;
  std::function<bool()> stop;                                        // polled
  std::function<void(const std::vector<schedules::Node>&)> on_found;  // each new best CDS
  std::vector<schedules::Node> start;  // a CDS to start from (--seed-witness), optional
};

struct CdsSearchResult {
  std::vector<schedules::Node> best;  // smallest CDS found (checked by check_cds)
  std::uint64_t moves = 0;
  double seconds = 0;
};

CdsSearchResult search_cds(const CdsSearchOptions& o);

// A connected dominating set of Q_d built without search (Hamming-code based when d = 2^r - 1,
// greedy otherwise), checked.
std::vector<schedules::Node> constructive_cds(int d);

}  // namespace schedcert::search
