// Dimakopoulos & Dimopoulos 1998 §4: Algorithm A1 on hypercubes, tori, meshes and generalized
// hypercubes; Theorem 2, Corollary 3 and Theorem 3 (with Corollary 2) as test oracles.
#include <doctest/doctest.h>

#include <chrono>

#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "tests/dimakopoulos1998/dd_test_util.hpp"

namespace schedcert_test_dimakopoulos1998_a1_test {

using namespace dd_test;
namespace dd = schedcert::schedules::constructions::dimakopoulos1998;

namespace {

// Generates A1, verifies it, checks Corollary 3 against the measured per-dimension times, and
// returns the measured steps.
std::uint64_t check_a1(const std::string& spec, Model m = Model::SinglePortFull) {
  CAPTURE(spec);
  CAPTURE(to_string(m));
  Network net = Network::parse(spec);
  auto s = dd::algorithm_a1(net, m);
  auto v = verifier::verify_native(s);
  CHECK_MESSAGE(v.valid, why(v));
  // Corollary 3 with T_i measured on the verified per-dimension schedules.
  std::uint64_t cor3 = 0;
  for (const Factor& f : net.factors()) {
    Network one({f});
    auto fv = verifier::verify_native(dd::pattern_schedule(dd::factor_te(f, m), one, m, 1));
    REQUIRE(fv.valid);
    cor3 += net.size() / f.size * fv.metrics.steps;
  }
  CHECK(v.metrics.steps == cor3);
  CHECK(v.metrics.steps == dd::corollary3_steps(net, m));
  CHECK(v.metrics.transmissions == static_cast<std::uint64_t>(schedules::total_status(net)));
  return v.metrics.steps;
}

bool all_dims_attain_as(const Network& net) {
  for (const Factor& f : net.factors())
    if (dd::factor_te_steps(f, Model::SinglePortFull) != as_bound(Network({f}))) return false;
  return true;
}

}  // namespace

TEST_CASE("dimakopoulos1998 A1: hypercubes Q_d, d = 1..10, take AS(Q_d) = d 2^(d-1) (Theorem 3)") {
  for (int d = 1; d <= 10; ++d) {
    CAPTURE(d);
    Network q = Network::hypercube(d);
    const std::uint64_t t = check_a1(q.name());
    CHECK(t == static_cast<std::uint64_t>(d) << (d - 1));
    CHECK(schedules::average_status(q) == doctest::Approx(static_cast<double>(t)));
    CHECK(t == lower_bound(q, Model::SinglePortFull));
  }
}

TEST_CASE(
    "dimakopoulos1998 A1: tori and generalized hypercubes meet AS(G) (Theorems 2-3, Corollary 2)") {
  for (const char* spec :
       {"C3xC4", "C5xC3", "C4xC6", "C7xC5", "C6xC6", "C3xC4xC5", "C5xC3xC4", "C4xC4xC4", "C3^4",
        "K3xK4", "K3xK3xK5", "K4xK2xK3", "C5xK3xK2", "K2xC4xC3"}) {
    Network net = Network::parse(spec);
    REQUIRE(all_dims_attain_as(net));
    const std::uint64_t t = check_a1(spec);
    CHECK(t == as_bound(net));
    CHECK(schedules::average_status(net) == doctest::Approx(static_cast<double>(t)));
    CHECK(schedules::average_status_corollary2(net) == doctest::Approx(static_cast<double>(t)));
    CHECK(t == lower_bound(net, Model::SinglePortFull));
  }
}

TEST_CASE("dimakopoulos1998 A1: meshes and mixed products follow Corollary 3 but stay above AS") {
  for (const char* spec : {"P3xP3", "P3xP4", "P5xP4", "P3xP3xP3", "C5xP4xK3", "P4xC4"}) {
    Network net = Network::parse(spec);
    CHECK_FALSE(all_dims_attain_as(net));
    const std::uint64_t t = check_a1(spec);
    CHECK(t > as_bound(net));
    CHECK(t >= lower_bound(net, Model::SinglePortFull));
  }
}

TEST_CASE("dimakopoulos1998 A1: Theorem 2 on two dimensions, n1 T_B + n2 T_A") {
  for (const char* spec : {"C5xP4", "P4xC5", "K3xC6", "P3xK4"}) {
    CAPTURE(spec);
    Network net = Network::parse(spec);
    const Factor& a = net.factors()[0];
    const Factor& b = net.factors()[1];
    const std::uint64_t t = check_a1(spec);
    CHECK(t == dd::theorem2_steps(a.size, dd::factor_te_steps(a, Model::SinglePortFull), b.size,
                                  dd::factor_te_steps(b, Model::SinglePortFull)));
  }
}

TEST_CASE("dimakopoulos1998 A1: all-port extension and M > 1") {
  for (const char* spec : {"Q3", "C5xP4", "K3xC4xP3"}) {
    const std::uint64_t t = check_a1(spec, Model::AllPort);
    CHECK(t == dd::corollary3_steps(Network::parse(spec), Model::AllPort));
  }
  Network net = Network::parse("C3xP3");
  auto s = dd::algorithm_a1(net, Model::SinglePortFull, 3);
  auto v = verifier::verify_native(s);
  CHECK_MESSAGE(v.valid, why(v));
  CHECK(v.metrics.steps == 3 * dd::corollary3_steps(net, Model::SinglePortFull));
  CHECK(dd::corollary3_formula(Network::parse("C5xC5"), Model::SinglePortFull) ==
        "n sum T_i/|V_i| = 25 (6/5 + 6/5) = 60");
}

}  // namespace schedcert_test_dimakopoulos1998_a1_test
