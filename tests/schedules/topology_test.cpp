// Graph networks (schedules/topology.hpp): the built-in real topologies against their published
// counts, the graph-file loader against one bad file per error (tests/fixtures/graphs, message in
// <name>.expected), graph files in schedules (embedded, round trip), and the engines on DGX-1 and
// Petersen: native and Z3 verifiers agree, multiplicities are link capacities, bounds hold.
#include "schedules/topology.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "encodings/smt/verifier.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/network.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/fixture_list.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_schedules_topology_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::io;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Counts {
  std::uint32_t nodes = 0;
  std::uint64_t edges = 0, links = 0;  // undirected edges; NVLink-style links with multiplicity
  std::uint32_t min_deg = ~0u, max_deg = 0, diameter = 0;
};

Counts counts(const std::string& spec) {
  const Network net = Network::parse(spec);
  Counts c;
  c.nodes = net.num_nodes();
  for (Node v = 0; v < c.nodes; ++v) {
    c.min_deg = std::min(c.min_deg, net.degree(v));
    c.max_deg = std::max(c.max_deg, net.degree(v));
  }
  c.edges = net.directed_links() / 2;
  c.links = net.directed_links(true) / 2;
  c.diameter = net.diameter();
  return c;
}

Schedule schedule_of(const std::string& net, Model m, Problem p,
                     const std::vector<std::vector<std::array<std::uint64_t, 3>>>& steps) {
  Schedule s(Network::parse(net), m, p);
  for (const auto& st : steps) {
    s.begin_step();
    for (const auto& t : st) s.add(static_cast<Node>(t[0]), static_cast<Node>(t[1]), t[2]);
  }
  return s;
}

}  // namespace

TEST_CASE("graph networks: the built-ins have their published sizes, degrees and diameters") {
  const Counts pet = counts("petersen");
  CHECK(pet.nodes == 10);
  CHECK(pet.edges == 15);
  CHECK(pet.min_deg == 3);
  CHECK(pet.max_deg == 3);
  CHECK(pet.diameter == 2);
  const Counts dgx = counts("dgx1");
  CHECK(dgx.nodes == 8);
  CHECK(dgx.edges == 16);  // GPU pairs joined by at least one NVLink
  CHECK(dgx.links == 24);  // 8 GPUs x 6 NVLinks / 2
  CHECK(dgx.min_deg == 4);
  CHECK(dgx.max_deg == 4);
  CHECK(dgx.diameter == 2);
  const Network d = Network::parse("dgx1");
  for (Node v = 0; v < 8; ++v) {
    std::uint32_t nvlinks = 0;
    d.for_each_neighbour(v, [&](Node w, int dim) { nvlinks += d.link_capacity(v, w, dim); });
    CHECK(nvlinks == 6);
  }
  CHECK(d.link_capacity(0, 1, 0) == 2);
  CHECK(d.link_capacity(0, 2, 0) == 1);
  CHECK_FALSE(d.adjacent(0, 5));
  const Counts ft = counts("fattree4");  // 4 core, 8 aggregation, 8 edge switches, 16 hosts
  CHECK(ft.nodes == 36);
  CHECK(ft.edges == 48);
  CHECK(ft.min_deg == 1);
  CHECK(ft.max_deg == 4);
  CHECK(ft.diameter == 6);
  const Counts df = counts("dragonfly-a4h1");  // 5 groups of 4 routers
  CHECK(df.nodes == 20);
  CHECK(df.edges == 5 * 6 + 10);
  CHECK(df.min_deg == 4);
  CHECK(df.max_deg == 4);
  CHECK(df.diameter == 3);
  for (int dim = 3; dim <= 6; ++dim) {
    CAPTURE(dim);
    const Counts tq = counts("twisted-Q" + std::to_string(dim));
    CHECK(tq.nodes == (1u << dim));
    CHECK(tq.edges == dim * (1u << (dim - 1)));
    CHECK(tq.min_deg == static_cast<std::uint32_t>(dim));
    CHECK(tq.diameter == static_cast<std::uint32_t>(dim - 1));  // Esfahanian et al.: n - 1
    const Counts fq = counts("folded-Q" + std::to_string(dim));
    CHECK(fq.edges == (dim + 1) * (1u << (dim - 1)));
    CHECK(fq.min_deg == static_cast<std::uint32_t>(dim + 1));
    CHECK(fq.diameter == static_cast<std::uint32_t>((dim + 1) / 2));  // El-Amawy, Latifi
  }
  // Products with a built-in keep the product structure.
  const Counts dk = counts("dgx1xK2");
  CHECK(dk.nodes == 16);
  CHECK(dk.diameter == 3);
  CHECK(Network::parse("dgx1xK2").name() == "dgx1xK2");
  CHECK(Network::parse("Petersen^2").name() == "petersen^2");
  CHECK_FALSE(Network::parse("dgx1").is_translation_invariant());
}

