// The options of `schedcert synthesize` (cli/cmd_synthesize.cpp) and the two parts of the
// command that live in files of their own: the Coq theorem of an optimum (--coq DIR,
// cli/synth_coq.cpp; issue 26) and SCCL's steps and rounds (--sccl, --sccl-steps,
// cli/synth_sccl.cpp; issue 16).
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "encodings/synth/request.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"

namespace schedcert::cli {

struct SynthOptions {
  std::string network, model = "all-port", problem, out, emit, allocation, engine = "auto";
  std::vector<unsigned> sources;
  unsigned root = 0, messages = 1, steps = 0, max_steps = 0;
  double timeout = 600;
  bool quiet = false, no_symmetry = false, estimate = false;
  // The pipeline's phases to leave out (encodings/synth/synthesis.hpp, skip_phases); --no-cayley
  // --no-bounds --no-slack is issue 19's exact mode.
  bool no_cayley = false, no_routes = false, no_bounds = false, no_slack = false, no_counts = false,
       no_cds = false, lex_leader = false;
  // Issue 27, item 3: the walk's upper bound (a known schedule) and binary search.
  std::string upper_from;
  bool no_known_upper = false, bisect = false;
  bool allreduce_any = false;           // --allreduce-any-subsets (issue 28)
  bool no_compose = false;              // --no-composition: no reduce-scatter + allgather phase
  std::string composition_out;          // --composition-output FILE
  std::string coq;                      // --coq DIR (issue 26)
  // --coq-lrat-max BYTES: 4 MiB, so that Q3 shout-whisper free allocation (T = 13: a 2.0 MB
  // proof; coqc 67 s CPU, 1.8 GB, docs/coq.md) gets its premise-free theorem by default.
  std::size_t coq_lrat_max = 4 << 20;
  bool coq_no_symmetry = false;         // --coq-no-symmetry: free allocation on free_cnf, not free_sym_cnf
  std::string coq_test_drop;            // --coq-test-drop RULE: TEST HOOK (hidden), see below
  std::string command;                  // the command line, for the .v header
};

// --coq DIR: the optimum as a Coq theorem; returns the exit code (that of the search, or 3 when
// the verified path cannot refute T - 1). cli/synth_coq.cpp has the design note.
int write_coq_optimum(const encodings::synth::OptimumResult& r, int code, const SynthOptions& o,
                      bool free_allocation = false);

// SCCL steps (issue 16; encodings/synth/sccl.hpp): its options and its runner.
struct ScclCli {
  unsigned steps = 0;  // --sccl-steps S (with --steps R)
  bool least = false;  // --sccl
  bool wanted() const { return steps > 0 || least; }
};
void add_sccl_options(CLI::App* sub, const std::shared_ptr<ScclCli>& sc);
int run_sccl(const schedules::Network& net, schedules::Model m, const encodings::synth::SynthesisRoute& route,
             const SynthOptions& o, const ScclCli& sc);

}  // namespace schedcert::cli
