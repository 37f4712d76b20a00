// Z3 backend (backend.hpp): one Boolean constant per CNF variable, clauses as z3 `or`s, the
// QF_FD solver (Z3's SAT core for pure-Boolean problems) with assumptions and a timeout.
#include <z3++.h>

#include "encodings/sat/backend.hpp"
#include "encodings/smt/z3_interrupts.hpp"
#include "schedules/budget/budget.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::sat {

namespace {

class Z3Sat : public SatBackend {
 public:
  Z3Sat() : solver_(ctx_, "QF_FD"), vars_(ctx_) {}
  void add(const std::vector<int>& clause) override {
    z3::expr_vector lits(ctx_);
    for (int l : clause) lits.push_back(l > 0 ? var(l) : !var(-l));
    solver_.add(clause.empty() ? ctx_.bool_val(false) : z3::mk_or(lits));
  }
  SatAnswer solve(const std::vector<int>& assumptions, double seconds) override {
    // Our own deadline, not Z3's "timeout" parameter (encodings/smt/z3_interrupts.hpp says why).
    z3::params p(ctx_);
    p.set("ctrl_c", smt::z3_ctrl_c());
    solver_.set(p);
    z3::expr_vector as(ctx_);
    for (int l : assumptions) as.push_back(l > 0 ? var(l) : !var(-l));
    // The command's budget (a watchdog's stop, Ctrl-C in the Python module) interrupts the call.
    const auto hook = schedules::budget::command_budget().on_stop([this] { ctx_.interrupt(); });
    const z3::check_result r = smt::check_within(
        ctx_, solver_, seconds > 0 ? schedules::budget::seconds_to_ms(seconds) : 0u, nullptr, &as);
    if (r == z3::sat) model_ = std::make_unique<z3::model>(solver_.get_model());
    return r == z3::sat ? SatAnswer::Sat : r == z3::unsat ? SatAnswer::Unsat : SatAnswer::Unknown;
  }
  bool value(int v) override { return model_ && model_->eval(var(v), true).is_true(); }
  const char* name() const override { return "z3"; }

 private:
  z3::expr var(int v) {
    while (static_cast<int>(vars_.size()) < v)
      vars_.push_back(ctx_.bool_const(("b" + std::to_string(vars_.size() + 1)).c_str()));
    return vars_[v - 1];
  }
  z3::context ctx_;
  z3::solver solver_;
  z3::expr_vector vars_;
  std::unique_ptr<z3::model> model_;
};

}  // namespace

std::unique_ptr<SatBackend> make_z3() { return std::make_unique<Z3Sat>(); }

}  // namespace schedcert::encodings::sat
