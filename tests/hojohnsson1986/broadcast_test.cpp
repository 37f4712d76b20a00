// Ho-Johnsson 1986 §3.3, §3.4, Tables 1-3: packetised broadcasts from generated schedules, every
// one checked by verify_native; the step counts are compared with the paper's formulas here.
#include <doctest/doctest.h>

#include "papers/hojohnsson1986/delay_tables.hpp"
#include "schedules/constructions/hojohnsson1986/hp_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/sbt_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/tcbt.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_hojohnsson1986_broadcast_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::hojohnsson1986;
using schedcert::verifier::verify_native;

namespace {
struct MB {
  std::uint32_t M, B;
};
const MB kSizes[] = {{1, 1}, {5, 1}, {12, 3}, {37, 4}, {100, 7}, {64, 64}, {30, 1}};
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

void expect_valid(const Schedule& s, std::uint64_t steps, const char* what) {
  auto v = verify_native(s);
  INFO(what << " n=" << s.network().dims() << " M=" << s.problem().messages
            << " B=" << s.problem().packet_items << " model=" << to_string(s.model()));
  if (v.violation) INFO(v.violation->message);
  CHECK(v.valid);
  CHECK(s.num_steps() == steps);
  CHECK(v.metrics.transmissions ==
        ceil_div(s.problem().messages, s.problem().packet_items) * (s.network().size() - 1));
}
}  // namespace

TEST_CASE("hj1986 §3.3.2: MSBT broadcast, ceil(M/B)+log N (1 s & r), 2ceil(M/B)+log N-1 (1 s or r), "
          "ceil(M/(B log N))+log N (all ports), n = 2..10") {
  for (int n = 2; n <= 10; ++n)
    for (const MB& x : kSizes) {
      const Node s = static_cast<Node>((37u * n) % (1u << n));
      const std::uint64_t Q = ceil_div(x.M, x.B);
      expect_valid(msbt_broadcast(n, s, Model::SinglePortFull, x.M, x.B), Q + n, "MSBT 1 s & r");
      expect_valid(msbt_broadcast(n, s, Model::SinglePortHalf, x.M, x.B), 2 * Q + n - 1,
                   "MSBT 1 s or r");
      expect_valid(msbt_broadcast(n, s, Model::AllPort, x.M, x.B),
                   ceil_div(x.M, std::uint64_t{x.B} * n) + n, "MSBT all ports");
    }
}

TEST_CASE("hj1986 §3.3.2 finding: MSBT for n = 1 takes one step less than the formulas") {
  for (const MB& x : kSizes) {
    const std::uint64_t Q = ceil_div(x.M, x.B);
    expect_valid(msbt_broadcast(1, 0, Model::SinglePortFull, x.M, x.B), Q, "MSBT n=1");
    expect_valid(msbt_broadcast(1, 1, Model::AllPort, x.M, x.B), Q, "MSBT n=1 all");
  }
}

TEST_CASE("hj1986 §3.3.1: SBT broadcast, ceil(M/B) log N (1 port), ceil(M/B)+log N-1 (all ports)") {
  for (int n = 1; n <= 10; ++n)
    for (const MB& x : kSizes) {
      const Node s = static_cast<Node>((11u * n) % (1u << n));
      const std::uint64_t Q = ceil_div(x.M, x.B);
      for (Model m : {Model::SinglePortFull, Model::SinglePortHalf}) {
        expect_valid(hj_sbt_broadcast(n, s, m, x.M, x.B), Q * n, "SBT 1 port recursive");
        expect_valid(hj_sbt_broadcast(n, s, m, x.M, x.B, "pipelined"), Q * n, "SBT 1 port pipelined");
      }
      expect_valid(hj_sbt_broadcast(n, s, Model::AllPort, x.M, x.B), Q + n - 1, "SBT all ports");
    }
  CHECK_THROWS_AS(hj_sbt_broadcast(3, 0, Model::AllPort, 1, 1, "nonsense"), schedcert::InputError);
}

