// Z3 back end for synth::Formula: one fresh context per call.
//
// Variables become Boolean constants named by integer symbols (cheap to create; the readable
// names are only for the SMT-LIB2 export). Clauses become `or` terms, cardinality constraints
// Z3's native `atmost` (handled natively by the QF_FD / SAT solver's cardinality support, and
// by the default solver's pseudo-Boolean theory). `timeout` is set on the solver; when Z3
// answers unknown (timeout, resource limit) the outcome is Unknown with Z3's reason, never Unsat.
// The command's budget (schedules/budget/watchdog.hpp, issue 18) caps the timeout, is checked while the
// query is loaded, and interrupts the running check when the watchdog stops the command.
#include <z3++.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "encodings/synth/formula.hpp"
#include "encodings/smt/z3_interrupts.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::synth {

namespace {

constexpr std::uint64_t kZ3BytesPerVariable = 1800, kZ3BytesPerClause = 80;

// One Z3 context with its solver and variables, on the heap so that it can be abandoned.
struct Z3Query {
  z3::context ctx;
  z3::solver solver;
  z3::expr_vector vars;
  explicit Z3Query(const std::string& logic)
      : solver(logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str())), vars(ctx) {}
};

// When the command's budget has stopped (timeout or memory, issue 18) the process is about to end
// with exit 3: tearing down a context of gigabytes would take seconds of the watchdog's grace, so
// the query is kept, still reachable, until the process exits.
struct AbandonWhenStopped {
  std::unique_ptr<Z3Query>& query;
  const schedules::budget::Budget& budget;
  ~AbandonWhenStopped() {
    // Never destroyed (not even at exit), still reachable for leak checkers.
    static auto* abandoned = new std::vector<std::unique_ptr<Z3Query>>;
    static std::mutex m;
    if (!(budget.expired() || std::uncaught_exceptions() > 0) || !query) return;
    std::lock_guard<std::mutex> lock(m);
    abandoned->push_back(std::move(query));
  }
};

std::string stats_line(const z3::stats& st) {
  std::string out;
  for (unsigned i = 0; i < st.size(); ++i) {
    const std::string key = st.key(i);
    if (key != "conflicts" && key != "decisions" && key != "propagations" &&
        key != "sat conflicts" && key != "sat decisions" && key != "sat propagations 2ary" &&
        key != "sat propagations nary" && key != "max memory")
      continue;
    out += (out.empty() ? "" : ", ") + key + " " +
           (st.is_uint(i) ? std::to_string(st.uint_value(i)) : std::to_string(st.double_value(i)));
  }
  return out;
}

}  // namespace

SolveOutcome solve_with_z3(const Formula& f, const SolveSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  SolveOutcome out;
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  // Z3's copy of the query, measured on the Cayley query of Q6 single-port-full total exchange
  // (5.1 M variables, 16.6 M clauses: 8.9 GiB after the variables, +0.8 GiB per 10.8 M clauses).
  budget.admit(static_cast<std::uint64_t>(f.num_vars()) * kZ3BytesPerVariable +
                   static_cast<std::uint64_t>(f.num_clauses()) * kZ3BytesPerClause,
               "loading a query of " + f.summary() + " into Z3");
  auto query = std::make_unique<Z3Query>(settings.logic);
  const AbandonWhenStopped abandon{query, budget};
  z3::context& ctx = query->ctx;
  z3::solver& s = query->solver;
  const auto loading = budget.phase("loading the query into Z3");
  z3::expr_vector& vars = query->vars;
  vars.push_back(ctx.bool_val(true));  // index 0 unused
  for (int v = 1; v <= f.num_vars(); ++v) {
    if ((v & 0xfff) == 0)
      loading.tick([&] { return std::to_string(v) + " of " + std::to_string(f.num_vars()) + " variables"; });
    vars.push_back(ctx.constant(ctx.int_symbol(v), ctx.bool_sort()));
  }
  auto lit = [&](Lit l) -> z3::expr {
    return l > 0 ? vars[static_cast<unsigned>(l)] : !vars[static_cast<unsigned>(-l)];
  };
  for (std::size_t c = 0; c < f.num_clauses(); ++c) {
    if ((c & 0xfff) == 0)
      loading.tick([&] { return std::to_string(c) + " of " + std::to_string(f.num_clauses()) + " clauses"; });
    const std::size_t n = f.clause_size(c);
    const Lit* ls = f.clause(c);
    if (n == 0) {
      s.add(ctx.bool_val(false));
    } else if (n == 1) {
      s.add(lit(ls[0]));
    } else if (n == 2) {
      s.add(lit(ls[0]) || lit(ls[1]));
    } else {
      z3::expr_vector ors(ctx);
      for (std::size_t i = 0; i < n; ++i) ors.push_back(lit(ls[i]));
      s.add(z3::mk_or(ors));
    }
  }
  for (const auto& c : f.cards()) {
    z3::expr_vector es(ctx);
    const Lit* ls = f.card_lits(c);
    for (std::size_t i = 0; i < c.end - c.begin; ++i) es.push_back(lit(ls[i]));
    s.add(z3::atmost(es, c.bound));
  }

  // The timeout is set once the query is loaded, so that it ends with the command's budget.
  // Our own deadline, not Z3's "timeout" parameter (encodings/smt/z3_interrupts.hpp says why).
  const unsigned limit_ms = budget.has_deadline() ? budget.solver_timeout_ms(settings.timeout_ms)
                                                  : settings.timeout_ms;
  z3::params p(ctx);
  p.set("ctrl_c", smt::z3_ctrl_c());
  s.set(p);
  bool timed_out = false;
  const z3::check_result r = [&] {
    const auto solving = budget.phase("Z3 check");
    const auto hook = budget.on_stop([&ctx] { ctx.interrupt(); });
    const auto t0 = std::chrono::steady_clock::now();
    const z3::check_result c = smt::check_within(ctx, s, limit_ms, &timed_out);
    out.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
  }();
  if (r == z3::sat) {
    out.status = SolveOutcome::Status::Sat;
    out.values.assign(static_cast<std::size_t>(f.num_vars()) + 1, false);
    out.values[kTrue] = true;
    z3::model m = s.get_model();
    for (unsigned i = 0; i < m.num_consts(); ++i) {
      z3::func_decl d = m.get_const_decl(i);
      z3::symbol name = d.name();
      if (name.kind() != Z3_INT_SYMBOL) continue;
      const int v = name.to_int();
      if (v < 1 || v > f.num_vars()) continue;
      out.values[static_cast<std::size_t>(v)] = m.get_const_interp(d).is_true();
    }
  } else if (r == z3::unsat) {
    out.status = SolveOutcome::Status::Unsat;
  } else {
    out.status = SolveOutcome::Status::Unknown;
    out.reason = timed_out ? "timeout" : s.reason_unknown();
  }
  out.stats = stats_line(s.statistics());
  out.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace schedcert::encodings::synth
