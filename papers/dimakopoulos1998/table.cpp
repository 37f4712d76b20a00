// The paper's table (see table.hpp). Nothing here is an expected answer: the formula is
// evaluated from the per-dimension times, the measurement comes from the verifiers and the
// bounds from verifier/; the verdict compares them.
#include "papers/dimakopoulos1998/table.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"
#include "schedules/constructions/dimakopoulos1998/algorithm_a2.hpp"
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "schedules/error.hpp"
#include "schedules/status.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

namespace {

// Integers as integers, other values with two decimals (AS(P6) = 11.67, C6's (4) = 4.50).
std::string num(double x) {
  std::ostringstream s;
  if (x == static_cast<double>(static_cast<std::uint64_t>(x)))
    s << static_cast<std::uint64_t>(x);
  else
    s << std::fixed << std::setprecision(2) << x;
  return s.str();
}

// G = H^d with d a power of two (>= 2)?
bool homogeneous_power_of_two(const Network& net) {
  const auto& f = net.factors();
  const std::size_t d = f.size();
  if (d < 2 || (d & (d - 1)) != 0) return false;
  return std::all_of(f.begin(), f.end(),
                     [&](const Factor& x) { return x.kind == f[0].kind && x.size == f[0].size; });
}

std::string formula_of(const TableEntry& e, const Network& net, std::string& algorithm) {
  if (e.construction == "dimakopoulos-dim-te") {
    algorithm = "per-dimension";
    const Factor& f = net.factors()[0];
    return "T = " + std::to_string(factor_te_steps(f, e.model)) + ": " +
           factor_te_method(f, e.model);
  }
  if (e.construction == "dimakopoulos-a1") {
    algorithm = "A1";
    return "Cor. 3: " + corollary3_formula(net, e.model);
  }
  algorithm = "A2";
  if (homogeneous_power_of_two(net)) {
    const Factor& h = net.factors()[0];
    const std::uint64_t th = factor_te_steps(h, Model::AllPort);
    return "Cor. 4: n^(d-1) T_H = " + std::to_string(h.size) + "^" +
           std::to_string(net.dims() - 1) + " * " + std::to_string(th) + " = " +
           std::to_string(corollary4_steps(h.size, net.dims(), th));
  }
  return (a2_split(net, 0, net.factors().size()) ? "Th. 4 / §6: " : "") + a2_formula(net);
}

}  // namespace

std::vector<TableEntry> default_table_entries() {
  std::vector<TableEntry> v;
  for (const char* f : {"K2", "K5", "C5", "C6", "P5", "P6"})
    for (Model m : {Model::SinglePortFull, Model::AllPort})
      v.push_back({"dimakopoulos-dim-te", f, m});
  for (const char* g : {"Q3", "Q6", "Q10", "C4xC6", "C5^3", "C3xC4xC5", "K3xK4", "K3^3", "K2xK3xK4",
                        "P4xP5", "P3^3", "C5xP4xK3"})
    v.push_back({"dimakopoulos-a1", g, Model::SinglePortFull});
  for (const char* g :
       {"K3^2", "C5^2", "C6^2", "P4^2", "Q8", "C3^4", "P3^4", "C4xP4", "C5xK5", "Q2xC4"})
    v.push_back({"dimakopoulos-a2", g, Model::AllPort});
  return v;
}

double paper_bound(const Network& net, Model model) {
  if (model != Model::AllPort) return schedules::average_status(net);
  double best = 0;
  const double n = static_cast<double>(net.size());
  for (const Factor& f : net.factors()) {
    const double k = f.size, copies = n / k;
    for (std::uint32_t a = 1; a <= f.size / 2; ++a) {
      const double b = k - a;
      double edges = 1;  // per copy of the factor
      if (f.kind == FactorKind::Ring) edges = 2;
      if (f.kind == FactorKind::Complete) edges = a * b;
      best = std::max(best, (a * copies) * (b * copies) / (edges * copies));
    }
  }
  return best;
}

TableRow table_row(const TableEntry& e, const TableOptions& o) {
  const Construction& c = Registry::instance().find(e.construction);
  if (c.paper != "dimakopoulos1998")
    throw InputError("construction " + e.construction + " is not from dimakopoulos1998");
  Params p;
  p.network = e.network;
  p.model = e.model;
  const Network net = Network::parse(e.network);
  TableRow row;
  row.entry = e;
  row.formula = formula_of(e, net, row.algorithm);
  row.formula_steps = c.claimed_steps ? c.claimed_steps(p).value_or(0) : 0;
  row.paper_bound_value = paper_bound(net, e.model);
  row.paper_bound =
      (e.model == Model::AllPort ? "(4) = " : "AS(G) = ") + num(row.paper_bound_value);
  certify::CheckOptions co;
  co.smt_timeout_ms = o.smt_timeout_ms;
  co.engines = {certify::Engine::Native};
  if (net.size() <= o.smt_max_nodes) co.engines.push_back(certify::Engine::Smt);
  row.report = certify::certify_construction(c, p, co);
  const auto& r = row.report;
  const std::uint64_t t = r.metrics.steps, lb = r.bounds.steps.value;
  if (r.outcome != certify::Outcome::Valid) {
    row.verdict = to_string(r.outcome) + ": " + r.finding;
  } else if (t == lb) {
    row.optimal = true;
    row.verdict = "optimal";
  } else {
    row.verdict = "formula met, " + std::to_string(t - lb) + " above the lower bound";
  }
  return row;
}

std::vector<TableRow> paper_table(const std::vector<TableEntry>& entries, const TableOptions& o) {
  std::vector<TableRow> rows;
  for (const auto& e : entries) rows.push_back(table_row(e, o));
  return rows;
}

void print_table(const std::vector<TableRow>& rows, std::ostream& out) {
  out << std::left << std::setw(10) << "network" << std::setw(6) << "model" << std::setw(15)
      << "algorithm" << std::setw(9) << "measured" << std::setw(9) << "formula" << std::setw(19)
      << "paper bound" << std::setw(7) << "bound" << std::setw(12) << "engines"
      << "verdict / formula\n";
  std::size_t optimal = 0, valid = 0;
  for (const auto& r : rows) {
    std::string engines;
    for (const auto& run : r.report.runs)
      engines += (engines.empty() ? "" : "+") + certify::to_string(run.engine);
    out << std::left << std::setw(10) << r.entry.network << std::setw(6)
        << (r.entry.model == Model::AllPort ? "AP" : "SP") << std::setw(15) << r.algorithm
        << std::setw(9) << r.report.metrics.steps << std::setw(9) << r.formula_steps
        << std::setw(19) << r.paper_bound << std::setw(7) << r.report.bounds.steps.value
        << std::setw(12) << engines << r.verdict << "\n"
        << std::string(10, ' ') << "  " << r.formula << "\n";
    optimal += r.optimal;
    valid += r.report.outcome == certify::Outcome::Valid;
  }
  out << rows.size() << " rows: " << valid << " valid and meeting the paper's formula, " << optimal
      << " optimal (measured = lower bound)\n";
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
