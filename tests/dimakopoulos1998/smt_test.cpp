// Dimakopoulos & Dimopoulos 1998: the smallest A1 and A2 schedules re-checked by the Z3
// verifier (encodings/smt/verifier.hpp), which shares nothing with the native one; and the
// optimality of the single-port path schedules confirmed by Z3 synthesis (T - 1 steps: unsat),
// independently of the separator bound of verifier/bounds.cpp.
#include <doctest/doctest.h>

#include "encodings/smt/verifier.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"
#include "schedules/constructions/dimakopoulos1998/algorithm_a2.hpp"
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "tests/dimakopoulos1998/dd_test_util.hpp"

namespace schedcert_test_dimakopoulos1998_smt_test {

using namespace dd_test;
namespace dd = schedcert::schedules::constructions::dimakopoulos1998;

namespace {

void both_engines_accept(const Schedule& s) {
  auto nv = verifier::verify_native(s);
  auto zv = encodings::smt::verify_smt(s);
  CHECK_MESSAGE(nv.valid, why(nv));
  CHECK_MESSAGE(zv.valid, why(zv));
  CHECK(zv.metrics.steps == nv.metrics.steps);
  CHECK(zv.metrics.transmissions == nv.metrics.transmissions);
}

}  // namespace

TEST_CASE("dimakopoulos1998 Z3: A1 (single-port) on Q2, K2xC3, P3xK2, Q3, C3xC4") {
  for (const char* spec : {"Q2", "K2xC3", "P3xK2", "Q3", "C3xC4"}) {
    CAPTURE(spec);
    both_engines_accept(dd::algorithm_a1(Network::parse(spec), Model::SinglePortFull));
  }
}

TEST_CASE("dimakopoulos1998 Z3: A2 (all-port) on K2xK2, K3xK3, C3xP3, C4xC4, P3xP3") {
  for (const char* spec : {"K2xK2", "K3xK3", "C3xP3", "C4xC4", "P3xP3"}) {
    CAPTURE(spec);
    both_engines_accept(dd::algorithm_a2(Network::parse(spec)));
  }
}

TEST_CASE("dimakopoulos1998 Z3: a broken A1 schedule is rejected by both engines") {
  // Drop the last transmission of A1 on Q2: some node lacks a message at the end.
  Schedule full = dd::algorithm_a1(Network::parse("Q2"), Model::SinglePortFull);
  Schedule cut(full.network(), full.model(), full.problem());
  for (std::size_t st = 0; st < full.num_steps(); ++st) {
    cut.begin_step();
    for (std::size_t t = full.step_begin(st); t < full.step_end(st); ++t)
      if (t + 1 < full.num_transmissions()) cut.add(full.from(t), full.to(t), full.packet(t)[0]);
  }
  auto nv = verifier::verify_native(cut);
  auto zv = encodings::smt::verify_smt(cut);
  CHECK_FALSE(nv.valid);
  CHECK_FALSE(zv.valid);
  REQUIRE(nv.violation);
  REQUIRE(zv.violation);
  CHECK(nv.violation->rule == verifier::Rule::Completion);
  CHECK(zv.violation->rule == nv.violation->rule);
  CHECK(zv.violation->item == nv.violation->item);
}

TEST_CASE("dimakopoulos1998 Z3: single-port paths P3, P4 cannot beat the per-dimension schedule") {
  for (std::uint32_t n : {3u, 4u}) {
    CAPTURE(n);
    Network net = Network::parse("P" + std::to_string(n));
    const auto t =
        static_cast<unsigned>(dd::factor_te_steps(net.factors()[0], Model::SinglePortFull));
    encodings::synth::SynthesisOptions o;
    o.timeout_ms = 60000;
    o.counting_bounds = false;  // make the solver prove it, not the counting arguments
    auto below = encodings::synth::synthesize(net, Model::SinglePortFull, te(), t - 1, o);
    CHECK(below.status == encodings::synth::SynthesisStatus::Impossible);
    CHECK(below.certificate.rfind("UNSAT", 0) == 0);
    // And AS(P_n) (eq. (3)) is below that: the bound (3) is not attainable on paths.
    CHECK(as_bound(net) < t);
  }
}

}  // namespace schedcert_test_dimakopoulos1998_smt_test
