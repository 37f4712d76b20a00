// `schedcert sweep`: the optimality sweep of issue 4 (certify/sweep.hpp). For each network,
// model and problem: every registered construction that generates it, verified natively and
// certified optimal (bound / T - 1 impossible) or beaten (a shorter schedule, verified and
// saved: a finding), or, with no construction, the least T found by synthesis. Rows the solver
// cannot close within --timeout stay "unknown" with their gap. Exit 0 all closed, 3 some
// unknown, 1 an invalid construction or an internal error, 2 bad input.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "certify/sweep.hpp"
#include "cli/commands.hpp"
#include "schedules/error.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;

namespace {

struct SweepCli {
  std::vector<std::string> networks{"Q2", "Q3", "Q4", "C3xC3"};
  std::vector<std::string> problems, models;
  double timeout = 60;
  unsigned max_extra = 8;
  std::string out_dir, format = "text", output;
  bool quiet = false;
};

std::vector<std::string> split_commas(const std::vector<std::string>& in) {
  std::vector<std::string> out;
  for (const auto& s : in) {
    std::stringstream ss(s);
    std::string tok;
    while (std::getline(ss, tok, ','))
      if (!tok.empty()) out.push_back(tok);
  }
  return out;
}

int run(const SweepCli& c) {
  certify::SweepOptions o;
  o.networks = split_commas(c.networks);
  if (o.networks.empty()) throw InputError("--networks: give at least one network");
  if (!c.problems.empty()) {
    o.problems.clear();
    for (const auto& p : split_commas(c.problems)) o.problems.push_back(parse_problem_kind(p));
  }
  if (!c.models.empty()) {
    o.models.clear();
    for (const auto& m : split_commas(c.models)) o.models.push_back(parse_model(m));
  }
  if (c.format != "text" && c.format != "markdown" && c.format != "latex" && c.format != "json")
    throw InputError("--format: '" + c.format + "' is not one of text, markdown, latex, json");
  for (const auto& spec : o.networks) Network::parse(spec);  // fail before any work
  o.timeout_ms = static_cast<unsigned>(c.timeout * 1000);
  o.max_extra = c.max_extra;
  o.out_dir = c.out_dir;
  if (!c.quiet) {
    o.on_start = [](const std::string& what) { std::cerr << "sweep: " << what << " ..." << std::flush; };
    o.on_row = [](const certify::SweepRow& r) {
      std::cerr << " " << certify::verdict_cell(r) << " (" << std::fixed << std::setprecision(1)
                << r.seconds << " s)\n";
    };
  }
  const auto rows = certify::run_sweep(o);
  if (c.output.empty() || c.output == "-") {
    certify::write_sweep(rows, c.format, std::cout, &o);
  } else {
    std::ofstream f(c.output);
    if (!f) throw InputError("--output: cannot write '" + c.output + "'");
    certify::write_sweep(rows, c.format, f, &o);
    if (!f) throw InputError("--output: error writing '" + c.output + "'");
  }
  const auto s = certify::summarize(rows);
  if (s.findings > 0)
    std::cerr << "sweep: " << s.findings << " finding(s): a construction beaten by a shorter "
              << "verified schedule, or invalid (see the notes under the table)\n";
  return certify::sweep_exit_code(rows);
}

}  // namespace

void add_sweep_command(CLI::App& app, std::function<int()>& action,
                       std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "sweep",
      "optimality sweep: for every network x model x problem, is the best construction optimal? "
      "Each registered construction that builds the combination (root 0, M = 1; successive "
      "broadcasts from all nodes in Gray-code order on Q_d, id order otherwise) is generated, "
      "verified natively, then certified: 'optimal by bound' (steps = computed lower bound), "
      "'optimal by UNSAT|counting' (Z3 or a counting argument proves T - 1 steps impossible), "
      "'SHORTER' (Z3 found a shorter schedule, verified natively and saved: a finding, not an "
      "error) or 'unknown, gap lo..hi' (no answer within --timeout). Combinations without a "
      "construction are synthesised from the lower bound upwards. Exit 0: every row closed; "
      "3: some row unknown; 1: a construction invalid or an internal error; 2: bad input. "
      "Example: schedcert sweep --networks Q2,Q3 --models all-port --timeout 30 --format markdown");
  auto c = std::make_shared<SweepCli>();
  keep.push_back(c);
  sub->add_option("--networks", c->networks,
                  "comma-separated network specs (Q2, Q3, Q4, C3xC3 = the 3x3 torus, ...)")
      ->default_str("Q2,Q3,Q4,C3xC3");
  sub->add_option("--problems", c->problems,
                  "comma-separated problems (default all 8): broadcast, accumulation, scatter, "
                  "gather, multinode-broadcast, multinode-accumulation, total-exchange, "
                  "successive-broadcast");
  sub->add_option("--models", c->models,
                  "comma-separated models (default all 4): all-port, single-port-full, "
                  "single-port-half, shout-whisper");
  sub->add_option("--timeout", c->timeout, "seconds per solver query (each T - 1 or each T)")
      ->default_val(60)
      ->check(CLI::PositiveNumber);
  sub->add_option("--max-extra", c->max_extra,
                  "synthesis rows: try T up to lower bound + this before giving up")
      ->default_val(8);
  sub->add_option("--out-dir", c->out_dir,
                  "write witnesses (shorter or synthesised schedules, JSON) and the T - 1 "
                  "queries (SMT-LIB2; `z3 FILE` / `cvc5 FILE` answer unsat) here");
  sub->add_option("--format", c->format, "text | markdown | latex | json")->default_val("text");
  sub->add_option("-o,--output", c->output, "write the table here instead of stdout");
  sub->add_flag("--quiet,-q", c->quiet, "no per-row progress on stderr");
  sub->callback([&action, c] {
    action = [c] { return run(*c); };
  });
}

}  // namespace schedcert::cli
