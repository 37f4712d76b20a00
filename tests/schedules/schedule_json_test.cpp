// Schedule file format: exact loader errors (tests/fixtures/errors), round trips, golden
// re-writes of the fixtures, robustness (truncations, mutations, deep nesting) and speed.
#include "schedules/io/schedule_json.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/error.hpp"
#include "tests/fixture_list.hpp"

namespace schedcert_test_schedules_schedule_json_test {

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

std::string to_json(const Schedule& s) {
  std::ostringstream os;
  write_schedule_json(s, os);
  return os.str();
}

// The loader's message for `text`, or "" when it loads.
std::string load_error(std::string_view text, const std::string& name = "t.json") {
  try {
    parse_schedule_json(text, name);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void check_same(const Schedule& a, const Schedule& b) {
  CHECK(a.network().name() == b.network().name());
  CHECK(a.model() == b.model());
  const Problem &p = a.problem(), &q = b.problem();
  CHECK(p.kind == q.kind);
  CHECK(p.root == q.root);
  CHECK(p.messages == q.messages);
  CHECK(p.packet_items == q.packet_items);
  CHECK(p.sources == q.sources);
  CHECK(a.provenance().construction == b.provenance().construction);
  CHECK(a.provenance().parameters == b.provenance().parameters);
  CHECK(a.provenance().tool_version == b.provenance().tool_version);
  REQUIRE(a.num_steps() == b.num_steps());
  for (std::size_t st = 0; st < a.num_steps(); ++st) REQUIRE(a.step_end(st) == b.step_end(st));
  REQUIRE(a.num_transmissions() == b.num_transmissions());
  CHECK(a.from_array() == b.from_array());
  CHECK(a.to_array() == b.to_array());
  bool packets_equal = true;
  for (std::size_t k = 0; k < a.num_transmissions(); ++k) {
    auto x = a.packet(k), y = b.packet(k);
    packets_equal = packets_equal && std::equal(x.begin(), x.end(), y.begin(), y.end());
  }
  CHECK(packets_equal);
}

Schedule with_provenance(Schedule s, const std::string& name, int d) {
  s.provenance().construction = name;
  s.provenance().parameters = {{"dim", std::to_string(d)}, {"note", "quote \" tab \t é"}};
  s.provenance().tool_version = SCHEDCERT_VERSION;
  return s;
}

const char* kSmall = R"({"format": "schedcert-schedule", "version": 1, "network": "Q2",
  "model": "all-port", "problem": {"kind": "broadcast", "root": 0},
  "steps": [[[0,1,0],[0,2,0]], [[1,3,0]]]})";

}  // namespace

TEST_CASE("schedule json: every loader-error fixture gives its exact message") {
  const auto paths = tests::error_fixture_paths();
  REQUIRE(paths.size() >= 50);
  for (const auto& path : paths) {
    const std::string name = std::filesystem::path(path).filename().string();
    std::string expected = slurp(path.substr(0, path.size() - 5) + ".expected");
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    CAPTURE(name);
    const std::string got = load_error(slurp(path), name);
    CHECK_MESSAGE(got == expected, "\n  expected: " << expected << "\n  got:      " << got);
  }
}

TEST_CASE(
    "schedule json: the JSON Schema accepts every fixture, and which errors only the loader sees") {
  // Runs tests/fixtures/make_fixtures.py --check-schema (python3 + jsonschema); skipped without.
  const std::string cmd = "python3 " + std::string(SCHEDCERT_TEST_DIR) +
                          "/fixtures/make_fixtures.py --check-schema 2>&1";
  std::FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  char buf[4096];
  std::size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, got);
  const int rc = ::pclose(p);
  if (WIFEXITED(rc) && (WEXITSTATUS(rc) == 77 || WEXITSTATUS(rc) == 127)) {
    MESSAGE("skipped: " << out);
    return;
  }
  CHECK_MESSAGE(rc == 0, out);
  // What a schema cannot express: ranges against the network/problem, the network's own limits,
  // 1e0 as an integer, duplicate keys, expect positions that must exist in the schedule.
  CHECK(out ==
        "schema accepts: bad-network duplicate-key expect-step-beyond "
        "expect-transmission-not-in-step item-out-of-range-in-packet item-out-of-range "
        "node-above-2-32 node-exponent node-out-of-range overflow-items-q22-total-exchange-m2pow20 "
        "overflow-items-q31-total-exchange-m4 root-out-of-range source-out-of-range "
        "too-many-items\n");
}

