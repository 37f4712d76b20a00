// Issue 13, the property form of tests/fuzz/huge_sizes.hpp: seeded random problems on networks
// of 2^20 .. 2^32 nodes, every problem kind and model, M up to 2^20 + 1, empty or tiny
// schedules, loaded from their file text and verified natively, against the 128-bit reference.
// Also the sizes alone: Problem::exact_items and num_items against the reference's count.
#include <doctest/doctest.h>

#include <random>

#include "tests/fuzz/huge_sizes.hpp"
#include "verifier/bounds.hpp"

namespace schedcert_test_fuzz_huge_sizes_test {

namespace {

struct Rng {
  std::mt19937_64 g;
  huge::u64 next(huge::u64 bound) {
    return std::uniform_int_distribution<huge::u64>(0, bound - 1)(g);
  }
};

}  // namespace

TEST_CASE("huge sizes: native verdicts on 2^20..2^32-node problems equal the 128-bit reference") {
  Rng r{std::mt19937_64{20261124}};
  int cases = 0, refused = 0, valid = 0, invalid = 0;
  for (; cases < 1000; ++cases) {
    const huge::Case c = huge::generate(r);
    const std::string diff = huge::check(c);
    CHECK_MESSAGE(diff.empty(), diff);
    const auto o = huge::reference(c);
    (o.input_error ? refused : o.valid ? valid : invalid)++;
    if (!o.input_error) {  // the lower bounds of every accepted problem (checked arithmetic)
      const auto f = schedcert::schedules::io::parse_schedule_json(huge::to_json(c), "huge");
      const auto& s = f.schedule;
      CHECK_NOTHROW(schedcert::verifier::lower_bounds(s.network(), s.model(), s.problem()));
    }
  }
  MESSAGE("cases " << cases << ": input errors " << refused << ", invalid " << invalid
                   << ", valid " << valid);
  CHECK(refused > 100);
  CHECK(invalid > 300);
}

TEST_CASE("huge sizes: item counts are exact or refused, never wrapped") {
  using namespace schedcert::schedules;
  for (int d : {20, 21, 22, 25, 30, 31}) {
    const Network net = Network::hypercube(d);
    for (ProblemKind k : all_problem_kinds()) {
      // huge_sizes.hpp's independent model predates allreduce and does not state it; allreduce
      // sizes are N x M, the multinode-broadcast formula checked here (docs/allreduce.md).
      if (k == ProblemKind::Allreduce) continue;
      for (std::uint32_t m : {1u, 2u, 4u, 1u << 10, 1u << 20}) {
        Problem p;
        p.kind = k;
        p.messages = p.combining() || k == ProblemKind::SuccessiveBroadcast ? 1 : m;
        if (k == ProblemKind::SuccessiveBroadcast) p.sources = {0, 1};
        huge::Case c;
        c.net.assign(static_cast<std::size_t>(d), huge::Fac{huge::FK::K2, 2});
        c.kind = static_cast<int>(k);
        c.messages = p.messages;
        c.sources = {0, 1};
        const huge::u128 want = huge::items(c, huge::nodes(c));
        CAPTURE(d);
        CAPTURE(p.describe());
        CHECK(p.exact_items(net.size()) == want);
        if (want <= 1000000000000000u) {
          CHECK_NOTHROW(p.validate(net));
          CHECK(p.num_items(net.size()) == want);
        } else {
          CHECK_THROWS_AS(p.validate(net), schedcert::InputError);
        }
      }
    }
  }
}

}  // namespace schedcert_test_fuzz_huge_sizes_test