TEST_CASE("graph networks: bad built-in specs are refused with the reason") {
  CHECK_THROWS_WITH_AS(Network::parse("fattree3"), "network 'fattree3': fat-tree arity k must be even",
                       InputError);
  CHECK_THROWS_WITH_AS(Network::parse("twisted-Q2"),
                       "network 'twisted-Q2': twisted hypercube dimension 2 is out of range [3, 12]",
                       InputError);
  CHECK_THROWS_WITH_AS(Network::parse("dragonfly-a4"),
                       "network 'dragonfly-a4': expected 'h' after the routers per group (dragonfly-a4h1)",
                       InputError);
  CHECK_THROWS_AS(Network::parse("graph:/nonexistent/graph.json"), InputError);
  CHECK_THROWS_AS(Network::parse("dgx2"), InputError);
}

TEST_CASE("graph networks: every bad graph fixture gives its exact message") {
  const auto paths = tests::fixture_files("fixtures/graphs");
  REQUIRE(paths.size() >= 15);
  for (const auto& path : paths) {
    const std::string name = std::filesystem::path(path).filename().string();
    std::string expected = slurp(path.substr(0, path.size() - 5) + ".expected");
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    CAPTURE(name);
    std::string got = "(no error)";
    try {
      parse_topology_text(slurp(path), name, "graph:" + name);
    } catch (const InputError& e) {
      got = e.what();
    }
    CHECK_MESSAGE(got == expected, "\n  expected: " << expected << "\n  got:      " << got);
  }
}

TEST_CASE("graph networks: a graph file is embedded in the schedule file and read back") {
  const std::string dir = std::filesystem::temp_directory_path() / "schedcert-graph-test";
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/kite.json";
  {
    std::ofstream o(file);
    o << R"({"format": "schedcert-graph", "name": "kite", "nodes": ["a", "b", "c", "d"],
             "edges": [["a", "b"], ["b", "c", 2], ["c", "a"], ["c", "d"]]})";
  }
  const Network net = Network::parse("graph:" + file);
  CHECK(net.name() == "graph:" + file);
  CHECK(net.num_nodes() == 4);
  CHECK(net.link_capacity(1, 2, 0) == 2);
  CHECK_THROWS_AS(Network::parse("graph:" + file + "xK2"), InputError);  // no such file
  Schedule s(net, Model::AllPort, Problem{ProblemKind::Broadcast, 0, 2, 1, {}});
  s.begin_step();
  s.add(0, 1, Item{0});
  s.add(0, 2, Item{1});
  s.begin_step();
  s.add(1, 2, Item{0});
  s.add(2, 1, Item{1});
  s.add(2, 3, Item{1});
  s.begin_step();
  s.add(2, 3, Item{0});
  CHECK(verifier::verify_native(s).valid);
  std::ostringstream out;
  write_schedule_json(s, out);
  std::filesystem::remove(file);  // the schedule must not need the graph file any more
  const auto back = parse_schedule_json(out.str(), "embedded.json");
  CHECK(back.schedule.network().num_nodes() == 4);
  CHECK(back.schedule.network().link_capacity(1, 2, 0) == 2);
  CHECK(verifier::verify_native(back.schedule).valid);
  std::ostringstream again;
  write_schedule_json(back.schedule, again);
  auto network_of = [](const std::string& text) {
    const auto a = text.find("\"network\""), b = text.find("\"model\"");
    return text.substr(a, b - a);
  };
  CHECK(network_of(again.str()) == network_of(out.str()));
  // Old files with a network string are unchanged.
  std::ostringstream q;
  write_schedule_json(schedule_of("dgx1", Model::AllPort, Problem{ProblemKind::Broadcast, 0, 1, 1, {}}, {}), q);
  CHECK(q.str().find("\"network\": \"dgx1\"") != std::string::npos);
}

TEST_CASE("graph networks: native and Z3 verifiers agree on DGX-1 and Petersen, multiplicity is capacity") {
  struct Case {
    const char* what;
    Schedule s;
    bool valid;
    verifier::Rule rule;
  };
  using R = verifier::Rule;
  const Problem b2{ProblemKind::Broadcast, 0, 2, 1, {}};
  std::vector<Case> cases;
  // DGX-1: GPUs 0 and 1 share two NVLinks, 0 and 2 one.
  cases.push_back({"two packets on a double NVLink (only completion fails)",
                   schedule_of("dgx1", Model::AllPort, b2, {{{0, 1, 0}, {0, 1, 1}}}), false, R::Completion});
  cases.push_back({"two packets on a single NVLink", schedule_of("dgx1", Model::AllPort, b2,
      {{{0, 2, 0}, {0, 2, 1}}}), false, R::LinkCapacity});
  cases.push_back({"three packets on a double NVLink", schedule_of("dgx1", Model::AllPort,
      Problem{ProblemKind::Broadcast, 0, 3, 1, {}}, {{{0, 1, 0}, {0, 1, 1}, {0, 1, 2}}}), false, R::LinkCapacity});
  cases.push_back({"GPUs 0 and 5 are not joined", schedule_of("dgx1", Model::AllPort, b2,
      {{{0, 5, 0}}}), false, R::Adjacency});
  cases.push_back({"single-port ignores multiplicity", schedule_of("dgx1", Model::SinglePortFull, b2,
      {{{0, 1, 0}, {0, 1, 1}}}), false, R::Port});
  // Petersen: outer cycle 0..4, spokes i - i+5, inner pentagram.
  cases.push_back({"petersen broadcast", schedule_of("petersen", Model::AllPort,
      Problem{ProblemKind::Broadcast, 0, 1, 1, {}},
      {{{0, 1, 0}, {0, 4, 0}, {0, 5, 0}}, {{1, 2, 0}, {4, 3, 0}, {1, 6, 0}, {4, 9, 0}, {5, 7, 0}, {5, 8, 0}}}),
                   true, R::Completion});
  cases.push_back({"petersen 0 - 2 is not an edge", schedule_of("petersen", Model::AllPort,
      Problem{ProblemKind::Broadcast, 0, 1, 1, {}}, {{{0, 2, 0}}}), false, R::Adjacency});
  for (const auto& c : cases) {
    CAPTURE(c.what);
    const auto nv = verifier::verify_native(c.s);
    const auto zv = encodings::smt::verify_smt(c.s);
    CHECK(nv.valid == c.valid);
    CHECK(zv.valid == c.valid);
    if (!c.valid && nv.violation && zv.violation) {
      CHECK(nv.violation->rule == c.rule);
      CHECK(zv.violation->rule == c.rule);
      CHECK(nv.violation->transmission == zv.violation->transmission);
    }
  }
}

