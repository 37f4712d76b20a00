// Optimal rows of the papers' tables with their schedules (design note: paper_optimality.hpp).
#include "papers/paper_optimality.hpp"

#include <cctype>

#include "papers/bertsekas1991/tables.hpp"
#include "papers/dimakopoulos1998/table.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/transforms/reverse.hpp"

namespace schedcert::certify {

using namespace schedcert::schedules;

namespace {

std::string identifier(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += c;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

Schedule regenerate(const std::string& construction, Params p) {
  const std::string rev = "reverse(";
  if (construction.rfind(rev, 0) == 0 && construction.back() == ')') {
    const std::string inner = construction.substr(rev.size(), construction.size() - rev.size() - 1);
    return transforms::reverse(generate(Registry::instance().find(inner), p));
  }
  return generate(Registry::instance().find(construction), p);
}

}  // namespace

std::vector<OptimalRow> optimal_paper_rows(const std::string& paper, int max_dim,
                                           std::uint64_t max_nodes, bool smt) {
  std::vector<OptimalRow> out;
  auto add = [&](const std::string& label, const std::string& row, Schedule s, std::uint64_t steps) {
    if (s.num_steps() != steps)
      throw std::logic_error(row + ": regenerated schedule has " + std::to_string(s.num_steps()) +
                             " steps, the table's has " + std::to_string(steps));
    out.push_back({identifier(label), row, std::move(s)});
  };
  if (paper == "bertsekas1991") {
    constructions::bertsekas1991::TableOptions t;
    if (max_dim > 0) t.max_dim = max_dim;
    for (const auto& r : constructions::bertsekas1991::bertsekas_tables(t)) {
      if (!(r.meets_paper() && r.bound_steps && r.bound_transmissions &&
            *r.bound_steps == r.steps && *r.bound_transmissions == r.transmissions))
        continue;
      Params p;
      p.dim = r.d;
      p.model = r.model;
      const std::string words = "d = " + std::to_string(r.d) + ", " + to_string(r.problem) + ", " +
                                to_string(r.model) + ", " + r.construction;
      add("bertsekas1991_d" + std::to_string(r.d) + "_" + to_string(r.problem) + "_" +
              to_string(r.model) + "_" + r.construction,
          words, regenerate(r.construction, p), r.steps);
    }
  } else if (paper == "dimakopoulos1998") {
    constructions::dimakopoulos1998::TableOptions t;
    if (!smt) t.smt_max_nodes = 0;
    for (const auto& e : constructions::dimakopoulos1998::default_table_entries()) {
      if (max_nodes > 0 && Network::parse(e.network).size() > max_nodes) continue;
      const auto r = constructions::dimakopoulos1998::table_row(e, t);
      if (!r.optimal) continue;
      Params p;
      p.network = e.network;
      p.model = e.model;
      add("dimakopoulos1998_" + e.network + "_" + to_string(e.model) + "_" + e.construction,
          e.network + ", " + to_string(e.model) + ", " + e.construction,
          regenerate(e.construction, p), r.report.metrics.steps);
    }
  } else if (paper != "ho-johnsson1986" && paper != "fragopoulou1995" && paper != "desprez1993") {
    // desprez1993: Proposition 1's schedules never meet a step bound (2p + d - 2 against
    // 2p - alpha - 1), so no row is optimal by bound and no file is written.
    throw InputError("--paper '" + paper + "' is unknown (valid: bertsekas1991, ho-johnsson1986, "
                     "dimakopoulos1998, fragopoulou1995, desprez1993)");
  }
  return out;
}

}  // namespace schedcert::certify
