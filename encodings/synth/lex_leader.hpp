// Lex-leader symmetry breaking over the whole automorphism group of the network (issue 27,
// item 2), for the exact time-indexed query (timeindexed.hpp) and the successive-broadcast query
// (successive.hpp). The chain encoding itself is encodings/sat/lex_chain.hpp.
//
// The method (Crawford, Ginsberg, Luks & Roy, "Symmetry-breaking predicates for search problems",
// KR 1996; the chain encoding of Aloul, Markov & Sakallah 2003 / BreakID). Let P be the primary
// variables of the CNF (the ones a schedule is read from) and Sol the set of assignments to P
// that extend to a model of the CNF without symmetry rules. Let a group G act on assignments of
// P by permuting variables, with Sol closed under G. Fix a sequence of literals over P, V(X) =
// (l_1(X), ..., l_K(X)) (any positions, any polarities, any order). For g in G the literal l_k
// evaluated on g^-1(X) is again a literal l_k^g over P evaluated on X. If X in Sol, the member
// X* of X's orbit with the least V (false < true, lexicographic) is in Sol, and V(X*) <=lex
// V(g^-1(X*)) for every g in G, in particular for every generator. So "V(X) <=lex (l_k^g(X))_k
// for each generator g", encoded as a chain (or any prefix of it), keeps a model whenever the
// CNF without it has one: UNSAT with the constraints implies UNSAT without.
// What must be checked for each use, then: (1) G maps Sol to itself (every rule of the CNF is
// invariant, or implied by invariant rules: implied rules must accept every assignment of Sol's
// orbit images, which holds when they follow from the validity rules that the automorphisms
// preserve); (2) no other symmetry rule is present (the anchor rules of symmetry.hpp and the
// coordinate rules of successive.cpp pick their own orbit member, which need not be V-least).
//
// add_lex_leader (time-indexed query): an automorphism g of the network that maps the problem to
// itself (an item moves with the nodes it starts and ends at: item (origin u, target w, k-th such)
// -> (g u, g w, k-th)) maps every valid schedule to a valid one of the same length
// (send(i, t, u->v) -> send(g i, t, g u -> g v)). V: the send variables, step first, then link,
// then item. Invariance (1): the model's rules are per node and per link; the normalisation of
// flow.hpp is stated with distances and holdings, which automorphisms preserve; the implied rules
// (slack, counts, cut counts, sender counts, idle rules) follow from validity and normalisation.
// Applies to problems with unordered items (successive broadcasts have their own function).
//
// add_successive_lex_leader (successive.hpp): g maps a valid (allocation, schedule) pair to
// (g o alloc, g(schedule)): a(j, v) -> a(j, g v) (value j stays value j, its source moves) and
// send(j, t, u->v) -> send(j, t, g u -> g v). V: first the allocation, value by value and node by
// node, as negated literals -a(j, v) (the orbit's V-least member has broadcast 0 at the least node
// of its orbit, node 0 when G is transitive; the generators' chains enforce part of that), then
// the sends in the order above. Invariance (1): the allocation is a bijection onto the nodes; the flow, the
// in-order rules and "no redundant reception" mention only holdings and links; the port rules are
// per node and link; the windows W (value j moves in steps j..T - n + j + 1) depend on j and t
// alone, which g does not change. With a fixed allocation G is the stabiliser of the source
// sequence (nauty with a colour per broadcast index): each node is some value's source, so only
// the identity remains and nothing is added (the note says so).
//
// Common to both: the generators are nauty's (schedules/automorphisms.hpp, re-checked there as
// graph automorphisms); each one is used only if it maps every directed link to a directed link
// of the same multiplicity, else skipped and counted in the note. Networks with multi-links are
// left alone (their parallel links would need multiplicity-preserving maps checked per model).
// Only the first `max_positions` non-trivial positions of each chain are encoded.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
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

// The successive-broadcast query's variables, as the encoding stores them: alloc[j * n + v] =
// a(j, v) (constants with a fixed allocation), send(j, t, l) (kFalse where pruned).
struct SuccessiveVars {
  std::size_t values = 0;  // n: one value per node
  unsigned steps = 0;
  const std::vector<Lit>* alloc = nullptr;
  std::function<Lit(std::size_t j, unsigned t, std::uint32_t l)> send;
  std::vector<Node> fixed_sources;  // empty: free allocation
};
// Returns the note ("lex-leader: 3 of 3 generators of Aut ..." or "lex-leader: none (...)").
std::string add_successive_lex_leader(Formula& f, const Topology& topo, const SuccessiveVars& vars,
                                      std::size_t max_positions = 4000);

}  // namespace schedcert::encodings::synth
