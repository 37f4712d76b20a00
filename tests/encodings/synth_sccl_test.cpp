// SCCL's (steps, rounds) encoding (encodings/synth/sccl.hpp): least S found with S - 1 refuted,
// the expanded schedule accepted by the native verifier and by the independent step-grouping
// check, the grouping check's own rejections, and the refusals.
#include <doctest/doctest.h>

#include <string>

#include "../cli/run_cli.hpp"
#include "encodings/synth/sccl.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_encodings_synth_sccl_test {

using namespace schedcert;
using namespace schedcert::encodings::synth;
using schedules::Model;
using schedules::Network;
using schedules::Problem;
using schedules::ProblemKind;

namespace {

Problem mnb(std::uint32_t chunks) {
  Problem p;
  p.kind = ProblemKind::MultinodeBroadcast;
  p.messages = chunks;
  return p;
}

ScclOptions opts() {
  ScclOptions o;
  o.timeout_ms = 60000;
  return o;
}

}  // namespace

TEST_CASE("sccl: the step grouping check accepts one-round steps and rejects forwarding within a step") {
  // C4 multinode broadcast by hand: in round 1 every node sends its item both ways, in round 2
  // every node forwards clockwise what it got from its counterclockwise neighbour.
  schedules::Schedule s(Network::parse("C4"), Model::AllPort, mnb(1));
  s.begin_step();
  for (schedules::Node v = 0; v < 4; ++v) {
    s.add(v, (v + 1) % 4, schedules::Item{v});
    s.add(v, (v + 3) % 4, schedules::Item{v});
  }
  s.begin_step();
  for (schedules::Node v = 0; v < 4; ++v) s.add(v, (v + 1) % 4, schedules::Item{(v + 3) % 4});
  REQUIRE(verifier::verify_native(s).valid);
  CHECK_FALSE(check_sccl_steps(s, {1, 1}).has_value());
  // One step of two rounds: round 2 forwards items that arrived in round 1, within the step.
  const auto bad = check_sccl_steps(s, {2});
  REQUIRE(bad.has_value());
  const std::string why = *bad;
  CHECK(why == "round 2 (step 1): node 0 sends item 3, which it received in the same step (a chunk "
               "received in step s can be sent only from step s + 1)");
  CHECK(check_sccl_steps(s, {1}).value() == "the steps' rounds sum to 1, but the schedule has 2 rounds");
  CHECK(check_sccl_steps(s, {0, 2}).value() == "a step of 0 rounds");
}

TEST_CASE("sccl: C4 allgather with 2 chunks: least R = 3, least S = 2, S = 1 refuted, expansion verified") {
  const Network net = Network::parse("C4");
  const Problem p = mnb(2);
  // R = 2 cannot work (6 chunks into each node over 2 links of 1 chunk per round): Z3 or the
  // distance argument says so.
  const ScclResult r2 = synthesize_sccl(net, Model::AllPort, p, 2, 2, opts());
  CHECK(r2.status == SynthesisStatus::Impossible);
  const ScclSearchResult s = minimize_sccl_steps(net, Model::AllPort, p, 3, opts());
  REQUIRE(s.least_steps.has_value());
  CHECK(*s.least_steps == 2);
  REQUIRE(s.tried.size() == 2);
  CHECK(s.tried[0].steps == 1);
  CHECK(s.tried[0].status == SynthesisStatus::Impossible);
  CHECK(s.tried[0].engine == "distance argument");
  const ScclResult& found = s.tried[1];
  CHECK(found.status == SynthesisStatus::Found);
  REQUIRE(found.schedule.has_value());
  CHECK(found.schedule->num_steps() == 3);
  CHECK(verifier::verify_native(*found.schedule).valid);
  CHECK_FALSE(check_sccl_steps(*found.schedule, found.rounds_per_step).has_value());
  CHECK(found.rounds_per_step.size() == 2);
  CHECK(found.rounds_per_step[0] + found.rounds_per_step[1] == 3);
}

