// Runs the schedcert binary as a user would and captures its exit code and output.
#pragma once
#include <array>
#include <cctype>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace schedcert::testing {

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

// Any shell command: exit code and stdout + stderr (the caller adds "2>&1" if it wants stderr).
inline CliResult run_shell(const std::string& cmd) {
  CliResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline CliResult run_cli(const std::string& args, const std::string& cwd = "") {
  return run_shell((cwd.empty() ? "" : "cd '" + cwd + "' && ") + std::string(SCHEDCERT_BINARY) +
                   " " + args + " 2>&1");
}

// Output (stdout and stderr) of a shell command such as `z3 q.smt2`, trailing whitespace removed.
inline std::string shell_output(const std::string& cmd) {
  std::string out = run_shell(cmd + " 2>&1").out;
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
  return out;
}

}  // namespace schedcert::testing
