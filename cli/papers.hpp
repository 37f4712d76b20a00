// `schedcert certify --paper P`: each paper's tables, regenerated and verified. The library
// computes the rows (one table function per paper folder); this file only prints them.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace schedcert {

namespace certify { struct ExpectedFindings; }

namespace cli {

struct PaperOptions {
  int max_dim = 0;  // 0: the paper's default size (finishes in about a minute)
  bool json = false;
  // Declared findings (certify/expected.hpp) marked in the rows; not owned; may be null.
  const certify::ExpectedFindings* expected = nullptr;
};

std::vector<std::string> paper_names();
// Prints the paper's tables; returns the exit code (worst outcome). Throws InputError for an
// unknown paper.
int print_paper(const std::string& paper, const PaperOptions& o, std::ostream& out);

// `certify --paper P --coq-optimality DIR` (papers_coq.cpp): one Coq optimality witness per row
// of P marked optimal by bound; returns the exit code (1 if some row has no Coq argument).
int write_paper_optimality(const std::string& paper, int max_dim, const std::string& dir,
                           std::ostream& out);

}  // namespace cli
}  // namespace schedcert