TEST_CASE("hj1986 Table 3: HP broadcast, 2ceil(M/B)+N-3 (1 s or r) / 1 s & r takes ceil(M/B)+N-2") {
  for (int n = 2; n <= 8; ++n)
    for (const MB& x : kSizes) {
      const std::uint64_t Q = ceil_div(x.M, x.B), N = std::uint64_t{1} << n;
      const Node s = static_cast<Node>((5u * n) % N);
      expect_valid(hp_broadcast(n, s, Model::SinglePortHalf, x.M, x.B), 2 * Q + N - 3, "HP 1 s or r");
      // Table 3 prints (ceil(M/B) + N - 3): one step less than the N - 1 hops of Table 1.
      expect_valid(hp_broadcast(n, s, Model::SinglePortFull, x.M, x.B), Q + N - 2, "HP 1 s & r");
      expect_valid(hp_broadcast(n, s, Model::AllPort, x.M, x.B), Q + N - 2, "HP all ports");
    }
}

TEST_CASE("hj1986 finding: HP for n = 1 is a single edge, Q steps in every model") {
  for (const MB& x : kSizes)
    for (Model m : {Model::SinglePortHalf, Model::SinglePortFull, Model::AllPort})
      expect_valid(hp_broadcast(1, 1, m, x.M, x.B), ceil_div(x.M, x.B), "HP n=1");
}

TEST_CASE("hj1986 Table 3: TCBT broadcast, 3Q+2log N-5, 2(Q+log N-2), Q+log N-1 (n >= 3)") {
  for (int n = 2; n <= 10; ++n)
    for (const MB& x : kSizes) {
      const std::uint64_t Q = ceil_div(x.M, x.B);
      const Node s = static_cast<Node>((3u * n) % (1u << n));
      // n = 2: the TCBT is a 4-node path and its root's two sends fit a period of 2: 2Q steps.
      expect_valid(tcbt_broadcast(n, s, Model::SinglePortHalf, x.M, x.B),
                   n == 2 ? 2 * Q : 3 * Q + 2 * n - 5, "TCBT 1 s or r");
      expect_valid(tcbt_broadcast(n, s, Model::SinglePortFull, x.M, x.B), 2 * (Q + n - 2),
                   "TCBT 1 s & r");
      expect_valid(tcbt_broadcast(n, s, Model::AllPort, x.M, x.B), Q + n - 1, "TCBT all ports");
    }
}

TEST_CASE("hj1986 Tables 1 and 2: propagation delays and cycles per packet, measured") {
  for (int n = 3; n <= 8; ++n) {
    const double N = 1u << n;
    // {delay, cycles} per (algorithm, model), columns 1 s or r, 1 s and r, all ports, as printed.
    struct Want {
      double d[3], c[3];
    };
    const Want hp{{N - 1, N - 1, N - 1}, {2, 1, 1}};
    const Want sbt{{double(n), double(n), double(n)}, {double(n), double(n), 1}};
    const Want tcbt{{2.0 * n - 2, 2.0 * n - 2, double(n)}, {3, 2, 1}};
    const Want msbt{{3.0 * n - 1, 2.0 * n, n + 1.0}, {2, 1, 1.0 / n}};
    std::vector<DelayRow> rows = measure_delay_tables(n);
    REQUIRE(rows.size() == 12);
    for (const DelayRow& r : rows) {
      const Want& w = r.algorithm == Algorithm::HP     ? hp
                      : r.algorithm == Algorithm::SBT  ? sbt
                      : r.algorithm == Algorithm::TCBT ? tcbt
                                                       : msbt;
      const int col = r.model == Model::SinglePortHalf ? 0 : r.model == Model::SinglePortFull ? 1 : 2;
      INFO(format_delay_rows(rows, n));
      CHECK(r.valid);
      CHECK(static_cast<double>(r.delay) == w.d[col]);
      CHECK(r.cycles_per_packet == doctest::Approx(w.c[col]));
      CHECK(r.paper_delay == w.d[col]);
      CHECK(r.paper_cycles == doctest::Approx(w.c[col]));
    }
  }
}

}  // namespace schedcert_test_hojohnsson1986_broadcast_test
