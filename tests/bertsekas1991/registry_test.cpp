// Every registered construction of Bertsekas et al. 1991: valid, and the measured steps and
// transmissions equal the claimed formulas (Tables 1 and 2), for d = 1..6 and every model.
#include <doctest/doctest.h>

#include "schedules/registry.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert_test_bertsekas1991_registry_test {

using namespace schedcert;
using namespace schedcert::schedules;

TEST_CASE("bertsekas1991: registered constructions meet their claims, d = 1..6") {
  int count = 0;
  for (const auto& c : Registry::instance().all()) {
    if (c.paper != "bertsekas1991" || c.name.rfind("bertsekas-", 0) != 0) continue;
    ++count;
    for (Model m : c.models) {
      for (int d = 1; d <= 6; ++d) {
        CAPTURE(c.name);
        CAPTURE(to_string(m));
        CAPTURE(d);
        Params p;
        p.dim = d;
        p.model = m;
        auto s = generate(c, p);
        CHECK(s.problem().kind == c.problem);
        auto v = verifier::verify_native(s);
        CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
        CHECK(v.metrics.steps == c.claimed_steps(p));
        CHECK(v.metrics.transmissions == c.claimed_transmissions(p));
        if (c.generate_root) {
          auto sym = verifier::verify_translated(generate_root(c, p));
          CHECK(sym.valid);
          CHECK(sym.metrics.steps == v.metrics.steps);
          CHECK(sym.metrics.transmissions == v.metrics.transmissions);
        }
      }
    }
  }
  CHECK(count == 9);
}

}  // namespace schedcert_test_bertsekas1991_registry_test