TEST_CASE("schedule json: files that cannot be read") {
  const std::string missing = "/nonexistent-dir/none.json";
  CHECK_THROWS_WITH_AS(read_schedule_file(missing),
                       (missing + ": cannot open the file: No such file or directory").c_str(),
                       InputError);
  const std::string dir = SCHEDCERT_TEST_DIR;
  CHECK_THROWS_WITH_AS(read_schedule_file(dir),
                       (dir + ": cannot read the file: Is a directory").c_str(), InputError);
}

TEST_CASE("schedule json: keys in any order, steps before the header, BOM, empty steps") {
  ScheduleFile a = parse_schedule_json(kSmall, "a.json");
  const char* reordered = R"({"steps": [[[0,1,0],[0,2,0]], [[1,3,0]]],
    "problem": {"root": 0, "kind": "broadcast"}, "model": "MLA", "network": "K2xK2",
    "version": 1, "format": "schedcert-schedule"})";
  ScheduleFile b = parse_schedule_json(reordered, "b.json");
  check_same(a.schedule, b.schedule);
  CHECK(b.schedule.provenance().construction == "file");
  ScheduleFile c = parse_schedule_json("\xEF\xBB\xBF" + std::string(kSmall), "c.json");
  check_same(a.schedule, c.schedule);
  // Empty steps survive, also a trailing one; an empty schedule loads.
  ScheduleFile d = parse_schedule_json(
      R"({"format": "schedcert-schedule", "version": 1, "network": "Q2", "model": "all-port",
          "problem": {"kind": "broadcast", "root": 0}, "steps": [[], [[0,1,0]], []]})",
      "d.json");
  CHECK(d.schedule.num_steps() == 3);
  CHECK(d.schedule.step_end(0) == 0);
  CHECK(d.schedule.num_transmissions() == 1);
  ScheduleFile e = parse_schedule_json(
      R"({"format": "schedcert-schedule", "version": 1, "network": "Q2", "model": "all-port",
          "problem": {"kind": "broadcast", "root": 0}, "steps": []})",
      "e.json");
  CHECK(e.schedule.num_steps() == 0);
  check_same(e.schedule, parse_schedule_json(to_json(e.schedule), "e2.json").schedule);
}

TEST_CASE("schedule json: a non-adjacent hop or a self-loop loads (the verifier rejects it)") {
  std::string text = kSmall;
  text.replace(text.find("[1,3,0]"), 7, "[0,3,0]");
  CHECK(load_error(text) == "");
  text.replace(text.find("[0,3,0]"), 7, "[3,3,0]");
  CHECK(load_error(text) == "");
}

TEST_CASE("schedule json: generated constructions round-trip exactly") {
  for (int d = 1; d <= 8; ++d)
    for (Model m : {Model::AllPort, Model::SinglePortFull}) {
      CAPTURE(d);
      Schedule s =
          with_provenance(constructions::sbt_broadcast(d, (1u << d) - 1, m), "sbt-broadcast", d);
      check_same(s, parse_schedule_json(to_json(s), "sbt.json").schedule);
    }
  for (int d = 1; d <= 6; ++d) {
    CAPTURE(d);
    Schedule s =
        with_provenance(constructions::gray_ring_mnb(d, Model::SinglePortFull), "gray-ring-mnb", d);
    check_same(s, parse_schedule_json(to_json(s), "gray.json").schedule);
  }
}