TEST_CASE("sccl: dgx1 allgather with 3 chunks and 4 rounds: S = 2 refuted by Z3, S = 3 found") {
  const Network net = Network::parse("dgx1");
  const ScclSearchResult s = minimize_sccl_steps(net, Model::AllPort, mnb(3), 4, opts());
  REQUIRE(s.least_steps.has_value());
  CHECK(*s.least_steps == 3);
  REQUIRE(s.tried.size() == 3);
  CHECK(s.tried[0].steps == 1);
  CHECK(s.tried[0].engine == "distance argument");  // the diameter of dgx1 is 2
  CHECK(s.tried[0].status == SynthesisStatus::Impossible);
  CHECK(s.tried[1].steps == 2);
  CHECK(s.tried[1].engine == "z3");
  CHECK(s.tried[1].status == SynthesisStatus::Impossible);
  const ScclResult& found = s.tried[2];
  CHECK(found.status == SynthesisStatus::Found);
  REQUIRE(found.schedule.has_value());
  CHECK(found.schedule->num_steps() == 4);
  CHECK(verifier::verify_native(*found.schedule).valid);
  CHECK_FALSE(check_sccl_steps(*found.schedule, found.rounds_per_step).has_value());
  // Grouping all 4 rounds into one step breaks it: some chunk needs 2 hops (diameter 2).
  CHECK(check_sccl_steps(*found.schedule, {4}).has_value());
}

TEST_CASE("sccl: SCCL's DGX-1 allgather instance C = 6: R = 7, (2, 7) refuted by Z3, (3, 7) found") {
  const Network net = Network::parse("dgx1");
  const ScclResult no = synthesize_sccl(net, Model::AllPort, mnb(6), 2, 7, opts());
  CHECK(no.status == SynthesisStatus::Impossible);
  CHECK(no.engine == "z3");
  const ScclResult yes = synthesize_sccl(net, Model::AllPort, mnb(6), 3, 7, opts());
  REQUIRE(yes.status == SynthesisStatus::Found);
  REQUIRE(yes.schedule.has_value());
  CHECK(yes.schedule->num_steps() == 7);
  CHECK(yes.schedule->num_transmissions() == 8 * 7 * 6);
  CHECK(verifier::verify_native(*yes.schedule).valid);
  CHECK_FALSE(check_sccl_steps(*yes.schedule, yes.rounds_per_step).has_value());
}

TEST_CASE("sccl: P3 alltoall: least R = 2 and S = 2, S = 1 refuted by distance") {
  const Network net = Network::parse("P3");
  Problem p;
  p.kind = ProblemKind::TotalExchange;
  const ScclResult r1 = synthesize_sccl(net, Model::AllPort, p, 1, 1, opts());
  CHECK(r1.status == SynthesisStatus::Impossible);
  const ScclSearchResult s = minimize_sccl_steps(net, Model::AllPort, p, 2, opts());
  REQUIRE(s.least_steps.has_value());
  CHECK(*s.least_steps == 2);
  const ScclResult& found = s.tried.back();
  REQUIRE(found.schedule.has_value());
  CHECK(verifier::verify_native(*found.schedule).valid);
  CHECK_FALSE(check_sccl_steps(*found.schedule, found.rounds_per_step).has_value());
}

TEST_CASE("sccl: a timeout is unknown, never impossible, and then no least S is claimed") {
  ScclOptions o;
  o.timeout_ms = 1;  // (3, 7) on dgx1 with C = 6 takes about a second
  const ScclResult r = synthesize_sccl(Network::parse("dgx1"), Model::AllPort, mnb(6), 3, 7, o);
  CHECK(r.status == SynthesisStatus::Unknown);
  CHECK(r.reason == "timeout");
  CHECK(r.certificate.empty());
  auto cli = testing::run_cli("synthesize -n dgx1 -p multinode-broadcast --messages 6 --sccl-steps 3 "
                              "--steps 7 -q --timeout 0.001");
  CAPTURE(cli.out);
  CHECK(cli.code == 3);
  CHECK(cli.out.find("(S, R) = (3, 7): unknown (z3") != std::string::npos);
}

