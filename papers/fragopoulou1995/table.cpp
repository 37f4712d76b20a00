// The fragopoulou1995 certification table; see table.hpp.
#include "papers/fragopoulou1995/table.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <tuple>

#include "schedules/constructions/fragopoulou1995/claims.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

namespace {

struct Job {
  const char* name;
  const char* repair;  // variant to add when the paper variant misses its claim ("" = none)
  bool translated;
};
constexpr Job kJobs[] = {
    {"fa-mnb", "balanced", true},
    {"fa-scatter", "", false},
    {"fa-multinode-scatter", "greedy", true},
};

std::uint64_t power(int k, int e) {
  std::uint64_t p = 1;
  for (int i = 0; i < e; ++i) p *= static_cast<std::uint64_t>(k);
  return p;
}

// Transmissions of the materialised schedule, to decide whether the native engine can run.
std::uint64_t explicit_size(const std::string& name, int n, int k, std::uint32_t M) {
  if (name == "fa-mnb") return mnb_claimed_transmissions(n, k, M);
  if (name == "fa-scatter") return scatter_claimed_transmissions(n, k, M);
  return multinode_scatter_claimed_transmissions(n, k, M);
}

TableRow run(const Job& job, const std::string& variant, int n, int k, std::uint32_t M,
             const TableOptions& o) {
  const Construction& c = Registry::instance().find(job.name);
  Params p;
  p.dim = n;
  p.radix = k;
  p.messages = M;
  p.variant = variant == "paper" ? "" : variant;
  certify::CheckOptions co;
  co.engines.clear();
  if (job.translated) co.engines.push_back(certify::Engine::Symmetric);
  if (!job.translated || explicit_size(job.name, n, k, M) <= o.explicit_limit)
    co.engines.push_back(certify::Engine::Native);
  TableRow r;
  r.construction = job.name;
  r.variant = variant;
  r.n = n;
  r.k = k;
  r.M = M;
  r.claimed_steps = *c.claimed_steps(p);
  r.claimed_transmissions = *c.claimed_transmissions(p);
  const auto t0 = std::chrono::steady_clock::now();
  r.report = certify::certify_construction(c, p, co);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::string engines(const certify::Report& r) {
  std::string s;
  for (const auto& e : r.runs) s += (s.empty() ? "" : "+") + certify::to_string(e.engine);
  return s;
}

int severity(certify::Outcome o) {
  switch (o) {
    case certify::Outcome::Valid:
      return 0;
    case certify::Outcome::Invalid:
      return 1;
    case certify::Outcome::Unknown:
      return 2;
    case certify::Outcome::Disagreement:
      return 3;
  }
  return 3;
}

}  // namespace

Table fragopoulou1995_table(const TableOptions& o) {
  if (o.max_n < 1)
    throw InputError("--max-dim: must be at least 1, not " + std::to_string(o.max_n));
  if (o.max_k < 3)
    throw InputError("--radix: the largest k must be at least 3, not " + std::to_string(o.max_k));
  for (std::uint32_t M : o.messages)
    if (M == 0) throw InputError("--messages: M must be at least 1");
  Table t;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // Small to large: by k^n, then n.
  std::vector<std::pair<int, int>> sizes;
  for (int n = 1; n <= o.max_n; ++n)
    for (int k = 3; k <= o.max_k; k += 2)
      if (power(k, n) <= (std::uint64_t{1} << 22)) sizes.emplace_back(n, k);
  std::stable_sort(sizes.begin(), sizes.end(), [](auto a, auto b) {
    return power(a.second, a.first) < power(b.second, b.first);
  });
  for (auto [n, k] : sizes) {
    std::vector<std::uint32_t> ms = o.messages;
    if (ms.empty()) ms = {1, 2, static_cast<std::uint32_t>(2 * n)};
    std::sort(ms.begin(), ms.end());
    ms.erase(std::unique(ms.begin(), ms.end()), ms.end());
    for (std::uint32_t M : ms)
      for (const Job& job : kJobs) {
        if (elapsed() > o.budget_seconds) {
          t.skipped += 1;
          continue;
        }
        TableRow row = run(job, "paper", n, k, M, o);
        // Invalid without a violation: a valid schedule that misses the paper's claim.
        const bool missed =
            row.report.outcome == certify::Outcome::Invalid && !row.report.violation;
        t.rows.push_back(std::move(row));
        if (missed && *job.repair && elapsed() <= o.budget_seconds)
          t.rows.push_back(run(job, job.repair, n, k, M, o));
      }
  }
  // Run small to large (for the budget), print by n, k, M (construction order kept).
  std::stable_sort(t.rows.begin(), t.rows.end(), [](const TableRow& a, const TableRow& b) {
    return std::tie(a.n, a.k, a.M) < std::tie(b.n, b.k, b.M);
  });
  t.seconds = elapsed();
  return t;
}

std::string format_table(const Table& t) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-21s %-9s %2s %2s %3s %9s %9s %6s %13s %13s %9s %-17s %s\n",
                "construction", "variant", "n", "k", "M", "claim", "steps", "gap", "claim tx",
                "transmissions", "lb steps", "engines", "verdict");
  out += line;
  for (const TableRow& r : t.rows) {
    const auto& m = r.report.metrics;
    const bool measured = r.report.outcome == certify::Outcome::Valid ||
                          (r.report.outcome == certify::Outcome::Invalid && !r.report.violation);
    const long long gap = static_cast<long long>(m.steps) - static_cast<long long>(r.claimed_steps);
    std::snprintf(line, sizeof line,
                  "%-21s %-9s %2d %2d %3u %9llu %9s %6s %13llu %13s %9llu %-17s %s\n",
                  r.construction.c_str(), r.variant.c_str(), r.n, r.k, r.M,
                  static_cast<unsigned long long>(r.claimed_steps),
                  measured ? std::to_string(m.steps).c_str() : "-",
                  measured ? ((gap > 0 ? "+" : "") + std::to_string(gap)).c_str() : "-",
                  static_cast<unsigned long long>(r.claimed_transmissions),
                  measured ? std::to_string(m.transmissions).c_str() : "-",
                  static_cast<unsigned long long>(r.report.bounds.steps.value),
                  engines(r.report).c_str(), certify::outcome_label(r.report).c_str());
    out += line;
  }
  std::string findings;
  for (const TableRow& r : t.rows) {
    if (r.report.outcome != certify::Outcome::Valid)
      findings += "  " + r.report.subject + ": " + r.report.finding +
                  (r.report.expected ? " [expected finding: " + r.report.expected->reason + "; see " +
                                           r.report.expected->docs + "]"
                                     : std::string()) + "\n";
    if (r.claimed_steps < r.report.bounds.steps.value)
      findings += "  " + r.report.subject + ": the paper's " + std::to_string(r.claimed_steps) +
                  " steps are below the computed lower bound " +
                  std::to_string(r.report.bounds.steps.value) + " (" +
                  r.report.bounds.steps.argument + ")\n";
    if (r.claimed_transmissions < r.report.bounds.transmissions.value)
      findings += "  " + r.report.subject + ": the paper's " +
                  std::to_string(r.claimed_transmissions) +
                  " transmissions are below the computed lower bound " +
                  std::to_string(r.report.bounds.transmissions.value) + "\n";
  }
  if (!findings.empty()) out += "findings:\n" + findings;
  if (t.skipped > 0)
    out += std::to_string(t.skipped) + " rows skipped: the time budget was spent\n";
  return out;
}

certify::Outcome table_outcome(const Table& t) {
  certify::Outcome worst = certify::Outcome::Valid;
  for (const TableRow& r : t.rows)
    if (severity(r.report.outcome) > severity(worst)) worst = r.report.outcome;
  return worst;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
