// Desprez, Fraigniaud & Tourancheau 1993, Proposition 1: successive broadcasts from all 2^d
// nodes of Q_d in BRGC order take 2p + log2 p - 2 steps under shout-whisper, with in-order
// reception (Lemma 1) and no conflicts (Lemma 3). Checked with verify_native for d = 1..10.
#include <doctest/doctest.h>

#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_desprez1993_successive_broadcast_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace dz = schedcert::schedules::constructions::desprez1993;

TEST_CASE("desprez1993: BRGC and rotation") {
  CHECK(dz::brgc(3) == std::vector<Node>{0b000, 0b001, 0b011, 0b010, 0b110, 0b111, 0b101, 0b100});
  CHECK(dz::rotate_left(0b100, 1, 3) == 0b001);
  CHECK(dz::rotate_left(0b011, 2, 3) == 0b101);
}

TEST_CASE("desprez1993: Proposition 1 holds for d = 1..10 (Lemmas 1 and 3 by verify_native)") {
  const Construction& c = Registry::instance().find("desprez-successive-broadcasts");
  for (int d = 1; d <= 10; ++d) {
    CAPTURE(d);
    Params p;
    p.dim = d;
    p.model = Model::ShoutWhisper;
    const Schedule s = generate(c, p);
    CHECK(s.model() == Model::ShoutWhisper);
    CHECK(s.problem().kind == ProblemKind::SuccessiveBroadcast);
    const auto v = verifier::verify_native(s);
    CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
    const std::uint64_t pp = std::uint64_t{1} << d;
    CHECK(v.metrics.steps == 2 * pp + static_cast<std::uint64_t>(d) - 2);  // the paper's number
    CHECK(c.claimed_steps(p) == v.metrics.steps);
    CHECK(c.claimed_transmissions(p) == v.metrics.transmissions);
  }
}

TEST_CASE("desprez1993: the rejected layouts conflict (Figs. 2 and 4)") {
  const Construction& c = Registry::instance().find("desprez-successive-broadcasts");
  for (int d = 2; d <= 6; ++d) {
    CAPTURE(d);
    Params p;
    p.dim = d;
    p.model = Model::ShoutWhisper;
    p.variant = "every-step";
    const auto v = verifier::verify_native(generate(c, p));
    CHECK_FALSE(v.valid);
    CHECK_FALSE(c.claimed_steps(p).has_value());
  }
  // Without the rotation x^(j+1) is not a leaf of x^(j)'s tree whenever nu != 0: it must relay
  // item j while starting item j+1 (Lemma 3 case 2 fails). On Q2 it happens to be valid.
  for (int d = 3; d <= 6; ++d) {
    CAPTURE(d);
    Params p;
    p.dim = d;
    p.model = Model::ShoutWhisper;
    p.variant = "unrotated";
    const auto v = verifier::verify_native(generate(c, p));
    CHECK_FALSE(v.valid);
  }
}

TEST_CASE("desprez1993: bad parameters are reported") {
  const Construction& c = Registry::instance().find("desprez-successive-broadcasts");
  Params p;
  p.dim = 3;
  p.model = Model::ShoutWhisper;
  p.variant = "fast";
  CHECK_THROWS_AS(generate(c, p), InputError);
  p.variant = "";
  p.model = Model::AllPort;
  CHECK_THROWS_AS(generate(c, p), InputError);
}

}  // namespace schedcert_test_desprez1993_successive_broadcast_test
