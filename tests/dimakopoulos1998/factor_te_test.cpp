// Dimakopoulos & Dimopoulos 1998, refs [7], [8]: the per-dimension total exchanges (K2, K_n,
// C_n, P_n, both port models), verified natively and set against the lower bounds.
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"

#include <doctest/doctest.h>

#include "tests/dimakopoulos1998/dd_test_util.hpp"

namespace schedcert_test_dimakopoulos1998_factor_te_test {

using namespace dd_test;
namespace dd = schedcert::schedules::constructions::dimakopoulos1998;

namespace {

struct Case {
  std::string spec;
  Model model;
};

// Verifies the factor's schedule and returns its steps; checks shortest paths and the formula.
std::uint64_t check_factor(const std::string& spec, Model m) {
  CAPTURE(spec);
  CAPTURE(to_string(m));
  Network net = Network::parse(spec);
  REQUIRE(net.dims() == 1);
  auto pat = dd::factor_te(net.factors()[0], m);
  auto s = dd::pattern_schedule(pat, net, m, 1);
  auto v = verifier::verify_native(s);
  CHECK_MESSAGE(v.valid, why(v));
  CHECK(v.metrics.steps == dd::factor_te_steps(net.factors()[0], m));
  // Every message on a shortest path: transmissions = sum of all distances.
  CHECK(v.metrics.transmissions == static_cast<std::uint64_t>(schedules::total_status(net)));
  return v.metrics.steps;
}

}  // namespace

TEST_CASE("dimakopoulos1998 per-dimension: K2 and K_n attain AS (single-port) and 1 (all-port)") {
  for (std::uint32_t n = 2; n <= 16; ++n) {
    const std::string spec = "K" + std::to_string(n);
    Network net = Network::parse(spec);
    CHECK(check_factor(spec, Model::SinglePortFull) == n - 1);
    CHECK(n - 1 == as_bound(net));
    CHECK(check_factor(spec, Model::SinglePortFull) == lower_bound(net, Model::SinglePortFull));
    CHECK(check_factor(spec, Model::AllPort) == 1);
    CHECK(lower_bound(net, Model::AllPort) == 1);
  }
}

TEST_CASE(
    "dimakopoulos1998 per-dimension: rings attain AS(C_n) (single-port) and the link bound "
    "(all-port)") {
  for (std::uint32_t n = 3; n <= 48; ++n) {
    CAPTURE(n);
    const std::string spec = "C" + std::to_string(n);
    Network net = Network::parse(spec);
    const std::uint64_t sp = check_factor(spec, Model::SinglePortFull);
    CHECK(sp == n * n / 4);
    CHECK(sp == as_bound(net));
    CHECK(schedules::average_status(net) == doctest::Approx(static_cast<double>(sp)));
    CHECK(sp == lower_bound(net, Model::SinglePortFull));
    const std::uint64_t ap = check_factor(spec, Model::AllPort);
    CHECK(ap == lower_bound(net, Model::AllPort));
    // Bisection (4): floor(n/2) ceil(n/2) messages each way over 2 links.
    const std::uint64_t cut = (n / 2) * ((n + 1) / 2);
    CHECK(ap == (cut + 1) / 2);
  }
}

TEST_CASE(
    "dimakopoulos1998 per-dimension: paths attain the cut bound (all-port) and the middle-node "
    "bound (single-port)") {
  for (std::uint32_t n = 3; n <= 48; ++n) {
    CAPTURE(n);
    const std::string spec = "P" + std::to_string(n);
    Network net = Network::parse(spec);
    const std::uint64_t ap = check_factor(spec, Model::AllPort);
    CHECK(ap == n * n / 4);  // (4): floor(n^2/4) messages cross the middle edge each way
    CHECK(ap == lower_bound(net, Model::AllPort));
    const std::uint64_t sp = check_factor(spec, Model::SinglePortFull);
    const std::uint64_t c = (n - 1) / 2;
    CHECK(sp == (n - 1) + 2 * c * (n - 1 - c));  // the middle node's receptions
    CHECK(sp == lower_bound(net, Model::SinglePortFull));
    CHECK(sp > as_bound(net));  // eq. (3) is not tight on paths
  }
}

TEST_CASE("dimakopoulos1998 per-dimension: only the two port models are built") {
  CHECK_THROWS_AS(dd::factor_te(Network::parse("C5").factors()[0], Model::SinglePortHalf),
                  schedcert::InputError);
  CHECK_THROWS_AS(dd::factor_te_steps(Network::parse("C5").factors()[0], Model::ShoutWhisper),
                  schedcert::InputError);
}

}  // namespace schedcert_test_dimakopoulos1998_factor_te_test
