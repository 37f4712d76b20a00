// The linear cost model (verifier/cost_model) and Ho-Johnsson 1986's closed forms (Tables 3, 6):
// the simulation computes, the tests compare with the paper's formulas and numbers.
#include <doctest/doctest.h>

#include <cmath>

#include "schedules/constructions/hojohnsson1986/closed_forms.hpp"
#include "papers/hojohnsson1986/cost_tables.hpp"
#include "schedules/constructions/hojohnsson1986/msbt_broadcast.hpp"
#include "schedules/constructions/hojohnsson1986/tree_scatter.hpp"
#include "schedules/error.hpp"
#include "verifier/cost_model.hpp"

namespace schedcert_test_hojohnsson1986_cost_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::hojohnsson1986;
using schedcert::verifier::LinearCost;
using schedcert::verifier::simulate_cost;

TEST_CASE("cost model: synchronous charges the largest packet per step, asynchronous overlaps") {
  // Q2, broadcast of 3 items from 0: step 1: 0->1 {0,1,2}; step 2: 0->2 {0}, 1->3 {0,1,2};
  // step 3: 0->2 {1,2}.
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.messages = 3;
  p.packet_items = 3;
  Schedule s(Network::hypercube(2), Model::SinglePortFull, p);
  const Item all[] = {0, 1, 2}, two[] = {1, 2};
  s.begin_step();
  s.add(0, 1, all);
  s.begin_step();
  s.add(0, 2, Item{0});
  s.add(1, 3, all);
  s.begin_step();
  s.add(0, 2, two);
  auto e = simulate_cost(s, LinearCost{10, 1});
  CHECK(e.steps == 3);
  CHECK(e.max_packet_items == 3);
  CHECK(e.synchronous == doctest::Approx(13 + 13 + 12));
  // Async: 0->1 [0,13]; 0->2 {0} [13,24]; 1->3 [13,26]; 0->2 {1,2} [24,36].
  CHECK(e.asynchronous == doctest::Approx(36));
  // tc = 0: every step costs tau.
  CHECK(simulate_cost(s, LinearCost{1, 0}).synchronous == doctest::Approx(3));
  CHECK_THROWS_AS(simulate_cost(s, LinearCost{-1, 0}), schedcert::InputError);
}

TEST_CASE("cost model: a packet sent before it is held is refused") {
  Problem p;
  Schedule s(Network::hypercube(1), Model::AllPort, p);
  s.begin_step();
  s.add(1, 0, Item{0});
  CHECK_THROWS_AS(simulate_cost(s, LinearCost{1, 1}), schedcert::InputError);
}

TEST_CASE("hj1986 Table 3: simulated cost equals T when B divides M, every row") {
  // n = 5, M = 240, B = 12 (Q = 20), tau = 100, t_c = 1: T = steps * (tau + B t_c) = steps * 112.
  CostQuery q{5, 0, 240, 12, LinearCost{100, 1}, false};
  std::vector<CostRow> rows = broadcast_cost_table(q);
  REQUIRE(rows.size() == 12);
  for (const CostRow& r : rows) {
    INFO(format_cost_rows(rows, q));
    CHECK(r.valid);
    CHECK(r.at_B.synchronous == doctest::Approx(static_cast<double>(r.at_B.steps) * 112));
    if (r.algorithm == Algorithm::HP && r.model == Model::SinglePortFull) {
      // Table 3 prints (Q + N - 3); the schedule needs Q + N - 2 = 50 steps.
      CHECK(*r.paper.steps == 49);
      CHECK(r.at_B.steps == 50);
    } else {
      CHECK(static_cast<double>(r.at_B.steps) == *r.paper.steps);
      CHECK(r.at_B.synchronous == doctest::Approx(*r.paper.T));
    }
  }
  // The paper's numbers for this case: MSBT 1 s & r (20 + 5) * 112 = 2800, MSBT all ports
  // (ceil(240 / 60) + 5) * 112 = 1008, SBT 1 port 20 * 5 * 112 = 11200.
  CHECK(rows[11].at_B.synchronous == doctest::Approx(1008));
  CHECK(rows[10].at_B.synchronous == doctest::Approx(2800));
  CHECK(rows[4].at_B.synchronous == doctest::Approx(11200));
}

TEST_CASE("hj1986 Table 3: a short last packet makes the simulation cheaper than T") {
  // M = 37, B = 4: Q = 10, the last packet holds 1 item. MSBT 1 s & r on Q4: 14 steps.
  Schedule s = msbt_broadcast(4, 0, Model::SinglePortFull, 37, 4);
  auto e = simulate_cost(s, LinearCost{10, 1});
  const ClosedForm f = broadcast_closed_form(Algorithm::MSBT, Model::SinglePortFull,
                                             CostInput{4, 37, 4, 10, 1});
  CHECK(*f.T == doctest::Approx(14 * 14));
  CHECK(e.synchronous < *f.T);
  CHECK(e.asynchronous <= e.synchronous);
}