TEST_CASE("graph networks: lower bounds on DGX-1") {
  const Network d = Network::parse("dgx1");
  auto steps = [&](Model m, Problem p) { return verifier::lower_bounds(d, m, p).steps.value; };
  CHECK(steps(Model::AllPort, Problem{ProblemKind::Broadcast, 0, 1, 1, {}}) == 2);  // eccentricity
  // Allgather: GPU 0 receives 7 items over 6 NVLinks.
  CHECK(steps(Model::AllPort, Problem{ProblemKind::MultinodeBroadcast, 0, 1, 1, {}}) == 2);
  // Broadcast of 12 items from GPU 0: max-flow 0 -> t is 6 NVLinks, so >= 2 steps; a node at
  // distance 2 receives the first at step 2 and the last 12 at most 6 per step: 2 + 2 - 1 = 3.
  CHECK(steps(Model::AllPort, Problem{ProblemKind::Broadcast, 0, 12, 1, {}}) >= 3);
  // Single-port: 7 items arrive one per step.
  CHECK(steps(Model::SinglePortFull, Problem{ProblemKind::MultinodeBroadcast, 0, 1, 1, {}}) == 7);
  const auto te = verifier::lower_bounds(d, Model::AllPort, Problem{ProblemKind::TotalExchange, 0, 1, 1, {}});
  CHECK(te.transmissions.value == 8 * (4 + 3 * 2));  // per GPU 4 others at distance 1, 3 at 2
  CHECK(te.steps.value == 3);  // the cut {0,1,2,3}: 16 items over 6 NVLinks (synthesis attains 3)
  CHECK(verifier::lower_bounds(Network::parse("petersen"), Model::AllPort,
                               Problem{ProblemKind::TotalExchange, 0, 1, 1, {}}).steps.value == 5);
}

TEST_CASE("graph networks: exact synthesis on DGX-1 and Petersen, with and without nauty symmetry rules") {
  struct Case {
    const char* net;
    Model model;
    ProblemKind kind;
    unsigned optimum;
  };
  // Optima measured with `schedcert synthesize` (docs/networks-graphs.md); both NVLinks of a
  // doubled DGX-1 pair carry a packet in the 2-step allgather.
  const Case cases[] = {{"dgx1", Model::AllPort, ProblemKind::MultinodeBroadcast, 2},
                        {"dgx1", Model::AllPort, ProblemKind::TotalExchange, 3},
                        {"dgx1", Model::SinglePortFull, ProblemKind::Broadcast, 3},
                        {"petersen", Model::AllPort, ProblemKind::TotalExchange, 5},
                        {"petersen", Model::SinglePortFull, ProblemKind::Broadcast, 4}};
  for (const auto& c : cases) {
    CAPTURE(c.net);
    CAPTURE(to_string(c.kind));
    const Network net = Network::parse(c.net);
    for (bool sym : {true, false}) {
      CAPTURE(sym);
      encodings::synth::SynthesisOptions o;
      o.symmetry_breaking = sym;
      o.counting_bounds = false;  // every answer from the solver, so the rules are exercised
      const Problem p{c.kind, 0, 1, 1, {}};
      const auto r = encodings::synth::minimize_steps(net, c.model, p, 1, c.optimum + 1, o);
      REQUIRE(r.optimum.has_value());
      CHECK(*r.optimum == c.optimum);
      REQUIRE(r.at_optimum.schedule.has_value());
      CHECK(verifier::verify_native(*r.at_optimum.schedule).valid);
      CHECK(encodings::smt::verify_smt(*r.at_optimum.schedule).valid);
      if (sym && c.net == std::string("petersen"))
        CHECK(r.below.stats.find("nauty") != std::string::npos);
    }
  }
}

}  // namespace schedcert_test_schedules_topology_test
