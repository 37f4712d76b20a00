// `schedcert cost FILE...` as a user runs it (certify/cost_files.hpp, docs/cost-model.md): the
// repository's MSCCL-IR programs, generated and synthesized schedules at three sizes, the JSON
// and the SVG chart, exit codes for invalid files and bad options, and the Ho-Johnsson mode
// untouched when no FILE is given.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sstream>

#include "run_cli.hpp"

namespace schedcert_test_cli_cost_files_test {

using schedcert::testing::run_cli;

namespace {

std::string T(const std::string& rel) { return std::string(SCHEDCERT_TEST_DIR) + "/" + rel; }

std::string msccl_files() {
  return T("fixtures/msccl/real/allgather_recursive_doubling_8.xml") + " " +
         T("fixtures/msccl/real/allgather_ring_8.xml") + " " + T("fixtures/msccl/real/alltoall_allpairs_8.xml") +
         " " + T("fixtures/msccl/real/allreduce_recursive_doubling_halving_8.xml") + " " +
         T("fixtures/msccl/sccl/Allgather.n8-DGX1-steps2.msccl.xml") + " " +
         T("../docs/examples/msccl/allgather_recursive_doubling_8.xml");
}

std::string temp_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("schedcert-cost-" + name);
  std::filesystem::create_directories(d);
  return d.string();
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("cost files: the repository's MSCCL-IR programs at three sizes, text and JSON") {
  const auto r = run_cli("cost " + msccl_files() + " --size 1MiB,64MiB,1GiB");
  CAPTURE(r.out);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("timing model: synchronised") != std::string::npos);
  CHECK(count(r.out, "verified by the native verifier") == 6);
  CHECK(r.out.find("network dgx1: the algo's name says DGX1") != std::string::npos);
  CHECK(r.out.find("1 GiB") != std::string::npos);
  CHECK(r.out.find("e-0") == std::string::npos);  // engineering units, no raw exponents
  CHECK(r.out.find("optimal") == std::string::npos);

  const auto j = run_cli("cost " + msccl_files() + " --json --timing asap");
  REQUIRE(j.code == 0);
  const auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["timing"] == "as-soon-as-possible");
  REQUIRE(doc["files"].size() == 6);
  for (const auto& f : doc["files"]) {
    CAPTURE(f["file"]);
    CHECK(f["valid"] == true);
    REQUIRE(f["points"].size() == 3);
    double last = 0;
    for (const auto& p : f["points"]) {
      CHECK(p["bound_s"].get<double>() > 0);
      CHECK(p["bound_s"].get<double>() <= p["predicted_s"].get<double>());
      CHECK(p["predicted_s"].get<double>() > last);  // more bytes take longer
      last = p["predicted_s"].get<double>();
    }
  }
}

TEST_CASE("cost files: generated and synthesized schedules, and the SVG chart with one series per file") {
  const std::string d = temp_dir("gen");
  REQUIRE(run_cli("generate hj-sbt-broadcast --dim 3 -M 4 -o " + d + "/sbt.json").code == 0);
  REQUIRE(run_cli("generate gray-ring-mnb --dim 3 -m single-port-full -o " + d + "/ring.json").code == 0);
  REQUIRE(run_cli("synthesize -n dgx1 -m all-port -p multinode-broadcast -q -o " + d + "/dgx1-mnb.json").code == 0);
  const std::string files = d + "/sbt.json " + d + "/ring.json " + d + "/dgx1-mnb.json";
  const auto r = run_cli("cost " + files + " --size 1KiB,1MiB,1GiB --plot " + d + "/t.svg");
  CAPTURE(r.out);
  REQUIRE(r.code == 0);
  CHECK(count(r.out, "verified by the native verifier") == 3);
  CHECK(r.out.find("links nvlink") != std::string::npos);
  pugi::xml_document svg;
  const auto parsed = svg.load_file((d + "/t.svg").c_str());
  REQUIRE_MESSAGE(parsed, parsed.description());
  CHECK(std::string(svg.document_element().name()) == "svg");
  std::size_t series = 0, bounds = 0;
  for (const auto& x : svg.select_nodes("//polyline[@class='series']")) {
    ++series;
    CHECK(std::string(x.node().attribute("points").value()).find(',') != std::string::npos);
  }
  for (auto x : svg.select_nodes("//polyline[@class='bound']")) (void)x, ++bounds;
  CHECK(series == 3);
  CHECK(bounds >= 1);
  // Both timings: as soon as possible never predicts more than synchronised.
  const auto s = nlohmann::json::parse(run_cli("cost " + files + " --json").out);
  const auto a = nlohmann::json::parse(run_cli("cost " + files + " --json --timing asap").out);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t k = 0; k < 3; ++k)
      CHECK(a["files"][i]["points"][k]["predicted_s"].get<double>() <=
            s["files"][i]["points"][k]["predicted_s"].get<double>() * (1 + 1e-12));
}

