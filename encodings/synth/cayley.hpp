// Translation-invariant (Cayley) search for multinode problems: look for ONE source's schedule
// whose translates to every source form a valid multinode schedule.
//
// Bertsekas et al. 1991, §2 (multinode broadcast from one tree replicated at every node, "any two
// links in each set A_i are of different types") and Fragopoulou-Akl 1995, Lemma 1 (tori): on a
// network whose translations v -> v + s are automorphisms (Q_d with XOR, tori and K_n with
// digit-wise addition), the translate by s of the pattern edge a -> b is (a+s) -> (b+s), of the
// same edge type (dimension, digit offset). A directed link of type tau in step t then carries
// one packet per pattern transmission of type tau in step t, so:
//   link capacity   <=> per step and edge type at most one pattern transmission (B = 1);
//   single-port full <=> at most one pattern transmission per step (every node sends once per
//                       pattern edge, and receives once).
// Single-port half duplex and shout-whisper have no non-trivial translation-invariant schedules
// (every node would send and receive in the same step), so they are not offered here.
//
// This is a RESTRICTION of the search space, used only to find schedules fast (the decoded
// schedule is re-checked natively like any other). Its UNSAT proves nothing about the problem;
// synthesize() then falls back to the full time-indexed encoding.
// Symmetry breaking inside it uses only group automorphisms (coordinate permutations, ring
// reflections), which preserve translation invariance.
#pragma once
#include <memory>
#include <string>

#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

class CayleyEncoding {
 public:
  // Multinode broadcast or total exchange, B = 1, all-port or single-port full duplex, on a
  // translation-invariant network.
  static bool applicable(const Network& net, schedules::Model model,
                         const schedules::Problem& p);
  CayleyEncoding(const Topology& topo, schedules::Model model, const schedules::Problem& p,
                 unsigned steps, bool symmetry, bool keep_names);
  Formula& formula() { return f_; }
  schedules::Schedule decode(const SolveOutcome& sat) const;
  const std::string& notes() const { return notes_; }

 private:
  const Topology& topo_;
  schedules::Model model_;
  schedules::Problem problem_;
  unsigned steps_;
  Formula f_;
  std::unique_ptr<Flow> flow_;
  std::string notes_;
};

}  // namespace schedcert::encodings::synth
