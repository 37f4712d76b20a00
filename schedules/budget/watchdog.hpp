// The command's watchdog (issue 18): a thread that enforces the command's Budget even where no
// library loop checks it (a long solver call, an encoding loop without ticks, an exporter).
//
// Two steps, so that results are kept where the code can keep them:
//   1. soft stop: at the deadline, or when the resident size passes the budget's working limit
//      (90 % of --max-memory), the watchdog calls budget.stop(kind): every Budget::check and
//      Phase::tick then throws BudgetExceeded (exit 3 through the front end, or Unknown with the
//      bounds reached in a walk over T) and every on_stop hook runs (interrupting a solver).
//   2. hard stop: when the command has not ended `grace` seconds after the deadline, or when the
//      resident size passes the whole limit, or stays over the working limit for `grace`, the
//      watchdog prints "schedcert: unknown: ..." naming the budget and the phase, then what the
//      command recorded with Budget::note_reached (best bounds so far), flushes the
//      standard streams and ends the process with exit code 3 (std::_Exit: no destructor of a
//      half-built query runs). Exit 3 is "unknown" in the documented table; it is never read as
//      a verdict.
// Memory is sampled every 20 ms (/proc/self/statm), so a query that allocates fast may overshoot
// the working limit by what it allocates in 20 ms; the 10 % headroom is for that.
// grace: max(1 s, min(5 s, 10 % of the timeout)), so no command runs past its --timeout by more
// than 10 % or 5 s.
#pragma once
#include <atomic>
#include <string>
#include <thread>

#include "schedules/budget/budget.hpp"

namespace schedcert::schedules::budget {

class Watchdog {
 public:
  // Starts the thread only when the budget has a deadline or a memory limit.
  explicit Watchdog(Budget budget);
  ~Watchdog();  // ends the thread (the command finished in time)
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  static double grace_seconds(double timeout_seconds);

 private:
  void run();
  Budget budget_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// The budget of the running command (set once by the front end, before the command runs);
// library code reads it for admission checks and long loops. A default Budget (no limits) until
// set. Not for concurrent writers: the front end sets it before any worker thread starts.
const Budget& command_budget();
void set_command_budget(Budget b);

}  // namespace schedcert::schedules::budget
