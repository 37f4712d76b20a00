// Ho-Johnsson 1986 §4.2: personalized communication (scatter) on the BST and the SBT, every
// schedule checked by verify_native; measured steps against Table 5 and (N-1)/log N.
#include <doctest/doctest.h>

#include <cmath>

#include "schedules/constructions/hojohnsson1986/tree_scatter.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_hojohnsson1986_scatter_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::constructions::hojohnsson1986;
using schedcert::verifier::verify_native;

namespace {
std::size_t steps_of_valid(const Schedule& s) {
  auto v = verify_native(s);
  INFO("n=" << s.network().dims() << " model=" << to_string(s.model()) << " M="
            << s.problem().messages << " B=" << s.problem().packet_items);
  if (v.violation) INFO(v.violation->message);
  CHECK(v.valid);
  return s.num_steps();
}
// Table 5, BST(max), n = 1..10 (n = 1: the single subtree of one node).
const std::uint64_t kTable5[] = {0, 1, 2, 3, 5, 7, 13, 19, 35, 59, 107};
}  // namespace

TEST_CASE("hj1986 §4.2.2: BST scatter with all ports and B = M takes BST(max) steps, "
          "within Table 5's ratio of (N-1)/log N") {
  for (int n = 1; n <= 10; ++n)
    for (std::uint32_t M : {1u, 3u}) {
      const Node s = static_cast<Node>((9u * n) % (1u << n));
      const double ideal = ((1u << n) - 1.0) / n;
      for (ScatterOrder o : {ScatterOrder::FarthestFirst, ScatterOrder::LevelByLevel}) {
        const std::size_t t = steps_of_valid(bst_scatter(n, s, Model::AllPort, M, M, o));
        CHECK(t == kTable5[n]);
        CHECK(static_cast<double>(t) >= ideal);
        if (n >= 5) CHECK(static_cast<double>(t) <= 1.25 * ideal);
      }
      // B < M: ceil(M/B) packets per destination.
      if (M == 3)
        CHECK(steps_of_valid(bst_scatter(n, s, Model::AllPort, M, 1)) == 3 * kTable5[n]);
    }
}

TEST_CASE("hj1986 §4.2: one port and B = M: N - 1 steps on the BST and the SBT") {
  for (int n = 1; n <= 9; ++n)
    for (Model m : {Model::SinglePortFull, Model::SinglePortHalf}) {
      const std::size_t N1 = (std::size_t{1} << n) - 1;
      CHECK(steps_of_valid(bst_scatter(n, 1u % (1u << n), m, 2, 2)) == N1);
      CHECK(steps_of_valid(sbt_scatter(n, 0, m, 1, 1)) == N1);
    }
}

TEST_CASE("hj1986 §4.2: large packets, start-up counts (log N SBT, 2 log N - 2 BST one port)") {
  for (int n = 2; n <= 10; ++n) {
    const std::uint32_t N = 1u << n, M = 2;
    // SBT one port, B = NM/2 (§4.2.1): log N steps.
    CHECK(steps_of_valid(sbt_scatter(n, 0, Model::SinglePortFull, M, N * M / 2)) == std::size_t(n));
    // BST one port, B >= N/log N M (§4.2.2): 2 log N - 2 start-ups.
    const auto b = static_cast<std::uint32_t>(std::ceil(double(N) / n) * M);
    CHECK(steps_of_valid(bst_scatter(n, 0, Model::SinglePortFull, M, b)) == std::size_t(2 * n - 2));
    // BST all ports, level by level, B >= N/log^(3/2) N M: log N steps (Table 6 T_min).
    const auto c = static_cast<std::uint32_t>(std::ceil(N / std::pow(n, 1.5) * M));
    CHECK(steps_of_valid(bst_scatter(n, 0, Model::AllPort, M, c, ScatterOrder::LevelByLevel)) ==
          std::size_t(n));
    // SBT all ports, level by level (Lemma 4.2), B = C(n-1, floor((n-1)/2)) M: log N steps.
    std::uint32_t binom = 1;
    for (int i = 1; i <= (n - 1) / 2; ++i) binom = binom * (n - 1 - (n - 1) / 2 + i) / i;
    CHECK(steps_of_valid(sbt_scatter(n, 0, Model::AllPort, M, binom * M,
                                     ScatterOrder::LevelByLevel)) == std::size_t(n));
  }
}

TEST_CASE("hj1986 §4.3: with all ports and B = M the BST beats the SBT by about log N / 2") {
  for (int n = 4; n <= 10; ++n) {
    const double sbt = static_cast<double>(steps_of_valid(sbt_scatter(n, 0, Model::AllPort, 1, 1)));
    const double bst = static_cast<double>(steps_of_valid(bst_scatter(n, 0, Model::AllPort, 1, 1)));
    CHECK(sbt == std::ldexp(1.0, n - 1));  // the largest SBT subtree, N/2
    CHECK(sbt / bst >= 0.39 * n);
    CHECK(sbt / bst <= 0.5 * n);
  }
}

}  // namespace schedcert_test_hojohnsson1986_scatter_test
