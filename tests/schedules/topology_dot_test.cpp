// Graph files in the dot language (issue 16): read by Graphviz's cgraph, checked like JSON graph
// files; DGX-1 written either way (multiplicity attribute or parallel edges) is the built-in.
#include <doctest/doctest.h>

#include <string>

#include "schedules/error.hpp"
#include "schedules/network.hpp"
#include "schedules/topology.hpp"
#include "tests/cli/run_cli.hpp"
#include "verifier/bounds.hpp"

namespace schedcert_test_schedules_topology_dot_test {

using namespace schedcert;
using namespace schedcert::schedules;

namespace {

std::string dot_fixture(const std::string& name) {
  return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/graphs-dot/" + name;
}

std::string load_error(const std::string& name) {
  try {
    load_topology_file(dot_fixture(name));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("dot graphs: DGX-1 with multiplicity attributes or parallel edges is the built-in dgx1") {
  std::size_t len = 0;
  const auto builtin = builtin_topology("dgx1", 0, len);
  REQUIRE(builtin);
  for (const char* file : {"dgx1-multiplicity.dot", "dgx1-parallel.gv"}) {
    INFO(file);
    const auto t = load_topology_file(dot_fixture(file));
    REQUIRE(t->size() == 8);
    CHECK_FALSE(t->directed());
    CHECK(t->diameter() == builtin->diameter());
    CHECK(t->link_capacity_total() == builtin->link_capacity_total());
    for (std::uint32_t u = 0; u < 8; ++u)
      for (std::uint32_t v = 0; v < 8; ++v) CHECK(t->multiplicity(u, v) == builtin->multiplicity(u, v));
    // The same lower bounds as the built-in, through the network spec every command takes.
    const Network net = Network::parse("graph:" + dot_fixture(file));
    const Network ref = Network::parse("dgx1");
    Problem te;
    te.kind = ProblemKind::TotalExchange;
    CHECK(verifier::lower_bounds(net, Model::AllPort, te).steps.value ==
          verifier::lower_bounds(ref, Model::AllPort, te).steps.value);
  }
}

TEST_CASE("dot graphs: a digraph is directed, and bad files name the file and the fault") {
  const auto ring = load_topology_file(dot_fixture("ring-directed.dot"));
  CHECK(ring->directed());
  CHECK(ring->size() == 4);
  CHECK(ring->labels()[0] == "a");
  CHECK(ring->adjacent(0, 1));
  CHECK_FALSE(ring->adjacent(1, 0));
  CHECK(ring->diameter() == 3);

  CHECK(load_error("bad-syntax.dot").find("bad-syntax.dot: not a Graphviz dot graph: ") != std::string::npos);
  CHECK(load_error("bad-multiplicity.dot").find("bad-multiplicity.dot: edge a -- b: multiplicity \"two\" is not an integer") != std::string::npos);
  CHECK(load_error("self-loop.dot").find("self-loop.dot: edge 0 ('a', 'a'): self-loop") != std::string::npos);
  CHECK(load_error("disconnected.dot").find("disconnected.dot: ") != std::string::npos);
  CHECK(load_error("disconnected.dot").find("is not connected: node 'c' cannot be reached from node 'a'") !=
        std::string::npos);
}

TEST_CASE("dot graphs: the CLI synthesises on a dot file as on the built-in") {
  const auto r = schedcert::testing::run_cli("synthesize -n graph:" + dot_fixture("dgx1-parallel.gv") +
                                             " -m all-port -p total-exchange -q");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("optimum: 3 steps") != std::string::npos);
  const auto bad = schedcert::testing::run_cli("bound -n graph:" + dot_fixture("bad-syntax.dot") +
                                               " -m all-port -p broadcast");
  CHECK(bad.code == 2);
  CHECK(bad.out.find("not a Graphviz dot graph") != std::string::npos);
}

}  // namespace schedcert_test_schedules_topology_dot_test
