// Runs verify_native on every schedule fixture and compares with the file's "expect" block.
// The expectations follow the definition of "first violation" in verifier/verdict.hpp; they
// were derived by hand and cross-checked by the independent reference checker in
// tests/fixtures/make_fixtures.py.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "schedules/io/schedule_json.hpp"
#include "tests/fixture_list.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_verifier_fixtures_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::io;
using namespace schedcert::verifier;

namespace {

std::string show(const Expectation& e) {
  if (e.valid) return "valid";
  std::string s = "invalid, rule " + to_string(*e.rule);
  if (e.step) s += ", step " + std::to_string(*e.step);
  if (e.transmission) s += ", transmission " + std::to_string(*e.transmission);
  return s;
}

// The verdict in the shape of the expectation (only the fields the expectation states).
Expectation observed(const Verdict& v, const Expectation& shape) {
  Expectation o;
  o.valid = v.valid;
  if (v.valid || !v.violation) return o;
  o.rule = v.violation->rule;
  if (shape.step) o.step = v.violation->step + 1;
  if (shape.transmission) o.transmission = v.violation->transmission;
  return o;
}

}  // namespace

TEST_CASE("fixtures: verify_native agrees with every fixture's expect block") {
  const auto paths = tests::schedule_fixture_paths();
  REQUIRE(paths.size() >= 30);
  for (const auto& path : paths) {
    const std::string name = std::filesystem::path(path).filename().string();
    CAPTURE(name);
    ScheduleFile f = read_schedule_file(path);
    REQUIRE_MESSAGE(f.expect.has_value(), name << " has no expect block");
    const Expectation& e = *f.expect;
    // Fixture discipline: a transmission-level violation names its step and transmission.
    if (!e.valid && e.rule != Rule::Completion)
      CHECK_MESSAGE((e.step && e.transmission), name << ": state step and transmission");
    const Verdict v = verify_native(f.schedule);
    const std::string want = show(e), got = show(observed(v, e));
    CHECK_MESSAGE(want == got, name << ": expected " << want << "; verify_native says " << got
                                    << (v.violation ? " (" + v.violation->message + ")" : ""));
  }
}

TEST_CASE("fixtures: the catalogue covers every rule and every model") {
  std::set<Rule> rules;
  std::set<Model> valid_models, port_models;
  for (const auto& path : tests::schedule_fixture_paths()) {
    ScheduleFile f = read_schedule_file(path);
    REQUIRE(f.expect);
    if (f.expect->valid) valid_models.insert(f.schedule.model());
    if (f.expect->rule) rules.insert(*f.expect->rule);
    if (f.expect->rule == Rule::Port) port_models.insert(f.schedule.model());
  }
  CHECK(rules.size() == 8);
  CHECK(valid_models.size() == 4);
  // All-port has no port limit; the three others each have a port-rule fixture.
  CHECK(port_models ==
        std::set<Model>{Model::SinglePortFull, Model::SinglePortHalf, Model::ShoutWhisper});
}

}  // namespace schedcert_test_verifier_fixtures_test
