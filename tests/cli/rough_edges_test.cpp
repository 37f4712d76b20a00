// The rough edges a new user hit (issue 17, item 4), each with the message it gives now.
#include <doctest/doctest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "tests/cli/run_cli.hpp"

namespace schedcert_test_cli_rough_edges_test {

using schedcert::testing::run_cli;

namespace {
void expect(const std::string& args, int code, const std::string& text) {
  const auto r = run_cli(args);
  INFO(args << "\n" << r.out);
  CHECK(r.code == code);
  CHECK(r.out.find(text) != std::string::npos);
}
}  // namespace

TEST_CASE("rough edges: a non-positive --timeout is refused in words, not with a 300-digit range") {
  expect("verify x.json --timeout 0", 2, "--timeout: must be a positive number, not 0");
  expect("sweep --max-time -1", 2, "--max-time: must be a positive number, not -1");
  const auto r = run_cli("certify sbt-broadcast --dim 3 --timeout 0");
  CHECK(r.out.find("179769313486231570814527423731704356798070567525844996598917476803157") == std::string::npos);
}

TEST_CASE("rough edges: an unknown command is named, with the list of commands") {
  expect("frobnicate", 2, "unknown command 'frobnicate'; the commands are: list, generate, verify");
  expect("--max-memory 2G frobnicate", 2, "unknown command 'frobnicate'");
}

TEST_CASE("rough edges: a missing --dim says it was not given") {
  expect("generate sbt-broadcast", 2, "--dim: construction sbt-broadcast takes d in [1, 24], and --dim was not given");
}

TEST_CASE("rough edges: search --help names its engines (CaDiCaL by default), not only Z3") {
  expect("search --help", 0, "CaDiCaL by default");
}

TEST_CASE("rough edges: verify --emit-smt2 writes the query even when the smt engine does not run") {
  const std::string dir = "/tmp/schedcert-rough-" + std::to_string(::getpid());
  REQUIRE(run_cli("generate sbt-broadcast --dim 3 -o " + dir + "-s.json").code == 0);
  expect("verify " + dir + "-s.json --engine native --emit-smt2 " + dir + "-q.smt2", 0, "1 packet on one directed link");
  const auto z3 = schedcert::testing::shell_output("z3 " + dir + "-q.smt2");
  CHECK(z3 == "unsat");  // the schedule is valid
  // ci given a schedule file says what it is.
  expect("ci " + dir + "-s.json", 2, "this is a schedule file, not a ci manifest");
  std::remove((dir + "-s.json").c_str());
  std::remove((dir + "-q.smt2").c_str());
}

TEST_CASE("rough edges: messages name options, not internal fields") {
  expect("synthesize -n Q2 -p broadcast -T 2 --emit-smt2 /nonexistent-dir/q.smt2", 2, "--emit-smt2: /nonexistent-dir/q.smt2: cannot create");
  const auto r = run_cli("synthesize -n Q2 -m shout-whisper -p multinode-accumulation -T 5");
  CHECK(r.out.find("emit_smt2_path") == std::string::npos);
}

TEST_CASE("rough edges: --json prints a JSON error object on an input error") {
  const auto r = schedcert::testing::run_shell(std::string(SCHEDCERT_BINARY) + " verify /nonexistent.json --json 2>/dev/null");
  CHECK(r.code == 2);
  CHECK(r.out.find("\"kind\": \"input-error\"") != std::string::npos);
  CHECK(r.out.find("\"exit_code\": 2") != std::string::npos);
  CHECK(r.out.find("/nonexistent.json") != std::string::npos);
}

TEST_CASE("rough edges: list and list --json agree on every construction's --dim range") {
  const std::string text = run_cli("list").out, json = run_cli("list --json").out;
  std::size_t checked = 0;
  for (std::size_t at = json.find("{\"name\": \""); at != std::string::npos; at = json.find("{\"name\": \"", at + 1)) {
    const std::size_t b = at + 10, e = json.find('"', b);
    const std::string name = json.substr(b, e - b);
    const auto num = [&](const char* key) {
      const std::size_t k = json.find(key, at);
      return std::stoi(json.substr(k + std::string(key).size()));
    };
    const std::string usage = "generate " + name + " --dim ";
    const std::size_t u = text.find(usage);
    if (u == std::string::npos || !std::isdigit(static_cast<unsigned char>(text[u + usage.size()]))) continue;
    INFO(name);
    CHECK(text.substr(u + usage.size()).rfind(std::to_string(num("\"min_dim\": ")) + ".." +
                                              std::to_string(num("\"max_dim\": ")), 0) == 0);
    ++checked;
  }
  CHECK(checked >= 8);
}

TEST_CASE("rough edges: the exit-code block is in the main help once, subcommands end with one line") {
  const auto main_help = run_cli("--help").out;
  CHECK(main_help.find("Exit codes:\n  0  valid / certified") != std::string::npos);
  for (const char* sub : {"verify", "certify", "synthesize", "sweep"}) {
    const auto h = run_cli(std::string(sub) + " --help").out;
    INFO(sub);
    CHECK(h.find("  0  valid / certified") == std::string::npos);
    CHECK(h.find("schedcert --help explains them") != std::string::npos);
  }
}

TEST_CASE("rough edges: certify --paper ho-johnsson1986 shows n = 1 as outside the MSBT claim, not as a failure") {
  const auto r = run_cli("certify --paper ho-johnsson1986 --max-dim 3");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("NOTE  MSBT n=1 s=0: every ERSBT has height n+1 = 2") != std::string::npos);
  CHECK(r.out.find("outside the claim: n = 1 is degenerate") != std::string::npos);
  CHECK(r.out.find("FAIL  MSBT") == std::string::npos);
  CHECK(r.out.find("PASS  MSBT n=2 s=0: every ERSBT has height n+1 = 3") != std::string::npos);
}

