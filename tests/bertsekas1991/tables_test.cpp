// Tables 1 and 2 of Bertsekas et al. 1991 regenerated: every row valid, equal to the paper's
// formulas and to the independently computed lower bounds.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "papers/bertsekas1991/tables.hpp"

namespace schedcert_test_bertsekas1991_tables_test {

using namespace schedcert::schedules;
namespace b = schedcert::schedules::constructions::bertsekas1991;

namespace {

void check_rows(const std::vector<b::TableRow>& rows, bool print) {
  for (const auto& r : rows) {
    CAPTURE(r.d);
    CAPTURE(to_string(r.problem));
    CAPTURE(to_string(r.model));
    CAPTURE(r.construction);
    CHECK_MESSAGE(r.valid, r.violation);
    CHECK(r.steps == r.paper_steps);
    CHECK(r.transmissions == r.paper_transmissions);
    CHECK(r.bound_steps == r.paper_steps);
    CHECK(r.bound_transmissions == r.paper_transmissions);
    if (print)
      std::printf("%2d  %-22s %-16s %-22s %-16s steps %9llu (paper %9llu)  tx %15llu (paper %15llu)"
                  "  %s  gen %7.3f s  verify %7.3f s\n",
                  r.d, to_string(r.problem).c_str(), to_string(r.model).c_str(),
                  r.construction.c_str(), r.engine.c_str(),
                  static_cast<unsigned long long>(r.steps),
                  static_cast<unsigned long long>(r.paper_steps),
                  static_cast<unsigned long long>(r.transmissions),
                  static_cast<unsigned long long>(r.paper_transmissions),
                  r.valid ? "valid" : "INVALID", r.generate_seconds, r.verify_seconds);
  }
}

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

}  // namespace

TEST_CASE("bertsekas1991: Tables 1 and 2, d = 1..6") {
  b::TableOptions o;
  o.max_dim = 6;
  auto rows = b::bertsekas_tables(o);
  // 7 problems x 2 models + the rules generator, per d.
  CHECK(rows.size() == 6 * 15);
  check_rows(rows, false);
}

// The benchmark of docs/bertsekas1991.md. Skipped by default; run with
//   SCHEDCERT_BERTSEKAS_MIN_DIM=1 SCHEDCERT_BERTSEKAS_MAX_DIM=20
//     build/tests/schedcert_tests -tc="bertsekas1991: Tables 1 and 2 benchmark*" --no-skip
TEST_CASE("bertsekas1991: Tables 1 and 2 benchmark" * doctest::skip()) {
  b::TableOptions o;
  o.min_dim = env_int("SCHEDCERT_BERTSEKAS_MIN_DIM", 1);
  o.max_dim = env_int("SCHEDCERT_BERTSEKAS_MAX_DIM", 12);
  check_rows(b::bertsekas_tables(o), true);
}

}  // namespace schedcert_test_bertsekas1991_tables_test
