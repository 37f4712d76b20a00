// Tables 1 and 2 of Bertsekas et al. 1991 from generated, verified schedules.
//
// Every (problem, model) of the tables is mapped to the construction of the paper that attains
// it: broadcast = SBT (§2, Fig. 4, core's sbt_broadcast), accumulation = its reversal (§1,
// Fig. 2), scatter = §3 (Fig. 7 tree under MLA, farthest first under SLA), gather = §3 paths of
// the multinode broadcast, multinode broadcast = §2, multinode accumulation = its reversal,
// total exchange = §4 (recursive under MLA, MTADEA under SLA; optionally the Implementation
// rules too). Each schedule is verified by verify_native where it fits in memory
// (TableOptions), and translated constructions by verify_translated beyond that (and as a
// cross-check below it, when the two engines must agree). Lower bounds come from
// verifier::lower_bounds, which derives them independently of the paper's table.
#include "papers/bertsekas1991/tables.hpp"

#include <chrono>
#include <functional>

#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/constructions/bertsekas1991/gather.hpp"
#include "schedules/constructions/bertsekas1991/mnb.hpp"
#include "schedules/constructions/bertsekas1991/scatter.hpp"
#include "schedules/constructions/bertsekas1991/te_rules.hpp"
#include "schedules/constructions/bertsekas1991/total_exchange.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/transforms/reverse.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

std::uint64_t paper_steps(ProblemKind k, Model m, int d) {
  const std::uint64_t n = std::uint64_t{1} << d;
  const bool mla = m == Model::AllPort;
  switch (k) {
    case ProblemKind::Broadcast:
    case ProblemKind::Accumulation: return static_cast<std::uint64_t>(d);
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::MultinodeAccumulation: return mla ? ceil_mnb(d) : n - 1;
    case ProblemKind::TotalExchange: return mla ? n / 2 : static_cast<std::uint64_t>(d) * (n / 2);
    default: return 0;
  }
}