TEST_CASE("sccl: refusals name the option") {
  const Network net = Network::parse("Q3");
  CHECK_THROWS_WITH_AS(synthesize_sccl(net, Model::SinglePortFull, mnb(1), 1, 3),
                       doctest::Contains("--model single-port-full"), InputError);
  Problem b;
  b.kind = ProblemKind::Broadcast;
  CHECK_THROWS_WITH_AS(synthesize_sccl(net, Model::AllPort, b, 1, 3), doctest::Contains("--problem broadcast"),
                       InputError);
  CHECK_THROWS_WITH_AS(synthesize_sccl(net, Model::AllPort, mnb(1), 4, 3),
                       doctest::Contains("S <= R"), InputError);
  CHECK_THROWS_WITH_AS(synthesize_sccl(net, Model::AllPort, mnb(1), 0, 3),
                       doctest::Contains("--sccl-steps"), InputError);
}

TEST_CASE("sccl: the command line decides one (S, R) and searches the least S") {
  auto one = testing::run_cli("synthesize -n Q3 -p multinode-broadcast --sccl-steps 3 --steps 3 -q");
  CAPTURE(one.out);
  CHECK(one.code == 0);
  CHECK(one.out.find("(S, R) = (3, 3): found (z3") != std::string::npos);
  CHECK(one.out.find("verified by the native verifier; step grouping checked") != std::string::npos);
  auto no = testing::run_cli("synthesize -n Q3 -p multinode-broadcast --sccl-steps 2 --steps 3 -q");
  CAPTURE(no.out);
  CHECK(no.code == 1);
  CHECK(no.out.find("impossible (distance argument") != std::string::npos);
  auto least = testing::run_cli("synthesize -n C4 -p multinode-broadcast --messages 2 --sccl -q");
  CAPTURE(least.out);
  CHECK(least.code == 0);
  CHECK(least.out.find("least rounds R = 3") != std::string::npos);
  CHECK(least.out.find("least S for R = 3: 2") != std::string::npos);
  auto sp = testing::run_cli("synthesize -n Q3 -m single-port-full -p multinode-broadcast --sccl -q");
  CHECK(sp.code == 2);
  CHECK(sp.out.find("--model single-port-full: SCCL steps are defined here for all-port only") != std::string::npos);
  CHECK(sp.out.find("least rounds") == std::string::npos);  // refused before the rounds search
  // --steps R below the least R: every S <= R refuted, exit 1 (R = 2 < diameter 3 of Q3: the
  // distance argument; R = 3 on C4 with C = 3: Z3 for S = 2, 3).
  auto few = testing::run_cli("synthesize -n Q3 -p multinode-broadcast --sccl --steps 2 -q");
  CAPTURE(few.out);
  CHECK(few.code == 1);
  CHECK(few.out.find("(S, R) = (2, 2): impossible (distance argument") != std::string::npos);
  CHECK(few.out.find("no S <= R = 2 works") != std::string::npos);
  auto few2 = testing::run_cli("synthesize -n C4 -p multinode-broadcast --messages 3 --sccl --steps 3 -q");
  CAPTURE(few2.out);
  CHECK(few2.code == 1);
  CHECK(few2.out.find("(S, R) = (3, 3): impossible (z3") != std::string::npos);
  CHECK(few2.out.find("no S <= R = 3 works") != std::string::npos);
  auto bad = testing::run_cli("synthesize -n Q3 -p multinode-broadcast --sccl-steps 2 -q");
  CHECK(bad.code == 2);
  CHECK(bad.out.find("--sccl-steps needs --steps R") != std::string::npos);
}

}  // namespace schedcert_test_encodings_synth_sccl_test
