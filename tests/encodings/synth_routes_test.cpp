// The routes phase (encodings/synth/routes.hpp): balanced shortest-path routes, the hopeless
// check, and the restricted query that answers the tight total exchanges of issue 19 in exact
// mode (no Cayley phase, no counting bounds, no slack rules). The loads 8 are the hop counts of
// Bertsekas et al. 1991 (sum of distances 16 * 32 over 64 directed links); the test compares.
#include <doctest/doctest.h>

#include <string>

#include "encodings/synth/routes.hpp"
#include "encodings/synth/synthesis.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_encodings_synth_routes_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;
using schedcert::encodings::synth::balanced_routes;
using schedcert::encodings::synth::FlowItem;
using schedcert::encodings::synth::items_to_move;
using schedcert::encodings::synth::RoutePlan;
using schedcert::encodings::synth::Routes;
using SynthTopology = schedcert::encodings::synth::Topology;

namespace {

Problem kind(ProblemKind k) {
  Problem p;
  p.kind = k;
  return p;
}

// Every restricted route is a shortest path from the item's origin to its target.
void check_shortest_paths(const SynthTopology& topo, const std::vector<FlowItem>& items, const Routes& routes) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    INFO("item " << i);
    REQUIRE(routes[i].size() == topo.dist(items[i].origin, items[i].target));
    Node at = items[i].origin;
    for (std::size_t hop = 0; hop < routes[i].size(); ++hop) {
      std::int64_t used = -1;
      for (std::uint32_t l : routes[i])
        if (topo.links()[l].from == at) used = l;
      REQUIRE(used >= 0);
      at = topo.links()[static_cast<std::uint32_t>(used)].to;
    }
    CHECK(at == items[i].target);
  }
}

}  // namespace

TEST_CASE("routes: Q4 and C4xC4 total exchange spread 512 hops evenly over 64 links") {
  for (const char* spec : {"Q4", "C4xC4"}) {
    INFO(spec);
    const Network net = Network::parse(spec);
    const SynthTopology topo(net);
    const auto items = items_to_move(kind(ProblemKind::TotalExchange), topo.n());
    const RoutePlan plan = balanced_routes(topo, items, Model::AllPort, 8);
    CHECK(plan.restricted == 240);
    CHECK(plan.max_load == doctest::Approx(8.0));
    CHECK(plan.hopeless.empty());
    check_shortest_paths(topo, items, plan.routes);
    // Seven steps cannot carry eight packets on a link: the restricted query is skipped.
    const RoutePlan seven = balanced_routes(topo, items, Model::AllPort, 7);
    CHECK(seven.hopeless.find("carries 8 packets") != std::string::npos);
  }
}

TEST_CASE("routes: only personalised items are routed, and port limits make a plan hopeless") {
  const Network q3 = Network::parse("Q3");
  const SynthTopology topo(q3);
  CHECK(balanced_routes(topo, items_to_move(kind(ProblemKind::MultinodeBroadcast), 8),
                        Model::AllPort, 3)
            .restricted == 0);
  // Scatter from node 0 under single-port: node 0 sends 7 packets, one per step.
  const auto scatter = items_to_move(kind(ProblemKind::Scatter), 8);
  CHECK(balanced_routes(topo, scatter, Model::SinglePortFull, 7).hopeless.empty());
  CHECK(balanced_routes(topo, scatter, Model::SinglePortFull, 6).hopeless.find("node 0 is busy in 7") !=
        std::string::npos);
  // Half duplex: Q2 total exchange needs at least 4 sends and 4 receptions at every node.
  const Network q2 = Network::parse("Q2");
  const SynthTopology t2(q2);
  CHECK_FALSE(balanced_routes(t2, items_to_move(kind(ProblemKind::TotalExchange), 4),
                              Model::SinglePortHalf, 7)
                  .hopeless.empty());
  // Reproducible: the same seed gives the same routes.
  CHECK(balanced_routes(topo, scatter, Model::AllPort, 3).routes ==
        balanced_routes(topo, scatter, Model::AllPort, 3).routes);
}

TEST_CASE("routes: exact mode finds the T = 8 total exchanges on Q4 and C4xC4 (issue 19)") {
  SynthesisOptions o;
  o.timeout_ms = 60000;
  o.cayley_first = false;
  o.counting_bounds = false;
  o.slack_rules = false;
  o.solver_logic = "cadical";
  for (const char* spec : {"Q4", "C4xC4"}) {
    INFO(spec);
    const SynthesisResult r =
        synthesize(Network::parse(spec), Model::AllPort, kind(ProblemKind::TotalExchange), 8, o);
    INFO(r.stats);
    REQUIRE(r.status == SynthesisStatus::Found);
    CHECK(verifier::verify_native(*r.schedule).valid);
    CHECK(r.schedule->num_steps() <= 8);
    CHECK(r.stats.find("routes sat") != std::string::npos);
    CHECK(r.stats.find("exact query") == std::string::npos);  // answered before phase 4
  }
}

}  // namespace schedcert_test_encodings_synth_routes_test
