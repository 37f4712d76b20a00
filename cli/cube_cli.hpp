// The options shared by the `schedcert cube ...` subcommands (cli/cmd_cube.cpp: the families,
// resume, merge, stats; cli/cmd_cube_ledger.cpp: check and ledger), and the summary they print.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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
  // --lex-leader: synthesize / successive: lex-leader over Aut instead of the encoding's rules;
  // alpha: lex-leader over each cube's stabiliser
  bool lex_leader = false;
  // --walk (cli/cube_walk.cpp): the least T, one cube run per T in DIR/T<k>; --max-steps,
  // --no-known-upper as for `synthesize`.
  bool walk = false, no_known_upper = false;
  unsigned max_steps = 0;
  // --coq DIR (issue 26, item 5; cli/cube_coq.cpp): the run on the CNF generated in Coq, and its
  // optimum as a Coq theorem; --coq-lrat-max: embed the proofs up to this many bytes in total;
  // --coq-witness FILE: the schedule of T + 1 steps (default: found by the production encoder).
  std::string coq, coq_witness;
  std::size_t coq_lrat_max = 4 << 20;
  // TEST HOOKS (hidden): the C++ mirror leaves RULE out (encodings/synth/coq_cnf.hpp); the cube
  // with this id is dropped from the list before the coverage check.
  std::string coq_test_drop;
  long coq_test_drop_cube = -1;
  std::string command;  // the command line, for the written file's header
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

// --coq, --coq-lrat-max, --coq-witness and the hidden test hooks (cli/cube_coq.cpp); the query of a
// family command with --coq (the Coq family, search/coq_cubes.hpp; `command` for the file header).
void add_coq_options(CLI::App* c, CubeCli& o);

// `cube synthesize|successive --walk` (cli/cube_walk.cpp): T from the lower bound up to the best
// known schedule, each T by run_one(query with "steps": T, options with DIR/T<k>); returns 0 with
// an optimum, 3 otherwise (the gap is printed).
int run_cube_walk(const nlohmann::json& base, const CubeCli& o,
                  const std::function<int(const nlohmann::json&, const CubeCli&)>& run_one);
void add_coq_query(nlohmann::json& q, CubeCli& o, const std::string& command);

// --coq DIR after a run (cli/cube_coq.cpp): writes DIR/optimum_<instance>_cubes.v when the run is
// UNSAT on the CNF generated in Coq; returns the exit code (`code`, the run's, unless no witness).
int write_cube_coq(const search::Family& f, const search::RunDir& run, const search::RunSummary& s, int code,
                   const CubeCli& o);

// `cube check DIR|LEDGER` and `cube ledger DIR` (cli/cmd_cube_ledger.cpp).
void add_cube_ledger_commands(CLI::App* cube, std::function<int()>& action, std::shared_ptr<CubeCli> o);

}  // namespace schedcert::cli