TEST_CASE("hj1986 Table 3: B_opt and T_min against the simulated optimum") {
  CostQuery q{5, 0, 240, 12, LinearCost{100, 1}, true};
  for (Algorithm a : {Algorithm::SBT, Algorithm::MSBT})
    for (Model m : {Model::SinglePortFull, Model::AllPort}) {
      CostRow r = cost_row(a, m, false, q);
      REQUIRE(r.best_B);
      INFO(format_cost_rows({r}, q));
      // The closed forms relax ceil(M/B) to M/B, so they are lower bounds on the simulated
      // optimum, and close to it.
      CHECK(r.at_best_B.synchronous >= *r.paper.T_min - 1e-6);
      CHECK(r.at_best_B.synchronous <= 1.02 * *r.paper.T_min);
    }
  // SBT one port: B_opt = M exactly, T_min = log N (M t_c + tau) = 5 * 340 = 1700.
  CostRow sbt = cost_row(Algorithm::SBT, Model::SinglePortFull, false, q);
  CHECK(*sbt.best_B == 240);
  CHECK(sbt.at_best_B.synchronous == doctest::Approx(1700));
  // MSBT all ports: B_opt = sqrt(M tau / t_c) / log N = 31.0; the simulated optimum is B = 24
  // (ceil(240/(24*5)) = 2) at 7 * 124 = 868, above T_min = 857.8.
  CostRow ms = cost_row(Algorithm::MSBT, Model::AllPort, false, q);
  CHECK(*ms.paper.B_opt == doctest::Approx(30.98).epsilon(0.001));
  CHECK(*ms.best_B == 24);
  CHECK(ms.at_best_B.synchronous == doctest::Approx(868));
}

TEST_CASE("hj1986 Table 6: personalized communication, T_min by simulation") {
  // n = 6, M = 1, tau = 100, t_c = 1.
  CostQuery q{6, 0, 1, 1, LinearCost{100, 1}, true};
  std::vector<CostRow> rows = scatter_cost_table(q);
  REQUIRE(rows.size() == 4);
  INFO(format_cost_rows(rows, q));
  for (const CostRow& r : rows) CHECK(r.valid);
  // SBT, 1 port: T_min = (N-1) M t_c + log N tau = 63 + 600.
  CHECK(rows[0].at_best_B.synchronous == doctest::Approx(663));
  CHECK(*rows[0].paper.T_min == doctest::Approx(663));
  // SBT, log N ports: T_min = N/2 M t_c + log N tau = 32 + 600.
  CHECK(rows[1].at_best_B.synchronous == doctest::Approx(632));
  CHECK(*rows[1].paper.T_min == doctest::Approx(632));
  // BST, 1 port: below the paper's upper bound N(1 + 2 loglog N / log N) M t_c + (2 log N - 2) tau.
  CHECK(*rows[2].paper.T_min == doctest::Approx(64 * (1 + 2 * std::log2(6.0) / 6) + 1000));
  CHECK(rows[2].at_best_B.synchronous <= *rows[2].paper.T_min);
  // BST, log N ports: T_min ~ (N-1)/log N M t_c + log N tau = 10.5 + 600; the simulation
  // reaches 13 + 600: the largest subtree has 13 nodes (Table 5), not (N-1)/log N.
  CHECK(*rows[3].paper.T_min == doctest::Approx(610.5));
  CHECK(rows[3].at_best_B.synchronous == doctest::Approx(613));
  // With B = M (one item per packet), all ports: BST 13 steps vs SBT 32.
  CHECK(rows[3].at_B.steps == 13);
  CHECK(rows[1].at_B.steps == 32);
}

TEST_CASE("hj1986 cost: rows for one registered construction") {
  Params p;
  p.dim = 4;
  p.model = Model::SinglePortHalf;
  p.messages = 20;
  p.packet_items = 5;
  auto rows = cost_rows_for("hj-msbt-broadcast", p, LinearCost{10, 2}, false);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].at_B.steps == 2 * 4 + 4 - 1);
  CHECK(rows[0].at_B.synchronous == doctest::Approx(11 * 20.0));
  CHECK_THROWS_AS(cost_rows_for("sbt-broadcast", p, LinearCost{}, false), schedcert::InputError);
}

}  // namespace schedcert_test_hojohnsson1986_cost_test