TEST_CASE("rough edges: certify --paper desprez1993 regenerates Proposition 1 and states Proposition 2") {
  const auto r = run_cli("certify --paper desprez1993 --max-dim 4");
  INFO(r.out);
  CHECK(r.code == 0);
  // The paper's Prop. 1 (2p + d - 2) for d = 4: 34 steps; Prop. 2 with alpha(4) = 10: 21.
  CHECK(r.out.find("successive-broadcast(p=16)  34     34") != std::string::npos);
  CHECK(r.out.find("d = 4: alpha(4) = 10 (certified") != std::string::npos);
  CHECK(r.out.find("bound 21") != std::string::npos);
}

TEST_CASE("rough edges: search, sweep and --emit-smt2 outputs are written atomically (no partial file on failure)") {
  const std::string dir = "/tmp/schedcert-atomic-" + std::to_string(::getpid());
  // A directory in the way: the rename fails, the error names the option and no temporary is left.
  REQUIRE(schedcert::testing::run_shell("mkdir -p " + dir + "/out.json/x").code == 0);
  expect("search alpha --dim 3 -o " + dir + "/out.json", 2, "-o: " + dir + "/out.json: cannot replace the file");
  const auto sw =
      run_cli("sweep --networks Q2 --models all-port --problems broadcast -q --out-dir " + dir +
                  "/w --output " + dir + "/out.json",
              dir);
  CHECK(sw.code == 2);
  CHECK(sw.out.find("--output: " + dir + "/out.json: cannot replace the file") != std::string::npos);
  CHECK(schedcert::testing::shell_output("ls -a " + dir + " | grep -c tmp || true") == "0");
  schedcert::testing::run_shell("rm -rf " + dir);
}

TEST_CASE("rough edges: render of an invalid schedule says why it exits 1") {
  const std::string out = "/tmp/schedcert-render-" + std::to_string(::getpid()) + ".html";
  expect("render " + std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules/invalid-adjacency-hypercube-two-bits.json -o " + out, 1,
         "render: the schedule is invalid: step 2, transmission 3");
  std::remove(out.c_str());
}

TEST_CASE("rough edges: report tables show '-' where nothing was measured and end with a count line") {
  // A file job has no d; the summary line counts the outcomes.
  const auto r = run_cli("ci " + std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples/ci-manifest.json");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("valid-sbt-broadcast-q3-all-port.json") != std::string::npos);
  CHECK(r.out.find("examples/../") == std::string::npos);  // the file job's name is normalised
  CHECK(r.out.find("tests/fixtures/schedules/valid-sbt-broadcast-q3-all-port.json") != std::string::npos);
  CHECK(r.out.find(" 0  all-port") == std::string::npos);
  CHECK(r.out.find(" rows: ") != std::string::npos);
}

TEST_CASE("rough edges: generate refuses a schedule estimated above 100 MB unless --force") {
  expect("generate gray-ring-mnb --dim 12 -o /tmp/never-written.json", 2,
         "generate gray-ring-mnb: about 16773120 transmissions, about 234 MB of JSON; pass --force");
  CHECK(schedcert::testing::run_shell("test -e /tmp/never-written.json").code != 0);
  expect("generate gray-ring-mnb --dim 13", 2, "takes d in [1, 12], not 13");  // as `list` says
}

// "a sweep keeps its SHORTER witnesses without --out-dir": now in a temporary directory it
// names (issue 29), tests/cli/first_half_hour_test.cpp.

TEST_CASE("rough edges: synthesize runs issue 19's exact mode from the command line") {
  // The pipeline's phases by name: exact mode finds the tight C4xC4 total exchange on balanced
  // routes, every schedule checked natively.
  expect("synthesize -n C4xC4 -p total-exchange --steps 8 --no-cayley --no-bounds --no-slack --engine cadical -q", 0,
         "512 transmissions, verified by the native verifier");
  // Without bounds a least-T search starts at T = 0 and every T below is refuted by a query.
  expect("synthesize -n C4 -p total-exchange --no-bounds -q", 0, "T = 1: impossible");
  // The flags choose phases of the time-indexed pipeline only: elsewhere they are refused.
  expect("synthesize -n Q3 -p successive-broadcast --allocation gray --no-routes -q", 2,
         "successive broadcasts do not run it");
  expect("synthesize -n dgx1 -p multinode-broadcast --messages 1 --sccl --no-cayley -q", 2, "--sccl do not run it");
}

}  // namespace schedcert_test_cli_rough_edges_test
