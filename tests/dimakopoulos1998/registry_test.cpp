// The registered Dimakopoulos-Dimopoulos constructions: parameters, claims (the paper's
// formulas) against the measured schedules, and one error per bad parameter.
#include "schedules/registry.hpp"

#include <doctest/doctest.h>

#include "certify/check.hpp"
#include "tests/dimakopoulos1998/dd_test_util.hpp"

namespace schedcert_test_dimakopoulos1998_registry_test {

using namespace dd_test;

namespace {

Params params(const std::string& net, Model m, std::uint32_t messages = 1) {
  Params p;
  p.network = net;
  p.model = m;
  p.messages = messages;
  return p;
}

void check_claim(const std::string& name, const Params& p) {
  CAPTURE(name);
  CAPTURE(p.network);
  CAPTURE(p.dim);
  CAPTURE(to_string(p.model));
  const Construction& c = Registry::instance().find(name);
  auto s = generate(c, p);
  CHECK(s.problem().kind == ProblemKind::TotalExchange);
  auto v = verifier::verify_native(s);
  CHECK_MESSAGE(v.valid, why(v));
  REQUIRE(c.claimed_steps);
  CHECK(c.claimed_steps(p) == v.metrics.steps);
  CHECK(s.provenance().construction == name);
}

}  // namespace

TEST_CASE("dimakopoulos1998 registry: three constructions, claims met") {
  int count = 0;
  for (const auto& c : Registry::instance().all()) count += c.paper == "dimakopoulos1998";
  CHECK(count == 3);
  for (Model m : {Model::SinglePortFull, Model::AllPort}) {
    for (const char* f : {"K2", "K6", "C7", "C8", "P7", "P8"})
      check_claim("dimakopoulos-dim-te", params(f, m));
    for (const char* g : {"C5xP4xK3", "C3xC4", "Q4"}) check_claim("dimakopoulos-a1", params(g, m));
    check_claim("dimakopoulos-a1", params("C3xP3", m, 2));
  }
  for (const char* g : {"C4^2", "P3^4", "C4xK4", "Q3"})
    check_claim("dimakopoulos-a2", params(g, Model::AllPort));
  check_claim("dimakopoulos-a2", params("K3^2", Model::AllPort, 3));
  // Without --network: Q_dim for A1 and A2, C_dim (K2 for dim <= 2) for one dimension.
  for (int d = 1; d <= 5; ++d) {
    Params p;
    p.dim = d;
    p.model = Model::SinglePortFull;
    check_claim("dimakopoulos-a1", p);
    check_claim("dimakopoulos-dim-te", p);
    p.model = Model::AllPort;
    check_claim("dimakopoulos-a2", p);
  }
  Params p;
  p.dim = 5;
  CHECK(generate(Registry::instance().find("dimakopoulos-dim-te"), p).network().name() == "C5");
  CHECK(generate(Registry::instance().find("dimakopoulos-a1"), p).network().name() == "Q5");
}

TEST_CASE("dimakopoulos1998 registry: certify compares the claim and the bounds") {
  certify::CheckOptions o;
  auto r = certify::certify_construction(Registry::instance().find("dimakopoulos-a1"),
                                         params("C4xC5", Model::SinglePortFull), o);
  CHECK(r.outcome == certify::Outcome::Valid);
  CHECK(r.claimed_steps == r.metrics.steps);
  CHECK(r.steps_meet_bound());
  CHECK(r.transmissions_meet_bound());
}

TEST_CASE("dimakopoulos1998 registry: bad parameters are InputErrors naming the field") {
  const auto& a1 = Registry::instance().find("dimakopoulos-a1");
  const auto& a2 = Registry::instance().find("dimakopoulos-a2");
  const auto& dim = Registry::instance().find("dimakopoulos-dim-te");
  auto msg = [](const Construction& c, const Params& p) {
    try {
      generate(c, p);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  Params p = params("C5", Model::SinglePortFull);
  p.packet_items = 2;
  CHECK(msg(a1, p).rfind("--packet-items:", 0) == 0);
  p = params("C5", Model::SinglePortFull, 0);
  CHECK(msg(a1, p) == "--messages: M must be at least 1");
  CHECK(
      msg(a1, params("Q12", Model::SinglePortFull)).rfind("--network: total exchange on Q12", 0) ==
      0);
  CHECK(msg(a1, params("C5xZ3", Model::SinglePortFull)).rfind("network 'C5xZ3'", 0) == 0);
  CHECK(msg(a1, params("C5", Model::SinglePortHalf)).rfind("--model:", 0) == 0);
  CHECK(msg(a2, params("C5", Model::SinglePortFull)).rfind("--model:", 0) == 0);
  CHECK(msg(dim, params("C5xC5", Model::AllPort)) ==
        "--network: dimakopoulos-dim-te takes one dimension, not C5xC5");
  p = params("C3^3", Model::AllPort);
  p.variant = "strict";
  CHECK(msg(a2, p).rfind("--network: A2 needs |A| = |B| at every level", 0) == 0);
  p.variant = "fancy";
  CHECK(msg(a2, p) ==
        "--variant: dimakopoulos-a2 takes 'hybrid' (default) or 'strict', not 'fancy'");
  p = Params{};
  p.model = Model::SinglePortFull;
  CHECK(msg(a1, p).rfind("--network: give a network", 0) == 0);
}

}  // namespace schedcert_test_dimakopoulos1998_registry_test
