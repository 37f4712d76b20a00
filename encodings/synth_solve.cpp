// Z3 back end for synth::Formula: one fresh context per call.
//
// Variables become Boolean constants named by integer symbols (cheap to create; the readable
// names are only for the SMT-LIB2 export). Clauses become `or` terms, cardinality constraints
// Z3's native `atmost` (handled natively by the QF_FD / SAT solver's cardinality support, and
// by the default solver's pseudo-Boolean theory). `timeout` is set on the solver; when Z3
// answers unknown (timeout, resource limit) the outcome is Unknown with Z3's reason, never Unsat.
#include <z3++.h>

#include <chrono>

#include "encodings/synth_formula.hpp"

namespace schedcert::encodings::synth {

namespace {

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
  z3::context ctx;
  z3::solver s = settings.logic.empty() ? z3::solver(ctx) : z3::solver(ctx, settings.logic.c_str());
  z3::params p(ctx);
  p.set("timeout", settings.timeout_ms);
  s.set(p);

  z3::expr_vector vars(ctx);
  vars.push_back(ctx.bool_val(true));  // index 0 unused
  for (int v = 1; v <= f.num_vars(); ++v)
    vars.push_back(ctx.constant(ctx.int_symbol(v), ctx.bool_sort()));
  auto lit = [&](Lit l) -> z3::expr {
    return l > 0 ? vars[static_cast<unsigned>(l)] : !vars[static_cast<unsigned>(-l)];
  };
  for (std::size_t c = 0; c < f.num_clauses(); ++c) {
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

  const z3::check_result r = s.check();
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
    out.reason = s.reason_unknown();
  }
  out.stats = stats_line(s.statistics());
  out.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace schedcert::encodings::synth
