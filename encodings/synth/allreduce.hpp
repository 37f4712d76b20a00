// Exact time-indexed synthesis of allreduce (issue 28, item 3): "an allreduce schedule of T
// steps exists" as CNF, solved by the pipeline of synthesis.hpp (CaDiCaL, every UNSAT proof
// checked as DRAT and, by the Coq-verified checker, as LRAT).
//
// Semantics: docs/allreduce.md (the verifier's). Item i = src*M + m is the contribution of node
// src to chunk m; H(v, m) is the set of contributions v's value of chunk m is made of, {v} at the
// start. Variables (t = 0..T-1 a step, l = u -> v a directed link):
//   h(i, t, v)    "v holds contribution i at the start of step t" (t = T: the end);
//   x(i, t, l)    "the packet on l in step t carries contribution i";
//   s(m, t, l)    (whole-value reading) "l carries u's current value of chunk m in step t";
//   c(m, t, l)    "the packet on l carries the complete value of chunk m" (c => every x of m).
// Rules:
//   sender        x(i, t, l) => h(i, t, u)  (causality). Whole-value reading (the default, what
//                 an accumulator-per-chunk runtime such as MSCCL does): x(i, t, l) <=> s(m, t, l)
//                 and h(i, t, u): a transmission carries the sender's current partial sum. Any-
//                 subset reading (Flags::whole_values = false): x free, the verifier's exact rule.
//   receiver      h(i, t+1, v) <=> h(i, t, v) or some x(i, t, l -> v)   (union / overwrite);
//                 partial sums are disjoint from what v holds: x(i, t, l) and not c(m, t, l)
//                 => not h(i, t, v)  (a complete value overwrites);
//                 two packets into v in one step carry disjoint parts of a chunk:
//                 not x(i, t, l) or not x(i, t, l') for in-links l != l'.
//   ports         all-port: nothing (one packet per link carries any number of chunks;
//                 a multi-link's extra packets are never needed: two disjoint partial sums on
//                 one link are one partial sum); single-port full: at most one active out-link
//                 and one active in-link per node and step; half duplex: one in total.
//   completion    h(i, T, v) for every item and node.
// Normalisation (why the pairwise rule is no loss, docs/synthesis.md "Allreduce"): the verifier
// also accepts, in one step, a partial sum of chunk m followed by a complete value of m at the
// same node, or two complete values. Dropping chunk m from every packet into v in that step but
// one complete value leaves every holding the same (the complete value gives v all of m),
// creates no violation, keeps whole values whole and only frees links: so a schedule of T steps
// exists iff one satisfying these rules does. The rules are then order-free within a step. For
// the same reason a complete value goes only to a node that misses a contribution of its chunk
// (c(m, t, l) => some not h(i, t, v)).
// Shout-whisper is refused: there dropping a chunk from one link's packet would break "one
// packet on every out-link", so the normalisation is not free.
// decode() writes one packet per active link; verify_native re-checks every decoded schedule.
// No symmetry breaking (known limitation; the instances of docs/synthesis.md do without).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "encodings/synth/bounds.hpp"
#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

class AllreduceEncoding {
 public:
  struct Flags {
    bool whole_values = true;  // false: a packet may carry any subset of the sender's holdings
    bool keep_names = false;
  };
  // Throws InputError for shout-whisper and for problems other than allreduce.
  AllreduceEncoding(const Topology& topo, schedules::Model model, const schedules::Problem& p,
                    unsigned steps, const Flags& flags);
  Formula& formula() { return f_; }
  const Formula& formula() const { return f_; }
  schedules::Schedule decode(const SolveOutcome& sat) const;
  const std::string& notes() const { return notes_; }
  static std::uint64_t estimate_bytes(const Topology& topo, const schedules::Problem& p, unsigned steps);
  static void check_model(schedules::Model model);

 private:
  Lit& H(std::size_t i, unsigned t, Node v) { return h_[(i * (steps_ + 1) + t) * n_ + v]; }
  Lit X(std::size_t i, unsigned t, std::uint32_t l) const { return x_[(i * steps_ + t) * links_ + l]; }

  const Topology& topo_;
  schedules::Model model_;
  schedules::Problem problem_;
  unsigned steps_;
  std::size_t n_, links_, items_;
  Formula f_;
  std::vector<Lit> h_, x_;
  std::string notes_;
};

// True when every packet of the allreduce schedule `s` carries, for each chunk it names, exactly
// its sender's current value of that chunk (the whole-values reading; replayed per step with
// the receipts of a step applied at its end). A known schedule used as the upper bound of a
// whole-values walk must pass it: a schedule that forwards a buffered partial sum (e.g.
// allreduce-torus-rings on C5) is not in the class the whole-values query refutes.
bool sends_whole_values(const schedules::Schedule& s);

// Lower bounds on the steps of any allreduce schedule the verifier accepts (proofs in
// docs/synthesis.md, "Allreduce"): the diameter (every contribution reaches every node, one link
// per step) and, when a node receives at most one packet per step, ceil(log2 N) (the
// contributions a node holds at most double per step).
std::vector<LowerBound> allreduce_lower_bounds(const Topology& topo, schedules::Model model);

}  // namespace schedcert::encodings::synth
