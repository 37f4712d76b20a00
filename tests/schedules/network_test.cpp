#include <doctest/doctest.h>

#include "schedules/error.hpp"
#include "schedules/network.hpp"

namespace schedcert_test_schedules_network_test {

using namespace schedcert;
using namespace schedcert::schedules;

TEST_CASE("network: hypercube is implicit and numbered by bits") {
  Network q = Network::parse("Q4");
  CHECK(q.is_hypercube());
  CHECK(q.size() == 16);
  CHECK(q.ports() == 4);
  CHECK(q.name() == "Q4");
  CHECK(q.edge_dim(0b0101, 0b0111) == 1);
  CHECK_FALSE(q.adjacent(0, 3));
  CHECK(q.distance(0, 15) == 4);
  Network big = Network::hypercube(30);
  CHECK(big.size() == (std::uint64_t{1} << 30));
  CHECK(big.edge_dim(0, std::uint32_t{1} << 29) == 29);
  CHECK(big.degree(12345) == 30);
}

TEST_CASE("network: products, rings, paths, complete graphs") {
  Network t = Network::parse("C3xC3");
  CHECK(t.size() == 9);
  CHECK(t.name() == "C3^2");
  CHECK(t.adjacent(0, 2));  // digit 0: 0 and 2 adjacent on C3
  CHECK(t.adjacent(0, 6));  // digit 1: 0 and 2
  CHECK_FALSE(t.adjacent(0, 4));
  CHECK(t.diameter() == 2);
  Network m = Network::parse("P3xK4");
  CHECK(m.size() == 12);
  CHECK(m.degree(0) == 1 + 3);
  CHECK(m.degree(1) == 2 + 3);
  CHECK(m.eccentricity(0) == 3);
  CHECK(m.eccentricity(1) == 2);
  CHECK(Network::parse("C2xC2").is_hypercube());
  CHECK(Network::parse("Q2xC5").name() == "K2^2xC5");
  int count = 0;
  t.for_each_neighbour(4, [&](Node v, int) { CHECK(t.adjacent(4, v)); ++count; });
  CHECK(count == 4);
}

TEST_CASE("network: ports are dense and distinct per node") {
  for (const char* spec : {"Q3", "C5xP3", "K4xC3", "P4"}) {
    Network net = Network::parse(spec);
    for (Node u = 0; u < net.size(); ++u) {
      std::vector<int> used(net.ports(), 0);
      net.for_each_neighbour(u, [&](Node v, int) {
        REQUIRE(net.port(u, v) < net.ports());
        ++used[net.port(u, v)];
      });
      for (int c : used) CHECK(c <= 1);
    }
  }
}

TEST_CASE("network: bad specs name the position") {
  CHECK_THROWS_WITH_AS(Network::parse("Q0"), "network 'Q0': hypercube dimension 0 at character 1 is out of range [1, 31]", InputError);
  CHECK_THROWS_WITH_AS(Network::parse("C3xZ4"), "network 'C3xZ4': unknown factor 'Z' at character 4 (use Q<d>, C<n>, P<n>, K<n>, joined by 'x', powers with '^')", InputError);
  CHECK_THROWS_WITH_AS(Network::parse("C3-C3"), "network 'C3-C3': unexpected '-' at character 3 (factors are joined by 'x')", InputError);
  CHECK_THROWS_AS(Network::parse(""), InputError);
  CHECK_THROWS_AS(Network::parse("C99999999999"), InputError);
  CHECK_THROWS_AS(Network::parse("Q20xQ20"), InputError);
}

}  // namespace schedcert_test_schedules_network_test