TEST_CASE("schedule json: write_schedule_file is atomic and round-trips") {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("schedcert-json-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "s.json").string();
  Schedule s = with_provenance(constructions::gray_ring_mnb(4, Model::SinglePortFull), "g", 4);
  write_schedule_file(s, path);
  write_schedule_file(s, path);  // replaces the file
  check_same(s, read_schedule_file(path).schedule);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  CHECK(files == 1);  // no temporary left behind
  CHECK_THROWS_AS(write_schedule_file(s, (dir / "no" / "such" / "dir.json").string()), InputError);
  fs::remove_all(dir);
}

TEST_CASE("schedule json: fixtures re-write byte for byte") {
  for (const auto& path : tests::schedule_fixture_paths()) {
    CAPTURE(path);
    const std::string text = slurp(path);
    std::ostringstream os;
    write_schedule_json(parse_schedule_json(text, path), os);
    CHECK(os.str() == text);
  }
}

TEST_CASE("schedule json: never crashes on truncations and mutations") {
  // Every prefix of a fixture is an InputError (a strict prefix of an object is never valid).
  std::vector<std::string> texts;
  for (const auto& path : tests::schedule_fixture_paths()) texts.push_back(slurp(path));
  for (const std::string& text : {texts.front(), texts.back()}) {
    std::size_t end = text.find_last_of('}');
    for (std::size_t n = 0; n < end; ++n)
      CHECK_THROWS_AS(parse_schedule_json(text.substr(0, n), "p"), InputError);
  }
  // Random byte edits: either loads or is an InputError; nothing else.
  std::mt19937 rng(12345);
  const char alphabet[] = "[]{},:\"0123456789-.eE \n\\tfnux\x01\xff";
  std::size_t loaded = 0, rejected = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string t = texts[rng() % texts.size()];
    for (int e = 0, edits = 1 + static_cast<int>(rng() % 3); e < edits; ++e) {
      const std::size_t at = rng() % t.size();
      switch (rng() % 3) {
        case 0:
          t[at] = alphabet[rng() % (sizeof alphabet - 1)];
          break;
        case 1:
          t.erase(at, 1 + rng() % 4);
          break;
        default:
          t.insert(at, 1, alphabet[rng() % (sizeof alphabet - 1)]);
      }
    }
    try {
      parse_schedule_json(t, "m");
      ++loaded;
    } catch (const InputError&) {
      ++rejected;
    }
  }
  MESSAGE("mutations: " << loaded << " loaded, " << rejected << " rejected");
  CHECK(rejected > 0);
}

TEST_CASE("schedule json: deep nesting is rejected without recursion") {
  const std::string deep(1000000, '[');
  CHECK(load_error(deep) ==
        "t.json:1:1: top level: expected a JSON object (a schedcert schedule), got an array");
  CHECK(load_error("{\"steps\": " + deep) == "t.json:1:75: steps: nesting deeper than 64 levels");
  std::string in_steps = kSmall;
  in_steps.replace(in_steps.find("[[[0,1,0]"), 1, "[" + deep);
  CHECK(load_error(in_steps).find("steps[0][0][0]: expected a node id") != std::string::npos);
}

TEST_CASE("schedule json: 10^6 transmissions write and load fast") {
  // Gray-ring multinode broadcast on Q10: 1023 steps of 1024 transmissions = 1,047,552.
  Schedule s =
      with_provenance(constructions::gray_ring_mnb(10, Model::SinglePortFull), "gray-ring-mnb", 10);
  using clock = std::chrono::steady_clock;
  auto ms = [](clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  auto t0 = clock::now();
  std::string text = to_json(s);
  auto t1 = clock::now();
  ScheduleFile f = parse_schedule_json(text, "big.json");
  auto t2 = clock::now();
  MESSAGE(s.num_transmissions() << " transmissions, " << text.size() << " bytes: write "
                                << ms(t1 - t0) << " ms, parse " << ms(t2 - t1) << " ms");
  check_same(s, f.schedule);
  CHECK(ms(t2 - t0) < 10000);  // generous: only catches pathological slowness
}

}  // namespace schedcert_test_schedules_schedule_json_test
