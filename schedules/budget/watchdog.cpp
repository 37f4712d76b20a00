// The command's watchdog (design note in watchdog.hpp).
#include "schedules/budget/watchdog.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace schedcert::schedules::budget {

namespace {

Budget& the_command_budget() {
  static Budget b;
  return b;
}

[[noreturn]] void hard_stop(const Budget& budget, const std::string& message) {
  std::cout.flush();
  std::fflush(stdout);
  std::fprintf(stderr, "schedcert: unknown: %s\n", message.c_str());
  const std::string reached = budget.reached();
  if (!reached.empty()) std::fprintf(stderr, "  reached before the stop: %s\n", reached.c_str());
  std::fflush(stderr);
  std::_Exit(3);
}

}  // namespace

const Budget& command_budget() { return the_command_budget(); }
void set_command_budget(Budget b) { the_command_budget() = std::move(b); }

double Watchdog::grace_seconds(double timeout_seconds) {
  return std::max(1.0, std::min(5.0, 0.1 * timeout_seconds));
}

Watchdog::Watchdog(Budget budget) : budget_(std::move(budget)) {
  if (budget_.has_deadline() || budget_.memory_limit() > 0) thread_ = std::thread([this] { run(); });
}

Watchdog::~Watchdog() {
  done_ = true;
  if (thread_.joinable()) thread_.join();
}

void Watchdog::run() {
  using Clock = std::chrono::steady_clock;
  const double timeout = budget_.has_deadline() ? budget_.elapsed_seconds() + budget_.remaining_seconds() : 0;
  const double grace = grace_seconds(timeout);
  const std::uint64_t limit = budget_.memory_limit(), working = budget_.working_limit();
  // Since when the memory is over the working limit; Clock::time_point::max() when it is not (a
  // plain time point: std::optional here drew GCC 12's -Wmaybe-uninitialized, issue 29).
  Clock::time_point over_since = Clock::time_point::max();
  while (!done_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done_) break;
    budget_.report_if_due();
    const std::string phase = budget_.current_phase();
    const std::string where = phase.empty() ? std::string() : " in " + phase;
    if (budget_.has_deadline() && budget_.remaining_seconds() <= 0) {
      budget_.stop(BudgetExceeded::Kind::Time);
      if (budget_.elapsed_seconds() >= timeout + grace)
        hard_stop(budget_, "the time budget (" + budget_.time_limit_text() + ") ran out" + where +
                  "; the command did not stop within " + format_seconds(grace) +
                  " after it, so the watchdog ended it");
    }
    if (limit > 0) {
      const std::uint64_t rss = resident_bytes();
      if (rss > working) {
        budget_.stop(BudgetExceeded::Kind::Memory);
        const auto now = Clock::now();
        if (over_since == Clock::time_point::max()) over_since = now;
        if (rss > limit || std::chrono::duration<double>(now - over_since).count() >= grace)
          hard_stop(budget_, "out of memory at " + format_bytes(rss) + " resident" + where +
                    " (memory limit " + format_bytes(limit) +
                    ", --max-memory); the watchdog ended the command");
      } else {
        over_since = Clock::time_point::max();
      }
    }
  }
}

}  // namespace schedcert::schedules::budget
