// `schedcert synthesize --problem successive-broadcast --allocation free|gray`: the least T over
// every allocation (Q2 under shout-whisper: 6 steps, our measurement), the witness file read
// back and verified, the T - 1 query answered unsat by z3, a single-T decision, unknown on a
// tiny budget (exit 3) and the input errors.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>

#include "schedules/io/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_desprez1993_cli_optimum_test {

using schedcert::testing::run_cli;

namespace {
bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }
}  // namespace

TEST_CASE("cli synthesize successive-broadcast: free allocation optimum with witness and query") {
  const auto dir = std::filesystem::temp_directory_path() / "schedcert-cli-succ-opt";
  std::filesystem::create_directories(dir);
  const std::string json = (dir / "q2.json").string(), smt2 = (dir / "q2-below.smt2").string();
  auto r = run_cli("synthesize -n Q2 -m shout-whisper -p successive-broadcast --allocation free -o " +
                   json + " --emit-smt2 " + smt2);
  CHECK(r.code == 0);
  CHECK(has(r.out, "optimum: 6 steps"));
  CHECK(has(r.out, "T = 5: impossible"));
  CHECK(has(r.out, "UNSAT of query " + smt2));
  CHECK(has(r.out, "allocation (sources in broadcast order):"));
  CHECK(has(r.out, "[successive]"));  // progress on stderr
  const auto f = schedcert::schedules::io::read_schedule_file(json);
  CHECK(f.schedule.problem().sources.size() == 4);
  const auto v = schedcert::verifier::verify_native(f.schedule);
  CHECK(v.valid);
  CHECK(v.metrics.steps <= 6);
  std::array<char, 64> buf{};
  FILE* p = popen(("z3 " + smt2 + " 2>&1").c_str(), "r");
  REQUIRE(p != nullptr);
  std::string z3_out;
  for (std::size_t k; (k = fread(buf.data(), 1, buf.size(), p)) > 0;) z3_out.append(buf.data(), k);
  pclose(p);
  CHECK(z3_out == "unsat\n");

  // One T, the Gray-code allocation, quiet.
  r = run_cli("synthesize -n Q2 -m shout-whisper -p successive-broadcast --allocation gray -T 5 -q");
  CHECK(r.code == 1);
  CHECK(has(r.out, "T = 5: impossible"));
  CHECK_FALSE(has(r.out, "[successive]"));
  r = run_cli("synthesize -n Q2 -m shout-whisper -p successive-broadcast --sources 0 1 3 2 -T 6 -q");
  CHECK(r.code == 0);
  CHECK(has(r.out, "allocation (sources in broadcast order): 0 1 3 2"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli synthesize successive-broadcast: unknown, help and input errors") {
  auto r = run_cli("synthesize -n Q4 -m shout-whisper -p successive-broadcast --allocation free "
                   "-T 29 --timeout 0.001 -q");
  CHECK(r.code == 3);
  CHECK(has(r.out, "unknown"));
  r = run_cli("synthesize --help");
  CHECK(r.code == 0);
  CHECK(has(r.out, "--allocation"));
  CHECK(has(r.out, "--allocation free"));
  r = run_cli("synthesize -n Q2 -m shout-whisper -p successive-broadcast");
  CHECK(r.code != 0);
  CHECK(has(r.out, "--allocation"));
  r = run_cli("synthesize -n Q2 -m shout-whisper -p broadcast --allocation free");
  CHECK(r.code != 0);
  CHECK(has(r.out, "only for --problem successive-broadcast"));
  r = run_cli("synthesize -n C3xC3 -m shout-whisper -p successive-broadcast --allocation gray");
  CHECK(r.code != 0);
  CHECK(has(r.out, "hypercube"));
}

}  // namespace schedcert_test_desprez1993_cli_optimum_test
