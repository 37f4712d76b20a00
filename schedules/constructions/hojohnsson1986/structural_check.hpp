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
  // Non-empty: the instance lies outside the paper's claim (why, and where it is documented); a
  // failure there is printed as NOTE and is no failure of the paper.
  std::string outside_claim;
  bool fails_claim() const { return !holds && outside_claim.empty(); }
};

// "PASS  property  [measured]", "FAIL  property  counterexample: ..." or, outside the claim,
// "NOTE  property  (outside the claim: why)  counterexample: ..."; one line each.
std::string format(const StructuralCheck& c);
std::string format(const std::vector<StructuralCheck>& cs);
bool all_hold(const std::vector<StructuralCheck>& cs);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
