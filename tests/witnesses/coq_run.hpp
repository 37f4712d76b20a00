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
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include "schedules/registry.hpp"
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
  static const std::vector<std::string> f = {"Rules.v", "Checker.v", "Completeness.v", "Schedcert.v"};
  return f;
}

inline fs::path coq_source(const std::string& file = "Schedcert.v") {
  return fs::path(SCHEDCERT_TEST_DIR) / ".." / "coq" / file;
}

inline const fs::path& fixtures() {
  static const fs::path p = fs::path(SCHEDCERT_TEST_DIR) / "fixtures" / "schedules";
  return p;
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
    std::string cmd = "cd '" + dir.string() + "'";
    for (const std::string& f : coq_files()) {
      fs::copy_file(coq_source(f), dir / f, fs::copy_options::overwrite_existing);
      cmd += " && coqc -Q . Schedcert " + f;
    }
    build = sh(cmd);
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
