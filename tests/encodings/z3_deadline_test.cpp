// Z3Deadline (encodings/smt/z3_interrupts.hpp): the library's time limit for Z3, replacing Z3 4.8.12's
// own "timeout" parameter, whose timer pool crashes or hangs a process that forks while another
// thread has a Z3 timer running (measured: a segmentation fault within 200 forks; the CI hang of
// 2026-11-26 in the sanitizer stage is the suspected instance).
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "encodings/smt/z3_interrupts.hpp"

namespace schedcert_test_encodings_z3_deadline_test {

using schedcert::encodings::smt::Z3Deadline;

namespace {

// n + 1 pigeons in n holes: unsatisfiable, and hard for resolution (Z3 needs minutes at n = 11).
void pigeonhole(z3::context& c, z3::solver& s, int n) {
  std::vector<std::vector<z3::expr>> x(static_cast<std::size_t>(n) + 1);
  for (int p = 0; p <= n; ++p)
    for (int h = 0; h < n; ++h)
      x[static_cast<std::size_t>(p)].push_back(c.bool_const(("x" + std::to_string(p) + "_" + std::to_string(h)).c_str()));
  for (auto& row : x) {
    z3::expr_vector v(c);
    for (auto& e : row) v.push_back(e);
    s.add(z3::mk_or(v));
  }
  for (int h = 0; h < n; ++h)
    for (int p = 0; p <= n; ++p)
      for (int q = p + 1; q <= n; ++q)
        s.add(!x[static_cast<std::size_t>(p)][static_cast<std::size_t>(h)] ||
              !x[static_cast<std::size_t>(q)][static_cast<std::size_t>(h)]);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("z3 deadline: every one of 10 consecutive limits interrupts a hard query") {
  for (int i = 0; i < 10; ++i) {
    z3::context c;
    z3::solver s(c, "QF_FD");
    pigeonhole(c, s, 11);
    const auto t0 = std::chrono::steady_clock::now();
    Z3Deadline d(c, 30);
    const z3::check_result r = s.check();
    d.finish();
    const double secs = seconds_since(t0);
    INFO("round " << i << ": " << secs << " s");
    CHECK(r == z3::unknown);
    CHECK(d.fired());
    CHECK(secs < 30.0);  // a hang guard, not a timing claim: PHP(11) takes Z3 minutes
  }
}

TEST_CASE("z3 deadline: no limit starts nothing, and a finished query is not disturbed") {
  z3::context c;
  z3::solver s(c);
  const z3::expr x = c.int_const("x"), y = c.int_const("y");
  s.add(x + y > 3 && x < y);
  for (unsigned ms : {0u, 0xFFFFFFFFu, 60000u}) {
    Z3Deadline d(c, ms);
    CHECK(s.check() == z3::sat);
    d.finish();
    CHECK_FALSE(d.fired());
    CHECK(s.get_model().eval(x * y, true).is_numeral());
  }
}

TEST_CASE("z3 deadline: an interrupt landing after the answer does not cancel the model") {
  // 1 ms limits around quick satisfiable checks: some interrupts arrive after check() returned.
  // finish() clears the context's cancel flag, so model evaluation never throws "canceled".
  z3::context c;
  const z3::expr x = c.int_const("x"), y = c.int_const("y");
  int fired = 0;
  for (int i = 0; i < 100; ++i) {
    z3::solver s(c);
    s.add(x + y > i && x < y);
    Z3Deadline d(c, 1);
    const z3::check_result r = s.check();
    d.finish();
    fired += d.fired() ? 1 : 0;
    if (r != z3::sat) continue;  // interrupted before it answered
    CHECK_NOTHROW(s.get_model().eval(x * y + 1, true));
  }
  MESSAGE(fired << " of 100 limits fired");
}

TEST_CASE("z3 deadline: fork while other threads run limited Z3 queries neither crashes nor hangs") {
  // With Z3's own "timeout" parameter this segfaults or hangs: Z3's fork handler tears down the
  // timer pool while the other threads' timers still use it.
  std::atomic<bool> stop{false};
  std::atomic<int> rounds{0};
  auto worker = [&](unsigned ms) {
    int i = 0;
    while (!stop.load()) {
      z3::context c;
      z3::solver s(c, "QF_FD");
      pigeonhole(c, s, i++ % 3 == 0 ? 5 : 9);
      Z3Deadline d(c, ms);
      s.check();
      d.finish();
      rounds.fetch_add(1);
    }
  };
  std::thread a(worker, 5u), b(worker, 7u);
  int forked = 0;
  for (int k = 0; k < 60; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const pid_t pid = fork();
    if (pid == 0) _exit(0);
    if (pid > 0) {
      int status = 0;
      waitpid(pid, &status, 0);
      forked += WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
    }
  }
  stop = true;
  a.join();
  b.join();
  CHECK(forked == 60);
  CHECK(rounds.load() > 0);
}

}  // namespace schedcert_test_encodings_z3_deadline_test
