// Fragopoulou-Akl 1995, §3: the spanning graph BSG_{0^n} (Definition 7) and its properties,
// checked for n <= 4 and odd k <= 9, and the MT_{3,3} instance of Fig. 2.
#include "schedules/constructions/fragopoulou1995/bsg.hpp"

#include <doctest/doctest.h>

#include "schedules/constructions/fragopoulou1995/bsg_checks.hpp"

namespace schedcert_test_fragopoulou1995_bsg_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

TEST_CASE("fa1995 BSG: T_0 on MT_{3,3} (Fig. 2)") {
  const Bsg g{Torus(3, 3)};
  const Torus& t = g.torus();
  auto L = [&](const char* s) { return t.parse_label(s); };
  CHECK(g.orphans().empty());
  CHECK(g.children0(0) == std::vector<Node>{L("200")});
  CHECK(g.parent0(L("220")) == L("200"));
  CHECK(g.parent0(L("210")) == L("200"));
  CHECK(g.parent0(L("222")) == L("220"));
  CHECK(g.parent0(L("212")) == L("210"));
  CHECK(g.preorder().size() == 5);
  CHECK(g.table().front() == L("222"));  // farthest first, larger leader first
  CHECK(g.table().back() == L("200"));
  // T_2 reaches the non-full node 212 through 002 -> 202 -> 212, T_4 through 010 -> 012 -> 212.
  CHECK(g.path(2, L("212")) == std::vector<Node>{0, L("002"), L("202"), L("212")});
  CHECK(g.path(4, L("212")) == std::vector<Node>{0, L("010"), L("012"), L("212")});
  CHECK(g.parent(2, L("212")) == L("202"));
  CHECK(g.parent(1, L("212")) == kNoNode);  // not in T_1: Ro^-1(212) = 121 is not a leader
}

TEST_CASE("fa1995 BSG: the paper's properties hold for n <= 4, odd k <= 9") {
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 9; k += 2) {
      CAPTURE(n);
      CAPTURE(k);
      const Bsg g{Torus(n, k)};
      for (const PropertyResult& r : check_bsg(g)) {
        CAPTURE(r.property);
        CHECK_MESSAGE(r.holds, r.detail);
      }
      // Only MT_{3,k} has non-full necklaces (period 2: (a, k-a, a)) among n <= 4.
      std::size_t nonfull = 0;
      for (Node v = 1; v < g.torus().size(); ++v) nonfull += g.period(v) < 2 * n ? 1 : 0;
      CHECK(nonfull == (n == 3 ? static_cast<std::size_t>(k - 1) : 0));
    }
}

TEST_CASE("fa1995 BSG: property summaries on MT_{3,3}") {
  const Bsg g{Torus(3, 3)};
  for (const PropertyResult& r : check_bsg(g)) {
    CAPTURE(r.property);
    CHECK(r.holds);
    if (r.property == "non-full") CHECK(r.detail == "2 nodes of non-full necklaces");
    if (r.property == "equal-sizes") CHECK(r.detail == "6 subtrees of 6 nodes");
    if (r.property == "t0-tree") CHECK(r.detail == "6 leaders");
  }
}

}  // namespace schedcert_test_fragopoulou1995_bsg_test
