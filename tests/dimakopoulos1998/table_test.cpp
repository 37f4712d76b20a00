// Dimakopoulos & Dimopoulos 1998: the paper table (what `certify --paper dimakopoulos1998`
// prints). Every row must be valid and meet the paper's formula; the optimal rows are exactly
// at least those the paper's theorems predict (Theorem 3: every dimension attains AS; Theorem 5:
// T_H attains the cut bound (4)), and the per-dimension rows all attain the library bound.
#include "papers/dimakopoulos1998/table.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "tests/dimakopoulos1998/dd_test_util.hpp"

namespace schedcert_test_dimakopoulos1998_table_test {

using namespace dd_test;
namespace dd = schedcert::schedules::constructions::dimakopoulos1998;

namespace {

// The theorems' optimality conditions, evaluated on the per-dimension times.
bool predicted_optimal(const dd::TableRow& r) {
  Network net = Network::parse(r.entry.network);
  if (r.algorithm == "per-dimension") return true;
  for (const Factor& f : net.factors()) {
    Network one({f});
    const double t = static_cast<double>(dd::factor_te_steps(f, r.entry.model));
    if (std::abs(t - dd::paper_bound(one, r.entry.model)) > 1e-9) return false;
  }
  if (r.algorithm == "A1") return true;  // Theorem 3
  // Theorem 5 needs a homogeneous H^(2^k).
  for (const Factor& f : net.factors())
    if (f.kind != net.factors()[0].kind || f.size != net.factors()[0].size) return false;
  return true;
}

}  // namespace

TEST_CASE(
    "dimakopoulos1998 table: every default row is valid, meets its formula, and is optimal where "
    "the theorems say") {
  dd::TableOptions o;
  auto rows = dd::paper_table(dd::default_table_entries(), o);
  REQUIRE(rows.size() == dd::default_table_entries().size());
  for (const auto& r : rows) {
    CAPTURE(r.entry.network);
    CAPTURE(r.entry.construction);
    CAPTURE(r.verdict);
    CHECK(r.report.outcome == certify::Outcome::Valid);
    CHECK(r.report.metrics.steps == r.formula_steps);
    CHECK(static_cast<double>(r.report.metrics.steps) + 1e-9 >= r.paper_bound_value);
    if (predicted_optimal(r)) CHECK(r.optimal);
    // The rows the theorems do not cover and that are above the bound (meshes under A1: AS(P_n)
    // is not attainable; C6 x C6 under A2: T_C6 = 5 > 4.5). §6's A x B rows happen to be optimal.
    const bool expect_gap = r.entry.network == "P4xP5" || r.entry.network == "P3^3" ||
                            r.entry.network == "C5xP4xK3" || r.entry.network == "C6^2";
    CHECK(r.optimal == !expect_gap);
    if (r.entry.model == Model::SinglePortFull && r.algorithm == "A1" && r.optimal)
      CHECK(static_cast<double>(r.report.metrics.steps) == doctest::Approx(r.paper_bound_value));
    if (Network::parse(r.entry.network).size() <= o.smt_max_nodes) CHECK(r.report.runs.size() == 2);
  }
  std::ostringstream out;
  dd::print_table(rows, out);
  CHECK(out.str().find(std::to_string(rows.size()) + " rows: " + std::to_string(rows.size()) +
                       " valid") != std::string::npos);
  INFO(out.str());
  CHECK(out.str().find("Cor. 3: n sum T_i/|V_i| = 8 (1/2 + 1/2 + 1/2) = 12") != std::string::npos);
}

TEST_CASE("dimakopoulos1998 table: bad entries are InputErrors") {
  CHECK_THROWS_AS(dd::table_row({"sbt-broadcast", "Q3", Model::AllPort}), schedcert::InputError);
  CHECK_THROWS_AS(dd::table_row({"dimakopoulos-a1", "Z3", Model::AllPort}), schedcert::InputError);
  CHECK_THROWS_AS(dd::table_row({"dimakopoulos-dim-te", "C5xC5", Model::AllPort}),
                  schedcert::InputError);
  CHECK_THROWS_AS(dd::table_row({"dimakopoulos-a2", "C5", Model::SinglePortFull}),
                  schedcert::InputError);
}

}  // namespace schedcert_test_dimakopoulos1998_table_test
