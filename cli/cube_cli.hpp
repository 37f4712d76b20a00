// The options shared by the `schedcert cube ...` subcommands (cli/cmd_cube.cpp: the families,
// resume, merge, stats; cli/cmd_cube_ledger.cpp: check and ledger), and the summary they print.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "search/runner.hpp"

namespace schedcert::cli {

struct CubeCli {
  std::string dir, resume, output, seed_witness, shard, ledger;
  unsigned jobs = 0;
  double timeout = 0, cube_timeout = 0;
  bool keep_proofs = false, quiet = false;
  std::size_t limit = 0, check_batch = 1;
  std::uint64_t sample_seed = 0;
  int depth = -1;
  std::size_t target = 0;
  // families
  int dim = 0;
  unsigned max_size = 0;
  std::string network, model = "all-port", problem, allocation;
  std::vector<unsigned> sources;
  unsigned root = 0, messages = 1, steps = 0;
  bool no_symmetry = false;
  bool no_cds = false;  // cube synthesize: leave out the sender counts (timeindexed.hpp)
  bool lex_leader = false;  // cube synthesize: lex-leader over Aut instead of the anchor rules
  // merge / stats / check
  std::vector<std::string> others;
  std::vector<unsigned> workers{1, 2, 16, 64, 256};
  std::size_t total = 0, sample = 0;
  bool recheck = false;
};

// Prints what the run established; returns the exit code (0 answered, 1 coverage not
// established, 3 open). Writes the JSON summary when o.output is set.
int print_cube_summary(const search::Family& f, const search::RunDir& run, const search::RunSummary& s,
                       const CubeCli& o);

// `cube check DIR|LEDGER` and `cube ledger DIR` (cli/cmd_cube_ledger.cpp).
void add_cube_ledger_commands(CLI::App* cube, std::function<int()>& action, std::shared_ptr<CubeCli> o);

}  // namespace schedcert::cli
