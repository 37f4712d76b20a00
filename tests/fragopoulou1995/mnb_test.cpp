// Fragopoulou-Akl 1995, §4.2: multinode broadcasting over BSG with message splitting, certified
// by the symmetric check (Lemma 1) and cross-checked against the explicit native verifier.
#include "schedules/constructions/fragopoulou1995/mnb.hpp"

#include <doctest/doctest.h>

#include "expected.hpp"
#include "schedules/constructions/fragopoulou1995/claims.hpp"
#include "schedules/error.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert_test_fragopoulou1995_mnb_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

TEST_CASE("fa1995 mnb: valid for n <= 4, odd k <= 9 / steps and transmissions against §4.1") {
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 9; k += 2) {
      const Bsg g{Torus(n, k)};
      for (std::uint32_t M : {1u, 2u, static_cast<std::uint32_t>(2 * n)}) {
        CAPTURE(n);
        CAPTURE(k);
        CAPTURE(M);
        const auto paper = verifier::verify_translated(mnb_root_broadcast(g, M, MnbVariant::Paper));
        const auto balanced =
            verifier::verify_translated(mnb_root_broadcast(g, M, MnbVariant::Balanced));
        REQUIRE(paper.valid);
        REQUIRE(balanced.valid);
        CHECK(paper.metrics.transmissions == mnb_claimed_transmissions(n, k, M));
        CHECK(balanced.metrics.transmissions == mnb_claimed_transmissions(n, k, M));
        // The repaired variant meets ceil(M(k^n - 1)/2n) everywhere.
        CHECK(balanced.metrics.steps == mnb_claimed_steps(n, k, M));
        // The paper's DFS: exactly the claim when 2n/P divides M, else one block per necklace.
        CHECK(paper.metrics.steps == fa_expected::mnb_paper_steps(g.torus(), M));
        if (fa_expected::splits_evenly(g.torus(), M))
          CHECK(paper.metrics.steps == mnb_claimed_steps(n, k, M));
      }
    }
}

TEST_CASE("fa1995 mnb: the paper's splitting misses ceil(M(k^n-1)/2n) on MT_{3,k}, k >= 5, M = 1") {
  // Finding: necklaces (a, k-a, a) have P = 2 and 2n/P = 3 does not divide M = 1; each of the
  // (k-1)/2 such necklaces costs a whole step in the DFS, the bound only ceil((k-1)/6).
  struct Row {
    int k;
    std::uint64_t claim, measured;
  };
  for (Row r : {Row{3, 5, 5}, Row{5, 21, 22}, Row{7, 57, 59}, Row{9, 122, 124}}) {
    CAPTURE(r.k);
    const Bsg g{Torus(3, r.k)};
    CHECK(mnb_claimed_steps(3, r.k, 1) == r.claim);
    CHECK(verifier::verify_translated(mnb_root_broadcast(g, 1, MnbVariant::Paper)).metrics.steps ==
          r.measured);
    CHECK(
        verifier::verify_translated(mnb_root_broadcast(g, 1, MnbVariant::Balanced)).metrics.steps ==
        r.claim);
  }
}

TEST_CASE("fa1995 mnb: symmetric check agrees with the explicit native verifier") {
  struct Case {
    int n, k;
    std::uint32_t M;
  };
  for (Case c : {Case{1, 5, 1}, Case{2, 3, 1}, Case{2, 5, 3}, Case{2, 7, 1}, Case{3, 3, 1},
                 Case{3, 3, 2}, Case{3, 5, 1}, Case{4, 3, 1}}) {
    CAPTURE(c.n);
    CAPTURE(c.k);
    CAPTURE(c.M);
    const Bsg g{Torus(c.n, c.k)};
    for (MnbVariant v : {MnbVariant::Paper, MnbVariant::Balanced}) {
      const Schedule root = mnb_root_broadcast(g, c.M, v);
      const auto sym = verifier::verify_translated(root);
      const auto nat = verifier::verify_native(transforms::translate_to_all_roots(root));
      CHECK(sym.valid);
      CHECK(nat.valid);
      CHECK(sym.metrics.steps == nat.metrics.steps);
      CHECK(sym.metrics.transmissions == nat.metrics.transmissions);
      CHECK(sym.metrics.max_link_load == nat.metrics.max_link_load);
    }
  }
}

TEST_CASE("fa1995 mnb: delaying one subtree breaks Lemma 1 and both engines locate the collision") {
  // T_1 runs one block late: its edges meet T_j's next edges of the same dimension.
  const Bsg g{Torus(2, 5)};
  const Torus& t = g.torus();
  Problem p;
  p.kind = ProblemKind::Broadcast;
  Schedule root(t.network(), Model::AllPort, p);
  const auto& order = g.preorder();
  for (std::size_t b = 0; b <= order.size(); ++b) {
    root.begin_step();
    for (int i = 0; i < 4; ++i) {
      if (i == 1 && b == 0) continue;
      const std::size_t block = i == 1 ? b - 1 : b;
      if (block >= order.size()) continue;
      root.add(t.rotate(g.parent0(order[block]), i), t.rotate(order[block], i), 0);
    }
  }
  const auto sym = verifier::verify_translated(root);
  const auto nat = verifier::verify_native(transforms::translate_to_all_roots(root));
  REQUIRE_FALSE(sym.valid);
  REQUIRE_FALSE(nat.valid);
  CHECK(sym.violation->rule == verifier::Rule::LinkCapacity);
  CHECK(nat.violation->rule == sym.violation->rule);
  CHECK(nat.violation->step == sym.violation->step);
  CHECK(nat.violation->transmission == sym.violation->transmission);
}

TEST_CASE("fa1995 mnb: variants and messages are checked") {
  CHECK(parse_mnb_variant("") == MnbVariant::Paper);
  CHECK(parse_mnb_variant("balanced") == MnbVariant::Balanced);
  CHECK_THROWS_WITH_AS(parse_mnb_variant("fast"),
                       "--variant: 'fast' is not a multinode broadcast variant (paper, balanced)",
                       InputError);
  CHECK_THROWS_WITH_AS(mnb_root_broadcast(Bsg{Torus(2, 3)}, 0, MnbVariant::Paper),
                       "--messages: M must be at least 1", InputError);
}

}  // namespace schedcert_test_fragopoulou1995_mnb_test
