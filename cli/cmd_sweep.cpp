// `schedcert sweep`: the optimality sweep of issue 4 (certify/sweep.hpp). For each network,
// model and problem: every registered construction that generates it, verified natively and
// certified optimal (bound / T - 1 impossible) or beaten (a shorter schedule, verified and
// saved: a finding), or, with no construction, the least T found by synthesis. Rows the solver
// cannot close within --timeout stay "unknown" with their gap. Exit 0 all closed, 3 some
// unknown, 1 an invalid construction or an internal error, 2 bad input.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

#include "schedules/io/atomic_file.hpp"
#include "certify/sweep.hpp"
#include "cli/commands.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/budget.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;

namespace {

struct SweepCli {
  std::vector<std::string> networks{"Q2", "Q3", "Q4", "C3xC3"};
  std::vector<std::string> problems, models;
  double timeout = 60, max_time = 0;
  unsigned max_extra = 8;
  std::string out_dir, format = "text", output, from_json;
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

// ---- tables for people (JSON: certify::write_sweep_json) ----

const std::vector<std::string> kHeader{"network", "model", "problem", "source", "steps",
                                       "lower bound", "verdict", "certificate", "seconds"};

std::vector<std::string> cells(const certify::SweepRow& r) {
  std::ostringstream sec;
  sec << std::fixed << std::setprecision(1) << r.seconds;
  return {r.network, r.model, r.problem, r.source,
          r.steps ? std::to_string(*r.steps) : "-", std::to_string(r.lower_bound),
          certify::verdict_cell(r), certify::to_string(r.kind), sec.str()};
}

std::string latex_escape(const std::string& s) {
  std::string o;
  for (char ch : s) {
    if (ch == '_' || ch == '&' || ch == '%' || ch == '#' || ch == '$') o += '\\';
    o += ch;
  }
  return o;
}

void write_notes(const std::vector<certify::SweepRow>& rows, std::ostream& out,
                 const char* bullet) {
  using certify::SweepVerdict;
  for (const auto& r : rows) {
    const std::string who = r.network + " " + r.model + " " + r.problem + " " + r.source;
    if (r.verdict == SweepVerdict::ShorterFound)
      out << bullet << "FINDING: " << who << " takes " << *r.steps << " steps"
          << (r.claimed_steps ? " (paper's formula: " + std::to_string(*r.claimed_steps) + ")" : "")
          << " but a valid " << *r.shorter_steps << "-step schedule exists (verified natively"
          << (r.witness_file.empty() ? "" : ", saved to " + r.witness_file) << ")\n";
    else if (r.verdict == SweepVerdict::Invalid)
      out << bullet << "FINDING: " << who << " is invalid: " << r.note << "\n";
    else if (!r.note.empty())
      out << bullet << certify::to_string(r.verdict) << ": " << who << ": " << r.note << "\n";
  }
}

void write_table(const std::vector<certify::SweepRow>& rows, const std::string& format,
                 std::ostream& out, const certify::SweepOptions& o) {
  if (format == "json") return certify::write_sweep_json(rows, out, &o);
  const auto s = certify::summarize(rows);
  std::ostringstream tail;
  tail << s.rows << " rows: " << s.closed << " closed, " << s.unknown << " unknown, "
       << s.findings << " findings, " << s.errors << " errors; " << std::fixed
       << std::setprecision(1) << s.seconds << " s wall, " << s.cpu_seconds << " s CPU\n";
  if (format == "markdown") {
    out << "|";
    for (const auto& h : kHeader) out << " " << h << " |";
    out << "\n|";
    for (std::size_t i = 0; i < kHeader.size(); ++i) out << "---|";
    out << "\n";
    for (const auto& r : rows) {
      out << "|";
      for (const auto& cell : cells(r)) out << " " << cell << " |";
      out << "\n";
    }
    out << "\n";
    write_notes(rows, out, "- ");
    out << "\n" << tail.str();
  } else if (format == "latex") {
    out << "\\begin{tabular}{lllllrlll}\n\\hline\n";
    for (std::size_t i = 0; i < kHeader.size(); ++i)
      out << kHeader[i] << (i + 1 < kHeader.size() ? " & " : " \\\\\n\\hline\n");
    for (const auto& r : rows) {
      const auto cs = cells(r);
      for (std::size_t i = 0; i < cs.size(); ++i)
        out << latex_escape(cs[i]) << (i + 1 < cs.size() ? " & " : " \\\\\n");
    }
    out << "\\hline\n\\end{tabular}\n% " << tail.str();
  } else {
    std::vector<std::vector<std::string>> t{kHeader};
    for (const auto& r : rows) t.push_back(cells(r));
    std::vector<std::size_t> w(kHeader.size(), 0);
    for (const auto& line : t)
      for (std::size_t i = 0; i < line.size(); ++i) w[i] = std::max(w[i], line[i].size());
    for (const auto& line : t) {
      for (std::size_t i = 0; i < line.size(); ++i)
        out << std::left << std::setw(static_cast<int>(w[i]) + 2) << line[i];
      out << "\n";
    }
    write_notes(rows, out, "  ");
    out << tail.str();
  }
}

int run(const SweepCli& c) {
  if (c.format != "text" && c.format != "markdown" && c.format != "latex" && c.format != "json")
    throw InputError("--format: '" + c.format + "' is not one of text, markdown, latex, json");
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
  for (const auto& spec : o.networks) Network::parse(spec);  // fail before any work
  o.timeout_ms = schedules::budget::seconds_to_ms(c.timeout);
  o.max_extra = c.max_extra;
  o.out_dir = c.out_dir;
  if (!c.quiet) {
    o.on_start = [](const std::string& what) { std::cerr << "sweep: " << what << " ..." << std::flush; };
    o.on_row = [](const certify::SweepRow& r) {
      std::cerr << " " << certify::verdict_cell(r) << " (" << std::fixed << std::setprecision(1)
                << r.seconds << " s)\n";
    };
  }
  std::vector<certify::SweepRow> rows;
  if (!c.from_json.empty()) {
    std::ifstream in(c.from_json);
    if (!in) throw InputError("--from-json: cannot read '" + c.from_json + "'");
    rows = certify::read_sweep_json(in, c.from_json);
  } else {
    rows = certify::run_sweep(o);
  }
  if (c.output.empty() || c.output == "-") {
    write_table(rows, c.format, std::cout, o);
  } else {
    schedules::io::write_atomically("--output", c.output,
                                    [&](std::ostream& f) { write_table(rows, c.format, f, o); });
  }
  const auto s = certify::summarize(rows);
  if (s.findings > 0) {
    // Where the shorter schedules are (issue 29: without --out-dir, a temporary directory).
    std::set<std::string> dirs;
    for (const auto& r : rows)
      if (!r.witness_file.empty() && r.verdict == certify::SweepVerdict::ShorterFound)
        dirs.insert(std::filesystem::path(r.witness_file).parent_path().string());
    std::string where;
    for (const auto& d : dirs) where += (where.empty() ? "" : ", ") + d;
    std::cerr << "sweep: " << s.findings << " finding(s): a construction beaten by a shorter "
              << "verified schedule, or invalid (see the notes under the table)"
              << (where.empty() ? "" : "; shorter schedules saved in " + where) << "\n";
  }
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
                  "successive-broadcast (allreduce is refused: synthesis does not state it)");
  sub->add_option("--models", c->models,
                  "comma-separated models (default all 4): all-port, single-port-full, "
                  "single-port-half, shout-whisper");
  sub->add_option("--timeout", c->timeout, "seconds per solver query (each T - 1 or each T)")
      ->default_val(60)
      ->check(positive_number());
  sub->add_option("--max-time", c->max_time,
                  "wall-clock budget of the whole sweep in seconds: the rows not finished by then "
                  "are reported unknown ('stopped'), exit 3 (default: none)")
      ->check(positive_number());
  sub->add_option("--max-extra", c->max_extra,
                  "synthesis rows: try T up to lower bound + this before giving up")
      ->default_val(8);
  sub->add_option("--out-dir", c->out_dir,
                  "write witnesses (shorter or synthesised schedules, JSON) and the T - 1 "
                  "queries (SMT-LIB2; `z3 FILE` / `cvc5 FILE` answer unsat) here; without it, "
                  "only shorter schedules (findings) are saved, in a new temporary directory "
                  "($TMPDIR/schedcert-sweep-XXXXXX, named on stderr and in the notes; removed "
                  "again when there is no finding)");
  sub->add_option("--format", c->format, "text | markdown | latex | json")->default_val("text");
  sub->add_option("-o,--output", c->output, "write the table here instead of stdout");
  sub->add_option("--from-json", c->from_json,
                  "re-render a saved `--format json` sweep (no solving; selection options ignored)");
  sub->add_flag("--quiet,-q", c->quiet, "no per-row progress on stderr");
  sub->callback([&action, c] {
    action = [c] { return run(*c); };
  });
}

}  // namespace schedcert::cli
