// Time statistics and projections (projection.hpp).
#include "search/projection.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iomanip>
#include <queue>
#include <random>
#include <sstream>

#include "search/runner.hpp"

namespace schedcert::search {

TimeStats time_stats(std::vector<double> t) {
  TimeStats s;
  s.n = t.size();
  if (t.empty()) return s;
  std::sort(t.begin(), t.end());
  for (double x : t) s.sum += x;
  s.mean = s.sum / t.size();
  auto q = [&](double f) { return t[std::min(t.size() - 1, static_cast<std::size_t>(f * (t.size() - 1) + 0.5))]; };
  s.median = q(0.5);
  s.p90 = q(0.9);
  s.p99 = q(0.99);
  s.max = t.back();
  // Decade buckets [0, 0.01), [0.01, 0.1), ... up to the bucket holding the maximum.
  double lo = 0;
  for (double edge = 0.01;; edge *= 10) {
    const auto c = std::count_if(t.begin(), t.end(), [&](double x) { return x >= lo && x < edge; });
    s.histogram.push_back({edge, static_cast<std::size_t>(c)});
    if (edge > s.max) break;
    lo = edge;
  }
  return s;
}

double simulate_makespan(const std::vector<double>& times, unsigned workers) {
  if (workers == 0) return 0;
  std::priority_queue<double, std::vector<double>, std::greater<double>> free_at;
  for (unsigned w = 0; w < workers; ++w) free_at.push(0);
  double end = 0;
  for (double t : times) {
    const double start = free_at.top();
    free_at.pop();
    free_at.push(start + t);
    end = std::max(end, start + t);
  }
  return end;
}

std::vector<Projection> project(const std::vector<double>& sample, std::size_t total, const std::vector<unsigned>& workers,
                                unsigned trials, std::uint64_t seed) {
  std::vector<Projection> out;
  if (sample.empty()) return out;
  const bool exact = total == sample.size();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, sample.size() - 1);
  std::vector<std::vector<double>> runs;
  for (unsigned t = 0; t < (exact ? 1u : trials); ++t) {
    if (exact) {
      runs.push_back(sample);
    } else {
      std::vector<double> r(total);
      for (auto& x : r) x = sample[pick(rng)];
      runs.push_back(std::move(r));
    }
  }
  for (unsigned w : workers) {
    std::vector<std::pair<double, double>> ms;  // (makespan, cpu)
    for (const auto& r : runs) {
      double cpu = 0;
      for (double x : r) cpu += x;
      ms.push_back({simulate_makespan(r, w), cpu});
    }
    std::sort(ms.begin(), ms.end());
    Projection p;
    p.workers = w;
    p.makespan = ms[ms.size() / 2].first;
    p.cpu = ms[ms.size() / 2].second;
    p.makespan_lo = ms.front().first;
    p.makespan_hi = ms.back().first;
    p.efficiency = p.makespan > 0 ? p.cpu / (w * p.makespan) : 1;
    out.push_back(p);
  }
  return out;
}

std::string projection_report(const TimeStats& s, std::size_t total, const std::vector<Projection>& ps) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(3);
  o << "per-cube CPU seconds over " << s.n << " measured cubes (of " << total << "): mean " << s.mean << ", median "
    << s.median << ", p90 " << s.p90 << ", p99 " << s.p99 << ", max " << s.max << ", sum " << s.sum << "\n";
  o << "histogram:";
  double lo = 0;
  for (auto [edge, c] : s.histogram) {
    o << " [" << lo << ", " << edge << "): " << c << ";";
    lo = edge;
  }
  o << "\n\n| workers | projected wall (median) | range over trials | CPU-hours | efficiency |\n|---|---|---|---|---|\n";
  for (const auto& p : ps)
    o << "| " << p.workers << " | " << format_duration(p.makespan) << " | " << format_duration(p.makespan_lo) << " - "
      << format_duration(p.makespan_hi) << " | " << std::setprecision(2) << p.cpu / 3600 << " | " << std::setprecision(2)
      << p.efficiency << " |\n";
  return o.str();
}

}  // namespace schedcert::search
