// Fragopoulou-Akl 1995, §4.3: single-node scattering over BSG_s, verified natively; steps
// ceil(M(k^n - 1)/2n) and transmissions M n (k^2 - 1) k^(n-1) / 4 (§4.1) for n <= 4, odd k <= 9.
#include "schedules/constructions/fragopoulou1995/scatter.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "schedules/constructions/fragopoulou1995/claims.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_fragopoulou1995_scatter_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

TEST_CASE("fa1995 scatter: meets §4.1 for n <= 4, odd k <= 9, M = 1, 2, 2n") {
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 9; k += 2) {
      const Bsg g{Torus(n, k)};
      for (std::uint32_t M : {1u, 2u, static_cast<std::uint32_t>(2 * n)}) {
        CAPTURE(n);
        CAPTURE(k);
        CAPTURE(M);
        const auto v = verifier::verify_native(single_node_scatter(g, 0, M));
        CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : ""));
        CHECK(v.metrics.steps == scatter_claimed_steps(n, k, M));
        CHECK(v.metrics.transmissions == scatter_claimed_transmissions(n, k, M));
      }
    }
}

TEST_CASE("fa1995 scatter: any root, by translation") {
  const Bsg g{Torus(2, 5)};
  for (Node root : {Node{7}, Node{24}}) {
    const Schedule s = single_node_scatter(g, root, 2);
    CHECK(s.problem().root == root);
    const auto v = verifier::verify_native(s);
    CHECK(v.valid);
    CHECK(v.metrics.steps == scatter_claimed_steps(2, 5, 2));
  }
  CHECK_THROWS_WITH_AS(single_node_scatter(g, 25, 1), "--root: node 25 is not a node of C5^2",
                       InputError);
}

TEST_CASE("fa1995 scatter: a node of period P gets MP/2n messages through each of its 2n/P paths") {
  const Bsg g{Torus(3, 3)};
  const Torus& t = g.torus();
  const Node target = t.parse_label("212");
  auto arrivals = [&](std::uint32_t M) {
    const Schedule s = single_node_scatter(g, 0, M);
    std::map<Node, int> by_parent;
    for (std::size_t i = 0; i < s.num_transmissions(); ++i)
      if (s.to(i) == target) ++by_parent[s.from(i)];
    return by_parent;
  };
  // M = 3: one message from each parent 210 (T_0), 202 (T_2), 012 (T_4), as the paper splits.
  CHECK(arrivals(3) == std::map<Node, int>{{t.parse_label("012"), 1},
                                           {t.parse_label("202"), 1},
                                           {t.parse_label("210"), 1}});
  // M = 1 (2n/P = 3 does not divide it): the message takes one of the three paths, and the six
  // ports of the source stay within one message of each other.
  CHECK(arrivals(1).size() == 1);
  const Schedule s = single_node_scatter(g, 0, 1);
  std::map<Node, int> port;
  for (std::size_t i = 0; i < s.num_transmissions(); ++i)
    if (s.from(i) == 0) ++port[s.to(i)];
  CHECK(port.size() == 6);
  const auto [lo, hi] = std::minmax_element(port.begin(), port.end(),
                                            [](auto a, auto b) { return a.second < b.second; });
  CHECK(hi->second - lo->second <= 1);
}

TEST_CASE("fa1995 scatter: farthest table entries leave first") {
  const Bsg g{Torus(2, 7)};
  const Schedule s = single_node_scatter(g, 0, 1);
  // The first step's transmissions all carry items for nodes at the largest distance.
  for (std::size_t i = s.step_begin(0); i < s.step_end(0); ++i)
    CHECK(g.torus().distance(static_cast<Node>(s.packet(i)[0])) == g.torus().network().diameter());
}

}  // namespace schedcert_test_fragopoulou1995_scatter_test
