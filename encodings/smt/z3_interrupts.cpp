#include "encodings/smt/z3_interrupts.hpp"

#include <chrono>
#include <cstdint>

namespace schedcert::encodings::smt {

namespace {
std::atomic<bool> g_ctrl_c{true};
}  // namespace

bool z3_ctrl_c() {
  return g_ctrl_c.load(std::memory_order_relaxed);
}
void set_z3_ctrl_c(bool on) {
  g_ctrl_c.store(on, std::memory_order_relaxed);
}

Z3Deadline::Z3Deadline(z3::context& ctx, unsigned ms) : ctx_(ctx) {
  if (ms == 0 || ms == UINT32_MAX) return;
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  t_ = std::thread([this, end] {
    std::unique_lock<std::mutex> lock(m_);
    if (cv_.wait_until(lock, end, [this] { return done_; })) return;
    // Interrupt under the lock: finish() cannot return while an interrupt is being sent.
    do {
      fired_.store(true);
      ctx_.interrupt();
    } while (!cv_.wait_for(lock, std::chrono::milliseconds(20), [this] { return done_; }));
  });
}

void Z3Deadline::finish() {
  if (!t_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(m_);
    done_ = true;
  }
  cv_.notify_all();
  t_.join();
  if (fired_.load()) {
    // An interrupt may have landed after the solver had answered; the flag would cancel model
    // evaluation. A check() resets it (Z3 4.8.12 clears the cancel flag when a check begins).
    try {
      z3::solver empty(ctx_);
      empty.check();
    } catch (const z3::exception&) {
    }
  }
}

Z3Deadline::~Z3Deadline() { finish(); }

z3::check_result check_within(z3::context& ctx, z3::solver& s, unsigned ms, bool* timed_out,
                              const z3::expr_vector* assumptions) {
  Z3Deadline deadline(ctx, ms);
  const z3::check_result r = assumptions ? s.check(*assumptions) : s.check();
  deadline.finish();
  if (timed_out) *timed_out = deadline.fired();
  return r;
}

}  // namespace schedcert::encodings::smt
