// The registered Ho-Johnsson constructions: generated through the registry, verified natively,
// measured steps equal to the claimed (paper) steps over their ranges. (For "HP, 1 s & r" the
// claim is Tables 1-2's Q + N - 2, not Table 3's Q + N - 3: see cost_test.cpp.)
#include <doctest/doctest.h>

#include "schedules/registry.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_hojohnsson1986_registry_test {

using namespace schedcert::schedules;
using schedcert::verifier::verify_native;

TEST_CASE("hj1986 registry: every construction is registered with its claims") {
  const Registry& r = Registry::instance();
  for (const char* name : {"hj-sbt-broadcast", "hj-msbt-broadcast", "hj-hp-broadcast",
                           "hj-tcbt-broadcast", "hj-bst-scatter", "hj-sbt-scatter"}) {
    const Construction& c = r.find(name);
    CHECK(c.paper == "ho-johnsson1986");
    CHECK(c.generate);
    CHECK(c.claimed_steps);
  }
}

TEST_CASE("hj1986 registry: broadcasts meet their claimed steps and transmissions") {
  const Registry& r = Registry::instance();
  for (const char* name :
       {"hj-sbt-broadcast", "hj-msbt-broadcast", "hj-hp-broadcast", "hj-tcbt-broadcast"}) {
    const Construction& c = r.find(name);
    for (int n = c.min_dim; n <= std::min(c.max_dim, 7); ++n)
      for (Model m : c.models)
        for (auto [M_, B_] : {std::pair{1u, 1u}, std::pair{17u, 3u}, std::pair{40u, 5u}}) {
          const auto& M = M_;  // a plain name: clang 14 cannot capture a binding
          const auto& B = B_;
          Params p;
          p.dim = n;
          p.model = m;
          p.root = static_cast<Node>(n % (1 << n));
          p.messages = M;
          p.packet_items = B;
          Schedule s = generate(c, p);
          auto v = verify_native(s);
          INFO(name << " n=" << n << " " << to_string(m) << " M=" << M << " B=" << B);
          CHECK(v.valid);
          CHECK(v.metrics.transmissions == *c.claimed_transmissions(p));
          CHECK(s.num_steps() == *c.claimed_steps(p));
        }
  }
}

TEST_CASE("hj1986 registry: scatter claims where the paper states an equality") {
  const Registry& r = Registry::instance();
  const Construction& bst = r.find("hj-bst-scatter");
  const Construction& sbt = r.find("hj-sbt-scatter");
  for (int n = 2; n <= 8; ++n)
    for (Model m : {Model::AllPort, Model::SinglePortFull, Model::SinglePortHalf})
      for (std::uint32_t B : {1u, 2u, 64u, 1024u})
        for (const Construction* c : {&bst, &sbt})
          for (const char* variant : {"", "level-by-level"}) {
            Params p;
            p.dim = n;
            p.model = m;
            p.messages = 2;
            p.packet_items = B;
            p.variant = variant;
            Schedule s = generate(*c, p);
            auto v = verify_native(s);
            INFO(c->name << " n=" << n << " " << to_string(m) << " B=" << B << " " << variant);
            CHECK(v.valid);
            if (auto claim = c->claimed_steps(p)) CHECK(s.num_steps() == *claim);
          }
}

}  // namespace schedcert_test_hojohnsson1986_registry_test
