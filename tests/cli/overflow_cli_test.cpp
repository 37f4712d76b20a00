// Issue 13: N x N x M once wrapped to 0 items in 64 bits (Q31, M = 4 and Q22, M = 2^20 give
// exactly 2^64), and an empty total exchange was certified valid by every engine. The two files
// are loader-error fixtures (tests/fixtures/errors/overflow-items-*); here every command that
// reads a schedule file or a problem must refuse them with exit 2 and name the quantity.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "run_cli.hpp"

namespace schedcert_test_cli_overflow_cli_test {

namespace fs = std::filesystem;
using schedcert::testing::run_cli;

namespace {

const std::string kErrors = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/errors/";

void check_refused(const std::string& args, const std::string& quantity) {
  const auto r = run_cli(args);
  INFO("schedcert " << args << "\n" << r.out);
  CHECK(r.code == 2);
  CHECK(r.out.find(quantity) != std::string::npos);
  CHECK(r.out.find("valid") == std::string::npos);
}

}  // namespace

TEST_CASE("overflow: the N x N x M = 2^64 files exit 2 in every command that reads them") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-overflow-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string q31_items = "N x N x M = 2147483648 x 2147483648 x 4 = 18446744073709551616";
  const std::string q22_items = "N x N x M = 4194304 x 4194304 x 1048576 = 18446744073709551616";
  for (const auto& [name_, items_] :
       {std::pair{std::string("overflow-items-q31-total-exchange-m4"), q31_items},
        std::pair{std::string("overflow-items-q22-total-exchange-m2pow20"), q22_items}}) {
    const auto& name = name_;  // a plain name: clang 14 cannot capture a binding
    const auto& items = items_;
    const std::string file = "'" + kErrors + name + ".json'";
    CAPTURE(name);
    for (const char* engine : {"native", "smt", "both", "auto", "symmetric", "all"})
      check_refused("verify " + file + " --engine " + engine, items);
    check_refused("verify - < " + file, items);  // standard input
    check_refused("export coq " + file + " -o '" + (dir / "w.v").string() + "'", items);
    for (const char* format : {"latex", "tikz", "dot"})
      check_refused(std::string("export ") + format + " " + file + " -o '" +
                        (dir / "f.out").string() + "'",
                    items);
    check_refused("render " + file + " -o '" + (dir / "r.html").string() + "'", items);
    // `ci`: a file job that cannot be loaded is an input error of the whole run (exit 2).
    const fs::path manifest = dir / "m.json";
    std::ofstream(manifest) << R"({"format": "schedcert-ci", "version": 1, "jobs": [{"file": ")"
                            << kErrors << name << R"(.json", "engine": "both"}]})";
    check_refused("ci '" + manifest.string() + "' --junit '" + (dir / "j.xml").string() + "'",
                  items);
    // `certify` takes construction names, not files: refused as well, never run.
    const auto c = run_cli("certify " + file);
    CHECK(c.code == 2);
    CHECK(!fs::exists(dir / "w.v"));
    CHECK(!fs::exists(dir / "f.out"));
    CHECK(!fs::exists(dir / "r.html"));
  }
  // `bound` on the same problems, and a `ci` bound job.
  check_refused("bound --network Q31 --problem total-exchange -M 4", q31_items);
  check_refused("bound --network Q22 --problem total-exchange -M 1048576", q22_items);
  const fs::path manifest = dir / "b.json";
  std::ofstream(manifest) << R"({"format": "schedcert-ci", "version": 1, "jobs": [{"bound":
      {"network": "Q31", "problem": "total-exchange", "messages": 4}}]})";
  check_refused("ci '" + manifest.string() + "'", q31_items);
  fs::remove_all(dir);
}

}  // namespace schedcert_test_cli_overflow_cli_test
