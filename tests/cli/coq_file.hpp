// coqc on a .v file that `--coq DIR` wrote, against the build's .vo files (build/coq, logical
// path Schedcert), and the assumptions of one of its theorems by name: the file's own Print
// Assumptions lines print "Closed under the global context" without saying for which theorem, so
// coq_assumptions asks for one theorem alone, in a one-line file that requires the compiled one.
#pragma once
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_cli.hpp"

namespace schedcert::testing {

inline std::string build_coq_dir() {
  return (std::filesystem::path(SCHEDCERT_BINARY).parent_path() / "coq").string();
}

// The coqc flags: the build's development as Schedcert, DIR itself as Out (so that another file
// can require DIR/NAME.v as Out.NAME).
inline std::string written_coq_flags() {
  return "-q -Q '" + build_coq_dir() + "' Schedcert -Q . Out";
}

// coqc on DIR/FILE (FILE ends in .v): exit code and output.
inline CliResult coqc_written(const std::string& dir, const std::string& file) {
  return run_shell("cd '" + dir + "' && coqc " + written_coq_flags() + " " + file + " 2>&1");
}

// After coqc_written(DIR, MODULE + ".v") succeeded: coqc's output for `Print Assumptions THEOREM`
// of that module alone, trailing whitespace removed ("Closed under the global context" when the
// theorem rests on no axiom), or the compile error.
inline std::string coq_assumptions(const std::string& dir, const std::string& module,
                                   const std::string& theorem) {
  const std::string probe = "assumptions_of_" + theorem;
  std::ofstream(std::filesystem::path(dir) / (probe + ".v"))
      << "From Out Require Import " << module << ".\nPrint Assumptions " << theorem << ".\n";
  std::string out = coqc_written(dir, probe + ".v").out;
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
  return out;
}

}  // namespace schedcert::testing
