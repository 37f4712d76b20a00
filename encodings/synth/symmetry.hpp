// Symmetry breaking for the synthesis encodings: automorphisms of the network that fix an anchor
// node (the root of a single-node problem, node 0 of a multinode problem).
//
// Why it is sound (full proof in docs/synthesis.md, "Symmetry breaking"): take any valid schedule,
// first normalise it by deleting redundant and useless transmissions (flow.hpp), then apply
// an automorphism phi of the network with phi(anchor) = anchor. phi maps the problem to itself
// (items are renamed: a scatter item for d becomes the item for phi(d); multinode problems are
// invariant under every automorphism), preserves every model's rules (they are per link and per
// node), distances and hence the normalisation. So the set of valid normalised schedules is closed
// under the stabiliser of the anchor, and it suffices to ask for one in a canonical form.
//
// Canonical form, on a(w) = "a transmission on the link anchor -> w or w -> anchor in step 1",
// with neighbours of the anchor named by (dimension k, offset delta = digit_k(w) - digit_k(anchor)
// mod size):
//   ring C_n (n >= 3), dimension k:  a(k, -1) => a(k, +1)        (reflection of dimension k)
//   complete K_n (n >= 3):           a(k, delta+1) => a(k, delta) (permutation of the values)
//   identical factors k < k' (K2, C_n, and K_n when value permutations are on):
//                                    a(k', delta) => a(k, delta)  (permutation of dimensions)
// On Q_d this is "the dimensions the anchor uses in step 1 are 0, 1, ..., m-1". Path factors are
// left alone (a path's reflection moves the anchor unless it is the centre).
// A network that is one undirected graph factor (dgx1, petersen, graph:FILE) instead gets, for
// every generator g of the anchor's stabiliser in Aut(G) computed by nauty that also preserves
// the link multiplicities, a(w_1..w_k) >=lex a(g(w_1)..g(w_k)) over the anchor's neighbours in id
// order (the lex-largest member of an orbit satisfies all of them). Products with a graph factor
// and directed graphs get the product rules only (a graph factor contributes none).
//
// add_stabilizer_rules implements it; `value_permutations` = false omits the K_n value rule (the
// Cayley-restricted search uses only automorphisms that are group automorphisms).
#pragma once
#include <functional>
#include <string>

#include "encodings/synth/flow.hpp"

namespace schedcert::encodings::synth {

// activity(w): the literal a(w) for a neighbour w of the anchor. Returns a one-line description
// of the rules added ("" when none apply).
std::string add_stabilizer_rules(Formula& f, const Topology& topo, Node anchor,
                                 const std::function<Lit(Node)>& activity,
                                 bool value_permutations);

}  // namespace schedcert::encodings::synth
