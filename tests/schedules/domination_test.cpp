// schedules/domination.hpp: the exhaustive domination number, against values known by hand.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "schedules/domination.hpp"
#include "schedules/network.hpp"

namespace schedcert_test_schedules_domination_test {

using schedcert::schedules::Network;
using schedcert::schedules::Node;

namespace {
std::vector<std::uint64_t> closed(const Network& net) {
  std::vector<std::uint64_t> c(net.size());
  for (Node v = 0; v < net.size(); ++v) {
    c[v] = std::uint64_t{1} << v;
    net.for_each_neighbour(v, [&](Node w, int) { c[v] |= std::uint64_t{1} << w; });
  }
  return c;
}
std::optional<unsigned> gamma(const char* spec) { return schedcert::schedules::domination_number(closed(Network::parse(spec))); }
}  // namespace

TEST_CASE("domination number: cycles, paths, hypercubes, tori") {
  CHECK(gamma("K2") == 1u);
  CHECK(gamma("C5") == 2u);   // ceil(5 / 3)
  CHECK(gamma("P7") == 3u);   // ceil(7 / 3)
  CHECK(gamma("Q2") == 2u);
  CHECK(gamma("Q3") == 2u);   // a node and its antipode
  CHECK(gamma("Q4") == 4u);
  CHECK(gamma("C3xC3") == 3u);
  CHECK(gamma("C4xC4") == 4u);
  CHECK(gamma("C5xC5") == 5u);  // a perfect code
}

TEST_CASE("domination number: limits give no value rather than a guess") {
  CHECK_FALSE(schedcert::schedules::domination_number({}).has_value());
  CHECK_FALSE(schedcert::schedules::domination_number(std::vector<std::uint64_t>(65, 1)).has_value());
  // Q6 (gamma 12) would need more than the default number of subsets.
  CHECK_FALSE(gamma("Q6").has_value());
  // A budget too small to reach the answer.
  CHECK_FALSE(schedcert::schedules::domination_number(closed(Network::parse("C5xC5")), 100).has_value());
}

}  // namespace schedcert_test_schedules_domination_test
