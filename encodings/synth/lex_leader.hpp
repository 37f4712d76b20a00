// Lex-leader symmetry breaking over the whole automorphism group of the network (issue 27,
// item 2), for the exact time-indexed query (timeindexed.hpp).
//
// The method (Crawford, Ginsberg, Luks & Roy, "Symmetry-breaking predicates for search problems",
// KR 1996; the chain encoding of Aloul, Markov & Sakallah 2003 / BreakID): an automorphism g of
// the network that maps the problem to itself (an item moves with the nodes it starts and ends
// at: item (origin u, target w, k-th such) -> (g u, g w, k-th)) maps every valid schedule X to a
// valid schedule g(X) of the same length (send(i, t, u->v) -> send(g i, t, g u -> g v)). Order
// the send variables (step first, then link, then item) and require X <=lex g^-1(X) for each
// generator g that nauty returns (schedules/automorphisms.hpp, re-checked there). Soundness: in
// the orbit of any valid schedule, the lexicographically least member satisfies X <= h(X) for
// every group element h, in particular for every generator's inverse; it is valid, so it extends
// to a model of the whole CNF. What must hold for that:
//   - the rest of the CNF accepts every valid normalised schedule (its implied rules: slack,
//     counts, cut counts, sender counts, idle rules) and the set of normalised schedules is
//     closed under automorphisms (the normalisation of flow.hpp is stated with distances, which
//     automorphisms preserve);
//   - no other symmetry rule is present: the anchor rules of symmetry.hpp pick their own orbit
//     member, which need not be the lex-least one, so the caller uses one or the other.
// Only the first `max_positions` non-trivial positions of each chain are encoded (a prefix of a
// lex-leader constraint is implied by it). Each position costs 3 clauses and one variable.
// Not applied: networks with multi-links (parallel links have no canonical image), successive
// broadcasts (the broadcast order is not invariant), problems some generator does not map to
// themselves (that generator is skipped and counted in the note).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "encodings/synth/flow.hpp"
#include "encodings/synth/formula.hpp"

namespace schedcert::encodings::synth {

struct LexLeaderOptions {
  std::size_t max_positions = 4000;  // per generator: the chain's length at most
  int root = -1;                     // a rooted problem: only automorphisms that fix it
};

// Adds the constraints; returns a note for the query's notes ("lex-leader: 4 generators ...") or
// an empty string when nothing was added.
std::string add_lex_leader(Formula& f, const Topology& topo, const Flow& flow, unsigned steps,
                           const LexLeaderOptions& opt);

}  // namespace schedcert::encodings::synth
