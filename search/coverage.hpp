// The coverage check of a cube set (design note in family.hpp, point 2): the family's
// splitting/symmetry clauses together with the negation of every cube must be UNSAT.
//
// check_cover_cadical: CaDiCaL decides the coverage CNF and its DRAT proof is checked by our
// checker (used when the side clauses are small: symmetry breaking over the cube variables).
// check_cover_drup: the caller supplies the proof (lemmas in order, e.g. the clauses of a
// decision tree from its leaves up, each RUP), checked the same way; used when the side clauses
// are a whole formula that a solver should not be asked to re-solve.
// Either way a satisfiable coverage CNF is reported with the uncovered assignment (restricted to
// the variables of the cubes), so a missing cube is named.
#pragma once
#include <string>
#include <vector>

#include "search/family.hpp"

namespace schedcert::search {

Coverage check_cover_cadical(const std::vector<Clause>& side, const std::vector<Cube>& cubes,
                             const std::string& argument);

// family (optional): its verified_check runs the verified checker on the coverage CNF, and with
// Family::keeps_lrat the accepted LRAT proof is returned in Coverage::lrat_text.
Coverage check_cover_drup(const std::vector<Clause>& side, const std::vector<Cube>& cubes,
                          const std::vector<Clause>& lemmas, const std::string& argument,
                          const Family* family = nullptr);

}  // namespace schedcert::search
