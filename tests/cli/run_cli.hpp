// Runs the schedcert binary as a user would and captures its exit code and output.
#pragma once
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace schedcert::testing {

struct CliResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

inline CliResult run_cli(const std::string& args, const std::string& cwd = "") {
  std::string cmd = (cwd.empty() ? "" : "cd '" + cwd + "' && ") + std::string(SCHEDCERT_BINARY) +
                    " " + args + " 2>&1";
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

}  // namespace schedcert::testing
