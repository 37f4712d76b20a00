// The result of a structural check of Ho-Johnsson's trees (consistency, edge-disjointness,
// heights, labelling conditions, BST properties): pass/fail, the first counterexample, and the
// numbers a person wants to see. The CLI prints these; the tests assert on `holds`.
#pragma once
#include <string>
#include <vector>

namespace schedcert::schedules::constructions::hojohnsson1986 {

struct StructuralCheck {
  std::string property;        // what was checked, e.g. "MSBT n=5 s=0: ERSBTs edge-disjoint"
  bool holds = true;
  std::string counterexample;  // the first counterexample when !holds, else empty
  std::string measured;        // measured numbers (heights, sizes, maximal label, ...)
};

// "PASS  property  [measured]" or "FAIL  property  counterexample: ..."; one line each.
std::string format(const StructuralCheck& c);
std::string format(const std::vector<StructuralCheck>& cs);
bool all_hold(const std::vector<StructuralCheck>& cs);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
