// The automorphisms that coq/synth/SynthSym.v's free_sym_cnf needs (issue 26): its unit
// "broadcast 0 starts at node 0" is sound when, for every node a, some automorphism of the
// network maps a to node 0 (relabelling a valid schedule by it gives a valid schedule whose
// broadcast 0 starts at node 0). The theorems take them as a list of (perm, inv) pairs, checked
// in Coq by computation (transb: each pair an automorphism keeping link capacities, with its
// inverse; every node mapped to 0 by one).
//
// For a product of K2, rings and complete graphs (Network::is_translation_invariant) the
// translations do it: inv_a(v) = v + a digit-wise mod the factor sizes (v xor a on Q_d), an
// automorphism because each factor's rotation is one and capacities are 1; perm_a = inv_a^-1
// maps a to 0. Paths and graph factors have none in general: coq_translations returns nullopt
// and the caller keeps free_cnf (no symmetry unit). The list is checked here too, on every arc
// (adjacency and capacity kept, as many arcs as before), so a wrong list never reaches coqc.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedules/network.hpp"

namespace schedcert::encodings::synth {

struct NodePermutation {
  std::vector<schedules::Node> perm, inv;  // perm[v] is the image of v; inv is its inverse
};

// One pair per node a (in node order), perm mapping a to 0; nullopt when the network has no
// such translations (a path or graph factor).
std::optional<std::vector<NodePermutation>> coq_translations(const schedules::Network& net);

// The Coq term of SynthSym.v's `auts : list (list N * list N)`: "[([0; 1; ...], [0; 1; ...]); ...]",
// one pair per line.
std::string coq_translations_term(const std::vector<NodePermutation>& auts);

}  // namespace schedcert::encodings::synth
