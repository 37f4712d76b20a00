// Issue 13, checked arithmetic: the helpers of schedules/checked.hpp, and places that wrapped or
// narrowed silently before (found in the audit, docs/trust.md): Ho-Johnsson's ceil(M / B) in
// 32 bits, the CI manifest's 32-bit casts, Network::with_digit's modular trick, factors of size
// 0 or 1, and the neighbour walk (now O(degree), in the same order as a scan of every digit).
#include <doctest/doctest.h>

#include <vector>

#include "certify/manifest.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/network.hpp"
#include "schedules/registry.hpp"

namespace schedcert_test_schedules_checked_test {

using namespace schedcert;
using schedules::Network;

TEST_CASE("checked: products, sums, powers and narrowing are exact or an InputError") {
  CHECK(checked_mul(std::uint64_t{1} << 31, std::uint64_t{1} << 32, "x") == std::uint64_t{1} << 63);
  CHECK_THROWS_WITH_AS(checked_mul(std::uint64_t{1} << 62, 4, "problem: items"),
                       "problem: items: 4611686018427387904 x 4 = 18446744073709551616 does not "
                       "fit in 64 bits",
                       InputError);
  CHECK(checked_add(~std::uint64_t{0} - 1, 1, "x") == ~std::uint64_t{0});
  CHECK_THROWS_WITH_AS(checked_add(~std::uint64_t{0}, 1, "steps"),
                       "steps: 18446744073709551615 + 1 = 18446744073709551616 does not fit in 64 "
                       "bits",
                       InputError);
  CHECK(checked_pow2(63, "x") == std::uint64_t{1} << 63);
  CHECK_THROWS_WITH_AS(checked_pow2(64, "2^d"), "2^d: 2^64 does not fit in 64 bits", InputError);
  CHECK(checked_cast<std::uint32_t>(std::uint64_t{4294967295u}, "x") == 4294967295u);
  CHECK_THROWS_WITH_AS(checked_cast<std::uint32_t>(std::uint64_t{4294967296u}, "root"),
                       "root: 4294967296 does not fit in an unsigned 32-bit integer", InputError);
  CHECK_THROWS_WITH_AS(checked_cast<unsigned>(-1, "T"),
                       "T: -1 does not fit in an unsigned 32-bit integer", InputError);
  CHECK_THROWS_AS(checked_cast<int>(std::uint64_t{1} << 31, "d"), InputError);
  CHECK(to_string_u128(static_cast<u128>(1) << 100) == "1267650600228229401496703205376");
}

TEST_CASE("checked: Ho-Johnsson's claimed packets ceil(M / B) do not wrap for B near 2^32") {
  // M + B - 1 in 32 bits was 0 for M = 2, B = 2^32 - 1: the paper "claimed" 0 transmissions.
  const auto& c = schedules::Registry::instance().find("hj-sbt-broadcast");
  schedules::Params p;
  p.dim = 3;
  p.model = schedules::Model::AllPort;
  p.messages = 2;
  p.packet_items = 4294967295u;
  REQUIRE(c.claimed_transmissions(p));
  CHECK(*c.claimed_transmissions(p) == 7);  // one packet to each of the 7 other nodes
  CHECK(*c.claimed_steps(p) == 3);          // Q + n - 1 with Q = 1
}

TEST_CASE("checked: CI manifest numbers are not narrowed to 32 bits") {
  auto manifest = [](const std::string& job) {
    return R"({"format": "schedcert-ci", "version": 1, "jobs": [)" + job + "]}";
  };
  CHECK_THROWS_WITH_AS(
      certify::parse_manifest(manifest(R"({"bound": {"network": "Q3", "problem": "broadcast",
                                                      "root": 4294967296}})"),
                              "m.json", ""),
      "m.json: jobs[0].bound.root: 4294967296 does not fit in an unsigned 32-bit integer",
      InputError);
  CHECK_THROWS_AS(certify::parse_manifest(manifest(R"({"bound": {"network": "Q3", "problem":
                      "broadcast", "messages": 4294967297}})"), "m.json", ""),
                  InputError);
  CHECK_THROWS_AS(certify::parse_manifest(manifest(R"({"construction": "sbt-broadcast",
                      "dim": 4294967299})"), "m.json", ""),
                  InputError);
  CHECK_THROWS_AS(certify::parse_manifest(manifest(R"({"bound": {"network": "Q3", "problem":
                      "successive-broadcast", "sources": [4294967296]}})"), "m.json", ""),
                  InputError);
}

TEST_CASE("checked: networks refuse factors of 0 or 1 vertices / with_digit clears and sets") {
  using schedules::Factor;
  using schedules::FactorKind;
  CHECK_THROWS_AS(Network(std::vector<Factor>{{FactorKind::Ring, 0}}), InputError);
  CHECK_THROWS_AS(Network(std::vector<Factor>{{FactorKind::K2, 2}, {FactorKind::Path, 1}}),
                  InputError);
  const Network net = Network::parse("C5xP4xK3");
  for (schedules::Node v = 0; v < net.size(); ++v)
    for (int d = 0; d < net.dims(); ++d)
      for (std::uint32_t b = 0; b < net.factors()[static_cast<std::size_t>(d)].size; ++b) {
        const schedules::Node w = net.with_digit(v, d, b);
        for (int e = 0; e < net.dims(); ++e) CHECK(net.digit(w, e) == (e == d ? b : net.digit(v, e)));
      }
}

TEST_CASE("checked: neighbours in O(degree), in the order of a scan of every digit value") {
  for (const char* spec : {"C3", "C4", "C5xP4xK3", "P2xC7", "K5xC3xP5", "Q3", "C3^2xK2"}) {
    const Network net = Network::parse(spec);
    CAPTURE(spec);
    for (schedules::Node v = 0; v < net.size(); ++v) {
      std::vector<std::pair<schedules::Node, int>> got, want;
      net.for_each_neighbour(v, [&](schedules::Node w, int d) { got.emplace_back(w, d); });
      for (int d = 0; d < net.dims(); ++d) {
        const auto& f = net.factors()[static_cast<std::size_t>(d)];
        for (std::uint32_t b = 0; b < f.size; ++b)
          if (b != net.digit(v, d) && f.adjacent(net.digit(v, d), b))
            want.emplace_back(net.with_digit(v, d, b), d);
      }
      CHECK(got == want);
    }
  }
}

}  // namespace schedcert_test_schedules_checked_test
