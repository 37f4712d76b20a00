// `schedcert cost FILE...`: predicted time in seconds and its lower bound for each file at each
// message size (issue 28, item 4; docs/cost-model.md). The model is verifier/time_model.hpp, the
// bound verifier/time_bounds.hpp; this file loads, checks and tabulates.
//
// A file is a schedcert schedule (JSON: a generated construction, a synthesized schedule, any
// schedule file) or an MSCCL-IR program (.xml). A schedule is costed only after verify_native
// accepts it. An MSCCL-IR program must first pass the importer's checks (progress on the
// runtime, data flow), then it is converted to its as-soon-as-possible rounds on a network
// (--network; default dgx1 when the algo's name says DGX1 and it has 8 gpus, otherwise the
// complete graph K_ngpus, i.e. a direct link between every two gpus) and the rounds must pass
// verify_native there. A file that fails a check gets no numbers and the violation instead
// (exit 1); a file that cannot be read is an input error (exit 2).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "verifier/time_model.hpp"

namespace schedcert::certify {

struct CostFileOptions {
  std::vector<double> sizes;  // bytes
  verifier::Timing timing = verifier::Timing::Synchronised;
  std::string network;              // for MSCCL-IR files; "" = the default above
  std::string model = "all-port";   // for MSCCL-IR files
  verifier::LinkOverrides links;
};

struct CostPoint {
  double size = 0;            // bytes
  double item_bytes = 0;      // bytes of one item (chunk) at this size
  double predicted = 0;       // seconds
  double bound = 0;           // seconds
  double latency_bound = 0, bandwidth_bound = 0;
  std::string latency_argument, bandwidth_argument;
};

struct CostFileResult {
  std::string path;
  std::string kind;            // "schedule" or "msccl"
  bool valid = false;          // every check passed; the numbers below are only set then
  std::string violation;       // the first violation when not valid
  std::string description;     // "dgx1 all-port multinode-broadcast(M=1): 2 steps, 56 transmissions"
  std::string network, model, problem;
  std::vector<std::string> checks;  // what ran, in order, e.g. "verified by the native verifier"
  std::vector<std::string> notes;   // how the network was chosen, the protocol, ...
  std::vector<verifier::LinkClass> classes;
  std::uint64_t steps = 0, transmissions = 0, step_lower_bound = 0;
  std::vector<CostPoint> points;
};

// InputError for unreadable files and bad options; never throws for an invalid schedule.
CostFileResult cost_file(const std::string& path, const CostFileOptions& o);

// Text: one block per file, one line per size. JSON: {"timing", "sizes", "files": [...]}.
std::string format_cost_text(const std::vector<CostFileResult>& r, const CostFileOptions& o);
std::string cost_json(const std::vector<CostFileResult>& r, const CostFileOptions& o);

}  // namespace schedcert::certify
