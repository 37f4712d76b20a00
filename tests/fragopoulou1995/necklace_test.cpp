// Fragopoulou-Akl 1995, §2, Definitions 3-6: necklaces, periods, unfolded necklaces, leaders.
// The MT_{3,3} listings of the paper are reproduced character for character (leaders, which the
// paper underlines, are written _x_).
#include "schedules/constructions/fragopoulou1995/necklace.hpp"

#include <doctest/doctest.h>

#include <set>

namespace schedcert_test_fragopoulou1995_necklace_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

TEST_CASE("fa1995 necklaces: the paper's listing for MT_{3,3}") {
  const Torus t(3, 3);
  CHECK(necklace_listing(t, false) ==
        "d = 0 : ( _000_ )\n"
        "d = 1 : ( _200_, 020, 002, 100, 010, 001 )\n"
        "d = 2 : ( _220_, 022, 102, 110, 011, 201 )\n"
        "        ( _210_, 021, 202, 120, 012, 101 )\n"
        "d = 3 : ( _222_, 122, 112, 111, 211, 221 )\n"
        "        ( _212_, 121 )\n");
}

TEST_CASE("fa1995 necklaces: the paper's unfolded listing for MT_{3,3}") {
  const Torus t(3, 3);
  CHECK(necklace_listing(t, true) ==
        "d = 0 : ( _000_, 000, 000, 000, 000, 000 )\n"
        "d = 1 : ( _200_, 020, 002, 100, 010, 001 )\n"
        "d = 2 : ( _220_, 022, 102, 110, 011, 201 )\n"
        "        ( _210_, 021, 202, 120, 012, 101 )\n"
        "d = 3 : ( _222_, 122, 112, 111, 211, 221 )\n"
        "        ( _212_, 121, 212, 121, 212, 121 )\n");
}

TEST_CASE("fa1995 necklaces: the digit order 0 < 1 < k-1 < 2 < k-2 < ...") {
  // k = 7: 0 < 1 < 6 < 2 < 5 < 3 < 4.
  const std::uint32_t order[] = {0, 1, 6, 2, 5, 3, 4};
  for (int i = 0; i < 7; ++i) CHECK(digit_rank(7, order[i]) == static_cast<std::uint32_t>(i));
  CHECK(digit_rank(3, 2) > digit_rank(3, 1));  // leader 210, not 120 (MT_{3,3} listing)
  const Torus t(3, 3);
  CHECK(binary_correspondent(t, t.parse_label("201")) == 0b101);
  CHECK(leader_of(t, t.parse_label("120")) == t.parse_label("210"));
  CHECK(leader_of(t, t.parse_label("001")) == t.parse_label("200"));
  CHECK(period(t, t.parse_label("121")) == 2);
  CHECK(period(t, 0) == 1);
}

TEST_CASE("fa1995 necklaces: properties 1-3 for n <= 4, odd k <= 9") {
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 9; k += 2) {
      CAPTURE(n);
      CAPTURE(k);
      const Torus t(n, k);
      std::set<Node> seen;
      bool ok = true;
      std::uint32_t last_d = 0;
      for (const Necklace& nk : all_necklaces(t)) {
        ok = ok && nk.period() <= 2 * n && (2 * n) % nk.period() == 0;  // properties 1, 2
        for (Node v : nk.nodes) {
          ok = ok && t.distance(v) == nk.distance && seen.insert(v).second;  // property 3, disjoint
          ok = ok && !leader_order_less(t, nk.leader(), v);  // the leader is largest
        }
        ok = ok && nk.distance >= last_d;
        last_d = nk.distance;
        const auto u = unfolded(t, nk);
        ok = ok && u.size() == static_cast<std::size_t>(2 * n);
        for (std::size_t i = 0; i < u.size(); ++i)
          ok = ok && u[i] == t.rotate(nk.leader(), static_cast<int>(i));
      }
      CHECK(ok);
      CHECK(seen.size() == t.size());  // the necklaces partition the nodes
    }
}

}  // namespace schedcert_test_fragopoulou1995_necklace_test
