// Local cube runner (design note in runner.hpp).
#include "search/runner.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "search/conquer.hpp"

namespace schedcert::search {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string to_string(RunVerdict v) {
  switch (v) {
    case RunVerdict::Unsat: return "unsat";
    case RunVerdict::Sat: return "sat";
    case RunVerdict::Open: break;
  }
  return "open";
}

json RunSummary::to_json() const {
  json j{{"verdict", to_string(verdict)}, {"cubes", cubes},       {"unsat", unsat},
         {"sat", sat},                    {"unknown", unknown},   {"pending", pending},
         {"unsat_lrat_verified", unsat_lrat}, {"unsat_from_ledger", unsat_ledger},
         {"skipped_files", skipped_files}, {"coverage_ok", coverage_ok},
         {"wall_seconds", wall_seconds},  {"cpu_seconds", cpu_seconds},
         {"total_cube_cpu_seconds", total_cube_cpu}, {"total_check_cpu_seconds", total_check_cpu},
         {"message", message}};
  if (sat_cube) j["sat_cube"] = sat_cube->id;
  return j;
}

std::string format_duration(double s) {
  std::ostringstream o;
  if (s < 0 || !std::isfinite(s)) return "?";
  if (s < 90) {
    o << static_cast<long>(s + 0.5) << " s";
  } else if (s < 5400) {
    o << static_cast<long>(s / 60 + 0.5) << " min";
  } else if (s < 48 * 3600) {
    const long h = static_cast<long>(s / 3600);
    o << h << " h " << std::setw(2) << std::setfill('0') << static_cast<long>((s - 3600.0 * h) / 60) << " min";
  } else {
    o << std::fixed << std::setprecision(1) << s / 86400 << " days";
  }
  return o.str();
}

std::string progress_line(std::size_t done, std::size_t total, std::size_t unsat, std::size_t sat, std::size_t open,
                          std::size_t running, double elapsed, std::size_t done_now, std::size_t todo_now) {
  std::ostringstream o;
  o << done << "/" << total << " cubes (" << unsat << " unsat, " << sat << " sat, " << open << " open; " << running
    << " running)";
  if (done_now > 0 && elapsed > 0) {
    const double rate = done_now / elapsed;
    o << ", " << std::fixed << std::setprecision(rate * 60 < 10 ? 2 : 0) << rate * 60 << " cubes/min, ETA "
      << format_duration((todo_now - std::min(todo_now, done_now)) / rate);
  }
  return o.str();
}

RunSummary summarize(const Family& f, const RunDir& run) {
  RunSummary s;
  std::vector<std::string> skipped;
  const auto results = run.load_results(&skipped);
  s.skipped_files = skipped.size();
  s.cubes = run.cubes().size();
  s.coverage_ok = run.coverage().checked;
  for (const auto& [id, r] : results) {
    s.total_cube_cpu += r.cpu_seconds;
    s.total_check_cpu += r.check_seconds;
    if (r.status == CubeStatus::Sat) {
      if (const std::string why = f.check_witness(r.witness); !why.empty()) {
        ++s.unknown;  // a recorded witness that fails the check does not count
        continue;
      }
      ++s.sat;
      if (!s.sat_cube) s.sat_cube = r;
    } else if (r.done()) {
      ++s.unsat;
      s.unsat_lrat += r.proof.lrat_verified;
      s.unsat_ledger += !r.ledger.empty();
    } else {
      ++s.unknown;
    }
  }
  s.pending = s.cubes - s.unsat - s.sat - s.unknown;
  if (s.sat_cube) {
    s.verdict = RunVerdict::Sat;
    s.message = f.sat_meaning(s.sat_cube->witness);
  } else if (s.coverage_ok && s.unsat == s.cubes) {
    s.verdict = RunVerdict::Unsat;
    s.message = f.unsat_meaning();
  } else {
    std::ostringstream m;
    m << "open: " << s.unsat << " of " << s.cubes << " cubes refuted";
    if (!s.coverage_ok) m << "; coverage NOT established (" << run.coverage().message << ")";
    s.message = m.str();
  }
  return s;
}

std::vector<std::uint32_t> pending_cubes(const RunDir& run, const RunOptions& o) {
  const auto results = run.load_results();
  std::vector<std::uint32_t> ids;
  for (const auto& c : run.cubes()) {
    if (o.shards > 1 && c.id % o.shards != o.shard) continue;
    auto it = results.find(c.id);
    if (it != results.end() && it->second.done()) continue;
    ids.push_back(c.id);
  }
  if (o.limit > 0 && ids.size() > o.limit) {
    if (o.sample_seed != 0) {
      std::mt19937_64 rng(o.sample_seed);
      std::shuffle(ids.begin(), ids.end(), rng);
    }
    ids.resize(o.limit);
  }
  return ids;
}

namespace {

// Scratch directories of killed runs (their pid no longer alive) are removed.
void clean_scratch(const RunDir& run) {
  for (const auto& e : fs::directory_iterator(run.path())) {
    const std::string name = e.path().filename().string();
    if (name.rfind("tmp-", 0) != 0) continue;
    const long pid = std::atol(name.c_str() + 4);
    if (pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0) {
      std::error_code ec;
      fs::remove_all(e.path(), ec);
    }
  }
}

}  // namespace

RunSummary run_local(const Family& f, const RunDir& run, const RunOptions& o) {
  const auto t0 = Clock::now();
  clean_scratch(run);
  const std::vector<std::uint32_t> todo = pending_cubes(run, o);
  const RunSummary before = summarize(f, run);
  const std::string scratch = (fs::path(run.path()) / ("tmp-" + std::to_string(::getpid()))).string();
  fs::create_directories(scratch);
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(todo.size(), 1)));

  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{before.verdict == RunVerdict::Sat};
  std::mutex mu;
  std::condition_variable cv;
  std::size_t finished = 0, running = 0, unsat_now = 0, sat_now = 0, open_now = 0;
  double cpu_now = 0;
  std::exception_ptr error;
  auto should_stop = [&] { return stop.load(std::memory_order_relaxed) || o.budget.expired(); };

  auto work = [&](unsigned w) {
    std::vector<Clause> pool;
    ConquerOptions co;
    co.stop = should_stop;
    co.cube_timeout_s = o.cube_timeout_s;
    co.scratch_dir = scratch;
    if (o.keep_proofs || f.keeps_lrat()) {  // a Coq family's LRAT proofs are always kept
      co.keep_dir = run.proofs_dir();
      co.keep_relative = "proofs";
      co.keep_drat = o.keep_proofs;
    }
    co.worker = "t" + std::to_string(w);
    auto account = [&](const CubeResult& r) {
      if (r.status != CubeStatus::Unknown || r.reason != "stopped") run.record(r);
      std::lock_guard<std::mutex> l(mu);
      --running;
      ++finished;
      cpu_now += r.cpu_seconds;
      if (r.status == CubeStatus::Sat) {
        ++sat_now;
        stop = true;  // one witness answers the feasibility question
      } else if (r.done()) {
        ++unsat_now;
      } else {
        ++open_now;
      }
      cv.notify_all();
    };
    // UNSAT cubes whose DRAT proof passed, waiting for one verified check of their batch; a
    // batch is made of cubes with the same side clauses (DeferredCheck::group). At most
    // 4 * check_batch wait: then the largest group is checked.
    std::map<std::uint64_t, std::vector<std::pair<CubeResult, DeferredCheck>>> groups;
    std::size_t waiting = 0;
    auto flush_group = [&](std::vector<std::pair<CubeResult, DeferredCheck>>& batch) {
      if (batch.empty()) return;
      waiting -= batch.size();
      finish_deferred(f, batch, co, (fs::path(scratch) / ("batch-" + co.worker)).string());
      for (const auto& [r, d] : batch) account(r);
      batch.clear();
    };
    auto flush = [&] {
      for (auto& [key, batch] : groups) flush_group(batch);
      groups.clear();
    };
    try {
      for (;;) {
        if (should_stop()) break;
        const std::size_t k = next.fetch_add(1);
        if (k >= todo.size()) break;
        {
          std::lock_guard<std::mutex> l(mu);
          ++running;
        }
        DeferredCheck d;
        CubeResult r = conquer(f, run.cubes()[todo[k]], pool, co, o.check_batch > 1 ? &d : nullptr);
        if (d.pending) {
          auto& batch = groups[d.group];
          batch.emplace_back(std::move(r), std::move(d));
          ++waiting;
          if (batch.size() >= o.check_batch) {
            flush_group(batch);
          } else if (waiting > 4 * o.check_batch) {
            auto largest = groups.begin();
            for (auto it = groups.begin(); it != groups.end(); ++it)
              if (it->second.size() > largest->second.size()) largest = it;
            flush_group(largest->second);
          }
          continue;
        }
        account(r);
      }
      flush();
    } catch (...) {
      std::lock_guard<std::mutex> l(mu);
      if (!error) error = std::current_exception();
      stop = true;
      cv.notify_all();
    }
  };
  std::vector<std::thread> threads;
  if (!todo.empty() && !stop) {
    if (o.progress)
      std::cerr << "[cube] " << f.title() << ": " << todo.size() << " cubes to run (" << before.unsat + before.sat
                << " of " << before.cubes << " done before), " << jobs << " worker thread(s)" << std::endl;
    for (unsigned w = 0; w < jobs; ++w) threads.emplace_back(work, w);
  }
  auto last = Clock::now();
  {
    std::unique_lock<std::mutex> l(mu);
    while (!threads.empty() && finished < todo.size() && !error) {
      cv.wait_for(l, std::chrono::milliseconds(500));
      if (stop && running == 0) break;
      if (o.budget.expired() && running == 0) break;
      const auto now = Clock::now();
      if (o.progress && std::chrono::duration<double>(now - last).count() >= o.progress_interval_s) {
        last = now;
        const double el = std::chrono::duration<double>(now - t0).count();
        std::cerr << "[cube " << format_duration(el) << "] "
                  << progress_line(before.unsat + before.sat + unsat_now + sat_now, before.cubes,
                                   before.unsat + unsat_now, before.sat + sat_now, open_now, running, el, finished,
                                   todo.size())
                  << ", CPU " << format_duration(cpu_now) << (o.bounds ? "; " + o.bounds() : "") << std::endl;
      }
    }
  }
  for (auto& t : threads) t.join();
  std::error_code ec;
  fs::remove_all(scratch, ec);
  if (error) std::rethrow_exception(error);
  RunSummary s = summarize(f, run);
  s.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  s.cpu_seconds = cpu_now;
  run.write_json("summary.json", s.to_json());
  if (s.sat_cube) run.write_json("witness.json", s.sat_cube->witness);
  return s;
}

}  // namespace schedcert::search
