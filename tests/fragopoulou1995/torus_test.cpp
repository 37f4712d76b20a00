// Fragopoulou-Akl 1995, §2: MT_{n,k} as C_k^n, translation Tr_s (Definition 1) and rotation Ro
// (Definition 2) are automorphisms, and Ro maps edge dimensions as property 1 states.
#include "schedules/constructions/fragopoulou1995/torus.hpp"

#include <doctest/doctest.h>

#include <set>

#include "schedules/error.hpp"

namespace schedcert_test_fragopoulou1995_torus_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::fragopoulou1995;

namespace {

// Every directed edge (u, v) of the torus.
template <class F>
void for_each_edge(const Torus& t, F&& f) {
  for (Node u = 0; u < t.size(); ++u)
    t.network().for_each_neighbour(u, [&](Node v, int) { f(u, v); });
}

}  // namespace

TEST_CASE("fa1995 torus: MT_{n,k} is the product of n rings C_k") {
  const Torus t(3, 5);
  CHECK(t.network().name() == "C5^3");
  CHECK(t.size() == 125);
  CHECK(t.network().degree(0) == 6);             // 2n neighbours
  CHECK(t.network().diameter() == 3 * (5 / 2));  // n floor(k/2)
  CHECK(t.label(t.parse_label("201")) == "201");
  CHECK(t.digit(t.parse_label("201"), 0) == 1);  // v_0 is the rightmost digit
  CHECK(t.digit(t.parse_label("201"), 2) == 2);
  CHECK(Torus(1, 7).network().name() == "C7");
}

TEST_CASE("fa1995 torus: bad parameters are named") {
  CHECK_THROWS_WITH_AS(Torus(2, 4),
                       "--radix: Fragopoulou-Akl consider odd k >= 3 only (§2), not k = 4",
                       schedcert::InputError);
  CHECK_THROWS_WITH_AS(Torus(0, 3), "--dim: the torus dimension n must be >= 1, not 0",
                       schedcert::InputError);
  CHECK_THROWS_AS(Torus(30, 3), schedcert::InputError);
  CHECK_THROWS_WITH_AS(Torus(3, 3).parse_label("2a1"),
                       "label '2a1': digit 2 ('a') is not a number below k = 3",
                       schedcert::InputError);
  CHECK_THROWS_WITH_AS(Torus(3, 3).parse_label("21"), "label '21': expected 3 digits of MT_{3,3}",
                       schedcert::InputError);
}

TEST_CASE("fa1995 torus: Ro is the right cyclic shift with the wrapped digit mapped by r") {
  const Torus t(3, 3);
  // The MT_{3,3} necklaces of §2 are successive rotations.
  CHECK(t.label(t.rotate(t.parse_label("200"))) == "020");
  CHECK(t.label(t.rotate(t.parse_label("002"))) == "100");
  CHECK(t.label(t.rotate(t.parse_label("210"))) == "021");
  CHECK(t.label(t.rotate(t.parse_label("212"))) == "121");
  CHECK(t.label(t.rotate(t.parse_label("121"))) == "212");
  CHECK(t.r(0) == 0);
  CHECK(t.r(1) == 2);
  for (int n = 1; n <= 4; ++n)
    for (int k = 3; k <= 7; k += 2) {
      const Torus u(n, k);
      for (Node v = 0; v < u.size(); ++v) {
        CHECK(u.rotate(v, 2 * n) == v);         // order divides 2n
        CHECK(u.rotate(u.rotate(v), -1) == v);  // rotate(-1) is the inverse
        Node neg = 0;                           // Ro^n negates every digit
        for (int i = n - 1; i >= 0; --i) neg = neg * static_cast<Node>(k) + u.r(u.digit(v, i));
        CHECK(u.rotate(v, n) == neg);
        CHECK(u.distance(u.rotate(v)) == u.distance(v));  // property 3
        CHECK(u.distance(v) == u.network().distance(0, v));
      }
    }
}

TEST_CASE(
    "fa1995 torus: translation and rotation preserve adjacency / Tr keeps, Ro maps dimensions") {
  for (int n = 1; n <= 3; ++n)
    for (int k = 3; k <= 7; k += 2) {
      CAPTURE(n);
      CAPTURE(k);
      const Torus t(n, k);
      const Network& net = t.network();
      std::size_t edges = 0;
      bool tr_ok = true, ro_ok = true, property1 = true, bijective = true;
      std::set<Node> image;
      for (Node v = 0; v < t.size(); ++v) image.insert(t.rotate(v));
      bijective = image.size() == t.size();
      for_each_edge(t, [&](Node u, Node v) {
        ++edges;
        const Generator g = t.generator(u, v);
        for (Node s : {Node{1}, t.size() / 2, t.size() - 1}) {
          const Node a = t.translate(u, s), b = t.translate(v, s);
          tr_ok = tr_ok && net.adjacent(a, b) && t.generator(a, b) == g;
        }
        const Node a = t.rotate(u), b = t.rotate(v);
        ro_ok = ro_ok && net.adjacent(a, b);
        if (!net.adjacent(a, b)) return;
        // Property 1: i' = (i - 1) mod n, j' = -j if i = 0, else j.
        const Generator want{(g.dim + n - 1) % n, g.dim == 0 ? -g.sign : g.sign};
        property1 = property1 && t.generator(a, b) == want;
      });
      CHECK(edges == static_cast<std::size_t>(2 * n) * t.size());
      CHECK(bijective);
      CHECK(tr_ok);
      CHECK(ro_ok);
      CHECK(property1);
      // Property 2: the 2n rotations of an edge have distinct dimensions g_i^j.
      bool distinct = true;
      for_each_edge(t, [&](Node u, Node v) {
        std::set<std::pair<int, int>> dims;
        for (int i = 0; i < 2 * n; ++i) {
          const Generator g = t.generator(t.rotate(u, i), t.rotate(v, i));
          dims.insert({g.dim, g.sign});
        }
        distinct = distinct && dims.size() == static_cast<std::size_t>(2 * n);
      });
      CHECK(distinct);
    }
}

TEST_CASE("fa1995 torus: the generator of an edge is its dimension and direction") {
  const Torus t(2, 5);
  CHECK(t.generator(t.parse_label("00"), t.parse_label("01")) == Generator{0, 1});
  CHECK(t.generator(t.parse_label("00"), t.parse_label("04")) == Generator{0, -1});
  CHECK(t.generator(t.parse_label("40"), t.parse_label("00")) == Generator{1, 1});
  CHECK_THROWS_AS(t.generator(0, t.parse_label("11")), schedcert::InputError);
}

}  // namespace schedcert_test_fragopoulou1995_torus_test
