// The synthesis families on the CNF generated in Coq (issue 26, item 5; `cube successive|
// synthesize ... --coq DIR`): the same questions as formula_cubes.hpp ("is there a schedule of
// T steps?"), but the base CNF is the C++ mirror of coq/synth's generators
// (encodings/synth/coq_cnf.hpp: synth_cnf, free_cnf or free_sym_cnf), so that every cube is a
// list of literals of that CNF and the run's refutation becomes a Coq theorem
// (coq/lrat/Cubes.v, cubes_unsat; coq/synth/SynthCubes.v, the optima).
//
// Cubes: the decision tree of decision_tree.hpp over the Coq CNF's own variables: with a free
// allocation first "which node broadcasts value j" (the group H(0, j, v) over v, whose
// at-least-one clause is in the CNF; with free_sym_cnf broadcast 0 is already at node 0), then
// the send variables S(t, i, u, v) of step 0, 1, ... (item, then arc). No symmetry reduction
// beyond what the CNF itself holds (free_sym_cnf's translation unit and early-send units, both
// proved in SynthSym.v), so the cubes are not one per orbit.
// Coverage: the tree's DRUP proof, checked by our DRAT checker against base + negated cubes and
// then by `schedcert-lrat --synth` on a SPEC with one "cover" line per cube: the extracted
// generator builds the base, the extracted coverage_cnf appends the negated cubes, the result is
// compared with the C++ file and the LRAT proof checked against it. Each cube: CaDiCaL on
// base + the cube's units, our DRAT check, then `schedcert-lrat --synth` on a SPEC with the
// "cube" line (the extracted cube_cnf). So the C++ mirror is an optimisation only: every verdict
// is about the CNF the extracted generator built, and a difference is EnginesDisagree (exit 4).
// The accepted LRAT proofs are kept in the run directory (keeps_lrat) for the .v writer
// (witnesses/coq_optimum_cubes.cpp).
// SAT: a model of the Coq CNF is decoded into a schedule (the transmissions S(t, i, u, v), one
// packet per arc and step; with a free allocation the sources H(0, i, v)) and re-verified
// natively; since the CNF leaves rules out (docs/coq.md) the decoded schedule may be invalid,
// and then the run stops with UnknownResult (no conclusion), never with a claim.
// Query JSON: the successive / synthesis families' (formula_cubes.hpp) with "coq": true;
// "symmetry": false keeps free_cnf instead of free_sym_cnf; "coq_test_drop": RULE (test hook
// only, encodings/synth/coq_cnf.hpp's SynthCoqMutation) makes the C++ mirror leave a rule out.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "encodings/synth/coq_cnf.hpp"
#include "encodings/synth/coq_translations.hpp"
#include "search/family.hpp"

namespace schedcert::search {

// What the .v writer needs to know about a Coq family's instance.
struct CoqCubeInstance {
  explicit CoqCubeInstance(schedules::Network net) : network(std::move(net)) {}
  schedules::Network network;
  schedules::Model model = schedules::Model::AllPort;
  schedules::Problem problem;  // successive broadcasts with a free allocation: sources unused
  unsigned steps = 0;          // T: the run refutes "a schedule of at most T steps"
  encodings::synth::FreeAllocation allocation = encodings::synth::FreeAllocation::None;
  std::vector<encodings::synth::NodePermutation> auts;  // Symmetric: the translations onto node 0
  std::size_t clauses = 0, vars = 0;                    // of the base CNF
};

std::unique_ptr<Family> make_coq_family(const nlohmann::json& query);

// The instance of a family made by make_coq_family; nullptr for any other family.
const CoqCubeInstance* coq_cube_instance(const Family& f);

}  // namespace schedcert::search
