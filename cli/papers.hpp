// `schedcert certify --paper P`: each paper's tables, regenerated and verified. The library
// computes the rows (one table function per paper folder); this file only prints them.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace schedcert::cli {

struct PaperOptions {
  int max_dim = 0;  // 0: the paper's default size (finishes in about a minute)
  bool json = false;
};

std::vector<std::string> paper_names();
// Prints the paper's tables; returns the exit code (worst outcome). Throws InputError for an
// unknown paper.
int print_paper(const std::string& paper, const PaperOptions& o, std::ostream& out);

}  // namespace schedcert::cli
