// Rows of the optimality sweep that stayed unknown (docs/optimality-sweep.md, "Rows that stay
// unknown") and were closed or narrowed on 2026-11-28 (issue 27, item 5). Each committed witness
// in docs/examples/witnesses/ is re-verified natively for its network, model, problem and steps;
// the two C3^2 total-exchange rows are closed again by the walk itself: the CaDiCaL engine finds a
// schedule at the counting bound (27 = 108 item-hops over 4 per step), so T = 26 is impossible by
// that count and 27 is the optimum. (The sweep's Z3 queries had not answered T = 27 in 120 s.)
// Q3 shout-whisper multinode broadcast was closed on 2026-12-01: a schedule at its counting
// bound 11 (docs/optimality-sweep.md).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_sweep_rows_test {

using schedcert::testing::run_cli;

namespace {
bool has(const std::string& out, const std::string& s) { return out.find(s) != std::string::npos; }
// The number after "steps:" in `verify`'s report (0 when absent).
unsigned steps_of(const std::string& out) {
  const auto at = out.find("steps:");
  if (at == std::string::npos) return 0;
  std::istringstream in(out.substr(at + 6));
  unsigned n = 0;
  in >> n;
  return n;
}
const std::string kWitnesses = std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples/witnesses/";
}  // namespace

TEST_CASE("sweep rows: the committed schedules that narrow or close unknown rows verify") {
  struct W {
    const char* file;
    const char* network;
    const char* model;
    const char* problem;
    unsigned steps;
  };
  const W ws[] = {
      {"c3x3-shout-whisper-total-exchange-27.json", "C3^2", "shout-whisper", "total-exchange", 27},
      {"c3x3-single-port-half-total-exchange-27.json", "C3^2", "single-port-half", "total-exchange", 27},
      {"q3-shout-whisper-multinode-broadcast-12.json", "Q3", "shout-whisper", "multinode-broadcast", 12},
      {"q3-shout-whisper-multinode-broadcast-11.json", "Q3", "shout-whisper", "multinode-broadcast", 11},
      {"c3x3-shout-whisper-multinode-broadcast-13.json", "C3^2", "shout-whisper", "multinode-broadcast", 13},
      {"q4-shout-whisper-multinode-broadcast-28.json", "Q4", "shout-whisper", "multinode-broadcast", 28},
      {"c3x3-shout-whisper-multinode-broadcast-12.json", "C3^2", "shout-whisper", "multinode-broadcast", 12},
      {"c3x3-shout-whisper-multinode-accumulation-18.json", "C3^2", "shout-whisper", "multinode-accumulation", 18},
  };
  for (const W& w : ws) {
    const auto r = run_cli("verify " + kWitnesses + w.file);
    INFO(w.file);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(has(r.out, w.network));
    CHECK(has(r.out, w.model));
    CHECK(has(r.out, w.problem));
    CHECK(steps_of(r.out) == w.steps);
  }
}

TEST_CASE("sweep rows: Q3 shout-whisper multinode broadcast, optimum 11 at the counting bound") {
  // The committed 11-step schedule (found 2026-12-01 by `synthesize ... -T 11 --engine cadical
  // --lex-leader`, with the sender-count and idle rules) meets the lower bound 11 = 7 receptions +
  // 4 sends per node (alpha(3) = 4 certified): the verifier itself calls it optimal in time.
  const auto r = run_cli("verify " + kWitnesses + "q3-shout-whisper-multinode-broadcast-11.json --engine both");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "lower bound 11"));
  CHECK(has(r.out, "alpha(3) = 4"));
  CHECK(has(r.out, "valid, optimal in time and transmissions"));
}

// Closed on 2026-12-01 by the shout-whisper counting arguments (docs/lower-bounds.md): the
// verifier's own bounds make the committed schedules optimal in time, with both engines.
TEST_CASE("sweep rows: C3^2 shout-whisper multinode broadcast 12 and accumulation 18 meet the new bounds") {
  auto r = run_cli("verify " + kWitnesses + "c3x3-shout-whisper-multinode-broadcast-12.json --engine both");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "lower bound 12"));
  CHECK(has(r.out, "domination number is 3"));
  CHECK(has(r.out, "valid, optimal in time and transmissions"));
  r = run_cli("verify " + kWitnesses + "c3x3-shout-whisper-multinode-accumulation-18.json --engine both");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "lower bound 18"));
  CHECK(has(r.out, "valid, optimal in time and transmissions"));
  // Q3 and Q4 accumulation: the derived schedules meet n (n - 1) / floor(n / 2), no search.
  for (const char* q : {"Q3", "Q4"}) {
    r = run_cli(std::string("synthesize -n ") + q + " -m shout-whisper -p multinode-accumulation -q");
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(has(r.out, std::string("optimum: ") + (q[1] == '3' ? "14" : "30") + " steps"));
    CHECK(has(r.out, "impossible (< 0.001 s)"));
  }
}

TEST_CASE("sweep rows: Q3 shout-whisper multinode broadcast, T = 11 found by the exact query" *
          doctest::test_suite("slow")) {
  // About 45 s of CaDiCaL here: the lex-leader constraints and the sender-count/idle rules
  // (every node busy in every step at T = 11) make the counting bound reachable by search.
  const auto r = run_cli("synthesize -n Q3 -m shout-whisper -p multinode-broadcast -T 11 --engine cadical "
                         "--lex-leader --timeout 1200 -q");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(has(r.out, "T = 11: found"));
  CHECK(has(r.out, "verified by the native verifier"));
}

TEST_CASE("sweep rows: C3^2 total exchange, shout-whisper and single-port-half, optimum 27 at the counting bound") {
  for (const char* model : {"shout-whisper", "single-port-half"}) {
    const auto r = run_cli(std::string("synthesize -n C3xC3 -m ") + model +
                           " -p total-exchange --engine cadical --timeout 300 -q");
    INFO(model);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(has(r.out, "optimum: 27 steps"));
    CHECK(has(r.out, "T = 26: impossible"));
    CHECK(has(r.out, "counting argument"));
    CHECK(has(r.out, "T = 27: found"));
  }
}

}  // namespace schedcert_test_cli_sweep_rows_test
