// Re-checking a Coq witness against its schedule file (`schedcert export coq FILE --check W.v`).
//
// A witness records the SHA-256 of the schedule file it was exported from (`source_sha256`,
// coq_export.hpp). The check reads FILE, hashes it, re-derives the witness from it and compares:
// a different hash means W.v was exported from another file (or FILE changed since); the same
// hash but a different text means W.v was edited after export. Only the first line (which names
// the writer's version) is exempt from the comparison.
#pragma once
#include <string>

namespace schedcert::witnesses {

struct WitnessComparison {
  bool same = false;
  std::string message;  // one sentence: what matches, or where and how the witness differs
};

// `witness`: the text of W.v; `expected`: the witness re-derived from the schedule file, whose
// SHA-256 is `file_sha256`.
WitnessComparison compare_coq_witness(const std::string& witness, const std::string& expected,
                                      const std::string& file_sha256);

// The `source_sha256` a witness records ("" when it has none).
std::string recorded_sha256(const std::string& witness);

}  // namespace schedcert::witnesses
