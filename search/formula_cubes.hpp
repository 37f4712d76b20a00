// The synthesis families: "does a schedule of T steps exist?" for the exact time-indexed query
// (encodings/synth/timeindexed.hpp, any network, model and problem) and for successive
// broadcasts with a free or fixed allocation (encodings/synth/successive.hpp), split into cubes.
//
// Base CNF: the encoding's synth::Formula as built by its public constructor (with its own
// symmetry-breaking rules, proved in docs/synthesis.md and docs/successive-optimum.md), clauses
// as they are, the constant-true variable 1 as a unit, every at-most-k as pairwise exclusions
// (k = 1, up to 6 literals) or a sequential counter (fresh variables above the formula's).
// Cubes: a decision tree over branch points taken from the encoding, in this order:
//   successive, free allocation: "which node broadcasts value j" (j = 1, 2, ...: one child per
//   candidate source a(j, v); the encoding's coordinate rules leave one allocation prefix per
//   orbit of Aut(Q_d) fixing node 0, so these cubes are one per orbit);
//   then every send variable x(item, t, u -> v) of step 0, step 1, ... (two children).
// A child that unit propagation refutes is dropped; the tree is expanded level by level until it
// has about `target` leaves (CubeOptions::target; default 64); the tree and its coverage proof are
// decision_tree.hpp's, shared with the Coq families (coq_cubes.hpp: the same questions on the CNF
// generated in Coq, query "coq": true). Variables are found by the
// encoding's readable names (Formula keep_names): "a_j<j>_v<v>", "x_i<item>_t<t>_<u>_<v>".
// Coverage: a DRUP proof read off the tree (a refuted child: its negation is RUP; an inner
// node: once its children's clauses are there, its negation is RUP, through the at-least-one
// clause of the group for allocation branches) is checked against base + negated cubes. So the
// cubes cover every solution of the base formula; the symmetry reduction is the encoding's.
// Cross-check with nauty (successive, free allocation, hypercubes): the number of distinct
// allocation prefixes among the cubes is compared with the number of orbits of such prefixes
// under the coordinate permutations (canonical colourings of Q_d with node 0 fixed); the
// comparison is reported, it is not part of the certificate.
// SAT witness: the model is decoded by the encoding into a schedule, which is re-verified by the
// native verifier and kept as schedule JSON (docs/schedule-format.md).
// With "lex": true (`--lex-leader`) the base formula carries the lex-leader constraints over
// Aut(network) (encodings/synth/lex_leader.hpp) instead of the encoding's own symmetry rules; the
// allocation cubes are then not one per orbit (no nauty cross-check), the coverage proof is the
// same.
// Query JSON: {"family": "successive", "network", "model", "steps", "allocation": "free" |
// "gray" | [sources...], "symmetry": bool, "lex": bool} or {"family": "synthesis", "network",
// "model", "problem", "root", "messages", "steps", "symmetry": bool, "slack": bool, "lex": bool}.
#pragma once
#include <memory>

#include <nlohmann/json.hpp>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "search/family.hpp"

namespace schedcert::search {

std::unique_ptr<Family> make_formula_family(const nlohmann::json& query);

// A witness of "a schedule of `steps` steps" (schedule JSON): it loads, is on `net` under `m`,
// has at most `steps` steps, solves `p` (successive broadcasts: the same sources, or with
// free_allocation any bijection) and passes the native verifier. "" when it does, else why not.
std::string check_synthesis_witness(const nlohmann::json& w, const schedules::Network& net, schedules::Model m,
                                    unsigned steps, const schedules::Problem& p, bool successive,
                                    bool free_allocation);

}  // namespace schedcert::search
