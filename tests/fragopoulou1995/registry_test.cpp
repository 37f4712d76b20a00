// The registered Fragopoulou-Akl constructions through the certification layer, and the
// `certify --paper fragopoulou1995` table.
#include "schedules/registry.hpp"

#include <doctest/doctest.h>

#include "certify/check.hpp"
#include "papers/fragopoulou1995/table.hpp"
#include "schedules/error.hpp"

namespace schedcert_test_fragopoulou1995_registry_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace fa = schedcert::schedules::constructions::fragopoulou1995;

namespace {

certify::Report certify_fa(const std::string& name, int n, int k, std::uint32_t M,
                           const std::string& variant = "") {
  Params p;
  p.dim = n;
  p.radix = k;
  p.messages = M;
  p.variant = variant;
  certify::CheckOptions o;
  o.engines = {certify::Engine::Symmetric, certify::Engine::Native};
  if (name == "fa-scatter") o.engines = {certify::Engine::Native};
  return certify::certify_construction(Registry::instance().find(name), p, o);
}

}  // namespace

TEST_CASE("fa1995 registry: three constructions cite the paper") {
  for (const char* name : {"fa-mnb", "fa-scatter", "fa-multinode-scatter"}) {
    const Construction& c = Registry::instance().find(name);
    CHECK(c.paper == "fragopoulou1995");
    CHECK(c.claimed_steps);
    CHECK(c.claimed_transmissions);
    CHECK(c.models == std::vector<Model>{Model::AllPort});
  }
  CHECK(Registry::instance().find("fa-mnb").generate_root);
  CHECK(Registry::instance().find("fa-multinode-scatter").generate_root);
  CHECK(Registry::instance().find("fa-mnb").problem == ProblemKind::MultinodeBroadcast);
  CHECK(Registry::instance().find("fa-multinode-scatter").problem == ProblemKind::TotalExchange);
}

TEST_CASE("fa1995 registry: certified with both engines, claims compared") {
  CHECK(certify_fa("fa-mnb", 2, 5, 1).outcome == certify::Outcome::Valid);
  CHECK(certify_fa("fa-scatter", 3, 3, 1).outcome == certify::Outcome::Valid);
  CHECK(certify_fa("fa-multinode-scatter", 2, 5, 2).outcome == certify::Outcome::Valid);
  const auto miss = certify_fa("fa-multinode-scatter", 3, 3, 1);
  CHECK(miss.outcome == certify::Outcome::Invalid);
  CHECK_FALSE(miss.violation);  // valid schedule, claim missed
  CHECK(miss.finding == "claim not met: the valid schedule takes 11 steps, the paper claims 9");
  CHECK(certify_fa("fa-multinode-scatter", 3, 3, 1, "greedy").outcome == certify::Outcome::Valid);
  CHECK(certify_fa("fa-mnb", 3, 5, 1).finding ==
        "claim not met: the valid schedule takes 22 steps, the paper claims 21");
  CHECK(certify_fa("fa-mnb", 3, 5, 1, "balanced").outcome == certify::Outcome::Valid);
}

TEST_CASE("fa1995 registry: radix defaults to 3 / bad parameters are named") {
  Params p;
  p.dim = 2;  // the default certify job passes no radix
  const Schedule s = generate(Registry::instance().find("fa-mnb"), p);
  CHECK(s.network().name() == "C3^2");
  p.radix = 4;
  CHECK_THROWS_WITH_AS(generate(Registry::instance().find("fa-mnb"), p),
                       "--radix: Fragopoulou-Akl consider odd k >= 3 only (§2), not k = 4",
                       InputError);
  p.radix = 3;
  p.variant = "fast";
  CHECK_THROWS_WITH_AS(generate(Registry::instance().find("fa-scatter"), p),
                       "--variant: construction fa-scatter does not take --variant (given fast; it takes: --dim n "
                       "(1..6) [--radix k odd, default 3] [--messages M] [--root R])",
                       InputError);
}

TEST_CASE("fa1995 table: rows, findings and the repairing variants") {
  fa::TableOptions o;
  o.max_n = 3;
  o.max_k = 5;
  o.messages = {1};
  const fa::Table t = fa::fragopoulou1995_table(o);
  CHECK(t.skipped == 0);
  // 3 constructions x (n, k) in {1,2,3} x {3,5}, plus the repairing rows where the paper misses:
  // multinode scatter on MT_{3,3}, MT_{3,5}; multinode broadcast on MT_{3,5}.
  CHECK(t.rows.size() == 3 * 6 + 3);
  int invalid = 0;
  for (const auto& r : t.rows) {
    CAPTURE(r.report.subject);
    if (r.variant != "paper") CHECK(r.report.outcome == certify::Outcome::Valid);
    if (r.report.outcome != certify::Outcome::Valid) {
      ++invalid;
      CHECK(r.n == 3);
      CHECK(r.report.metrics.steps > r.claimed_steps);
    }
    CHECK(r.report.bounds.steps.value == r.claimed_steps);  // §4.1 agrees with the computed bound
  }
  CHECK(invalid == 3);
  CHECK(fa::table_outcome(t) == certify::Outcome::Invalid);
  const std::string text = fa::format_table(t);
  CHECK(text.find("fa-multinode-scatter  paper      3  3   1         9        11     +2") !=
        std::string::npos);
  CHECK(text.find(
            "findings:\n  fa-multinode-scatter --dim 3 --radix 3 --messages 1: claim not met") !=
        std::string::npos);
  o.budget_seconds = -1;
  CHECK(fa::fragopoulou1995_table(o).skipped == 18);
  o.messages = {0};
  CHECK_THROWS_WITH_AS(fa::fragopoulou1995_table(o), "--messages: M must be at least 1",
                       InputError);
}

}  // namespace schedcert_test_fragopoulou1995_registry_test
