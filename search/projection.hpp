// Per-cube time distribution and the projection of a run onto N workers (DESIGN-HINTS: the
// projection follows from the distribution, not from the mean, because cube times are
// heavy-tailed: a single long cube bounds the wall time however many workers there are).
//
// simulate_makespan: list scheduling as the runners do it (each idle worker takes the next cube
// in order; dispatch latency ignored). project: when only a sample of the cubes was measured,
// the full run is drawn from the sample (bootstrap: `total` times drawn with replacement) and
// simulated `trials` times; the median makespan and the spread are reported.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace schedcert::search {

struct TimeStats {
  std::size_t n = 0;
  double sum = 0, mean = 0, median = 0, p90 = 0, p99 = 0, max = 0;
  std::vector<std::pair<double, std::size_t>> histogram;  // (upper edge in s, count), decades
};
TimeStats time_stats(std::vector<double> times);

double simulate_makespan(const std::vector<double>& times, unsigned workers);

struct Projection {
  unsigned workers = 0;
  double makespan = 0, makespan_lo = 0, makespan_hi = 0;  // median, min, max over trials
  double cpu = 0;          // total CPU seconds of the projected run (median trial)
  double efficiency = 0;   // cpu / (workers * makespan)
};
std::vector<Projection> project(const std::vector<double>& sample, std::size_t total,
                                const std::vector<unsigned>& workers, unsigned trials = 21,
                                std::uint64_t seed = 1);

// Markdown table of the stats and projections.
std::string projection_report(const TimeStats& s, std::size_t total, const std::vector<Projection>& p);

}  // namespace schedcert::search
