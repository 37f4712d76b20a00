// The verified path of the exact time-indexed query (issue 26): "a schedule of at most T steps
// exists" as the CNF that coq/synth/SynthCnf.v generates (synth_cnf), clause for clause and in
// the same order, so that an UNSAT answer becomes a Coq theorem.
//
// Why a second encoder next to timeindexed.cpp: that one is built for speed (item-flow
// core with pruning, slack rules, reception and cut counts, symmetry breaking, sequential
// counters), and each of those rules would need its own soundness proof. This one is the plain
// reachability encoding whose completeness (every valid schedule satisfies it) is proved in Coq
// (synth_sat): H(t, i, v) "v holds i after t steps", S(t, i, u, v) "a transmission of step t
// carries i on u -> v"; initial holdings, evolution, causality, the order of successive
// broadcasts, pairwise conflicts (packet, link capacity, the model's port rule) and the goal.
// The layout and the clause order are documented in SynthCnf.v; this file mirrors them.
// schedcert-lrat --synth SPEC regenerates the CNF with the extracted synth_cnf and compares it
// with this one clause by clause (a difference is EnginesDisagree, exit 4), so this encoder is
// an optimisation, not part of the trusted base.
//
// - synth_coq_cnf: the clauses; synth_coq_spec: the instance as schedcert-lrat --synth reads it;
// - refute_synth_coq: CaDiCaL with a DRAT proof, DRAT -> LRAT by our checker, the verified
//   checker on the C++ file, then schedcert-lrat --synth (regeneration + comparison + check).
// Free allocation (free_allocation = true; coq/synth/SynthFree.v, free_cnf): successive
// broadcasts whose sources the solver chooses, n items, the allocation variables being
// H(0, i, v) with bijection clauses in place of the initial holdings, and the source's order
// clause guarded by H(0, i, u); the refutation covers every allocation (free_from_lrat).
// Free allocation with symmetry (FreeAllocation::Symmetric; coq/synth/SynthSym.v, free_sym_cnf):
// the same clauses, then the unit H(0, 0, 0) "broadcast 0 starts at node 0" (sound when the
// network's translations map every node to node 0: coq_translations.hpp, checked in Coq by
// transb) and the early-send units -S(t, i, u, v) for t < i (no item leaves before its step);
// the refutation covers every allocation too (free_sym_from_lrat).
// Limitations: products of K2, rings, paths and complete graphs (no graph factors in the
// spec); rules left out (sound, only weaker): no_duplicate, the packet bound B >= 2, allreduce's
// complete values; so a SAT answer does not mean a schedule exists. Quadratic in the sends of a
// step (the pairwise conflicts): meant for the small instances whose optima become theorems.
#pragma once
#include <string>
#include <vector>

#include "encodings/sat/drat.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::encodings::synth {

// Which CNF of coq/synth: the problem's own sources (None: SynthCnf.v's synth_cnf), the
// allocation left free (Plain: SynthFree.v's free_cnf), or left free with the translation unit
// and the early-send units (Symmetric: SynthSym.v's free_sym_cnf). Plain and Symmetric are for
// successive broadcasts only; their n items are one per node, whatever p.sources holds.
enum class FreeAllocation { None, Plain, Symmetric };

// Test-only: one rule family of the CNF left out ("evolve", "causal", "order", "conflict",
// "init", "goal"; with the free allocation also "source", the guarded source order clause, and
// "onto", the per-node at-least-one allocation clause; with the symmetric one also "unit", the
// unit H(0, 0, 0), and "early", the early-send units), to show that the checker's regeneration
// catches a mutated encoder. Reachable from the CLI only through the hidden test hook
// `synthesize --coq-test-drop RULE` (cli/cmd_synthesize.cpp), never in normal use.
struct SynthCoqMutation {
  std::string drop;
};

std::vector<sat::Clause> synth_coq_cnf(const schedules::Network& net, schedules::Model m,
                                       const schedules::Problem& p, unsigned T,
                                       const SynthCoqMutation& mutation = {},
                                       FreeAllocation alloc = FreeAllocation::None);

