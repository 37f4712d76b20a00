// Fragopoulou-Akl 1995, §4.3 step 2: the digit rule that forwards a message down T_i. Read as
// "scan from digit (n-1-i) mod n towards less significant digits" it reproduces every BSG path;
// read literally ("the first digit to the left of") it leaves the tree (a text discrepancy).
#include "schedules/constructions/fragopoulou1995/routing.hpp"

#include <doctest/doctest.h>

#include "schedules/constructions/fragopoulou1995/bsg.hpp"

namespace schedcert_test_fragopoulou1995_routing_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

TEST_CASE("fa1995 routing: the digit rule follows the BSG paths, n <= 4, odd k <= 7") {
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 7; k += 2) {
      CAPTURE(n);
      CAPTURE(k);
      const Bsg g{Torus(n, k)};
      const Torus& t = g.torus();
      bool ok = true;
      for (Node v : g.preorder())
        for (int i = 0; i < 2 * n && ok; ++i) {
          const std::vector<Node> path = g.path(i, v);
          for (std::size_t h = 1; h < path.size(); ++h)
            ok = ok && paper_route(t, i, path[h - 1], path.back()) == path[h];
        }
      CHECK(ok);
    }
}

TEST_CASE("fa1995 routing: the literal reading leaves T_0 on MT_{3,3}") {
  const Bsg g{Torus(3, 3)};
  const Torus& t = g.torus();
  const Node dst = t.parse_label("212");
  CHECK(paper_route(t, 0, 0, dst) == t.parse_label("200"));
  CHECK(literal_route(t, 0, 0, dst) == t.parse_label("002"));
  CHECK_FALSE(g.is_leader(t.parse_label("002")));  // 002 is in T_2, not T_0
}

}  // namespace schedcert_test_fragopoulou1995_routing_test
