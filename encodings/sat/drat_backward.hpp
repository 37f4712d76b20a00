// The backward, core-first DRAT check (design note in drat_backward.cpp), called by
// check_drat (drat.cpp) through the same proof reader and LRAT writer as the forward check.
#pragma once
#include <vector>

#include "encodings/sat/drat.hpp"
#include "encodings/sat/drat_reader.hpp"
#include "encodings/sat/lrat_writer.hpp"

namespace schedcert::encodings::sat::drat_detail {

// Tests only: after every return to an earlier root, check that the root is a propagation
// fixpoint of the database and that the watch lists are exact (drat_db.hpp self_check); the
// report's message then names the problems found ("self-check: N problems"), if any.
inline bool backward_self_check = false;

// Checks the proof read from `in` against `cnf`; with `lrat`, writes the trimmed LRAT proof
// (only when verified: the proof is written at the end, in forward order).
DratReport run_backward(const std::vector<Clause>& cnf, ProofReader& in, LratWriter* lrat);

}  // namespace schedcert::encodings::sat::drat_detail
