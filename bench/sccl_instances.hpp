// The SCCL instances of issue 4 with their T - 1 rows, and SCCL's recorded times on the identical
// problem (SCCL steps = rounds = T, Z3 4.8.12; issue 19's corrected figures). SCCL is not
// installed here, so its figures are the recorded ones, each with its source. Shared by
// synthesis_bench (the whole pipeline) and sccl_exact_bench (exact mode).
#pragma once
#include <time.h>

#include <cstdio>
#include <string>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/problem.hpp"

namespace schedcert::bench {

inline double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct ScclInstance {
  const char* label;
  const char* net;
  schedules::Model model;
  schedules::ProblemKind kind;
  unsigned steps;
  double sccl;           // SCCL seconds; < 0: no answer within -sccl seconds; 0: not recorded
  const char* source;    // where the SCCL figure comes from
  const char* expected;  // "found" or "impossible"
  bool minus_one;        // the T - 1 refutation of the row before
};

inline std::vector<ScclInstance> sccl_instances() {
  using schedules::Model;
  using schedules::ProblemKind;
  const char* issue19 = "issue 19, steps=rounds=T";
  const char* issue4 = "issue 4 (SCCL problem not restated)";
  const auto AP = Model::AllPort, SP = Model::SinglePortFull;
  const auto AG = ProblemKind::MultinodeBroadcast, SC = ProblemKind::Scatter,
             TE = ProblemKind::TotalExchange;
  return {
      {"Q4 allgather all-port T=4", "Q4", AP, AG, 4, 51.6, issue19, "found", false},
      {"Q4 allgather all-port T=3", "Q4", AP, AG, 3, 0, "-", "impossible", true},
      {"Q4 scatter all-port T=4", "Q4", AP, SC, 4, 41.6, issue4, "found", false},
      {"Q4 scatter all-port T=3", "Q4", AP, SC, 3, 0, "-", "impossible", true},
      {"C4xC4 allgather all-port T=4", "C4xC4", AP, AG, 4, 41.9, issue4, "found", false},
      {"C4xC4 allgather all-port T=3", "C4xC4", AP, AG, 3, 0, "-", "impossible", true},
      {"Q4 allgather single-port T=15", "Q4", SP, AG, 15, -600, issue19, "found", false},
      {"Q4 allgather single-port T=14", "Q4", SP, AG, 14, -120, issue19, "impossible", true},
      {"Q3 total-exchange all-port T=4", "Q3", AP, TE, 4, 0, "-", "found", false},
      {"Q3 total-exchange all-port T=3", "Q3", AP, TE, 3, 0, "-", "impossible", true},
      {"Q4 total-exchange all-port T=8", "Q4", AP, TE, 8, -600, issue19, "found", false},
      {"Q4 total-exchange all-port T=7", "Q4", AP, TE, 7, 0, "-", "impossible", true},
      {"C4xC4 total-exchange all-port T=8", "C4xC4", AP, TE, 8, -600, issue19, "found", false},
      {"C4xC4 total-exchange all-port T=7", "C4xC4", AP, TE, 7, 0, "-", "impossible", true},
      {"Q5 allgather all-port T=5", "Q5", AP, AG, 5, -600, issue19, "impossible", false},
  };
}

// SCCL's column ("51.6", ">600", "-") and the ratio SCCL / ours ("600x", ">55x", "-"); no ratio
// when ours is unknown.
struct ScclColumns {
  char sccl[32] = "-";
  char ratio[32] = "-";
};
inline ScclColumns sccl_columns(double sccl, double ours, bool answered) {
  ScclColumns c;
  if (sccl > 0) {
    std::snprintf(c.sccl, sizeof c.sccl, "%.1f", sccl);
    if (answered) std::snprintf(c.ratio, sizeof c.ratio, "%.0fx", sccl / ours);
  } else if (sccl < 0) {
    std::snprintf(c.sccl, sizeof c.sccl, ">%.0f", -sccl);
    if (answered) std::snprintf(c.ratio, sizeof c.ratio, ">%.0fx", -sccl / ours);
  }
  return c;
}

}  // namespace schedcert::bench
