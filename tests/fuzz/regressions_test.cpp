// Replays every saved fuzzer finding (tests/fuzz/regressions/*) through parse_schedule_json:
// each must load or be rejected with an InputError, never crash. Files come from
// tests/fuzz/run_fuzz.sh (see tests/fuzz/README.md).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "schedules/error.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "schedules/io/schedule_json.hpp"

namespace schedcert_test_fuzz_regressions_test {

TEST_CASE("fuzz regressions: every saved input loads or is an InputError") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(SCHEDCERT_TEST_DIR) / "fuzz" / "regressions";
  int files = 0, loaded = 0, rejected = 0;
  if (fs::exists(dir))
    for (const auto& e : fs::directory_iterator(dir)) {
      if (!e.is_regular_file() || e.path().filename().string()[0] == '.') continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      INFO(e.path().string());
      try {
        auto f = schedcert::schedules::io::parse_schedule_json(text, e.path().string());
        std::ostringstream out;
        schedcert::schedules::io::write_schedule_json(f, out);
        ++loaded;
      } catch (const schedcert::InputError&) {
        ++rejected;
      }
      // The same bytes as header strings (the network-spec target's regressions).
      for (auto parse : {+[](const std::string& t) { (void)schedcert::schedules::Network::parse(t); },
                         +[](const std::string& t) { (void)schedcert::schedules::parse_model(t); },
                         +[](const std::string& t) { (void)schedcert::schedules::parse_problem_kind(t); }}) {
        try {
          parse(text);
        } catch (const schedcert::InputError&) {
        }
      }
    }
  MESSAGE("fuzz regressions: " << files << " files, " << loaded << " load, " << rejected << " rejected");
  CHECK(files == loaded + rejected);
}

}  // namespace schedcert_test_fuzz_regressions_test
