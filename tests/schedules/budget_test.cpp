// schedules/budget/budget.hpp: deadline, memory limit, admission, stop hooks, phases and progress.
// Memory checks compare the resident size with limits far below or far above it, so the tests
// hold under AddressSanitizer too (its shadow memory only makes the resident size larger).
#include <doctest/doctest.h>

#include <sstream>
#include <thread>

#include "schedules/budget/budget.hpp"

namespace schedcert_test_schedules_budget_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::budget;

TEST_CASE("budget: a default budget never runs out") {
  const Budget b;
  CHECK_FALSE(b.has_deadline());
  CHECK_FALSE(b.expired());
  CHECK(b.solver_timeout_ms() == 0u);
  CHECK(b.solver_timeout_ms(5000) == 5000u);
  CHECK(b.memory_limit() == 0u);
  CHECK_NOTHROW(b.check("anything"));
  CHECK_NOTHROW(b.admit(std::uint64_t{1} << 50, "a huge query"));
}

TEST_CASE("budget: the deadline throws BudgetExceeded naming the phase") {
  const Budget b(0.25, 0);
  CHECK(b.has_deadline());
  CHECK(b.solver_timeout_ms() <= 250u);
  CHECK(b.solver_timeout_ms() >= 1u);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(b.expired());
  CHECK(b.remaining_seconds() == 0.0);
  CHECK(b.solver_timeout_ms() == 1u);
  try {
    b.check("exact encoding T=5");
    FAIL("no throw");
  } catch (const BudgetExceeded& e) {
    CHECK(e.kind() == BudgetExceeded::Kind::Time);
    CHECK(e.phase() == "exact encoding T=5");
    CHECK(std::string(e.what()).find("in exact encoding T=5") != std::string::npos);
    CHECK(std::string(e.what()).find("--timeout 0.2 s") != std::string::npos);
  }
  // An UnknownResult: the front end maps it to exit 3.
  CHECK_THROWS_AS(b.check("x"), UnknownResult);
}

TEST_CASE("budget: slices and caps end earlier and share the stop flag") {
  const Budget b(100, 0);
  const Budget s = b.slice(0.25);
  CHECK(s.remaining_seconds() <= 25.01);
  CHECK(s.remaining_seconds() > 20);
  const Budget c = b.capped(2);
  CHECK(c.remaining_seconds() <= 2.0);
  CHECK(b.capped(1000).remaining_seconds() <= 100.0);
  CHECK(Budget().capped(3).has_deadline());
  CHECK_FALSE(Budget().slice(0.5).has_deadline());
  b.stop(BudgetExceeded::Kind::Time);
  CHECK(s.expired());
  CHECK_THROWS_AS(c.check("cayley"), BudgetExceeded);
}

TEST_CASE("budget: admission refuses a query that cannot fit (TooLarge, an InputError)") {
  const Budget b(0, std::uint64_t{64} << 40);  // 64 TiB: everything small fits
  CHECK(b.working_limit() < b.memory_limit());
  CHECK_NOTHROW(b.admit(std::uint64_t{1} << 30, "a 1 GiB query"));
  try {
    b.admit(std::uint64_t{100} << 40, "the exact query at T=192");
    FAIL("no throw");
  } catch (const TooLarge& e) {
    CHECK(e.estimate_bytes() == std::uint64_t{100} << 40);
    const std::string w = e.what();
    CHECK(w.find("the exact query at T=192 needs an estimated 100.0 TiB") != std::string::npos);
    CHECK(w.find("--max-memory") != std::string::npos);
  }
  CHECK_THROWS_AS(b.admit(std::uint64_t{100} << 40, "q"), InputError);
}

TEST_CASE("budget: a memory limit below the resident size stops the next check") {
  REQUIRE(resident_bytes() > 0);
  const Budget b(0, 1024 * 1024);  // 1 MiB: this process is larger
  try {
    b.check("cnf build");
    FAIL("no throw");
  } catch (const BudgetExceeded& e) {
    CHECK(e.kind() == BudgetExceeded::Kind::Memory);
    CHECK(std::string(e.what()).find("out of memory at ") == 0);
    CHECK(std::string(e.what()).find("in cnf build") != std::string::npos);
  }
  CHECK(b.headroom() == 0u);
}

TEST_CASE("budget: stop() calls the hooks once and a late hook at once") {
  const Budget b;
  int calls = 0;
  {
    auto h = b.on_stop([&] { ++calls; });
    b.stop(BudgetExceeded::Kind::Memory);
    b.stop(BudgetExceeded::Kind::Time);  // the first reason wins
    CHECK(calls == 1);
  }
  CHECK(b.stopped());
  try {
    b.check("solve");
    FAIL("no throw");
  } catch (const BudgetExceeded& e) {
    CHECK(e.kind() == BudgetExceeded::Kind::Memory);
  }
  int late = 0;
  auto h2 = b.on_stop([&] { ++late; });
  CHECK(late == 1);
}

TEST_CASE("budget: phases are named and progress goes to the stream given") {
  const Budget b(0, 0, true);
  std::ostringstream log;
  b.set_progress_stream(&log);
  {
    auto outer = b.phase("synthesize T=3");
    CHECK(b.current_phase() == "synthesize T=3");
    {
      auto inner = b.phase("exact encoding");
      CHECK(b.current_phase() == "exact encoding");
      inner.tick([] { return std::string("never printed before 5 s"); });
    }
    CHECK(b.current_phase() == "synthesize T=3");
  }
  CHECK(b.current_phase().empty());
  CHECK(log.str().empty());
  b.report("alpha d=6", "12 cuts");
  CHECK(log.str().find("alpha d=6: 12 cuts, RSS ") != std::string::npos);
  const Budget quiet;
  std::ostringstream none;
  quiet.set_progress_stream(&none);
  quiet.report("x", "y");
  CHECK(none.str().empty());
}

TEST_CASE("budget: memory sizes are read and written in binary units") {
  CHECK(parse_memory_size("8G", "--max-memory") == std::uint64_t{8} << 30);
  CHECK(parse_memory_size("512M", "--max-memory") == std::uint64_t{512} << 20);
  CHECK(parse_memory_size("1.5GiB", "--max-memory") == std::uint64_t{3} << 29);
  CHECK(parse_memory_size("16GB", "--max-memory") == std::uint64_t{16} << 30);
  CHECK(parse_memory_size("4096", "--max-memory") == 4096u);
  CHECK(parse_memory_size("0", "--max-memory") == 0u);
  CHECK_THROWS_WITH_AS(parse_memory_size("lots", "--max-memory"),
                       "--max-memory: 'lots' is not a size (examples: 8G, 512M, 1.5GiB, 0 = no "
                       "limit)",
                       InputError);
  CHECK(format_bytes(512) == "512 B");
  CHECK(format_bytes(std::uint64_t{3} << 29) == "1.5 GiB");
  CHECK(physical_memory_bytes() > 0u);
  CHECK(default_memory_limit() > 0u);
  CHECK(default_memory_limit() <= physical_memory_bytes());
  CHECK(peak_resident_bytes() >= 1024u);
}

}  // namespace schedcert_test_schedules_budget_test
