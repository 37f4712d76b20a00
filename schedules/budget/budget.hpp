// The resource budget of one command (issue 18): a wall-clock deadline, a memory limit and a
// progress reporter, in one small value type passed down through the options structs.
//
// Why one type: `--timeout` is a budget for the whole command (encoding construction, solving,
// proof checking, export), so every long loop must see the same deadline, and a query must be
// refused before it is built when its estimated size cannot fit. Copies of a Budget share their
// state (start time, stop flag, phase names, progress clock), so a budget handed to a library
// call by value is still the command's budget.
//
// How a library loop uses it:
//   auto phase = budget.phase("exact encoding T=63");   // named in errors and progress lines
//   for (...) { ...; if (++k % 4096 == 0) phase.tick([&] { return size_so_far(); }); }
// tick() throws BudgetExceeded (an UnknownResult: exit 3) when the deadline passed, when the
// resident size is over the working limit, or when stop() was called (by a watchdog thread);
// it prints "[schedcert 12.0 s] PHASE: DETAIL, RSS 1.2 GiB" on stderr
// once a phase has run for 5 s, then every 10 s (when progress is on).
// Before building a query: budget.admit(estimated_bytes, "the exact query at T=63") throws
// TooLarge (an InputError: exit 2) when resident + estimate exceeds the working limit. A walk
// over T (synthesize without --steps, alpha's walk, the sweep) catches TooLarge and BudgetExceeded
// and ends Unknown with the bounds it reached.
// Solvers: budget.solver_timeout_ms() for Z3's `timeout`, on_stop() to interrupt a running call.
//
// Memory is measured as the resident set size (/proc/self/statm), sampled at most every 50 ms.
// The working limit is 90 % of the limit: the rest is headroom for address-space reservations
// (a hard RLIMIT_AS backstop) and for growth between two samples.
// A default-constructed Budget has no deadline, no memory limit and no progress output.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "schedules/error.hpp"

namespace schedcert::schedules::budget {

// Wall-clock seconds since t0 (steady clock): the elapsed times that reports print.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The budget ran out in a named phase: time, or memory at runtime. Exit 3 (unknown).
class BudgetExceeded : public UnknownResult {
 public:
  enum class Kind { Time, Memory };
  BudgetExceeded(Kind kind, std::string phase, const std::string& what)
      : UnknownResult(what), kind_(kind), phase_(std::move(phase)) {}
  Kind kind() const { return kind_; }
  const std::string& phase() const { return phase_; }

 private:
  Kind kind_;
  std::string phase_;
};

// A query refused before it was built: its estimated size does not fit the memory limit.
// Exit 2 (input error) when it is the query the user asked for.
class TooLarge : public InputError {
 public:
  TooLarge(const std::string& what, std::uint64_t estimate_bytes, std::uint64_t limit_bytes);
  std::uint64_t estimate_bytes() const { return estimate_; }
  std::uint64_t limit_bytes() const { return limit_; }

 private:
  std::uint64_t estimate_, limit_;
};

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  Budget();  // no deadline, no memory limit, quiet
  // seconds <= 0: no deadline; memory_bytes 0: no memory limit. time_option: the option that set
  // the deadline, as messages name it ("--timeout", or the sweep's "--max-time").
  Budget(double seconds, std::uint64_t memory_bytes, bool progress = false,
         std::string time_option = "--timeout");

  // ---- time
  bool has_deadline() const { return deadline_.has_value(); }
  // "--timeout 5.0 s" (the option and the budget it set), for messages.
  std::string time_limit_text() const;
  double elapsed_seconds() const;    // since the command's budget was made
  double remaining_seconds() const;  // +infinity without a deadline, 0 once expired
  bool expired() const;              // deadline passed or stop() called
  // For a solver's own timeout: the milliseconds left (at least 1), at most cap_ms when cap_ms
  // > 0; without a deadline cap_ms, or 0 (= no limit) when cap_ms is 0 too.
  unsigned solver_timeout_ms(unsigned cap_ms = 0) const;
  // The same budget ending earlier: at now + fraction * remaining (for a phase that may give up
  // and let the next one run). Shares the state: stop() and the memory limit still apply.
  Budget slice(double fraction) const;
  // The same budget ending at most `seconds` from now (a per-query cap).
  Budget capped(double seconds) const;

  // ---- memory
  std::uint64_t memory_limit() const;    // bytes, 0 = none
  std::uint64_t working_limit() const;   // 90 % of the limit: where checks and admit() act
  // Throws TooLarge when resident + estimated_bytes > working limit; `what` names the query.
  void admit(std::uint64_t estimated_bytes, const std::string& what) const;
  // Bytes still free under the working limit (0 when over; UINT64_MAX without a limit).
  std::uint64_t headroom() const;

