// The fixture files shared by the tests: every engine (native, Z3, ...) iterates the same list.
#pragma once
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace schedcert::tests {

// Sorted paths of the files directly in SCHEDCERT_TEST_DIR/<subdir> whose names end in `ext`.
inline std::vector<std::string> fixture_files(const std::string& subdir,
                                              const std::string& ext = ".json") {
  std::vector<std::string> out;
  const std::filesystem::path dir = std::filesystem::path(SCHEDCERT_TEST_DIR) / subdir;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string p = e.path().string();
    if (e.is_regular_file() && p.size() >= ext.size() &&
        p.compare(p.size() - ext.size(), ext.size(), ext) == 0)
      out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// tests/fixtures/schedules/*.json: schedules with an "expect" block (valid or first violation).
inline std::vector<std::string> schedule_fixture_paths() {
  return fixture_files("fixtures/schedules");
}

// tests/fixtures/errors/*.json: one bad file per loader error, message in <name>.expected.
inline std::vector<std::string> error_fixture_paths() {
  return fixture_files("fixtures/errors");
}

}  // namespace schedcert::tests
