#include "cli/papers.hpp"

#include <iomanip>
#include <map>
#include <iostream>
#include <sstream>

#include "certify/check.hpp"
#include "certify/expected.hpp"
#include "encodings/alpha/leaf_bound.hpp"
#include "schedules/constructions/bertsekas1991/appendix.hpp"
#include "papers/bertsekas1991/tables.hpp"
#include "papers/dimakopoulos1998/table.hpp"
#include "papers/fragopoulou1995/table.hpp"
#include "papers/hojohnsson1986/delay_tables.hpp"
#include "schedules/constructions/hojohnsson1986/paper_checks.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "verifier/bounds.hpp"
#include "witnesses/report.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;
namespace cons = schedcert::schedules::constructions;

namespace {

void mark(std::vector<certify::Report>& rs, const PaperOptions& o) {
  if (o.expected) o.expected->apply(rs);
}

int bertsekas(const PaperOptions& o, std::ostream& out) {
  cons::bertsekas1991::TableOptions t;
  t.max_dim = o.max_dim > 0 ? o.max_dim : 10;
  const auto rows = cons::bertsekas1991::bertsekas_tables(t);
  out << "Bertsekas et al. 1991, Tables 1 (time) and 2 (transmissions) on Q_d, regenerated.\n"
      << "paper = the table's formula; measured = the verified schedule; bound = computed lower "
         "bound (verifier/bounds)\n\n";
  out << std::left << std::setw(3) << "d" << std::setw(24) << "problem" << std::setw(18) << "model"
      << std::setw(24) << "construction" << std::right << std::setw(8) << "paper" << std::setw(9)
      << "measured" << std::setw(8) << "bound" << std::setw(12) << "tx paper" << std::setw(12)
      << "tx meas." << std::setw(12) << "tx bound" << "  " << std::left << std::setw(18)
      << "engine" << "verdict\n";
  int code = 0;
  std::map<std::string, std::size_t> counts;  // the summary line under the table
  for (const auto& r : rows) {
    std::string verdict;
    // A failing row may be a declared finding: the row's subject as `certify` names it.
    certify::Report as_report;
    // Rows of a registered construction are named as `certify` names them; the others (the
    // table's derived rows, e.g. reverse(sbt-broadcast)) by name, --dim and --model.
    Params as_params;
    as_params.dim = r.d;
    as_params.model = r.model;
    as_report.subject = r.construction + " --dim " + std::to_string(r.d) + " --model " + to_string(r.model);
    for (const auto& c : Registry::instance().all())
      if (c.name == r.construction) as_report.subject = certify::construction_subject(c, as_params);
    // Passing rows are shown to the list too: they tell a stale entry from one not checked here.
    as_report.outcome =
        r.valid && r.meets_paper() ? certify::Outcome::Valid : certify::Outcome::Invalid;
    const bool expected = o.expected && o.expected->apply(as_report);
    const std::string note = expected ? witnesses::expected_suffix(as_report) : std::string();
    if (!r.valid) {
      verdict = "INVALID: " + r.violation + note;
      if (!expected) code = std::max(code, 1);
      ++counts[expected ? "invalid (expected)" : "invalid"];
    } else if (!r.meets_paper()) {
      verdict = "valid, paper's claim NOT met" + note;
      if (!expected) code = std::max(code, 1);
      ++counts[expected ? "claim not met (expected)" : "claim not met"];
    } else {
      verdict = "certified";
      if (r.bound_steps && r.bound_transmissions && *r.bound_steps == r.steps &&
          *r.bound_transmissions == r.transmissions)
        verdict += ", optimal";
      ++counts[verdict];
    }
    auto opt = [](const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : "-"; };
    out << std::left << std::setw(3) << r.d << std::setw(24) << to_string(r.problem)
        << std::setw(18) << to_string(r.model) << std::setw(24) << r.construction.substr(0, 23)
        << std::right << std::setw(8) << r.paper_steps << std::setw(9) << r.steps << std::setw(8)
        << opt(r.bound_steps) << std::setw(12) << r.paper_transmissions << std::setw(12)
        << r.transmissions << std::setw(12) << opt(r.bound_transmissions) << "  " << std::left
        << std::setw(18) << r.engine << verdict << "\n";
  }
  out << witnesses::count_line(rows.size(), counts);
  const auto ce = cons::bertsekas1991::appendix_counterexample(64);
  out << "\nAppendix (d does not divide 2^d - 1 for 2 <= d <= 64): "
      << (ce ? "FAILS at d = " + std::to_string(*ce) : std::string("holds for every d checked"))
      << "\n";
  if (ce) code = std::max(code, 1);
  return code;
}

int hojohnsson(const PaperOptions& o, std::ostream& out) {
  namespace hj = cons::hojohnsson1986;
  const int nmax = o.max_dim > 0 ? std::min(o.max_dim, 16) : 10;
  int code = 0;
  out << "Ho and Johnsson 1986: structural checks (SBT, MSBT and its labelling, BST) for n = 1.."
      << nmax << "\n";
  for (int n = 1; n <= nmax; ++n) {
    auto checks = hj::paper_checks(n);
    for (const auto& c : checks)
      if (c.fails_claim()) code = 1;
    out << hj::format(checks);
  }
  out << "\nTable 5 (maximum BST subtree size), computed from the tree:\n"
      << hj::format_table5(hj::table5(2, 20));
  out << "\nTables 1 and 2 (propagation delays, cycles per packet), measured from schedules:\n";
  for (int n = 3; n <= std::min(nmax, 8); ++n)
    out << hj::format_delay_rows(hj::measure_delay_tables(n), n);
  std::vector<certify::Report> rs;
  for (const auto& c : Registry::instance().all()) {
    if (c.paper != "ho-johnsson1986") continue;
    for (Model m : c.models)
      for (int d = std::max(c.min_dim, 2); d <= std::min({c.max_dim, nmax, 6}); ++d) {
        Params p;
        p.dim = d;
        p.model = m;
        p.messages = 4;
        p.packet_items = 1;
        certify::CheckOptions co;
        rs.push_back(certify::certify_construction(c, p, co));
      }
  }
  mark(rs, o);
  out << "\nRegistered constructions, M = 4 messages, B = 1:\n";
  witnesses::write_report_table(rs, out);
  return std::max(code, witnesses::exit_code(rs));
}

int dimakopoulos(const PaperOptions& o, std::ostream& out) {
  namespace dk = cons::dimakopoulos1998;
  auto rows = dk::paper_table(dk::default_table_entries());
  std::vector<certify::Report> rs;
  for (const auto& r : rows) rs.push_back(r.report);
  mark(rs, o);
  if (o.json) {
    witnesses::write_report_json(rs, out);
  } else {
    out << "Dimakopoulos and Dimopoulos 1998: total exchange on Cartesian products.\n";
    dk::print_table(rows, out);
  }
  return witnesses::exit_code(rs);
}

int fragopoulou(const PaperOptions& o, std::ostream& out) {
  namespace fa = cons::fragopoulou1995;
  fa::TableOptions t;
  if (o.max_dim > 0) t.max_n = o.max_dim;
  auto table = fa::fragopoulou1995_table(t);
  std::vector<certify::Report> rs;
  for (auto& r : table.rows) {
    if (o.expected) o.expected->apply(r.report);
    rs.push_back(r.report);
  }
  if (o.json) {
    witnesses::write_report_json(rs, out);
  } else {
    out << "Fragopoulou and Akl 1995: the BSG algorithms on k-ary n-dimensional tori.\n"
        << fa::format_table(table);
    out << witnesses::summary_line(rs);
  }
  return witnesses::exit_code(rs);
}

// Desprez, Fraigniaud & Tourancheau 1993: Proposition 1 (the construction, certified against its
// claimed 2p + log2 p - 2 steps) and Proposition 2 (the lower bound 2p - alpha(d) - 1, with
// alpha(d) certified by search alpha where that is quick). docs/desprez1993.md.
int desprez(const PaperOptions& o, std::ostream& out) {
  const int dmax = o.max_dim > 0 ? std::min(o.max_dim, 12) : 6;
  std::vector<certify::Report> rs;
  for (const auto& c : Registry::instance().all()) {
    if (c.paper != "desprez1993") continue;
    for (int d = c.min_dim; d <= std::min(c.max_dim, dmax); ++d) {
      Params p;
      p.dim = d;
      p.model = c.models.front();
      rs.push_back(certify::certify_construction(c, p, certify::CheckOptions{}));
    }
  }
  mark(rs, o);
  if (o.json) {
    witnesses::write_report_json(rs, out);
    return witnesses::exit_code(rs);
  }
  out << "Desprez, Fraigniaud and Tourancheau 1993: successive broadcasts on Q_d (shout-whisper).\n"
      << "Proposition 1, the construction (BRGC allocation, rotated SBTs), claimed 2p + d - 2 steps:\n";
  witnesses::write_report_table(rs, out);
  out << "\nProposition 2, every allocation needs >= 2p - alpha(d) - 1 steps:\n";
  for (int d = 2; d <= std::min(dmax, encodings::alpha::kCertifiedAlphaMaxDim); ++d) {
    const Network q = Network::hypercube(d);
    const auto leaves = encodings::alpha::certified_leaf_bound(q);
    if (!leaves) continue;
    out << "  d = " << d << ": alpha(" << d << ") = " << leaves->value << " (certified: UNSAT, DRAT and LRAT checked), "
        << "bound " << verifier::desprez_lower_bound(q.size(), leaves->value) << "\n";
  }
  return witnesses::exit_code(rs);
}

struct Entry {
  const char* name;
  int (*print)(const PaperOptions&, std::ostream&);
};
constexpr Entry kPapers[] = {
    {"bertsekas1991", bertsekas},
    {"ho-johnsson1986", hojohnsson},
    {"dimakopoulos1998", dimakopoulos},
    {"fragopoulou1995", fragopoulou},
    {"desprez1993", desprez},
};

}  // namespace

std::vector<std::string> paper_names() {
  std::vector<std::string> v;
  for (const auto& e : kPapers) v.push_back(e.name);
  return v;
}

int print_paper(const std::string& paper_in, const PaperOptions& o, std::ostream& out) {
  const std::string paper = paper_in == "hojohnsson1986" ? "ho-johnsson1986" : paper_in;
  for (const auto& e : kPapers)
    if (paper == e.name) return e.print(o, out);
  std::string names;
  for (const auto& e : kPapers) names += (names.empty() ? "" : ", ") + std::string(e.name);
  throw InputError("--paper: '" + paper + "' is unknown (valid: " + names + ")");
}

}  // namespace schedcert::cli
