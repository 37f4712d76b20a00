// Issue 13: a construction refuses values for options it does not take instead of ignoring them
// (`generate sbt-broadcast --dim 3 -M 2` wrote an M = 1 schedule). What a construction takes is
// what its usage string declares (Registry, `schedcert list`), for every construction.
#include <doctest/doctest.h>

#include <string>

#include "../cli/run_cli.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"

namespace schedcert_test_schedules_construction_options_test {

using namespace schedcert;
using namespace schedcert::schedules;

TEST_CASE("construction options: a value for an option not in the usage string is refused") {
  int refused = 0, accepted = 0;
  for (const Construction& c : Registry::instance().all()) {
    CAPTURE(c.name);
    for (const char* option :
         {"--root", "--messages", "--packet-items", "--radix", "--network", "--variant"}) {
      CAPTURE(option);
      Params p;
      p.dim = c.min_dim;
      p.model = c.models.front();
      const std::string o = option;
      if (o == "--root") p.root = 1;
      if (o == "--messages") p.messages = 2;
      if (o == "--packet-items") p.packet_items = 2;
      if (o == "--radix") p.radix = 5;
      if (o == "--network") p.network = "C3xC3";
      if (o == "--variant") p.variant = "some-variant";
      if (takes_option(c, option)) {
        CHECK_NOTHROW(check_params(c, p));
        ++accepted;
      } else {
        CHECK_THROWS_WITH_AS(check_params(c, p),
                             doctest::Contains(("construction " + c.name + " does not take " + o).c_str()),
                             InputError);
        CHECK_THROWS_AS(generate(c, p), InputError);
        ++refused;
      }
    }
  }
  MESSAGE("options refused " << refused << ", declared " << accepted);
  CHECK(refused > 60);
  CHECK(accepted > 30);
}

TEST_CASE("construction options: the CLI refuses -M on sbt-broadcast and keeps it where declared") {
  auto r = testing::run_cli("generate sbt-broadcast --dim 3 -M 2");
  CHECK(r.code == 2);
  CHECK(r.out.find("--messages: construction sbt-broadcast does not take --messages (given 2; "
                   "it takes: --dim 1..24 [--root R] [--model all-port|single-port-full])") !=
        std::string::npos);
  CHECK(testing::run_cli("certify bertsekas-te --dim 3 --root 1").code == 2);
  CHECK(testing::run_cli("generate hj-sbt-broadcast --dim 3 -M 2 -o /dev/null").code == 0);
  CHECK(testing::run_cli("generate fa-scatter --dim 2 --radix 5 --root 3 -o /dev/null").code == 0);
}

}  // namespace schedcert_test_schedules_construction_options_test
