// Status and average status (Dimakopoulos & Dimopoulos 1998, §3.1): BFS over the implicit graph
// against Theorem 1, Corollaries 1-2 and the closed forms, on many products.
#include "schedules/status.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert_test_schedules_status_test {

using namespace schedcert;
using namespace schedcert::schedules;

namespace {

const std::vector<std::string> kProducts = {
    "K2",       "C3",       "C4",       "C5",    "C8",    "P3",       "P4",       "P7",
    "K3",       "K5",       "Q2",       "Q3",    "Q5",    "Q8",       "C3xC3",    "C4xC5",
    "C5xC7",    "C3xC4xC5", "P2xP3",    "P3xP4", "P5xP5", "P3xP4xP5", "K3xK3",    "K3xK4",
    "K2xK3xK5", "K4^3",     "C5xP4xK3", "Q2xC3", "P4xQ3", "K3xC6xP5", "C9xK2xP6", "C3^4"};

bool close(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

}  // namespace

TEST_CASE("status: BFS equals Theorem 1 at every node of many products") {
  for (const auto& spec : kProducts) {
    const Network net = Network::parse(spec);
    CAPTURE(spec);
    std::uint64_t total = 0;
    for (Node v = 0; v < net.num_nodes(); ++v) {
      const std::uint64_t bfs = status_bfs(net, v);
      REQUIRE(bfs == status_formula(net, v));
      total += bfs;
      // The distance profile sums to n and its first moment is the status.
      const auto prof = distance_profile(net, v);
      REQUIRE(prof.has_value());
      std::uint64_t count = 0, moment = 0;
      for (std::size_t d = 0; d < prof->size(); ++d) count += (*prof)[d], moment += d * (*prof)[d];
      CHECK(count == net.size());
      CHECK(moment == bfs);
      CHECK(prof->size() == net.eccentricity(v) + 1);
      // Corollary 1.
      CHECK(close(average_distance_corollary1(net, v),
                  static_cast<double>(bfs) / (net.size() - 1.0)));
    }
    CHECK(total_status(net) == total);
    const double n = static_cast<double>(net.size());
    CHECK(close(average_status(net), static_cast<double>(total) / n));
    CHECK(close(average_status_corollary2(net), static_cast<double>(total) / n));  // Corollary 2
    CHECK(close(average_distance(net), static_cast<double>(total) / (n * (n - 1.0))));
  }
}

TEST_CASE("status: closed forms for rings, paths and complete graphs agree with BFS") {
  for (std::uint32_t k = 3; k <= 40; ++k) {
    CAPTURE(k);
    const Network ring = Network::parse("C" + std::to_string(k));
    const Network path = Network::parse("P" + std::to_string(k));
    const Network comp = Network::parse("K" + std::to_string(k));
    CHECK(status_bfs(ring, 0) == ring_status(k));
    CHECK(status_bfs(ring, k / 2) == ring_status(k));
    CHECK(status_bfs(comp, 1) == complete_status(k));
    double sum = 0;
    for (std::uint32_t a = 0; a < k; ++a) {
      CHECK(status_bfs(path, a) == path_status(k, a));
      sum += static_cast<double>(path_status(k, a));
    }
    CHECK(close(path_average_status(k), sum / k));
    CHECK(close(average_status(path), path_average_status(k)));
    CHECK(close(average_status(ring), ring_average_status(k)));
  }
}

TEST_CASE("status: hypercube d 2^(d-1) (= Bertsekas eq. (2)), BFS up to Q16, formula up to Q31") {
  for (int d = 1; d <= 16; ++d) {
    const Network q = Network::hypercube(d);
    CAPTURE(d);
    CHECK(status_bfs(q, 0) == hypercube_status(d));
    CHECK(status_bfs(q, (1u << d) - 1) == hypercube_status(d));
  }
  for (int d = 1; d <= 31; ++d) {
    const Network q = Network::hypercube(d);
    CHECK(status_formula(q, 0) == hypercube_status(d));
    // S_G = n * s(v) = d 2^(2d-1): exceeds 64 bits at d = 31 without overflow here.
    CHECK(total_status(q) == static_cast<Wide>(d) << (2 * d - 1));
  }
}

TEST_CASE("status: generalized hypercubes (products of complete graphs), Corollary 1 example") {
  const std::vector<std::vector<std::uint32_t>> shapes = {{2, 2},    {3, 3}, {3, 4},    {2, 3, 5},
                                                          {4, 4, 4}, {5, 2}, {6, 3, 2}, {7}};
  for (const auto& m : shapes) {
    std::string spec;
    for (std::uint32_t mi : m) spec += (spec.empty() ? "K" : "xK") + std::to_string(mi);
    const Network net = Network::parse(spec);
    CAPTURE(spec);
    const std::uint64_t s = generalized_hypercube_status(m);
    for (Node v = 0; v < net.num_nodes(); v += 7) {
      CHECK(status_bfs(net, v) == s);
      CHECK(close(average_distance(net, v), generalized_hypercube_average_distance(m)));
    }
    CHECK(close(average_distance(net), generalized_hypercube_average_distance(m)));
  }
}

TEST_CASE("status: degrees and links of products") {
  for (const auto& spec : kProducts) {
    const Network net = Network::parse(spec);
    CAPTURE(spec);
    std::uint32_t lo = ~0u, hi = 0;
    std::uint64_t sum = 0;
    for (Node v = 0; v < net.num_nodes(); ++v) {
      const std::uint32_t d = net.degree(v);
      lo = std::min(lo, d), hi = std::max(hi, d), sum += d;
    }
    CHECK(min_degree(net) == lo);
    CHECK(max_degree(net) == hi);
    CHECK(directed_links(net) == sum);
    CHECK(net.degree(0) == lo);  // node 0 is a corner: the bounds rely on it
  }
}

TEST_CASE("status: BFS refuses networks above 2^24 nodes") {
  CHECK_THROWS_AS(status_bfs(Network::hypercube(25), 0), InputError);
  CHECK(status_formula(Network::hypercube(25), 0) == hypercube_status(25));
}

}  // namespace schedcert_test_schedules_status_test
