// Successive broadcasts with the allocation left free (issue 4; Desprez, Fraigniaud & Tourancheau
// 1993, "Successive broadcasts on hypercube", §2-3): the exact least number of steps over every
// allocation, with an UNSAT certificate for one step less.
//
// The paper fixes p data mu_1..mu_p, one per processor (alloc is a bijection from {1..p} onto the
// processors, §2 "each processor holding one data"), and asks for alloc AND a schedule in which
// every processor stores mu_1, ..., mu_p in that order. Prop. 1 gives one allocation (BRGC) and
// 2p + log2 p - 2 steps; Prop. 2 bounds every allocation below by 2p - alpha(d) - 1. This file
// decides "some allocation and some schedule of T steps exist" exactly.
//
// Model (the native verifier's reading, docs/successive-optimum.md): item j = the j-th value,
// one item per packet (B = 1); the port rules of schedules/model.hpp; a node receives item j only
// in a step after the one in which it got item j - 1 (or if it is j - 1's source); the source of
// j sends j only once it holds j - 1 (store-and-forward: holding = at the start of the step).
//
// SuccessiveEncoding (synth namespace) is the item-flow core of flow.hpp with the origin of
// each item a solver variable:
//   a(j, v)          "v is the source of broadcast j"; exactly one v per j and one j per v;
//   holds(j, 0, v) = a(j, v);  holds(j, t+1, v) <=> holds(j, t, v) or some send(j, t, u->v);
//   send(j, t, u->v) => holds(j, t, u), not holds(j, t, v) (no redundant reception),
//                       holds(j-1, t, v) and holds(j-1, t, u) (in-order; for a non-source
//                       sender the last one is implied, for the source it is the release rule);
//   holds(j, T, v) for all j, v;  port rules of the model per (node, step).
// Implied windows (proved in docs/successive-optimum.md), as constants false: item j moves only
// in 0-based steps j <= t <= T - p + j + 1 (its sender must have received j values before; its
// receiver must still receive p - 2 - j later values in distinct steps).
// Symmetry breaking, one of (SuccessiveSymmetry):
//   Rules (hypercubes, free allocation only): broadcast 0 from node 0 (translations), then the
//     sources of broadcasts 1, 2, ... canonical under the coordinate permutations that fix the
//     earlier sources (add_coordinate_rules). With `fixed_sources` the a(j, v) are constants and
//     no rule is added;
//   LexLeader (any network without multi-links): lex-leader constraints over nauty's generators
//     of Aut(network), the allocation first, then the sends (lex_leader.hpp, which has the
//     soundness argument); with a fixed allocation over the automorphisms fixing every source,
//     which is the identity alone (every node is a source), so nothing is added;
//   None.
//
// synthesize_successive / minimize_successive (successive_search.cpp) run the query with
// Z3, decode a model into an ordinary successive-broadcast schedule (sources = the allocation
// found), re-check it with verifier::verify_native (a rejection throws std::logic_error) and
// export the query as standalone SMT-LIB2 on request.
// Limitations: one item per packet; free allocation means all n nodes broadcast once (p = n).
#pragma once
#include <string>
#include <vector>

#include "encodings/synth/flow.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/budget/budget.hpp"
#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {


enum class SuccessiveSymmetry { None, Rules, LexLeader };

class SuccessiveEncoding {
 public:
  // fixed_sources empty: the allocation is a free bijection; else it must list n nodes.
  SuccessiveEncoding(const Topology& topo, schedules::Model model,
                     const std::vector<schedules::Node>& fixed_sources, unsigned steps,
                     SuccessiveSymmetry symmetry, bool keep_names);
  Formula& formula() { return f_; }
  const Formula& formula() const { return f_; }
  // The allocation and the schedule a satisfying assignment describes (exactly `steps` steps).
  schedules::Schedule decode(const SolveOutcome& sat) const;
  const std::string& notes() const { return notes_; }
  // Before building (issue 18): the bytes of this query in our formula, from its variable count
  // bounded above (item j's send variables only inside its window, times the links; holding
  // variables items x T x N; the allocation N x N), at kBytesPerVariable each (measured in
  // docs/limits.md). The solver's copy is admitted separately when it is loaded.
  static std::uint64_t estimate_bytes(const Topology& topo, unsigned steps);
  static std::uint64_t estimate_variables(const Topology& topo, unsigned steps);  // an upper bound
  static constexpr std::uint64_t kBytesPerVariable = 600;
  // The symmetry rules stop at the deepest prefix length within this many clauses.
  static constexpr std::uint64_t kMaxCoordinateRules = std::uint64_t{1} << 22;
  std::uint64_t coordinate_rules() const { return coordinate_rules_; }

