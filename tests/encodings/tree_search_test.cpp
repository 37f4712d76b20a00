// Tree search (encodings/tree/*.hpp): the native tree check, the trees read off constructions,
// the papers' numbers as oracles (Bertsekas et al. 1991 §3: every root subtree of the scatter
// tree holds <= ceil((2^d - 1)/d) nodes and the tree paths are shortest paths; Ho-Johnsson 1986
// Table 5: the BST's largest subtree), optima found by Z3, and one UNSAT certificate re-answered
// by the z3 and cvc5 command-line tools.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "encodings/tree/extract.hpp"
#include "encodings/tree/search.hpp"
#include "schedules/error.hpp"
#include "tests/cli/run_cli.hpp"

namespace schedcert_test_encodings_tree_search_test {

using namespace schedcert;
using namespace schedcert::encodings::tree;

namespace {

std::uint32_t ceil_div(std::uint32_t a, std::uint32_t b) { return (a + b - 1) / b; }

std::string run_tool(const std::string& cmd) { return schedcert::testing::shell_output(cmd); }

TreeAnswer solve(const std::string& net, TreeObjective o, std::optional<std::uint32_t> h = {},
                 std::optional<std::uint32_t> m = {}) {
  TreeQuery q;
  q.network = net;
  q.objective = o;
  q.max_height = h;
  q.max_subtree = m;
  q.timeout_ms = 60000;
  return search_tree(q);
}

}  // namespace

TEST_CASE("tree check: metrics of the binomial tree of Q3 and the defects it names") {
  const auto net = Network::parse("Q3");
  RootedTree t{0, {kNoParent, 0, 0, 2, 0, 4, 4, 6}};  // parent: clear the highest set bit
  std::string why;
  const auto m = check_tree(net, t, &why);
  REQUIRE(m);
  CHECK(m->leaves == 4);  // 1, 3, 5, 7
  CHECK(m->height == 3);
  CHECK(m->max_subtree == 4);
  CHECK(m->root_subtrees.size() == 3);
  auto bad = t;
  bad.parent[7] = 0;  // 0 and 7 are not neighbours
  CHECK_FALSE(check_tree(net, bad, &why));
  CHECK(why == "node 7: parent 0 is not a neighbour in Q3");
  bad = t;
  bad.parent[2] = 3;  // 2 <-> 3 cycle
  CHECK_FALSE(check_tree(net, bad, &why));
  CHECK(why.find("cycle") != std::string::npos);
  bad = t;
  bad.parent[0] = 1;
  CHECK_FALSE(check_tree(net, bad, &why));
  CHECK(why == "the root 0 has a parent");
}

TEST_CASE("Bertsekas 1991 §3: the scatter tree meets ceil((2^d - 1)/d) with height d") {
  for (int d = 2; d <= 10; ++d) {
    CAPTURE(d);
    const auto net = Network::hypercube(d);
    const auto t = tree_of_construction("bertsekas-scatter", net, 0);
    const auto m = check_tree(net, t);
    REQUIRE(m);
    CHECK(m->max_subtree == ceil_div((1u << d) - 1, d));
    CHECK(m->height == static_cast<std::uint32_t>(d));
    CHECK(m->root_subtrees.size() == static_cast<std::size_t>(d));
  }
}

TEST_CASE("Ho-Johnsson 1986 Table 5: the BST's largest subtree, and Bertsekas' tree beats it") {
  const std::uint32_t table5[] = {0, 0, 2, 3, 5, 7, 13, 19, 35, 59, 107};  // BST(max), n = 2..10
  for (int n = 2; n <= 10; ++n) {
    CAPTURE(n);
    const auto net = Network::hypercube(n);
    const auto m = check_tree(net, tree_of_construction("hj-bst-scatter", net, 0));
    REQUIRE(m);
    CHECK(m->max_subtree == table5[n]);
    CHECK(m->height == static_cast<std::uint32_t>(n));
  }
  // n = 4: the BST's 5 is not optimal; the search returns a height-4 tree with subtrees <= 4.
  TreeQuery q;
  q.network = "Q4";
  q.objective = TreeObjective::Balanced;
  q.max_height = 4;
  q.than = tree_of_construction("hj-bst-scatter", Network::hypercube(4), 0);
  q.than_name = "hj-bst-scatter";
  const auto a = search_tree(q);
  CHECK(a.status == TreeStatus::Optimal);
  CHECK(a.than_beaten);
  CHECK(a.best_metrics.max_subtree == 4);
  CHECK(a.best_metrics.height <= 4);
}

TEST_CASE("balanced: Z3 alone finds the ceil((2^d - 1)/d) bound with height d for d = 2..4") {
  for (int d = 2; d <= 4; ++d) {
    CAPTURE(d);
    const auto a = solve("Q" + std::to_string(d), TreeObjective::Balanced, d);
    CHECK(a.status == TreeStatus::Optimal);
    CHECK(a.upper == ceil_div((1u << d) - 1, d));
    REQUIRE(a.best);
    CHECK(check_tree(Network::hypercube(d), *a.best)->max_subtree == a.upper);
  }
}

TEST_CASE("max-leaves: alpha(3) = 4 and alpha(4) = 10 (Desprez 1993 Prop. 2's alpha), rings") {
  auto a = solve("Q3", TreeObjective::MaxLeaves);
  CHECK(a.status == TreeStatus::Optimal);
  CHECK(a.lower == 4);
  CHECK(a.certificate.rfind("UNSAT", 0) == 0);
  a = solve("Q4", TreeObjective::MaxLeaves);
  CHECK(a.status == TreeStatus::Optimal);
  CHECK(a.lower == 10);
  a = solve("C4xC4", TreeObjective::MaxLeaves);
  CHECK(a.status == TreeStatus::Optimal);
  CHECK(a.lower == 10);
  CHECK(a.certificate.rfind("UNSAT", 0) == 0);
  CHECK(a.certificate.find("leaves >= 11") != std::string::npos);
  a = solve("C7", TreeObjective::MaxLeaves);  // a spanning tree of a ring is a path
  CHECK(a.lower == 2);
  // Root 5 of C3xC3: translated to 0 and back; the witness is rooted at 5.
  TreeQuery q;
  q.network = "C3xC3";
  q.root = 5;
  q.objective = TreeObjective::MaxLeaves;
  const auto b = search_tree(q);
  REQUIRE(b.best);
  CHECK(b.best->root == 5);
  CHECK(check_tree(Network::parse("C3xC3"), *b.best)->leaves == b.lower);
}

TEST_CASE("min-height and infeasible constraints") {
  auto a = solve("C5xC5", TreeObjective::MinHeight);
  CHECK(a.status == TreeStatus::Optimal);
  CHECK(a.upper == 4);
  CHECK(a.queries.empty());  // the breadth-first tree meets ecc(root)
  a = solve("Q3", TreeObjective::Balanced, 2);
  CHECK(a.status == TreeStatus::Infeasible);
  a = solve("Q3", TreeObjective::MinHeight, {}, 2);  // 7 nodes in 3 subtrees of <= 2: UNSAT
  CHECK(a.status == TreeStatus::Infeasible);
  CHECK(a.certificate.rfind("UNSAT", 0) == 0);
  TreeQuery q;
  q.network = "Q3";
  q.root = 8;
  CHECK_THROWS_WITH_AS(search_tree(q), "--root: 8 is not a node of Q3 (0..7)", InputError);
  CHECK_THROWS_AS(parse_tree_objective("max-leafs"), InputError);
  CHECK_THROWS_AS(tree_of_construction("bertsekas-mnb", Network::hypercube(3), 0), InputError);
}

TEST_CASE("the UNSAT certificate of alpha(3) < 5 is answered unsat by z3 and cvc5") {
  const auto dir = std::filesystem::temp_directory_path() / ("schedcert-tree-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  TreeQuery q;
  q.network = "Q3";
  q.objective = TreeObjective::MaxLeaves;
  q.emit_smt2 = (dir / "q3-leaves.smt2").string();
  const auto a = search_tree(q);
  REQUIRE(a.status == TreeStatus::Optimal);
  REQUIRE(a.certificate_smt2 == q.emit_smt2);
  CHECK(run_tool("z3 -T:60 " + q.emit_smt2) == "unsat");
  CHECK(run_tool("timeout 60 cvc5 " + q.emit_smt2) == "unsat");
  // The same query without the symmetry breaking is unsat too (the constraints are not load-bearing).
  q.symmetry = false;
  q.emit_smt2 = (dir / "q3-leaves-nosym.smt2").string();
  REQUIRE(search_tree(q).certificate_smt2 == q.emit_smt2);
  CHECK(run_tool("z3 -T:60 " + q.emit_smt2) == "unsat");
  CHECK(run_tool("timeout 60 cvc5 " + q.emit_smt2) == "unsat");
  std::filesystem::remove_all(dir);
}

TEST_CASE("symmetry breaking changes no optimum (rings, K_n, K2 factors, constrained height)") {
  struct Case {
    const char* net;
    TreeObjective o;
    std::uint32_t extra_height;  // max height = ecc(root) + extra_height
    Node root;
  };
  const Case cases[] = {
      {"K3xC4", TreeObjective::Balanced, 0, 0},  {"K3xC4", TreeObjective::MaxLeaves, 0, 5},
      {"C4xC4", TreeObjective::MaxLeaves, 0, 0}, {"C3xK2xC3", TreeObjective::MaxLeaves, 1, 7},
      {"P3xC3", TreeObjective::Balanced, 0, 4},  {"K4xK3", TreeObjective::MaxLeaves, 0, 0},
  };
  for (const auto& c : cases) {
    CAPTURE(c.net);
    CAPTURE(to_string(c.o));
    TreeQuery q;
    q.network = c.net;
    q.objective = c.o;
    q.root = c.root;
    q.max_height = Network::parse(c.net).eccentricity(c.root) + c.extra_height;
    const auto on = search_tree(q);
    q.symmetry = false;
    const auto off = search_tree(q);
    REQUIRE(on.status == TreeStatus::Optimal);
    REQUIRE(off.status == TreeStatus::Optimal);
    CHECK(on.lower == off.lower);
    CHECK(on.upper == off.upper);
    REQUIRE(on.best);
    CHECK(on.best->root == c.root);
  }
}

}  // namespace schedcert_test_encodings_tree_search_test
