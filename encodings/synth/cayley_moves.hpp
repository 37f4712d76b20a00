// Translation-invariant total exchange as move scheduling (a per-item path encoding).
//
// On a product of K2, rings and complete graphs the translations commute with every edge type
// (dimension k, digit offset delta), so a walk is determined by WHEN it makes each move, not by
// where it is: the moves of a shortest path from 0 to d are fixed as a multiset (K2: one move per
// set digit; C_n: |delta| moves of +1 or -1, a free choice of direction when delta = n/2;
// K_n: one move of offset delta) and may be made in any order. In the translation-invariant
// pattern of cayley.hpp (source 0's items, translated to every source) link capacity is "at
// most one pattern move per step and edge type", single-port full duplex "at most one per step".
// So the pattern is a bipartite edge colouring: items x edge types, one colour (step) per move,
// distinct at each item and at each type (Bertsekas et al. 1991 §4 get 2^(d-1) on Q_d, which is
// Koenig's bound for this graph; Dimakopoulos 1998 §3 for tori).
//
// Variables move(x, tau, s); per item and step at most one move, per type and step at most one
// (single-port: one in total), per item and dimension exactly the path's number of moves (a
// direction variable for antipodal ring offsets), plus the slack rule over (type, step) slots.
// Much smaller than the flow encoding (no holds variables, no positions), so Q5 in 16 steps is
// immediate. Like cayley.hpp it is a RESTRICTION (translation invariance and shortest
// paths): SAT gives a schedule (re-checked natively), UNSAT proves nothing.
#pragma once
#include <string>
#include <vector>

#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

class CayleyMoveEncoding {
 public:
  // Total exchange, B = 1, all-port or single-port full, translation-invariant network.
  static bool applicable(const Network& net, schedules::Model model,
                         const schedules::Problem& p);
  CayleyMoveEncoding(const Topology& topo, schedules::Model model, const schedules::Problem& p,
                     unsigned steps);
  Formula& formula() { return f_; }
  schedules::Schedule decode(const SolveOutcome& sat) const;
  const std::string& notes() const { return notes_; }

 private:
  struct Move {
    std::size_t item;     // index into targets_
    int dim;
    std::uint32_t delta;  // digit offset of one move
    std::vector<Lit> at;  // at[s]: the move is made in step s
  };
  const Topology& topo_;
  schedules::Model model_;
  schedules::Problem problem_;
  unsigned steps_;
  Formula f_;
  std::vector<Item> targets_;  // pattern item ids (d * M + m)
  std::vector<Move> moves_;    // one entry per (item, move type)
  std::string notes_;
};

}  // namespace schedcert::encodings::synth