 private:
  void add_allocation(const std::vector<schedules::Node>& fixed);
  void add_flow(const schedules::budget::Budget::Phase& building);
  void add_port_rules();
  void add_coordinate_rules(const schedules::budget::Budget::Phase& building);
  Lit& send(std::size_t j, unsigned t, std::size_t l) { return x_[(j * steps_ + t) * L_ + l]; }
  Lit send(std::size_t j, unsigned t, std::size_t l) const { return x_[(j * steps_ + t) * L_ + l]; }
  Lit& holds(std::size_t j, unsigned t, Node v) { return h_[(j * (steps_ + 1) + t) * n_ + v]; }

  const Topology& topo_;
  schedules::Model model_;
  unsigned steps_;
  std::size_t n_, L_;
  Formula f_;
  std::vector<Lit> a_;  // a_[j * n + v]
  std::vector<Lit> x_, h_;
  std::string notes_;
  std::uint64_t coordinate_rules_ = 0;
  std::size_t coordinate_depth_ = 0;
};


struct SuccessiveOptions {
  unsigned timeout_ms = 600000;  // wall-clock budget of one call (minimize: of the whole search)
  bool quiet = true;             // false: progress lines on stderr
  bool symmetry_breaking = true;
  // With symmetry_breaking: lex-leader constraints over Aut(network) instead of the encoding's
  // own rules (SuccessiveSymmetry::LexLeader; `synthesize --lex-leader`).
  bool lex_leader = false;
  std::vector<schedules::Node> fixed_sources;  // empty: free allocation
  std::string emit_smt2_path;  // write the query (minimize: the one for optimum - 1) here
  // "cadical" (default: its deadline is honoured), "QF_FD" or "" (Z3; QF_FD ignored a 1 ms
  // timeout on a Q4 query for minutes here, docs/successive-optimum.md)
  std::string solver_logic = "cadical";
  bool bisect = false;  // minimize: binary search over T (walk.hpp)
};

// A lower bound valid for every allocation (bijective, one item per packet), with its argument.
struct SuccessiveBound {
  unsigned steps = 0;
  std::string argument;
};
SuccessiveBound successive_free_lower_bound(const schedules::Network& net, schedules::Model model);

// Before building (issue 18, `synthesize --estimate`): our formula's estimated bytes at `steps`
// (SuccessiveEncoding::estimate_bytes) plus CaDiCaL's copy of it (sat_estimate_bytes), with 4
// clauses per variable; without the symmetry rules (at most kMaxCoordinateRules clauses, admitted
// with their exact count when the query is loaded).
std::uint64_t estimate_successive_query_bytes(const schedules::Network& net, unsigned steps);

// Decides "an allocation and a schedule of `steps` steps exist" (Impossible = UNSAT of the
// exact query; never from a counting argument).
SynthesisResult synthesize_successive(const schedules::Network& net, schedules::Model model,
                                      unsigned steps, const SuccessiveOptions& options = {});

// Least T in [lo, hi] (walk.hpp); the result for T - 1 is always solved (so `below` is an UNSAT
// when the optimum is found), even when T = lo. With `upper` (a successive broadcast of every
// node once, verified natively here; with a fixed allocation, the same sources) only T below its
// steps is asked, and its steps are the optimum when every such T is impossible. With
// options.bisect, a binary search.
OptimumResult minimize_successive(const schedules::Network& net, schedules::Model model,
                                  unsigned lo, unsigned hi, const SuccessiveOptions& options = {},
                                  const KnownUpper* upper = nullptr);

}  // namespace schedcert::encodings::synth
