// MSCCL-IR import: the bad-input fixtures with their expected exit codes and messages, and cut files.
#include "msccl_test_util.hpp"

#include <filesystem>
#include <sstream>

namespace schedcert_test_interop_msccl_fixtures_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace schedcert::interop;
using namespace msccl_test;

TEST_CASE("msccl: every bad-input fixture gives its expected exit code and message") {
  const std::string dir = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl";
  const auto files = tests::fixture_files("fixtures/msccl", ".xml");
  REQUIRE(files.size() >= 15);
  for (const std::string& f : files) {
    const std::string name = fs::path(f).filename().string();
    std::istringstream expected(slurp(fs::path(f).replace_extension(".expected").string()));
    int code = -1;
    std::string message;
    expected >> code;
    expected.ignore();
    std::getline(expected, message);
    CAPTURE(name);
    REQUIRE(!message.empty());
    const auto r = testing::run_cli("import msccl " + name, dir);
    CAPTURE(r.out);
    CHECK(r.code == code);
    if (code == 2) CHECK(r.out.find("schedcert: error: " + message + "\n") != std::string::npos);
    else CHECK(r.out.find(message + "\n") != std::string::npos);
    // The library gives the same words: an InputError, or the first progress violation (a
    // hang on the runtime), else the first data-flow violation.
    const std::string text = slurp(f);
    if (code == 2) {
      CHECK_THROWS_WITH_AS(import_text(text, name), message.c_str(), InputError);
    } else {
      const Imported i = import_text(text, name);
      CHECK((i.flow.valid && i.rounds.hangs.empty()) == (code == 0));
      if (code == 1)
        CHECK((i.rounds.hangs.empty() ? i.flow.violations.front() : i.rounds.hangs.front()) == message);
    }
  }
}

TEST_CASE("msccl: every prefix of a real file is refused with an InputError, never a crash") {
  const std::string text = slurp(real("allgather_recursive_doubling_8.xml"));
  for (std::size_t n = 0; n + 1 < text.size(); n += 37)
    CHECK_THROWS_AS(import_text(text.substr(0, n), "cut.xml"), InputError);
}

}  // namespace schedcert_test_interop_msccl_fixtures_test
