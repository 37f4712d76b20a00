#include <algorithm>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

#include "witnesses/report.hpp"

namespace schedcert::witnesses {

using certify::Outcome;
using certify::Report;

namespace {

std::string verdict_word(const certify::EngineRun& run) {
  if (!run.verdict) return "unknown";
  return run.verdict->valid ? "valid" : "invalid:" + verifier::to_string(run.verdict->violation->rule);
}

std::string fmt_seconds(double s) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(s < 10 ? 3 : 1) << s << "s";
  return o.str();
}

std::string status_line(const Report& r) {
  switch (r.outcome) {
    case Outcome::Valid: {
      std::string s = r.construction.empty() || r.claimed_steps == std::nullopt ? "valid" : "certified";
      const bool opt_t = r.steps_meet_bound(), opt_x = r.transmissions_meet_bound();
      if (opt_t && opt_x) s += ", optimal in time and transmissions";
      else if (opt_t) s += ", optimal in time";
      else if (opt_x) s += ", optimal in transmissions";
      else s += ", gap to lower bounds";
      return s;
    }
    case Outcome::Invalid:
      return r.violation
                 ? "INVALID"
                 : "CLAIM NOT MET (valid schedule; a finding about the paper: docs/findings.md)";
    case Outcome::Unknown: return "UNKNOWN";
    case Outcome::Disagreement: return "ENGINES DISAGREE";
  }
  return "?";
}

}  // namespace

std::string expected_suffix(const Report& r) {
  return r.expected ? " [expected finding: " + r.expected->reason + "; see " + r.expected->docs + "]"
                    : std::string();
}

namespace {

std::string opt(const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : "-"; }

}  // namespace

void write_report_text(const Report& r, std::ostream& out) {
  out << (r.subject.empty() ? r.construction : r.subject) << "\n";
  if (!r.paper.empty()) out << "  paper:         " << r.paper << ", " << r.section << "\n";
  out << "  network:       " << r.network << "\n"
      << "  model:         " << r.model << "\n"
      << "  problem:       " << r.problem << "\n";
  for (const auto& run : r.runs) {
    out << "  engine " << std::left << std::setw(10) << certify::to_string(run.engine) << " "
        << verdict_word(run) << " (" << fmt_seconds(run.seconds) << ")";
    if (!run.verdict) out << ": " << run.unknown_reason;
    out << "\n";
  }
  const auto& m = r.metrics;
  out << "  steps:         " << m.steps << "   lower bound " << r.bounds.steps.value
      << (r.claimed_steps ? "   paper claims " + std::to_string(*r.claimed_steps) : "") << "\n"
      << "                 bound: " << r.bounds.steps.argument << "\n"
      << "  transmissions: " << m.transmissions << "   lower bound " << r.bounds.transmissions.value
      << (r.claimed_transmissions ? "   paper claims " + std::to_string(*r.claimed_transmissions)
                                  : "")
      << "\n"
      << "                 bound: " << r.bounds.transmissions.argument << "\n"
      << "  max link load: " << m.max_link_load << (m.max_link_load == 1 ? " packet" : " packets")
      << " on one directed link; utilisation " << std::fixed << std::setprecision(3)
      << m.link_utilisation << " of " << m.directed_links << " directed links x " << m.steps
      << (m.steps == 1 ? " step\n" : " steps\n");
  out << "  verdict:       " << status_line(r) << (r.expected ? " (expected finding)" : "") << "\n";
  if (!r.finding.empty()) out << "  finding:       " << r.finding << expected_suffix(r) << "\n";
}

void write_report_table(const std::vector<Report>& rs, std::ostream& out, bool with_summary) {
  struct Row { std::vector<std::string> cells; };
  std::vector<std::string> head{"construction", "d", "model", "problem", "steps", "claim", "bound",
                                "transmissions", "claim", "bound", "engines", "verdict"};
  std::vector<Row> rows;
  for (const auto& r : rs) {
    std::string engines;
    bool measured = false;  // some engine gave a verdict, so the metrics are the schedule's
    for (const auto& run : r.runs) {
      engines += (engines.empty() ? "" : " ") + certify::to_string(run.engine) + ":" + verdict_word(run);
      measured |= run.verdict.has_value();
    }
    // "-" rather than 0 where there is nothing to show (issue 17): a file job has no d, and a row
    // whose engines all gave up has no measured steps.
    const auto num = [&](std::uint64_t v) { return measured ? std::to_string(v) : std::string("-"); };
    // A file job by its path (issue 29: it showed the construction its provenance names).
    rows.push_back({{!r.file.empty() || r.construction.empty() ? r.subject : r.construction,
                     r.dim > 0 ? std::to_string(r.dim) : std::string("-"), r.model, r.problem,
                     num(r.metrics.steps), opt(r.claimed_steps),
                     std::to_string(r.bounds.steps.value), num(r.metrics.transmissions),
                     opt(r.claimed_transmissions), std::to_string(r.bounds.transmissions.value),
                     engines, status_line(r) + (r.expected ? " (expected)" : "")}});
  }
  std::vector<std::size_t> w(head.size());
  for (std::size_t i = 0; i < head.size(); ++i) w[i] = head[i].size();
  for (const auto& row : rows)
    for (std::size_t i = 0; i < head.size(); ++i) w[i] = std::max(w[i], row.cells[i].size());
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i + 1 < cells.size(); ++i)
      out << std::left << std::setw(static_cast<int>(w[i])) << cells[i] << "  ";
    out << cells.back() << "\n";
  };
  line(head);
  for (const auto& row : rows) line(row.cells);
  for (const auto& r : rs)
    if (!r.finding.empty() && r.outcome != Outcome::Valid)
      out << "  " << r.subject << ": " << r.finding << expected_suffix(r) << "\n";
  if (with_summary) out << summary_line(rs);  // one line with the counts (issue 17)
}

std::string summary_line(const std::vector<Report>& rs) {
  std::map<std::string, std::size_t> by;
  for (const auto& r : rs) ++by[certify::outcome_label(r)];
  return count_line(rs.size(), by);
}

std::string count_line(std::size_t rows, const std::map<std::string, std::size_t>& counts) {
  std::string s = std::to_string(rows) + (rows == 1 ? " row" : " rows") + ":";
  const char* sep = " ";
  for (const auto& [outcome, count] : counts) {
    s += sep + std::to_string(count) + " " + outcome;
    sep = ", ";
  }
  return s + "\n";
}

int exit_code(const std::vector<Report>& rs) {
  // The most severe outcome wins (issue 17: an unknown row must not hide a broken one): a
  // disagreement (4), then a job that could not run (2, as the same file on the command line),
  // then an invalid schedule or missed claim (1), then unknown (3), then valid (0).
  auto severity = [](int code) {
    switch (code) {
      case 4: return 4;
      case 2: return 3;
      case 1: return 2;
      case 3: return 1;
      default: return 0;
    }
  };
  int code = 0;
  for (const auto& r : rs) {
    if (r.expected) continue;  // a declared, documented finding (certify/expected.hpp)
    const int c = r.input_error ? 2 : static_cast<int>(r.outcome);
    if (severity(c) > severity(code)) code = c;
  }
  return code;
}

}  // namespace schedcert::witnesses
