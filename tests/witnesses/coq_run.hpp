// Shared by the Coq companion tests (tests/witnesses/coq_*_test.cpp and
// tests/mutation/coq_differential_test.cpp): runs a shell command, and keeps one temporary
// directory per process holding a compiled copy of coq/*.v, in which witnesses are
// written and checked with coqc. coqc missing is a failure, not a skip (apt-get install coq).
#pragma once
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include "schedules/registry.hpp"
#include "schedules/io/sha256.hpp"
#include "schedules/schedule.hpp"
#include "witnesses/coq_export.hpp"

namespace coq_test {

namespace fs = std::filesystem;

struct Run {
  int code = -1;
  std::string out;
};

inline Run sh(const std::string& cmd) {
  Run r;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The development, in dependency order (coq/Makefile); Schedcert.v re-exports the others.
inline const std::vector<std::string>& coq_files() {
  static const std::vector<std::string> f = {
      "Rules.v",     "Checker.v",   "Completeness.v", "NMaps.v",    "FastChecker.v",
      "FastLocal.v", "FastStep.v",  "FastItems.v",    "FastCorrect.v", "Messages.v",
      "Schedcert.v", "Counting.v",  "Bounds.v",       "Cuts.v",     "Optimality.v"};
  return f;
}

inline fs::path coq_source(const std::string& file = "Schedcert.v") {
  return fs::path(SCHEDCERT_TEST_DIR) / ".." / "coq" / file;
}

inline const fs::path& fixtures() {
  static const fs::path p = fs::path(SCHEDCERT_TEST_DIR) / "fixtures" / "schedules";
  return p;
}

// The development compiled once per version of its sources: a directory keyed by the SHA-256
// of coq/*.v and of `coqc --version`, built in a private directory and renamed into place (two
// test processes racing both build, one rename wins), so the test cases, which ctest runs in
// separate processes, do not each spend the ~20 s of CPU the development takes to compile.
// build.log keeps coqc's output (the Print Assumptions of Schedcert.v).
inline const fs::path& compiled_development() {
  static const fs::path cache = [] {
    std::string all = sh("coqc --version").out;
    for (const std::string& f : coq_files()) {
      std::ifstream in(coq_source(f), std::ios::binary);
      all += f + '\0' + std::string(std::istreambuf_iterator<char>(in), {}) + '\0';
    }
    const fs::path c =
        fs::temp_directory_path() /
        ("schedcert-coq-cache-" + schedcert::schedules::io::sha256_hex(all).substr(0, 20));
    if (fs::exists(c / "build.log")) return c;
    const fs::path tmp = fs::temp_directory_path() /
                         ("schedcert-coq-build-" + std::to_string(::getpid()));
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    std::string cmd = "cd '" + tmp.string() + "'";
    for (const std::string& f : coq_files()) {
      fs::copy_file(coq_source(f), tmp / f, fs::copy_options::overwrite_existing);
      cmd += " && coqc -Q . Schedcert " + f;
    }
    const Run r = sh(cmd);
    if (r.code != 0) return tmp;  // no build.log: coq_dir() reports the failure
    std::ofstream(tmp / "build.log") << r.out;
    std::error_code ec;
    fs::rename(tmp, c, ec);
    if (ec) fs::remove_all(tmp, ec);  // another process won the race
    return c;
  }();
  return cache;
}

// A temporary directory holding a compiled copy of the development; `build` is the output of
// compiling it (the Print Assumptions of Schedcert.v at the end).
struct CoqDir {
  fs::path dir;
  Run build;
  CoqDir() {
    static unsigned counter = 0;
    dir = fs::temp_directory_path() /
          ("schedcert-coq-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir);
    const fs::path& c = compiled_development();
    if (!fs::exists(c / "build.log")) {  // the build failed: its output is the reason
      std::string cmd = "cd '" + c.string() + "'";
      for (const std::string& f : coq_files()) cmd += " && coqc -Q . Schedcert " + f;
      build = sh(cmd);
      if (build.code == 0) build.code = 1;
      return;
    }
    for (const auto& e : fs::directory_iterator(c))
      if (e.path().filename() != "build.log")
        fs::copy_file(e.path(), dir / e.path().filename(), fs::copy_options::overwrite_existing);
    std::ifstream log(c / "build.log");
    build.out.assign(std::istreambuf_iterator<char>(log), {});
    build.code = 0;
  }
  ~CoqDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  CoqDir(const CoqDir&) = delete;
  CoqDir& operator=(const CoqDir&) = delete;
  // Runs coqc on <name>.v of this directory.
  Run coqc(const std::string& name) const {
    return sh("cd '" + dir.string() + "' && coqc -Q . Schedcert " + name + ".v");
  }
  // Writes the witness of s as <name>.v and runs coqc on it.
  Run check(const schedcert::schedules::Schedule& s, const std::string& name) const {
    {
      std::ofstream out(dir / (name + ".v"));
      schedcert::witnesses::write_coq(s, out);
    }
    return coqc(name);
  }
};

inline void require_coqc() {
  const Run r = sh("command -v coqc");
  INFO("coqc is required by the Coq companion tests (apt-get install -y coq)");
  REQUIRE(r.code == 0);
}

// One compiled development per process (an inline function: one static across all files).
inline const CoqDir& coq_dir() {
  require_coqc();
  static CoqDir d;
  INFO(d.build.out);
  REQUIRE(d.build.code == 0);
  return d;
}

// The message coqc prints when a witness fails (tactic schedcert_valid, coq/Messages.v): the
// string after "the schedule is invalid:", "" when there is none.
inline std::string coq_violation(const std::string& out) {
  const auto a = out.find("the schedule is invalid:");
  if (a == std::string::npos) return "";
  const auto b = out.find('"', a);
  const auto e = b == std::string::npos ? b : out.find('"', b + 1);
  return e == std::string::npos ? "" : out.substr(b + 1, e - b - 1);
}

// coqc's message names the same violation as the native verifier: it is the start of the
// native message (the transmission label and the rule, or the whole completion sentence).
inline bool same_violation(const std::string& coq_message, const std::string& native_message) {
  return !coq_message.empty() && native_message.rfind(coq_message, 0) == 0;
}

// The strings of `Eval vm_compute in map verdict [...]` (a list of option string; "None" for
// a valid schedule), from the first "= [" at or after `from`.
inline std::vector<std::string> parse_verdicts(const std::string& out, std::size_t from = 0) {
  std::vector<std::string> v;
  for (auto at = out.find("= [", from); at != std::string::npos;) {
    at = out.find_first_of("N\"", at + 1);  // None, or Some "..."
    if (at == std::string::npos) break;
    if (out[at] == 'N') {
      if (out.compare(at, 4, "None") != 0) break;
      v.push_back("None");
      at += 4;
    } else {
      const auto e = out.find('"', at + 1);
      v.push_back(out.substr(at + 1, e - at - 1));
      at = e + 1;
    }
  }
  return v;
}

inline bool no_axioms(const std::string& out) {
  return out.find("Closed under the global context") != std::string::npos &&
         out.find("Axiom") == std::string::npos && out.find("axiom") == std::string::npos;
}

inline schedcert::schedules::Schedule gen(const std::string& name, int dim,
                                          schedcert::schedules::Model model,
                                          const std::string& variant = "") {
  const auto& c = schedcert::schedules::Registry::instance().find(name);
  schedcert::schedules::Params p;
  p.dim = dim;
  p.model = model;
  p.variant = variant;
  return schedcert::schedules::generate(c, p);
}

}  // namespace coq_test
