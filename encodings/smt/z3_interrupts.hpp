// How the library stops Z3.
//
// Ctrl-C: whether Z3 catches SIGINT while it solves (Z3's own default, solver parameter "ctrl_c"):
// it then cancels the running query and swallows the first Ctrl-C. The CLI keeps that default.
// The Python module (issue 17) turns it off, so that Ctrl-C reaches Python's handler, which stops
// the command's budget; the budget's stop hooks then interrupt Z3 (schedules/budget/budget.hpp).
// Every Z3 solver of the library sets "ctrl_c" from z3_ctrl_c().
//
// Time limits: the library never sets Z3's own "timeout" parameter. In Z3 4.8.12 (Debian 12)
// that parameter runs util/scoped_timer.cpp's thread pool, which (a) compares against a shared
// static `working` that compare_exchange_strong overwrites, so after one timeout fires the next
// one may not fire at all and a query runs unbounded, and (b) registers a fork handler
// (scoped_timer::finalize) that waits for every pool thread, which can spin forever once the pool
// is inconsistent: a later fork() (the LRAT checker, a test) then hangs. Z3Deadline replaces it:
// our own thread calls Z3_interrupt when the time is up, and again every 20 ms until the guarded
// call returns (an interrupt that lands just before check() begins is reset by check()).
#pragma once

#include <z3++.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace schedcert::encodings::smt {

bool z3_ctrl_c();
void set_z3_ctrl_c(bool on);

// Interrupts `ctx` once `ms` milliseconds have passed, while the object lives. ms == 0 or
// UINT32_MAX: no limit (no thread is started). Scope it around the solver call only.
class Z3Deadline {
 public:
  Z3Deadline(z3::context& ctx, unsigned ms);
  ~Z3Deadline();
  Z3Deadline(const Z3Deadline&) = delete;
  Z3Deadline& operator=(const Z3Deadline&) = delete;
  // The limit was reached (at least one interrupt was sent): a Z3 "unknown" then means timeout.
  bool fired() const { return fired_.load(); }
  // Ends the deadline now (before the object dies) so that what follows the solver call (models,
  // statistics) cannot be interrupted; if an interrupt landed after the call had already
  // answered, the context's cancel flag is cleared with an empty check.
  void finish();

 private:
  z3::context& ctx_;
  std::mutex m_;
  std::condition_variable cv_;
  bool done_ = false;
  std::atomic<bool> fired_{false};
  std::thread t_;
};

// s.check() (with `assumptions` when given) under a Z3Deadline of `ms` (0: none); *timed_out, when
// given, tells whether the limit fired (a Z3 "unknown" is then a timeout).
z3::check_result check_within(z3::context& ctx, z3::solver& s, unsigned ms, bool* timed_out = nullptr,
                              const z3::expr_vector* assumptions = nullptr);

}  // namespace schedcert::encodings::smt
