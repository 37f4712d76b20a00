// The Coq companion on the combining problems (accumulation, multinode accumulation: packets of
// several items for one target, the duplicate rule) and the ordered one (successive
// broadcasts: the order rule). coqc must accept the witnesses of valid schedules of the papers'
// constructions and reject witnesses whose only fault is a duplicate, an order or a combining
// packet violation, naming the same first violation as the native verifier.
#include <doctest/doctest.h>

#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "schedules/io/schedule_json.hpp"
#include "schedules/transforms/reverse.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_witnesses_coq_combining_test {

using namespace schedcert;
using namespace coq_test;
using schedules::Model;
using schedules::Network;
using schedules::Schedule;
using verifier::Rule;

namespace {

// s plus one final step repeating transmission k of step st.
Schedule with_copy_at_end(const Schedule& s, std::size_t st, std::size_t k) {
  Schedule out(s.network(), s.model(), s.problem());
  for (std::size_t i = 0; i < s.num_steps(); ++i) {
    out.begin_step();
    for (std::size_t j = s.step_begin(i); j < s.step_end(i); ++j)
      out.add(s.from(j), s.to(j), s.packet(j));
  }
  out.begin_step();
  const std::size_t g = s.step_begin(st) + k;
  out.add(s.from(g), s.to(g), s.packet(g));
  return out;
}

}  // namespace

TEST_CASE("coq: witnesses of valid accumulations and successive broadcasts check") {
  const CoqDir& d = coq_dir();
  const std::pair<std::string, Schedule> cases[] = {
      {"mna_q2_all_port", gen("bertsekas-mna", 2, Model::AllPort)},
      {"mna_q3_all_port", gen("bertsekas-mna", 3, Model::AllPort)},
      {"mna_q3_single_port", gen("bertsekas-mna", 3, Model::SinglePortFull)},
      {"acc_q3_reverse_sbt",
       schedules::transforms::reverse(gen("sbt-broadcast", 3, Model::SinglePortFull))},
      {"desprez_q2", gen("desprez-successive-broadcasts", 2, Model::ShoutWhisper)},
      {"desprez_q3", gen("desprez-successive-broadcasts", 3, Model::ShoutWhisper)},
  };
  for (const auto& [name_, s] : cases) {
    const std::string& name = name_;  // a plain name: clang 14 cannot capture a binding
    INFO(name);
    REQUIRE(verifier::verify_native(s).valid);
    const Run r = d.check(s, name);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(no_axioms(r.out));
  }
}

TEST_CASE("coq: witnesses breaking the duplicate, order or combining rule do not check") {
  const CoqDir& d = coq_dir();
  std::vector<std::tuple<std::string, Schedule, Rule>> cases;
  for (const auto& [file, rule] :
       {std::pair{"invalid-duplicate-contribution-twice.json", Rule::Duplicate},
        std::pair{"invalid-order-out-of-order.json", Rule::Order},
        std::pair{"invalid-order-source-starts-too-early.json", Rule::Order}})
    cases.emplace_back(std::string("fixture_") + std::to_string(cases.size()),
                       schedules::io::read_schedule_file((fixtures() / file).string()).schedule,
                       rule);
  // Multinode accumulation Q3: the last transmission sent again in an extra step (the same
  // contributions reach the same node twice).
  const Schedule mna = gen("bertsekas-mna", 3, Model::AllPort);
  cases.emplace_back("mna_q3_twice",
                     with_copy_at_end(mna, mna.num_steps() - 1,
                                      mna.step_end(mna.num_steps() - 1) -
                                          mna.step_begin(mna.num_steps() - 1) - 1),
                     Rule::Duplicate);
  // Successive broadcasts from 0 then 1 on Q3: node 3 receives broadcast #2 from node 1 in
  // step 2 without holding broadcast #1 (only node 1 got it, in step 1).
  {
    schedules::Problem p;
    p.kind = schedules::ProblemKind::SuccessiveBroadcast;
    p.sources = {0, 1};
    Schedule s(Network::parse("Q3"), Model::AllPort, p);
    s.begin_step();
    s.add(0, 1, schedules::Item{0});
    s.begin_step();
    s.add(1, 3, schedules::Item{1});
    cases.emplace_back("sb_q3_out_of_order", std::move(s), Rule::Order);
  }
  // Multinode accumulation Q2: one packet combining contributions for two different targets.
  {
    Schedule s(Network::parse("Q2"), Model::AllPort,
               [] {
                 schedules::Problem p;
                 p.kind = schedules::ProblemKind::MultinodeAccumulation;
                 return p;
               }());
    s.begin_step();
    const schedules::Item pk[] = {0 * 4 + 1, 0 * 4 + 3};  // from 0, for targets 1 and 3
    s.add(0, 1, std::span<const schedules::Item>(pk));
    cases.emplace_back("mna_q2_mixed_targets", std::move(s), Rule::Packet);
  }
  for (const auto& entry : cases) {  // not a structured binding: clang 14 cannot capture one
    const auto& [name_, s, rule] = entry;
    const std::string& name = name_;
    INFO(name);
    const auto v = verifier::verify_native(s);
    REQUIRE_FALSE(v.valid);
    CHECK(v.violation->rule == rule);
    const Run r = d.check(s, name);
    INFO(r.out);
    CHECK(r.code != 0);
    // The checker found the native verifier's first violation (not a syntax error).
    CHECK(same_violation(coq_violation(r.out), v.violation->message));
  }
}

}  // namespace schedcert_test_witnesses_coq_combining_test
