// The certified leaf bound (encodings/alpha/leaf_bound.hpp): alpha(d) of Q_d as the literature has it
// (Desprez et al. 1993 cite the maximum-leaf spanning trees; alpha(3..5) = 4, 10, 22, i.e.
// connected domination numbers 4, 6, 10), used by the exclusive models' lower bounds only when it
// is certified, and naming itself in their arguments.
#include <doctest/doctest.h>

#include <string>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/successive.hpp"

namespace schedcert_test_encodings_leaf_bound_test {

using namespace schedcert;
using schedules::Model;
using schedules::Network;
using schedules::Problem;
using schedules::ProblemKind;

TEST_CASE("certified leaf bound: alpha(d) of Q3, Q4, Q5 with both proofs checked, none beyond its range") {
  const unsigned expected[] = {4, 10, 22};
  for (int d = 3; d <= 5; ++d) {
    const auto b = encodings::alpha::certified_leaf_bound(Network::hypercube(d));
    REQUIRE(b.has_value());
    CHECK(b->value == expected[d - 3]);
    CHECK(b->argument.find("DRAT and LRAT proofs checked") != std::string::npos);
    CHECK(b->value <= verifier::max_leaves_upper_bound(Network::hypercube(d)));
  }
  CHECK_FALSE(encodings::alpha::certified_leaf_bound(Network::hypercube(6))
                  .has_value());  // too slow for a bound
  CHECK_FALSE(encodings::alpha::certified_leaf_bound(Network::parse("C5")).has_value());
}

TEST_CASE("certified leaf bound: shout-whisper multinode broadcast on Q4 needs 21 steps, not 20") {
  Problem p;
  p.kind = ProblemKind::MultinodeBroadcast;
  const Network q4 = Network::hypercube(4);
  CHECK(verifier::lower_bounds(q4, Model::ShoutWhisper, p).steps.value == 20);  // degree count: 11 leaves
  const auto best = encodings::alpha::best_lower_bounds(q4, Model::ShoutWhisper, p);
  CHECK(best.steps.value == 21);
  CHECK(best.steps.argument.find("alpha(4) = 10") != std::string::npos);
  // All-port does not use the leaves: the same bound, and no solver run for it.
  CHECK(encodings::alpha::best_lower_bounds(q4, Model::AllPort, p).steps.value ==
        verifier::lower_bounds(q4, Model::AllPort, p).steps.value);
}

TEST_CASE("certified leaf bound: Desprez Prop. 2 for Q5 with a free allocation is 2p - alpha(5) - 1 = 41") {
  const auto b =
      encodings::synth::successive_free_lower_bound(Network::hypercube(5), Model::ShoutWhisper);
  CHECK(b.steps == 2 * 32 - 22 - 1);
  CHECK(b.argument.find("certified") != std::string::npos);
}

}  // namespace schedcert_test_encodings_leaf_bound_test
