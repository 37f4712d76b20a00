#include "schedules/constructions/hojohnsson1986/structural_check.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

std::string format(const StructuralCheck& c) {
  std::string s = (c.holds ? "PASS  " : c.outside_claim.empty() ? "FAIL  " : "NOTE  ") + c.property;
  if (!c.measured.empty()) s += "  [" + c.measured + "]";
  if (!c.holds && !c.outside_claim.empty()) s += "  (outside the claim: " + c.outside_claim + ")";
  if (!c.holds) s += "  counterexample: " + c.counterexample;
  return s;
}

std::string format(const std::vector<StructuralCheck>& cs) {
  std::string s;
  for (const auto& c : cs) s += format(c) + "\n";
  return s;
}

bool all_hold(const std::vector<StructuralCheck>& cs) {
  for (const auto& c : cs)
    if (!c.holds) return false;
  return true;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
