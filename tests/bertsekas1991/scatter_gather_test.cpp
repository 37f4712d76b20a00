// Bertsekas et al. 1991, §3: the compatible-class tree (Fig. 7), scatter under MLA and SLA, and
// the gather extracted from the multinode broadcast, against Tables 1 and 2.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/constructions/bertsekas1991/gather.hpp"
#include "schedules/constructions/bertsekas1991/scatter.hpp"
#include "schedules/constructions/bertsekas1991/scatter_tree.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_bertsekas1991_scatter_gather_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace b = schedcert::schedules::constructions::bertsekas1991;

namespace {
std::uint64_t pow2(int d) { return std::uint64_t{1} << d; }
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }
}  // namespace

TEST_CASE("bertsekas1991 §3: scatter tree subtree sizes, d = 1..16") {
  for (int d = 1; d <= 16; ++d) {
    CAPTURE(d);
    auto tr = b::scatter_tree(d);
    auto f = b::check_scatter_tree(tr);
    CHECK_MESSAGE(!f, (f ? *f : std::string()));
    REQUIRE(tr.subtree_sizes.size() == static_cast<std::size_t>(d));
    const auto total = std::accumulate(tr.subtree_sizes.begin(), tr.subtree_sizes.end(),
                                       std::uint64_t{0});
    CHECK(total == pow2(d) - 1);
    const auto cap = ceil_div(pow2(d) - 1, static_cast<std::uint64_t>(d));
    for (auto s : tr.subtree_sizes) CHECK(s <= cap);
    CHECK(*std::max_element(tr.subtree_sizes.begin(), tr.subtree_sizes.end()) == cap);
  }
}

TEST_CASE("bertsekas1991 §3: scatter tree for d = 4 (Fig. 7)") {
  auto tr = b::scatter_tree(4);
  // Subtree sizes 4, 4, 4, 3: 15 nodes, ceil(15/4) = 4.
  CHECK(tr.subtree_sizes == std::vector<std::uint64_t>{4, 4, 4, 3});
  // 11..1 hangs below the element of R_31 with the same m: m(1111) = 1 + (14 mod 4) = 3.
  CHECK(tr.m(15) == 3);
  CHECK(tr.m(tr.parent[15]) == 3);
}

TEST_CASE("bertsekas1991 §3: scatter under MLA and SLA, d = 1..8") {
  for (int d = 1; d <= 8; ++d) {
    CAPTURE(d);
    const Node root = static_cast<Node>((pow2(d) - 1) & 0b101);
    auto mla = verifier::verify_native(b::scatter_mla(d, root));
    CHECK_MESSAGE(mla.valid, (mla.violation ? mla.violation->message : std::string()));
    CHECK(mla.metrics.steps == ceil_div(pow2(d) - 1, static_cast<std::uint64_t>(d)));
    CHECK(mla.metrics.transmissions == static_cast<std::uint64_t>(d) * pow2(d - 1));
    for (const char* variant : {"sbt", "fig7"}) {
      CAPTURE(variant);
      auto sla = verifier::verify_native(b::scatter_sla(d, root, variant));
      CHECK_MESSAGE(sla.valid, (sla.violation ? sla.violation->message : std::string()));
      CHECK(sla.metrics.steps == pow2(d) - 1);
      CHECK(sla.metrics.transmissions == static_cast<std::uint64_t>(d) * pow2(d - 1));
    }
  }
  CHECK_THROWS_AS(b::scatter_sla(3, 0, "ring"), InputError);
}

TEST_CASE("bertsekas1991 §3: gather along the paths p(t, s), d = 1..8") {
  for (Model m : {Model::AllPort, Model::SinglePortFull}) {
    for (int d = 1; d <= 8; ++d) {
      CAPTURE(d);
      CAPTURE(to_string(m));
      for (Node root : {Node{0}, static_cast<Node>(pow2(d) - 1)}) {
        auto v = verifier::verify_native(b::gather_from_mnb(d, root, m));
        CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
        CHECK(v.metrics.steps == (m == Model::AllPort
                                      ? ceil_div(pow2(d) - 1, static_cast<std::uint64_t>(d))
                                      : pow2(d) - 1));
        CHECK(v.metrics.transmissions == static_cast<std::uint64_t>(d) * pow2(d - 1));
      }
    }
  }
}

}  // namespace schedcert_test_bertsekas1991_scatter_gather_test
