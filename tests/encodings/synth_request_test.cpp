// The route and T range of a synthesis request (encodings/synth/request.hpp), which the CLI's
// `synthesize` and the Python module's synthesize() share (issue 17).
#include "encodings/synth/request.hpp"

#include <doctest/doctest.h>

#include "schedules/error.hpp"

namespace schedcert_test_encodings_synth_request_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;

namespace {
Problem successive(std::vector<Node> sources = {}) {
  Problem p;
  p.kind = ProblemKind::SuccessiveBroadcast;
  p.sources = std::move(sources);
  return p;
}
}  // namespace

TEST_CASE("synth request: successive broadcasts with a bijection go to the exact encoding") {
  const Network q3 = Network::parse("Q3");
  auto gray = route_synthesis(q3, successive(), "gray");
  CHECK(gray.successive);
  CHECK(gray.fixed_sources == std::vector<Node>{0, 1, 3, 2, 6, 7, 5, 4});
  auto free = route_synthesis(q3, successive(), "free");
  CHECK(free.successive);
  CHECK(free.fixed_sources.empty());
  auto given = route_synthesis(q3, successive({7, 6, 5, 4, 3, 2, 1, 0}), "");
  CHECK(given.successive);
  CHECK(given.fixed_sources.size() == 8);
  auto partial = route_synthesis(q3, successive({0, 1}), "");
  CHECK_FALSE(partial.successive);
  CHECK(partial.problem.sources == std::vector<Node>{0, 1});
}

TEST_CASE("synth request: input errors name the option") {
  const Network q2 = Network::parse("Q2");
  CHECK_THROWS_WITH_AS(route_synthesis(q2, successive(), ""),
                       "--allocation/--sources: successive-broadcast needs exactly one of "
                       "--allocation free, --allocation gray or --sources",
                       InputError);
  Problem b;
  CHECK_THROWS_WITH_AS(route_synthesis(q2, b, "free"),
                       "--allocation/--sources: only for --problem successive-broadcast",
                       InputError);
  CHECK_THROWS_WITH_AS(route_synthesis(Network::parse("C3"), successive(), "gray"),
                       "--allocation: 'gray' needs a hypercube network, got C3", InputError);
  CHECK_THROWS_AS(route_synthesis(q2, successive(), "best"), InputError);
}

TEST_CASE("synth request: the walk runs from the lower bound to max_steps or bound + 64") {
  const Network q3 = Network::parse("Q3");
  Problem b;
  const auto r = synthesis_range(q3, Model::AllPort, route_synthesis(q3, b, ""), 0);
  CHECK(r.bound == 3);
  CHECK(r.lo == 3);
  CHECK(r.hi == 67);
  CHECK(r.argument == "eccentricity of root 0 in Q3");
  CHECK(synthesis_range(q3, Model::AllPort, route_synthesis(q3, b, ""), 2).hi == 2);
  const auto s =
      synthesis_range(q3, Model::ShoutWhisper, route_synthesis(q3, successive(), "gray"), 0);
  CHECK(s.lo >= 1);
  CHECK(s.hi == s.lo + 64);
  CHECK(s.bound == s.lo);
}

}  // namespace schedcert_test_encodings_synth_request_test
