// One folder per subsystem, folder = namespace (issue 29, item 17; STYLE.md "Folders are the
// architecture"). encodings/ holds no file of its own: each file sits in the folder of its
// subsystem (sat, smt, synth, alpha, tree) and declares the namespace schedcert::encodings::<sub>;
// schedules/ keeps the schedule model at its top and puts file I/O in io/ and the run-time budget
// in budget/ (schedcert::schedules::io, ::budget). Every subsystem folder starts with a README.md
// (its design note: what it does, its files, the papers it follows, what it depends on).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace schedcert_test_architecture_layout_test {

namespace {

namespace fs = std::filesystem;

fs::path repository() {
  return fs::path(SCHEDCERT_TEST_DIR).parent_path();
}

bool is_source(const fs::path& p) {
  return p.extension() == ".cpp" || p.extension() == ".hpp";
}

std::vector<fs::path> subfolders(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_directory()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The named namespaces a file opens ("namespace a::b {" at the start of a line).
std::vector<std::string> file_namespaces(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  const std::regex ns_re("^namespace ([A-Za-z_][A-Za-z_0-9:]*) \\{");
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, ns_re)) out.push_back(m[1]);
  return out;
}

// Every source file under `dir` opens `ns` (or a namespace nested in it), and no other schedcert
// namespace; namespaces opened inside it (`namespace detail {`, anonymous ones) are not checked.
void check_namespace(const fs::path& dir, const std::string& ns) {
  REQUIRE_MESSAGE(fs::is_directory(dir), dir.string() << " is missing");
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!is_source(e.path())) continue;
    ++files;
    const std::string file = fs::relative(e.path(), repository()).string();
    const auto opened = file_namespaces(e.path());
    const auto inside = [&](const std::string& o) { return o == ns || o.rfind(ns + "::", 0) == 0; };
    CHECK_MESSAGE(std::any_of(opened.begin(), opened.end(), inside),
                  file << " does not open namespace " << ns);
    for (const auto& o : opened)
      if (o.rfind("schedcert", 0) == 0)
        CHECK_MESSAGE(inside(o), file << " opens namespace " << o << " (expected " << ns << ")");
  }
  CHECK_MESSAGE(files > 0, dir.string() << " holds no source file");
}

}  // namespace

TEST_CASE("layout: encodings/ has no file of its own, every subsystem a folder") {
  const fs::path enc = repository() / "encodings";
  for (const auto& e : fs::directory_iterator(enc))
    CHECK_MESSAGE(!is_source(e.path()), "encodings/" << e.path().filename().string()
                                                     << " sits outside a subsystem folder");
  std::vector<std::string> subs;
  for (const auto& d : subfolders(enc)) subs.push_back(d.filename().string());
  CHECK(subs == std::vector<std::string>{"alpha", "sat", "smt", "synth", "tree"});
}

TEST_CASE("layout: every subfolder of encodings/ and schedules/ has a README.md design note") {
  for (const char* top : {"encodings", "schedules"}) {
    const fs::path dir = repository() / top;
    CHECK_MESSAGE(fs::exists(dir / "README.md"), top << "/README.md is missing");
    for (const auto& d : subfolders(dir))
      CHECK_MESSAGE(fs::exists(d / "README.md"), fs::relative(d, repository()).string()
                                                     << "/README.md is missing");
  }
  for (const char* sub : {"io", "budget", "constructions", "transforms"})
    CHECK_MESSAGE(fs::is_directory(repository() / "schedules" / sub),
                  "schedules/" << sub << " is missing");
}

TEST_CASE("layout: folder = namespace in encodings/<sub>/, schedules/io/ and schedules/budget/") {
  for (const auto& d : subfolders(repository() / "encodings")) {
    INFO("encodings/" << d.filename().string());
    check_namespace(d, "schedcert::encodings::" + d.filename().string());
  }
  for (const char* sub : {"io", "budget"}) {
    INFO("schedules/" << sub);
    check_namespace(repository() / "schedules" / sub, std::string("schedcert::schedules::") + sub);
  }
}

}  // namespace schedcert_test_architecture_layout_test
