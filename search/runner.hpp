// Running the cubes of a run directory on this machine: a pool of worker threads with dynamic
// load balancing (each idle worker takes the next pending cube), early stop when a cube is SAT
// (every family here asks a feasibility question: one witness answers it), a deadline, and
// progress lines on stderr. summarize() reads the verdict off a run directory alone, so a run
// that was split, killed, resumed or merged is judged the same way.
// The verdict is UNSAT only when the coverage check passed and every cube is UNSAT with a
// checked proof; SAT when some cube has a witness that passes the family's native check (it is
// checked again here); otherwise open.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schedules/budget/budget.hpp"
#include "search/run_dir.hpp"

namespace schedcert::search {

struct RunOptions {
  unsigned jobs = 0;           // 0: every core
  double cube_timeout_s = 0;   // per cube; 0: none (a timed-out cube stays open for a resume)
  bool keep_proofs = false;    // keep every checked proof in DIR/proofs
  // Cubes per run of the verified LRAT checker (issue 27, encodings/sat/lrat_batch.hpp): each
  // worker checks its UNSAT cubes' LRAT proofs together once it has this many with the same side
  // clauses (or no more cubes); 1: one run per cube. A batch's results are written after its
  // check: a kill loses at most 4 x this many solved cubes per worker (they run again on resume).
  std::size_t check_batch = 1;
  unsigned shard = 0, shards = 1;  // this process runs the cubes with id % shards == shard
  std::size_t limit = 0;       // run at most this many pending cubes (0: all)
  std::uint64_t sample_seed = 0;  // with limit: pick the cubes at random with this seed (0: in order)
  bool progress = true;
  double progress_interval_s = 10;
  std::function<std::string()> bounds;  // extra text for the progress line (current bounds)
  schedules::budget::Budget budget;     // deadline of the whole run
};

enum class RunVerdict { Unsat, Sat, Open };
std::string to_string(RunVerdict v);

struct RunSummary {
  RunVerdict verdict = RunVerdict::Open;
  std::size_t cubes = 0, unsat = 0, sat = 0, unknown = 0, pending = 0, skipped_files = 0;
  std::size_t unsat_lrat = 0;          // UNSAT cubes whose LRAT proof the Coq-verified checker accepted
  std::size_t unsat_ledger = 0;        // of the UNSAT cubes: imported from a ledger (checked elsewhere)
  bool coverage_ok = false;
  std::optional<CubeResult> sat_cube;  // with its (re-checked) witness
  double wall_seconds = 0;             // of this invocation
  double cpu_seconds = 0;              // summed over the cubes finished in this invocation
  double total_cube_cpu = 0;           // summed over every recorded result
  double total_check_cpu = 0;
  std::string message;                 // what the verdict means (the family's words)
  nlohmann::json to_json() const;
};

// The verdict from the directory alone (results re-read, witnesses re-checked).
RunSummary summarize(const Family& f, const RunDir& run);

// Runs the pending cubes of `run` (not done, in this shard) with worker threads.
RunSummary run_local(const Family& f, const RunDir& run, const RunOptions& o);

// The cube ids this process should run: not done, in its shard, limited/sampled.
std::vector<std::uint32_t> pending_cubes(const RunDir& run, const RunOptions& o);

// "1 h 02 min", "45 s".
std::string format_duration(double seconds);
// One progress line: "12/510 cubes (12 unsat, 0 sat, 1 open; 2 running), 3.1 cubes/min, ETA 2 h".
std::string progress_line(std::size_t done, std::size_t total, std::size_t unsat, std::size_t sat,
                          std::size_t open, std::size_t running, double elapsed, std::size_t done_now,
                          std::size_t todo_now);

}  // namespace schedcert::search
