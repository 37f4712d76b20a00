// Time in seconds (verifier/time_model.hpp, verifier/time_bounds.hpp, schedules/units.hpp):
// hand-computed times on tiny schedules, units parsed and printed, link classes from graph-file
// attributes and defaults, and the bound below the prediction on many generated schedules.
#include "verifier/time_model.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "encodings/alpha/leaf_bound.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/topology.hpp"
#include "schedules/units.hpp"
#include "verifier/native.hpp"
#include "verifier/time_bounds.hpp"

namespace schedcert_test_verifier_time_model_test {

using namespace schedcert;
using namespace schedcert::verifier;

namespace {

std::string fixture(const std::string& name) { return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/cost/" + name; }

TimeBound bound_of(const schedules::Schedule& s, const LinkTimes& L, Timing t, double size) {
  const auto lb = encodings::alpha::best_lower_bounds(s.network(), s.model(), s.problem());
  TimeBoundInput in;
  in.model = s.model();
  in.problem = s.problem();
  in.step_lower_bound = lb.steps.value;
  in.step_argument = lb.steps.argument;
  return TimeBounds(L, in, t).at(size);
}

}  // namespace

TEST_CASE("time model: units parse with their option's name and print in engineering units") {
  using namespace schedcert::schedules;
  CHECK(parse_size("1KiB", "--size") == 1024);
  CHECK(parse_size("1MiB", "--size") == 1048576);
  CHECK(parse_size("1GiB", "--size") == 1073741824.0);
  CHECK(parse_size("1KB", "--size") == 1000);
  CHECK(parse_size("1MB", "--size") == 1e6);
  CHECK(parse_size("4096", "--size") == 4096);
  CHECK(parse_size("1.5MiB", "--size") == 1572864);
  CHECK(parse_size_list("1MiB,64MiB,1GiB", "--size") == std::vector<double>{1048576.0, 67108864.0, 1073741824.0});
  CHECK_THROWS_WITH_AS(parse_size("12XB", "--size"),
                       "--size: '12XB' is not a size in bytes (a positive number with an optional unit B, KB, "
                       "MB, GB, TB, KiB, MiB, GiB, TiB; e.g. 4096, 64KiB, 1MiB, 1GB)",
                       InputError);
  CHECK_THROWS_AS(parse_size("-1MiB", "--size"), InputError);
  CHECK_THROWS_AS(parse_size("0", "--size"), InputError);
  CHECK_THROWS_AS(parse_size("MiB", "--size"), InputError);
  CHECK_THROWS_AS(parse_size("1mib", "--size"), InputError);  // units are case-sensitive (b = bit)
  CHECK_THROWS_WITH_AS(parse_size_list("1MiB,,2MiB", "--size"),
                       "--size: empty size in '1MiB,,2MiB' (give sizes separated by commas, e.g. 1MiB,64MiB,1GiB)",
                       InputError);
  CHECK_THROWS_WITH_AS(parse_size_list("1MiB,1048576", "--size"), "--size: size '1048576' is given twice in '1MiB,1048576'",
                       InputError);
  CHECK(parse_duration("0.3us", "--latency") == doctest::Approx(0.3e-6));
  CHECK(parse_duration("2", "--latency") == 2);
  CHECK_THROWS_AS(parse_duration("3 parsecs", "--latency"), InputError);
  CHECK(parse_bandwidth("25GB/s", "--bandwidth") == 25e9);
  CHECK_THROWS_AS(parse_bandwidth("100Gb/s", "--bandwidth"), InputError);  // bits are not bytes
  CHECK(eng_seconds(8.3798e-05) == "83.8 us");
  CHECK(eng_seconds(1.001e-3) == "1 ms");
  CHECK(eng_seconds(0.0125) == "12.5 ms");
  CHECK(eng_seconds(2.5) == "2.5 s");
  CHECK(eng_seconds(3e-10) == "0.3 ns");
  CHECK(eng_seconds(999.96e-6) == "1 ms");
  CHECK(eng_bytes(67108864) == "64 MiB");
  CHECK(eng_bytes(1000) == "1 KB");
  CHECK(eng_bytes(1023) == "1023 B");
  CHECK(eng_bytes(976562.5) == "954 KiB");
  CHECK(eng_bytes(131072) == "128 KiB");
  CHECK(eng_bytes(1e6) == "1 MB");
  CHECK(eng_bandwidth(1e6 / 46e-6) == "21.7 GB/s");
}

TEST_CASE("time model: one transfer between two nodes takes latency + bytes / bandwidth") {
  const auto f = schedules::io::read_schedule_file(fixture("two-nodes-broadcast.json"));
  REQUIRE(verify_native(f.schedule).valid);
  const LinkTimes L(f.schedule.network());
  REQUIRE(L.classes().size() == 1);
  CHECK(L.classes()[0].name == "graph file");
  for (Timing t : {Timing::Synchronised, Timing::Asap}) {
    CAPTURE(to_string(t));
    // 1 MB = 10^6 bytes over 1 GB/s: 1 ms, plus 1 us of latency.
    CHECK(predict_time(f.schedule, L, t, 1e6).seconds == doctest::Approx(1.001e-3).epsilon(1e-12));
    const TimeBound b = bound_of(f.schedule, L, t, 1e6);
    CHECK(b.seconds == doctest::Approx(1.001e-3).epsilon(1e-12));  // the schedule is optimal here
  }
  // --latency/--bandwidth do not replace a graph file's own attributes.
  LinkOverrides o;
  o.latency = 5e-6;
  const LinkTimes L2(f.schedule.network(), o);
  CHECK(predict_time(f.schedule, L2, Timing::Synchronised, 1e6).seconds == doctest::Approx(1.001e-3));
}

TEST_CASE("time model: a pipelined broadcast on a double fast link and a default link, by hand") {
  const auto f = schedules::io::read_schedule_file(fixture("path3-broadcast-m2.json"));
  const auto& s = f.schedule;
  REQUIRE(verify_native(s).valid);
  const LinkTimes L(s.network());
  // a - b: 2 links of 1 us and 1 GB/s (capacity 2 GB/s); b - c: the default class `network`.
  const LinkClass net = network_class();
  CHECK(net.latency == 2.6e-6);
  CHECK(L.min_latency() == 1e-6);
  CHECK(L.max_capacity() == doctest::Approx(net.bandwidth));  // 9.52 GB/s > 2 GB/s
  const double item = 5e5;  // S = 1 MB, M = 2
  const double ab = 1e-6 + item / 2e9;              // 251 us
  const double bc = net.latency + item / net.bandwidth;  // 2.6 + 52.5 = 55.1 us
  // Synchronised: step 1 a->b; step 2 a->b and b->c (the slower is a->b); step 3 b->c.
  CHECK(predict_time(s, L, Timing::Synchronised, 1e6).seconds == doctest::Approx(ab + ab + bc).epsilon(1e-12));
  // As soon as possible: a->b injects item 1 from 250 us (the link is busy item / capacity per
  // transfer, the latency is pipelined), so it arrives at 250 + 251 us; b->c forwards it then.
  const double second_arrival = item / 2e9 + ab;
  CHECK(predict_time(s, L, Timing::Asap, 1e6).seconds == doctest::Approx(second_arrival + bc).epsilon(1e-12));
  // Bounds: the cut around a (10^6 bytes at 2 GB/s = 500 us) plus the steps' latency.
  const TimeBound sync = bound_of(s, L, Timing::Synchronised, 1e6);
  CHECK(sync.bandwidth_part == doctest::Approx(500e-6));
  CHECK(sync.seconds >= 500e-6 + 2e-6);
  CHECK(sync.seconds <= predict_time(s, L, Timing::Synchronised, 1e6).seconds);
  const TimeBound asap = bound_of(s, L, Timing::Asap, 1e6);
  CHECK(asap.seconds == doctest::Approx(500e-6));
}

TEST_CASE("time model: built-in link classes: dgx1 NVLinks, everything else the network class") {
  const auto dgx = schedules::Network::parse("dgx1");
  const LinkTimes L(dgx);
  REQUIRE(L.classes().size() == 1);
  CHECK(L.classes()[0].name == "nvlink");
  CHECK(L.capacity(0, 1, 0) == doctest::Approx(2 * 1e6 / 46e-6));  // a double NVLink: 23 us/MB
  CHECK(L.capacity(0, 2, 0) == doctest::Approx(1e6 / 46e-6));
  const auto prod = schedules::Network::parse("dgx1xK2");
  const LinkTimes P(prod);
  CHECK(P.classes().size() == 2);
  CHECK(P.latency(0, 8, 1) == 2.6e-6);
  const LinkTimes Q(schedules::Network::parse("Q3"));
  CHECK(Q.classes().size() == 1);
  CHECK(Q.classes()[0].name == "network");
}

TEST_CASE("time model: the bound never exceeds the prediction (constructions, both timings, three sizes)") {
  struct Case {
    const char* construction;
    int dim;
    const char* network;
    schedules::Model model;
    std::uint32_t M;
  };
  const Case cases[] = {
      {"sbt-broadcast", 4, "", schedules::Model::AllPort, 1},
      {"gray-ring-mnb", 3, "", schedules::Model::SinglePortFull, 1},
      {"dimakopoulos-dim-te", 0, "C5", schedules::Model::AllPort, 1},
      {"dimakopoulos-dim-te", 0, "K8", schedules::Model::SinglePortFull, 1},
      {"hj-msbt-broadcast", 3, "", schedules::Model::AllPort, 6},
      {"hj-sbt-broadcast", 3, "", schedules::Model::SinglePortHalf, 4},
  };
  for (const auto& c : cases) {
    schedules::Params p;
    p.dim = c.dim;
    p.network = c.network;
    p.model = c.model;
    p.messages = c.M;
    const auto& con = schedules::Registry::instance().find(c.construction);
    const schedules::Schedule s = schedules::generate(con, p);
    CAPTURE(c.construction);
    CAPTURE(s.network().name());
    REQUIRE(verify_native(s).valid);
    const LinkTimes L(s.network());
    for (double size : {1024.0, 1048576.0, 1073741824.0}) {
      const double sync = predict_time(s, L, Timing::Synchronised, size).seconds;
      const double asap = predict_time(s, L, Timing::Asap, size).seconds;
      CHECK(asap <= sync * (1 + 1e-12));
      CHECK(bound_of(s, L, Timing::Synchronised, size).seconds <= sync * (1 + 1e-12));
      CHECK(bound_of(s, L, Timing::Asap, size).seconds <= asap * (1 + 1e-12));
    }
  }
}

TEST_CASE("time model: link attributes in graph files, their errors, and their round trip") {
  using schedules::parse_topology_text;
  const auto t = parse_topology_text(
      R"({"nodes": ["a", "b", "c"], "edges": [["a", "b", {"bandwidth": "10GB/s"}], ["b", "c", 3, {"latency": "2us"}]]})",
      "g.json", "graph:g.json");
  CHECK(t->edges()[0].bandwidth == 10e9);
  CHECK(t->edges()[0].latency < 0);
  CHECK(t->edges()[1].multiplicity == 3);
  CHECK(t->edges()[1].latency == doctest::Approx(2e-6));
  const auto back = parse_topology_text(schedules::topology_json(*t, ""), "back.json", "graph:g.json");
  CHECK(back->edges()[0].bandwidth == 10e9);
  CHECK(back->edges()[1].latency == t->edges()[1].latency);
  auto error = [](const std::string& text) {
    try {
      parse_topology_text(text, "g.json", "graph:g.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(error(R"({"nodes": ["a", "b"], "edges": [["a", "b", {"latency": "fast"}]]})") ==
        "g.json:1:56: edges[0][2].latency: 'fast' is not a duration (a non-negative number with an optional unit "
        "s, ms, us, ns; no unit = seconds; e.g. 0.3us, 2.6us)");
  CHECK(error(R"({"nodes": ["a", "b"], "edges": [["a", "b", {"colour": "red"}]]})") ==
        "g.json:1:45: edges[0][2].colour: unknown link attribute (expected latency or bandwidth)");
  CHECK(error(R"({"nodes": ["a", "b"], "edges": [["a", "b", 2, 3]]})").find("edges[0][3]") != std::string::npos);
}

}  // namespace schedcert_test_verifier_time_model_test
