// The folders are the architecture (issue 17, item 5): each library folder includes only the
// folders below it. A new folder must be placed in the table, so the order is a decision.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>

namespace schedcert_test_architecture_layering_test {

namespace {

// Lower numbers are lower layers; folders on one level are peers and may not include each other.
const std::map<std::string, int> kLayers = {
    {"schedules", 0},  // networks, models, problems, schedules, constructions, file formats
    {"verifier", 1},   // the native checker, lower bounds
    {"interop", 1},    // other tools' formats (MSCCL-IR), over schedules/
    {"encodings", 2},  // Z3 / CaDiCaL encodings, synthesis, certificates
    {"search", 3},     // cube-and-conquer, distributed search
    {"certify", 4},    // checks against claims and bounds, sweeps, manifests
    {"papers", 5},     // the papers' tables and claims, reproduced
    {"witnesses", 5},  // reports, JUnit, Coq/LaTeX/TikZ/HTML exports
    {"cli", 6},        // the thin front end
    {"python", 6},     // the Python module (pybind11), a front end beside cli/
    {"mpi", 7},        // the MPI front end over cli
};

// Calls visit(folder, level, path relative to the repository, line number, line) for every line of
// every .cpp/.hpp of the library's folders; returns the number of files read.
template <class Visit>
std::size_t for_each_library_line(Visit visit) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(SCHEDCERT_TEST_DIR).parent_path();
  std::size_t files = 0;
  for (const auto& layer : kLayers) {
    for (const auto& entry : fs::recursive_directory_iterator(root / layer.first)) {
      const auto ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".hpp") continue;
      ++files;
      std::ifstream in(entry.path());
      std::string line;
      int lineno = 0;
      while (std::getline(in, line)) visit(layer.first, layer.second, fs::relative(entry.path(), root).string(), ++lineno, line);
    }
  }
  return files;
}

}  // namespace

TEST_CASE("architecture: every folder includes only the layers below it") {
  const std::regex include_re("#include \"([a-z_0-9]+)/");
  const std::size_t files = for_each_library_line([&](const std::string& folder, int level, const std::string& file,
                                                      int lineno, const std::string& line) {
    std::smatch m;
    if (!std::regex_search(line, m, include_re)) return;
    const std::string to = m[1];
    if (to == folder) return;
    const auto it = kLayers.find(to);
    INFO(file << ":" << lineno << ": " << line);
    REQUIRE_MESSAGE(it != kLayers.end(), "folder '" << to << "' is not in the layer table");
    CHECK_MESSAGE(it->second < level, folder << " (layer " << level << ") includes " << to
                                             << " (layer " << it->second << ")");
  });
  CHECK(files > 100);
}

TEST_CASE("architecture: no library code sets Z3's own \"timeout\" parameter") {
  // Z3 4.8.12's timer pool crashes or hangs a process that forks while a timer runs
  // (encodings/smt/z3_interrupts.hpp); time limits go through Z3Deadline instead.
  const std::size_t files = for_each_library_line([](const std::string&, int, const std::string& file, int lineno,
                                                     const std::string& line) {
    if (line.find("set(\"timeout\"") != std::string::npos)
      FAIL_CHECK(file << ":" << lineno << " sets Z3's \"timeout\": use Z3Deadline");
  });
  CHECK(files > 100);
}

}  // namespace schedcert_test_architecture_layering_test
