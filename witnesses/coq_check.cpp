// Comparison of a Coq witness with the one re-derived from its schedule file (coq_check.hpp).
#include "witnesses/coq_check.hpp"

#include <sstream>
#include <vector>

namespace schedcert::witnesses {

namespace {

constexpr const char* kShaDef = "Definition source_sha256 : string := \"";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::string clip(const std::string& s) { return s.size() > 100 ? s.substr(0, 100) + "..." : s; }

}  // namespace

std::string recorded_sha256(const std::string& witness) {
  const auto a = witness.find(kShaDef);
  if (a == std::string::npos) return "";
  const auto b = a + std::string(kShaDef).size();
  const auto e = witness.find('"', b);
  return e == std::string::npos ? "" : witness.substr(b, e - b);
}

WitnessComparison compare_coq_witness(const std::string& witness, const std::string& expected,
                                      const std::string& file_sha256) {
  WitnessComparison r;
  const std::string sha = recorded_sha256(witness);
  if (sha.empty()) {
    r.message = "the witness records no source_sha256 (it was not written by schedcert export coq)";
    return r;
  }
  if (sha != file_sha256) {
    r.message = "hash mismatch: the witness was exported from a file with SHA-256 " + sha +
                ", this file has SHA-256 " + file_sha256;
    return r;
  }
  const auto got = lines_of(witness), want = lines_of(expected);
  for (std::size_t i = 1; i < std::max(got.size(), want.size()); ++i) {
    const std::string g = i < got.size() ? got[i] : "<end of file>";
    const std::string w = i < want.size() ? want[i] : "<end of file>";
    if (g != w) {
      r.message = "the witness was edited after export: line " + std::to_string(i + 1) +
                  " is '" + clip(g) + "', the schedule file gives '" + clip(w) + "'";
      return r;
    }
  }
  r.same = true;
  r.message = "the witness is the one this file gives (SHA-256 " + sha + ")";
  return r;
}

}  // namespace schedcert::witnesses
