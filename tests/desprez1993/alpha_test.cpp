// alpha(d), the maximum number of leaves of a spanning tree of Q_d (Desprez et al. 1993,
// Proposition 2), certified by encodings::max_leaf_spanning_tree for d <= 5. The values are
// compared with 2^d - gamma_c(Q_d) from the literature on connected domination of hypercubes
// (gamma_c(Q_2..Q_5) = 2, 4, 6, 10) and with the paper's "alpha(4) >= 10".
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "encodings/alpha.hpp"
#include "verifier/bounds.hpp"

using namespace schedcert;
using namespace schedcert::encodings;

namespace {

std::string run(const std::string& cmd) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> f(popen(cmd.c_str(), "r"), pclose);
  if (!f) return out;
  char buf[256];
  while (fgets(buf, sizeof buf, f.get())) out += buf;
  return out;
}

}  // namespace

TEST_CASE("alpha: native spanning-tree check") {
  std::string why;
  CHECK(spanning_tree_leaves(2, {{0, 1}, {1, 3}, {3, 2}}, &why) == 2u);
  CHECK(spanning_tree_leaves(2, {{0, 1}, {0, 2}, {0, 3}}, &why) == std::nullopt);  // 0-3 no edge
  CHECK(spanning_tree_leaves(2, {{0, 1}, {1, 0}, {3, 2}}, &why) == std::nullopt);
  CHECK(spanning_tree_leaves(2, {{0, 1}, {3, 2}}, &why) == std::nullopt);
  CHECK(spanning_tree_leaves(3, {{0, 1}, {0, 2}, {0, 4}, {1, 3}, {1, 5}, {2, 6}, {3, 7}}) == 4u);
}

TEST_CASE("alpha(d) certified for d = 1..5") {
  const unsigned gamma_c[] = {0, 0, 2, 4, 6, 10};  // literature, d = 2..5
  const auto dir = std::filesystem::temp_directory_path() / "schedcert-alpha-test";
  std::filesystem::remove_all(dir);
  for (int d = 1; d <= 5; ++d) {
    CAPTURE(d);
    const AlphaResult r = max_leaf_spanning_tree(d, 20000, dir.string());
    REQUIRE(r.alpha.has_value());
    CHECK(r.lower == r.upper);
    const unsigned n = 1u << d;
    if (d >= 2) CHECK(*r.alpha == n - gamma_c[d]);
    else CHECK(*r.alpha == 2u);
    CHECK(spanning_tree_leaves(d, r.tree_edges) == *r.alpha);  // a fresh check of the tree
    if (d == 4) CHECK(*r.alpha >= 10u);  // the paper's hand-made tree
    CHECK(verifier::desprez_lower_bound(n, *r.alpha) == 2 * n - *r.alpha - 1);
    // "one more leaf is impossible": the exported UNSAT query, run by both solvers.
    if (d >= 3 && d <= 4) {
      REQUIRE_FALSE(r.unsat_smt2.empty());
      CHECK(run("z3 " + r.unsat_smt2) == "unsat\n");
      CHECK(run("cvc5 " + r.unsat_smt2) == "unsat\n");
    }
  }
  std::filesystem::remove_all(dir);
}
