// Rows of the optimality sweep that stayed unknown (docs/optimality-sweep.md, "Rows that stay
// unknown") and were closed or narrowed on 2026-11-28 (issue 27, item 5). Each committed witness
// in docs/examples/witnesses/ is re-verified natively for its network, model, problem and steps;
// the two C3^2 total-exchange rows are closed again by the walk itself: the CaDiCaL engine finds a
// schedule at the counting bound (27 = 108 item-hops over 4 per step), so T = 26 is impossible by
// that count and 27 is the optimum. (The sweep's Z3 queries had not answered T = 27 in 120 s.)
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
      {"c3x3-shout-whisper-multinode-broadcast-13.json", "C3^2", "shout-whisper", "multinode-broadcast", 13},
      {"q4-shout-whisper-multinode-broadcast-28.json", "Q4", "shout-whisper", "multinode-broadcast", 28},
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