TEST_CASE("cost files: a hand-checked tiny case through the CLI") {
  const auto r = run_cli("cost " + T("fixtures/cost/two-nodes-broadcast.json") + " --size 1MB --json");
  REQUIRE(r.code == 0);
  const auto p = nlohmann::json::parse(r.out)["files"][0]["points"][0];
  CHECK(p["predicted_s"].get<double>() == doctest::Approx(1.001e-3));  // 1 us + 10^6 B / 1 GB/s
  CHECK(p["bound_s"].get<double>() == doctest::Approx(1.001e-3));
  CHECK(p["ratio"].get<double>() == doctest::Approx(1.0));
  const auto t = run_cli("cost " + T("fixtures/cost/two-nodes-broadcast.json") + " --size 1MB");
  CHECK(t.out.find("1 ms        1 ms") != std::string::npos);
}

TEST_CASE("cost files: invalid files exit 1 naming the violation, bad options exit 2 naming the option") {
  const auto bad = run_cli("cost " + T("fixtures/schedules/invalid-adjacency-hypercube-two-bits.json"));
  CHECK(bad.code == 1);
  CHECK(bad.out.find("INVALID: the native verifier rejects the schedule") != std::string::npos);
  CHECK(bad.out.find("verified by") == std::string::npos);
  const auto hang = run_cli("cost " + T("fixtures/msccl/hasdep-missing.xml"));
  CHECK(hang.code == 1);
  CHECK(hang.out.find("INVALID: progress") != std::string::npos);
  const auto mixed = run_cli("cost " + T("fixtures/cost/two-nodes-broadcast.json") + " " +
                             T("fixtures/schedules/invalid-adjacency-hypercube-two-bits.json"));
  CHECK(mixed.code == 1);
  CHECK(mixed.out.find("1 ms") != std::string::npos);  // the valid file still gets its numbers

  const std::string ok = T("fixtures/cost/two-nodes-broadcast.json");
  const auto size = run_cli("cost " + ok + " --size 12XB");
  CHECK(size.code == 2);
  CHECK(size.out.find("--size: '12XB' is not a size in bytes") != std::string::npos);
  CHECK(run_cli("cost " + ok + " --size 1MiB,,1GiB").code == 2);
  CHECK(run_cli("cost " + ok + " --size 0").code == 2);
  const auto timing = run_cli("cost " + ok + " --timing fast");
  CHECK(timing.code == 2);
  CHECK(timing.out.find("--timing: 'fast' is not a timing model") != std::string::npos);
  const auto lat = run_cli("cost " + ok + " --latency soon");
  CHECK(lat.code == 2);
  CHECK(lat.out.find("--latency: 'soon' is not a duration") != std::string::npos);
  const auto mix1 = run_cli("cost " + ok + " --dim 3");
  CHECK(mix1.code == 2);
  CHECK(mix1.out.find("--dim") != std::string::npos);
  const auto mix2 = run_cli("cost --size 1MiB");
  CHECK(mix2.code == 2);
  CHECK(mix2.out.find("needs FILE arguments") != std::string::npos);
  CHECK(run_cli("cost /nonexistent/file.json").code == 2);
}

TEST_CASE("cost files: the Ho-Johnsson mode without FILE is unchanged, and --help shows both modes") {
  const auto hj = run_cli("cost --dim 3 --messages 8 --packet-items 2 --no-scan");
  CHECK(hj.code == 0);
  CHECK(hj.out.find("tau") != std::string::npos);
  const auto help = run_cli("cost --help");
  CHECK(help.code == 0);
  CHECK(help.out.find("--size") != std::string::npos);
  CHECK(help.out.find("--dim") != std::string::npos);
  CHECK(help.out.find("schedcert cost s.json ring.xml --size 1MiB,64MiB,1GiB") != std::string::npos);
  CHECK(help.out.find("schedcert cost --dim 4 --messages 64 --packet-items 8") != std::string::npos);
}

}  // namespace schedcert_test_cli_cost_files_test
