// Comparison of verdicts for the trust tests: two engines agree when both say valid, or both
// say invalid with the same first violation (rule, transmission, step, item, node).
#pragma once
#include <sstream>
#include <string>

#include "../encodings/smt_test_schedules.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/mutation/reference_check.hpp"
#include "verifier/verdict.hpp"

namespace trust {

using schedcert::verifier::Verdict;

inline RefResult from_verdict(const Verdict& v) {
  RefResult r;
  r.valid = v.valid;
  if (!v.valid && v.violation) {
    r.rule = v.violation->rule;
    r.transmission = v.violation->transmission;
    r.step = v.violation->step;
    r.item = v.violation->item;
    r.node = v.violation->node;
  }
  return r;
}

inline bool same(const RefResult& a, const RefResult& b) {
  if (a.valid != b.valid) return false;
  if (a.valid) return true;
  return a.rule == b.rule && a.transmission == b.transmission && a.step == b.step &&
         a.item == b.item && a.node == b.node;
}

inline std::string describe(const RefResult& r) {
  if (r.valid) return "valid";
  std::ostringstream o;
  o << to_string(r.rule) << " at transmission " << r.transmission << " step " << r.step
    << " item " << r.item << " node " << r.node;
  return o.str();
}

inline std::string to_json(const Schedule& s) {
  std::ostringstream o;
  schedcert::schedules::io::write_schedule_json(s, o);
  return o.str();
}

}  // namespace trust
