// Known schedules as upper bounds (issue 27, item 3; shared by the sweep and `synthesize`).
//
// built_schedules(): every registered construction that generates exactly this network and
// problem (parameters tried: --dim d on Q_d, --dim n --radix k on C_k^n, --network SPEC), under
// each of its models. derive_best(): the shortest schedule for model m made from known schedules
// of other models, each step kept or split into sub-steps where every node takes part in at most
// one transmission (parity split on hypercubes, greedy otherwise); the native verifier decides
// whether each candidate is valid under m (certify/sweep.hpp explains the split). And
// best_known_schedule(): the shortest valid of both, for a walk over T that should stop below it
// (the schedule's step count is an upper bound on the optimum, established by the native check).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "schedules/registry.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::certify {

// The parameter sets a construction is tried with for `net`.
std::vector<schedules::Params> candidates(const schedules::Network& net);
// Same kind, M, B and root (successive broadcasts: the construction's own order is kept).
bool same_problem(const schedules::Problem& a, const schedules::Problem& want);

// A construction's schedule for this network and problem (one model of its list).
struct Built {
  const schedules::Construction* c;
  schedules::Params p;
  schedules::Schedule s;
};
std::vector<Built> built_schedules(const schedules::Network& net, const schedules::Problem& want);

// A valid schedule of this network and problem already known (a construction's, a synthesised
// optimum, or a shorter schedule), under the model it was made for.
struct Known {
  std::string label;
  schedules::Model model;
  schedules::Schedule s;
};

enum class Split { None, Parity, Greedy };
// s's transmissions under model m and problem p, each step kept or split (see above).
schedules::Schedule rebound(const schedules::Schedule& s, schedules::Model m, const schedules::Problem& p,
                            Split split);

struct Derived {
  schedules::Schedule s;
  std::string label;  // "construction:<name>" or "derived:<source>/<its model>[+parity-split|+greedy-split]"
};
// The shortest valid schedule for model m made from a known schedule of another model.
std::optional<Derived> derive_best(const std::vector<Known>& pool, schedules::Model m, const schedules::Problem& p);

// The shortest schedule for (net, m, want) among the constructions for m and those derived from
// the constructions for other models; every candidate passed the native verifier.
std::optional<Derived> best_known_schedule(const schedules::Network& net, schedules::Model m,
                                           const schedules::Problem& want);

}  // namespace schedcert::certify
