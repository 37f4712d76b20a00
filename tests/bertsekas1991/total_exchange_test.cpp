// Bertsekas et al. 1991, §4: total exchange under MLA (recursive, and by the Implementation
// rules) and SLA (MTADEA), the induction property (6), against Tables 1 and 2.
#include <doctest/doctest.h>

#include "schedules/constructions/bertsekas1991/te_rules.hpp"
#include "schedules/constructions/bertsekas1991/total_exchange.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert_test_bertsekas1991_total_exchange_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace b = schedcert::schedules::constructions::bertsekas1991;

namespace {
std::uint64_t pow2(int d) { return std::uint64_t{1} << d; }
}  // namespace

TEST_CASE("bertsekas1991 §4: total exchange, d = 1..8, both models") {
  for (Model m : {Model::AllPort, Model::SinglePortFull}) {
    for (int d = 1; d <= 8; ++d) {
      CAPTURE(d);
      CAPTURE(to_string(m));
      auto routes = b::te_routes(d, m);
      auto sym = verifier::verify_translated(b::te_root_schedule(routes));
      CHECK(sym.valid);
      auto s = b::total_exchange(d, m);
      auto v = verifier::verify_native(s);
      CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
      CHECK(v.metrics.steps == (m == Model::AllPort ? pow2(d - 1) : d * pow2(d - 1)));
      CHECK(v.metrics.transmissions == d * pow2(2 * d - 1));
      CHECK(sym.metrics.transmissions == v.metrics.transmissions);
      // MLA: every directed link busy in every step (100% utilisation).
      if (m == Model::AllPort) CHECK(v.metrics.transmissions == v.metrics.steps * d * pow2(d));
    }
  }
}

TEST_CASE("bertsekas1991 §4: induction property (6), N_d(i, n) <= 2^(d-1) + n - 1") {
  for (int d = 1; d <= 8; ++d) {
    CAPTURE(d);
    auto explicit_rep = b::induction_property(b::total_exchange(d, Model::AllPort));
    CHECK(explicit_rep.holds);
    auto root_rep = b::induction_property(b::te_routes(d, Model::AllPort));
    CHECK(root_rep.holds);
    CHECK(root_rep.min_slack == explicit_rep.min_slack);
    // The bound is tight: slack 0 is reached.
    CHECK(root_rep.min_slack == 0);
  }
  for (int d = 9; d <= 16; ++d) {
    CAPTURE(d);
    CHECK(b::induction_property(b::te_routes(d, Model::AllPort)).holds);
  }
}

TEST_CASE("bertsekas1991 §4: own-packet tables of the Implementation, d = 4") {
  auto t = b::own_packet_tables(4);
  REQUIRE(t.size() == 4);
  CHECK(t[0] == std::vector<Node>{1});
  CHECK(t[1] == std::vector<Node>{3, 2});
  CHECK(t[2] == std::vector<Node>{5, 7, 6, 4});
  CHECK(t[3] == std::vector<Node>{9, 11, 13, 10, 15, 14, 12, 8});
}

TEST_CASE("bertsekas1991 §4: the forwarding rules give the recursive schedule, d = 1..8") {
  for (int d = 1; d <= 8; ++d) {
    CAPTURE(d);
    auto r = b::total_exchange_rules(d);
    CHECK(r.num_deviations == 0);
    auto v = verifier::verify_native(r.schedule);
    CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
    auto diff = b::first_difference(r.schedule, b::total_exchange(d, Model::AllPort));
    CHECK_MESSAGE(!diff, (diff ? *diff : std::string()));
  }
  // first_difference is not vacuous: MLA and SLA differ.
  CHECK(b::first_difference(b::total_exchange(2, Model::AllPort),
                            b::total_exchange(2, Model::SinglePortFull)));
}

}  // namespace schedcert_test_bertsekas1991_total_exchange_test
