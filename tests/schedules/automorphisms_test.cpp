#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "schedules/automorphisms.hpp"
#include "schedules/error.hpp"

namespace schedcert_test_schedules_automorphisms_test {

using namespace schedcert;
using namespace schedcert::schedules;

namespace {

// The whole group, by closure of the generators (small groups only): an independent way to
// get orbits, compared with nauty's canonical forms below.
std::vector<Perm> closure(const std::vector<Perm>& gens, std::uint32_t n) {
  Perm id(n);
  for (Node v = 0; v < n; ++v) id[v] = v;
  std::set<Perm> seen{id};
  std::vector<Perm> todo{id};
  while (!todo.empty()) {
    Perm p = todo.back();
    todo.pop_back();
    for (const auto& g : gens) {
      Perm q(n);
      for (Node v = 0; v < n; ++v) q[v] = g[p[v]];
      if (seen.insert(q).second) todo.push_back(q);
    }
  }
  return {seen.begin(), seen.end()};
}

}  // namespace

TEST_CASE("automorphisms: |Aut(Q_d)| = 2^d d!, and other product networks") {
  double fact = 1;
  for (int d = 1; d <= 7; ++d) {
    fact *= d;
    const auto a = automorphisms(Network::hypercube(d));
    CHECK(a.order() == doctest::Approx((1 << d) * fact));
    CHECK(a.num_orbits() == 1);  // vertex-transitive
    for (const auto& g : a.generators) CHECK(is_automorphism(Graph::of(Network::hypercube(d)), g));
  }
  CHECK(automorphisms(Network::hypercube(7)).order_string() == "645120");
  CHECK(automorphisms(Network::parse("C3xC3")).order() == doctest::Approx(72));  // K3 x K3 rook graph
  CHECK(automorphisms(Network::parse("C5xC5")).order() == doctest::Approx(200));  // (D5 x D5) : 2
  CHECK(automorphisms(Network::parse("C4xC4")).order() == doctest::Approx(384));  // = Q4
  CHECK(automorphisms(Network::parse("K4")).order() == doctest::Approx(24));
  const auto p5 = automorphisms(Network::parse("P5"));
  CHECK(p5.order() == doctest::Approx(2));
  CHECK(p5.num_orbits() == 3);
  CHECK(p5.orbit[4] == 0);
  CHECK(p5.orbit[2] == 2);
}

TEST_CASE("automorphisms: a colouring restricts the group to its stabiliser") {
  const Graph q3 = Graph::of(Network::hypercube(3));
  std::vector<int> c(8, 0);
  c[0] = 1;  // fix node 0: coordinate permutations, 3! = 6
  const auto a = automorphisms(q3, c);
  CHECK(a.order() == doctest::Approx(6));
  CHECK(a.num_orbits() == 4);  // Hamming weights 0..3
  CHECK(a.orbit[6] == 3);
  for (const auto& g : a.generators) CHECK(g[0] == 0);
  CHECK_THROWS_AS(automorphisms(q3, std::vector<int>(3, 0)), InputError);
}

TEST_CASE("automorphisms: canonical subsets are one per orbit (checked against the whole group)") {
  const Graph q3 = Graph::of(Network::hypercube(3));
  const auto group = closure(automorphisms(q3).generators, 8);
  REQUIRE(group.size() == 48);
  std::set<std::vector<Node>> reps;
  for (unsigned mask = 0; mask < 256; ++mask) {
    std::vector<Node> s;
    for (Node v = 0; v < 8; ++v)
      if (mask >> v & 1) s.push_back(v);
    const auto c = canonical_subset(q3, s);
    // the map is an automorphism taking s onto the representative
    CHECK(is_automorphism(q3, c.map));
    std::vector<Node> img;
    for (Node v : s) img.push_back(c.map[v]);
    std::sort(img.begin(), img.end());
    CHECK(img == c.subset);
    // every image of s under the group has the same representative
    for (const auto& g : group) {
      std::vector<Node> t;
      for (Node v : s) t.push_back(g[v]);
      std::sort(t.begin(), t.end());
      CHECK(canonical_subset(q3, t).subset == c.subset);
    }
    reps.insert(c.subset);
  }
  CHECK(reps.size() == 22);  // orbits of vertex subsets of the cube Q3 (OEIS A000616: 22)
}

TEST_CASE("automorphisms: canonical ordered tuples under the stabiliser of a base colouring") {
  const Graph q3 = Graph::of(Network::hypercube(3));
  std::vector<int> base(8, 0);
  base[0] = 1;  // node 0 fixed
  // ordered pairs (a, b) of distinct nodes other than 0, painted 1 and 2
  std::map<std::vector<int>, int> count;
  for (Node a = 1; a < 8; ++a)
    for (Node b = 1; b < 8; ++b) {
      if (a == b) continue;
      std::vector<int> paint(8, 0);
      paint[a] = 1;
      paint[b] = 2;
      const auto c = canonical_colouring(q3, paint, base);
      CHECK(c.map[0] == 0);
      CHECK(c.rep[c.map[a]] == 1);
      CHECK(c.rep[c.map[b]] == 2);
      ++count[c.rep];
    }
  // orbits of ordered pairs of distinct nonzero vectors of GF(2)^3 under the 6 coordinate
  // permutations: classes (|a|, |b|, |a & b|) = (1,1,0) (1,2,0) (1,2,1) (1,3,1) (2,1,0) (2,1,1)
  // (2,2,1) (2,3,2) (3,1,1) (3,2,2): 10
  CHECK(count.size() == 10);
  int total = 0;
  for (auto& [rep, k] : count) total += k;
  CHECK(total == 42);
}

TEST_CASE("automorphisms: canonical forms decide isomorphism of coloured graphs") {
  const Graph q3 = Graph::of(Network::hypercube(3));
  const Graph c8 = Graph::of(Network::parse("C8"));
  CHECK(canonical_form(q3) == canonical_form(q3));
  CHECK_FALSE(canonical_form(q3) == canonical_form(c8));
  const Graph c4 = Graph::of(Network::parse("C4"));
  const Graph q2 = Graph::of(Network::hypercube(2));
  CHECK(canonical_form(c4) == canonical_form(q2));
  CHECK(canonical_form(c4, {1, 0, 0, 0}) == canonical_form(q2, {0, 0, 0, 1}));
  CHECK_FALSE(canonical_form(c4, {1, 0, 0, 0}) == canonical_form(q2, {2, 0, 0, 0}));
}

}  // namespace schedcert_test_schedules_automorphisms_test
