// Issue 13, bounded input: every schedule file, manifest and standard input is read up to
// --max-input-bytes (default min(4 GiB, a quarter of the memory)), and reading stops at the first
// chunk holding a byte no JSON text contains, so streams of garbage fail at once with exit 2.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "run_cli.hpp"

namespace schedcert_test_cli_input_limit_test {

using schedcert::testing::run_cli;
using schedcert::testing::run_shell;

namespace {
const std::string kFixture =
    std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules/valid-sbt-broadcast-q3-all-port.json";
const std::string kBin = SCHEDCERT_BINARY;
}  // namespace

TEST_CASE("input limit: /dev/zero, /dev/urandom and endless stdin fail fast with exit 2") {
  const auto start = std::chrono::steady_clock::now();
  auto zero = run_cli("verify /dev/zero");
  INFO(zero.out);
  CHECK(zero.code == 2);
  CHECK(zero.out.find("/dev/zero:1:1: top level: syntax error: expected '{', found byte 0x00") !=
        std::string::npos);
  auto urandom = run_cli("verify /dev/urandom");
  INFO(urandom.out);
  CHECK(urandom.code == 2);
  CHECK(urandom.out.find("/dev/urandom:") != std::string::npos);
  auto piped = run_shell("cat /dev/zero | " + kBin + " verify - 2>&1");
  CHECK(piped.code == 2);
  CHECK(piped.out.find("<stdin>:1:1:") != std::string::npos);
  // A stream of bytes a JSON text may hold stops at the limit (here 1 MiB).
  auto brackets = run_shell("yes '[' | " + kBin + " --max-input-bytes 1M verify - 2>&1");
  INFO(brackets.out);
  CHECK(brackets.code == 2);
  CHECK(brackets.out.find("<stdin>: more than --max-input-bytes = 1048576 bytes of input") !=
        std::string::npos);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 30);
}

TEST_CASE("input limit: --max-input-bytes before or after the command, for files and manifests") {
  auto small = run_cli("verify '" + kFixture + "' --max-input-bytes 100");
  INFO(small.out);
  CHECK(small.code == 2);
  CHECK(small.out.find("bytes, more than --max-input-bytes = 100 bytes") != std::string::npos);
  CHECK(run_cli("--max-input-bytes 100 verify '" + kFixture + "'").code == 2);
  CHECK(run_cli("--max-input-bytes 1k verify '" + kFixture + "'").code == 0);
  CHECK(run_cli("verify '" + kFixture + "'").code == 0);
  CHECK(run_cli("--max-input-bytes 0 verify '" + kFixture + "'").code == 2);
  const std::string docs = std::string(SCHEDCERT_TEST_DIR) + "/../docs/examples";
  auto ci = run_cli("ci ci-manifest.json --max-input-bytes 10", docs);
  INFO(ci.out);
  CHECK(ci.code == 2);
  CHECK(ci.out.find("more than --max-input-bytes = 10 bytes") != std::string::npos);
}

}  // namespace schedcert_test_cli_input_limit_test
