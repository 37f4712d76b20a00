// The rough edges a new user hit (issue 17, item 4), each with the message it gives now.
#include <doctest/doctest.h>

#include <string>

#include "tests/cli/run_cli.hpp"

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