std::uint64_t paper_transmissions(ProblemKind k, int d) {
  const std::uint64_t n = std::uint64_t{1} << d;
  switch (k) {
    case ProblemKind::Broadcast:
    case ProblemKind::Accumulation: return n - 1;
    case ProblemKind::Scatter:
    case ProblemKind::Gather: return static_cast<std::uint64_t>(d) * (n / 2);
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::MultinodeAccumulation: return n * (n - 1);
    case ProblemKind::TotalExchange: return static_cast<std::uint64_t>(d) * n * (n / 2);
    default: return 0;
  }
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// How to make one row's schedule: explicit (the whole schedule) and, for translated
// constructions, root (the root-0 schedule whose translates are the whole schedule).
struct Source {
  std::string construction, section;
  std::function<Schedule()> explicit_schedule;
  std::function<Schedule()> root_schedule;  // empty when not a translate
  int native_max = 0;
};

void fill(TableRow& row, const verifier::Verdict& v) {
  row.valid = v.valid;
  row.steps = v.metrics.steps;
  row.transmissions = v.metrics.transmissions;
  if (v.violation) row.violation = v.violation->message;
}

TableRow run(int d, ProblemKind k, Model m, const Source& src, const TableOptions& o) {
  TableRow row;
  row.d = d;
  row.problem = k;
  row.model = m;
  row.construction = src.construction;
  row.section = src.section;
  row.paper_steps = paper_steps(k, m, d);
  row.paper_transmissions = paper_transmissions(k, d);
  const bool native = d <= src.native_max;
  const bool symmetric = src.root_schedule && d <= o.symmetric_max_dim && (!native || o.cross_check);
  std::optional<verifier::Verdict> vn, vs;
  if (native) {
    auto t0 = Clock::now();
    Schedule s = src.explicit_schedule();
    row.generate_seconds += since(t0);
    t0 = Clock::now();
    vn = verifier::verify_native(s);
    row.verify_seconds += since(t0);
  }
  if (symmetric) {
    auto t0 = Clock::now();
    Schedule r = src.root_schedule();
    row.generate_seconds += since(t0);
    t0 = Clock::now();
    vs = verifier::verify_translated(r);
    row.verify_seconds += since(t0);
  }
  if (vn && vs) {
    row.engine = "native+symmetric";
    fill(row, *vn);
    if (vn->valid != vs->valid || vn->metrics.steps != vs->metrics.steps ||
        vn->metrics.transmissions != vs->metrics.transmissions) {
      row.valid = false;
      row.violation = "native and symmetric engines disagree (native " +
                      std::string(vn->valid ? "valid" : "invalid") + ", symmetric " +
                      (vs->valid ? "valid" : "invalid") + ")";
    }
  } else if (vn) {
    row.engine = "native";
    fill(row, *vn);
  } else {
    row.engine = "symmetric";
    fill(row, *vs);
  }
  if (o.lower_bounds) {
    Problem p;
    p.kind = k;
    const auto lb = verifier::lower_bounds(Network::hypercube(d), m, p);
    row.bound_steps = lb.steps.value;
    row.bound_transmissions = lb.transmissions.value;
  }
  return row;
}

std::vector<std::pair<ProblemKind, Model>> families() {
  std::vector<std::pair<ProblemKind, Model>> out;
  for (ProblemKind k : {ProblemKind::Broadcast, ProblemKind::Accumulation, ProblemKind::Scatter,
                        ProblemKind::Gather, ProblemKind::MultinodeBroadcast,
                        ProblemKind::MultinodeAccumulation, ProblemKind::TotalExchange})
    for (Model m : {Model::AllPort, Model::SinglePortFull}) out.emplace_back(k, m);
  return out;
}

std::vector<Source> sources(int d, ProblemKind k, Model m, const TableOptions& o) {
  const bool mla = m == Model::AllPort;
  switch (k) {
    case ProblemKind::Broadcast:
      return {{"sbt-broadcast", "§2, Fig. 4", [=] { return sbt_broadcast(d, 0, m); }, {},
               o.native_max_dim_single}};
    case ProblemKind::Accumulation:
      return {{"reverse(sbt-broadcast)", "§1, Fig. 2 and §2, Fig. 4",
               [=] { return transforms::reverse(sbt_broadcast(d, 0, m)); }, {},
               o.native_max_dim_single}};
    case ProblemKind::Scatter:
      if (mla)
        return {{"bertsekas-scatter", "§3, Fig. 7", [=] { return scatter_mla(d, 0); }, {},
                 o.native_max_dim_single}};
      return {{"bertsekas-scatter-sla", "§3, SLA", [=] { return scatter_sla(d, 0, "sbt"); }, {},
               o.native_max_dim_single}};
    case ProblemKind::Gather:
      return {{"bertsekas-gather", "§3, paths p(t, s)", [=] { return gather_from_mnb(d, 0, m); },
               {}, o.native_max_dim_single}};
    case ProblemKind::MultinodeBroadcast:
      return {{mla ? "bertsekas-mnb" : "bertsekas-mnb-sla", mla ? "§2, MLA" : "§2, SLA",
               [=] { return multinode_broadcast(d, m); },
               [=] { return mnb_root_broadcast(d, m); }, o.native_max_dim}};
    case ProblemKind::MultinodeAccumulation:
      return {{"bertsekas-mna", "§1 reversal of §2", [=] { return multinode_accumulation(d, m); },
               [=] { return mna_root_accumulation(d, m); }, o.native_max_dim_mna}};
    case ProblemKind::TotalExchange: {
      std::vector<Source> v{{mla ? "bertsekas-te" : "bertsekas-te-sla",
                             mla ? "§4, Fig. 8, Eqs. (5)-(6)" : "§4, SLA (MTADEA)",
                             [=] { return total_exchange(d, m); },
                             [=] { return te_root_schedule(te_routes(d, m)); },
                             o.native_max_dim_te}};
      if (mla && o.te_rules)
        v.push_back({"bertsekas-te-rules", "§4, Implementation",
                     [=] { return total_exchange_rules(d).schedule; }, {},
                     std::min(o.native_max_dim_te, kMaxTeRulesDim)});
      return v;
    }
    default: return {};
  }
}

}  // namespace

std::vector<TableRow> bertsekas_tables(const TableOptions& o) {
  std::vector<TableRow> rows;
  for (int d = std::max(1, o.min_dim); d <= o.max_dim; ++d)
    for (auto [k, m] : families())
      for (const Source& src : sources(d, k, m, o)) {
        const bool native = d <= src.native_max;
        const bool symmetric = src.root_schedule && d <= o.symmetric_max_dim;
        if (!native && !symmetric) continue;
        rows.push_back(run(d, k, m, src, o));
      }
  return rows;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