// The variables of the CNF (SynthCnf.v's hidx and sidx; DIMACS variable = index + 1):
// H(t, i, v) and S(t, i, u, v) over n nodes, I items (n with a free allocation) and T steps.
struct CoqCnfLayout {
  long long n = 0, I = 0, T = 0;
  int h(long long t, long long i, long long v) const { return static_cast<int>((t * I + i) * n + v + 1); }
  int s(long long t, long long i, long long u, long long v) const {
    return static_cast<int>((T + 1) * I * n + ((t * I + i) * n + u) * n + v + 1);
  }
  int num_vars() const { return static_cast<int>((T + 1) * I * n + T * I * n * n); }
};
// Throws InputError as synth_coq_cnf does when the CNF would not fit.
CoqCnfLayout coq_cnf_layout(const schedules::Network& net, const schedules::Problem& p, unsigned T,
                            FreeAllocation alloc);

// The instance for `schedcert-lrat --synth SPEC` (docs/lrat.md): lines "network K2 2 Ring 5 ...",
// "model single-port-full", "problem KIND root R messages M packet B sources s0 s1 ...",
// "steps T"; with the free allocation "problem successive-broadcast root R messages M packet B
// allocation free" (Plain) or "... allocation free-sym" (Symmetric). Throws InputError for a
// network with a graph factor.
std::string synth_coq_spec(const schedules::Network& net, schedules::Model m,
                           const schedules::Problem& p, unsigned T, FreeAllocation alloc = FreeAllocation::None);

// The Coq generator a FreeAllocation names, for messages: "synth_cnf (coq/synth/SynthCnf.v)",
// "free_cnf (coq/synth/SynthFree.v)" or "free_sym_cnf (coq/synth/SynthSym.v)".
std::string coq_generator_name(FreeAllocation alloc);

// Coq terms of the instance: the network ([Fac K2 2; ...]), model (SinglePortFull), problem
// (Prob SuccessiveBroadcast 0 1 1 [0; 1; 3; 2]).
std::string coq_network_term(const schedules::Network& net);
std::string coq_model_term(schedules::Model m);
std::string coq_problem_term(const schedules::Problem& p);

// `schedcert-lrat --synth SPEC LRAT CNF` (regeneration by the extracted generator, comparison
// with CNF, the LRAT check against the generated clauses), with the soft stack limit raised to
// the hard one (the extracted generator is not tail-recursive: 3.2 M clauses overflow 8 MB).
// Throws EnginesDisagree when the regenerated CNF is not CNF's clauses ("the CNFs differ"),
// UnknownResult when the checker stopped before comparing. `generator`: coq_generator_name.
sat::LratVerdict check_synth_coq(const std::string& spec_path, const std::string& lrat_path,
                                 const std::string& cnf_path, const std::string& generator);

struct SynthCoqRefutation {
  enum class Status { Refuted, Satisfiable, Unknown } status = Status::Unknown;
  std::string detail;            // why Unknown; the certificate summary when Refuted
  std::size_t vars = 0, clauses = 0;
  std::string cnf_sha256, coq_cnf_sha256, comparison;
  std::size_t lrat_bytes = 0;
  std::string lrat_text;         // the accepted LRAT proof, when at most keep_lrat_bytes
  double seconds = 0, solve_seconds = 0, check_seconds = 0;  // wall
  // CPU (user + sys): CaDiCaL's solve in this process; the checks (DRAT -> LRAT here, then
  // schedcert-lrat --synth as a child process).
  double solve_cpu_seconds = 0, check_cpu_seconds = 0;
};

// "No schedule of at most T steps" through the verified path. Throws EnginesDisagree when the
// verified checker's regenerated CNF differs from this encoder's, UnknownResult when the checker
// stopped before comparing. The checker runs with the soft stack limit raised to the hard one
// (the extracted generator is not tail-recursive: 3.2 M clauses overflow 8 MB).
SynthCoqRefutation refute_synth_coq(const schedules::Network& net, schedules::Model m,
                                    const schedules::Problem& p, unsigned T, double timeout_s,
                                    std::size_t keep_lrat_bytes, const SynthCoqMutation& mutation = {},
                                    FreeAllocation alloc = FreeAllocation::None);

}  // namespace schedcert::encodings::synth
