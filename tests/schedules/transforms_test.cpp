// Reversal and translation, checked by the verifiers (the transforms assume nothing).
#include <doctest/doctest.h>

#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/transforms/reverse.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert_test_schedules_transforms_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::verifier;

TEST_CASE("reverse: broadcast <-> accumulation, same length (Bertsekas §1, Fig. 2)") {
  for (int d = 1; d <= 8; ++d)
    for (Model m : {Model::AllPort, Model::SinglePortFull}) {
      Schedule b = constructions::sbt_broadcast(d, 5 % (1u << d), m);
      Schedule a = transforms::reverse(b);
      CHECK(a.problem().kind == ProblemKind::Accumulation);
      Verdict va = verify_native(a);
      CAPTURE(d);
      REQUIRE_MESSAGE(va.valid, (va.violation ? va.violation->message : ""));
      CHECK(va.metrics.steps == b.num_steps());
      CHECK(va.metrics.transmissions == b.num_transmissions());
      Schedule back = transforms::reverse(a);
      CHECK(back.problem().kind == ProblemKind::Broadcast);
      CHECK(verify_native(back).valid);
    }
}

TEST_CASE("reverse: multinode broadcast -> multinode accumulation") {
  for (int d = 1; d <= 6; ++d) {
    Schedule a = transforms::reverse(constructions::gray_ring_mnb(d, Model::SinglePortFull));
    Verdict v = verify_native(a);
    CAPTURE(d);
    REQUIRE_MESSAGE(v.valid, (v.violation ? v.violation->message : ""));
    CHECK(v.metrics.steps == (1u << d) - 1);
  }
}

TEST_CASE("translate: SBT all-port to every root collides (same dimension in a step)") {
  // Step 1 of the all-port SBT uses every dimension once, but step 2 uses dimension 0 twice
  // for d >= 3, so its translates collide: the symmetric check must say so, and agree with
  // the explicit verifier on the rule and the step.
  for (int d = 2; d <= 6; ++d) {
    Schedule root = constructions::sbt_broadcast(d, 0, Model::AllPort);
    Verdict sym = verify_translated(root);
    Verdict exp = verify_native(transforms::translate_to_all_roots(root));
    CAPTURE(d);
    CHECK(sym.valid == exp.valid);
    if (!exp.valid) {
      CHECK(sym.violation->rule == exp.violation->rule);
      CHECK(sym.violation->step == exp.violation->step);
      CHECK(sym.violation->transmission == exp.violation->transmission);
    }
    CHECK(sym.metrics.transmissions == exp.metrics.transmissions);
    CHECK(sym.metrics.max_link_load == exp.metrics.max_link_load);
  }
}

TEST_CASE("translate: single-port SBT translates to a valid multinode broadcast?") {
  // Each step of the single-port SBT has several transmissions, so every node would send more
  // than once per step: the symmetric check rejects it with a port violation, like the explicit.
  for (int d = 2; d <= 6; ++d) {
    Schedule root = constructions::sbt_broadcast(d, 0, Model::SinglePortFull);
    Verdict sym = verify_translated(root);
    Verdict exp = verify_native(transforms::translate_to_all_roots(root));
    CAPTURE(d);
    REQUIRE(sym.valid == exp.valid);
    if (!exp.valid) {
      CHECK(sym.violation->rule == exp.violation->rule);
      CHECK(sym.violation->step == exp.violation->step);
      CHECK(sym.violation->transmission == exp.violation->transmission);
    }
  }
}

TEST_CASE("translate: a one-edge-per-step chain translates validly on a ring") {
  Network c5 = Network::parse("C5");
  Problem bc;
  Schedule s(c5, Model::SinglePortFull, bc);
  // 0 -> 1 -> 2, then 0 -> 4 -> 3: one transmission per step.
  s.begin_step(); s.add(0, 1, Item{0});
  s.begin_step(); s.add(1, 2, Item{0});
  s.begin_step(); s.add(0, 4, Item{0});
  s.begin_step(); s.add(4, 3, Item{0});
  Verdict sym = verify_translated(s);
  Verdict exp = verify_native(transforms::translate_to_all_roots(s));
  CHECK(sym.valid);
  CHECK(exp.valid);
  CHECK(sym.metrics.max_link_load == exp.metrics.max_link_load);
  CHECK(sym.metrics.transmissions == 20);
}

}  // namespace schedcert_test_schedules_transforms_test