  // ---- checks
  // Throws BudgetExceeded naming `phase` when the deadline passed, stop() was called, or the
  // resident size is over the working limit.
  void check(const std::string& phase) const;
  // From another thread (the watchdog) or a signal-free context: makes the next check() throw
  // and calls every on_stop hook once. The first reason given wins.
  void stop(BudgetExceeded::Kind kind) const;
  bool stopped() const;
  // When stopped: calls the live hooks again. An interrupt that reaches a Z3 context just before
  // its check() begins is lost (the check resets the flag), so a caller that waits for a stopped
  // computation (the Python module's runner) repeats them until it returns. Hooks are idempotent.
  void repeat_stop_hooks() const;
  // Registers a hook (e.g. interrupting a Z3 context) called by stop() while the returned
  // guard lives; if the budget is already stopped, the hook runs at once.
  class StopHook;
  StopHook on_stop(std::function<void()> hook) const;

  // ---- what the command reached (issue 18): a walk records its best bounds and witnesses here,
  // so that a watchdog's hard stop can still print them.
  void note_reached(const std::string& what) const;
  std::string reached() const;

  // ---- progress
  bool progress() const;
  void set_progress_stream(std::ostream* out) const;  // default std::cerr (tests capture it)
  class Phase;
  Phase phase(std::string name) const;
  // The innermost phase still open ("" when none), for the watchdog's messages.
  std::string current_phase() const;
  // The watchdog's progress line: the innermost open phase, when it has run 5 s and no line was
  // printed in the last 10 s (so a solver call that never ticks still shows it is alive).
  void report_if_due() const;
  // Prints one progress line now (when progress is on), whatever the clock says.
  void report(const std::string& phase, const std::string& detail) const;

  struct State;  // shared by every copy (budget.cpp)

 private:
  friend class Phase;
  bool progress_due(Clock::time_point now, Clock::time_point phase_start) const;
  [[noreturn]] void fail(BudgetExceeded::Kind kind, const std::string& phase) const;

  std::shared_ptr<State> state_;
  std::optional<Clock::time_point> deadline_;
};

class Budget::StopHook {
 public:
  StopHook() = default;
  StopHook(std::shared_ptr<State> s, std::uint64_t id) : state_(std::move(s)), id_(id) {}
  StopHook(StopHook&& o) noexcept : state_(std::move(o.state_)), id_(o.id_) {}
  StopHook& operator=(StopHook&&) = delete;
  StopHook(const StopHook&) = delete;
  ~StopHook();

 private:
  std::shared_ptr<State> state_;
  std::uint64_t id_ = 0;
};

// A named phase: open while the object lives. tick() checks the budget and prints progress.
class Budget::Phase {
 public:
  Phase(const Budget& b, std::string name);
  ~Phase();
  Phase(const Phase&) = delete;
  Phase& operator=(const Phase&) = delete;
  const std::string& name() const { return name_; }
  double seconds() const;
  void tick() const { tick([] { return std::string(); }); }
  // `detail` (the size built so far, in words) is called only when a line is printed.
  template <class F>
  void tick(F&& detail) const {
    budget_.check(name_);
    const auto now = Clock::now();
    if (budget_.progress_due(now, start_)) budget_.report(name_, detail());
  }

 private:
  Budget budget_;
  std::string name_;
  Clock::time_point start_;
  std::uint64_t id_;
};

// ---- memory of this process and of the machine
std::uint64_t resident_bytes();       // current resident set size (0 when unknown)
std::uint64_t peak_resident_bytes();  // getrusage ru_maxrss
std::uint64_t physical_memory_bytes();
// What the kernel reports as available now (MemAvailable), bounded by a cgroup memory limit.
std::uint64_t available_memory_bytes();
// The default --max-memory: 75 % of physical RAM (or of a cgroup limit), and at most what this
// process holds plus 90 % of what is available when the command starts.
std::uint64_t default_memory_limit();
// "1.5 GiB", "512.0 MiB" (binary units, one decimal).
std::string format_bytes(std::uint64_t bytes);
// "12.0 s" (one decimal).
std::string format_seconds(double seconds);
// A time limit in seconds as the milliseconds a solver takes (issue 13, trust row 45): 0 for
// <= 0 or NaN, rounded up, saturating at UINT_MAX (~49.7 days) instead of a wrapped or undefined
// conversion of a huge double.
unsigned seconds_to_ms(double seconds);
// "8G", "512M", "1.5G", "2GiB", "16GB", "100000000" (bytes); K, M, G, T are powers of 1024 with
// or without "iB"/"B". InputError naming `option` otherwise.
std::uint64_t parse_memory_size(const std::string& text, const std::string& option);

}  // namespace schedcert::schedules::budget
