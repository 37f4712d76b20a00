// The checks that ran (issue 25: "verified", "certified" and "optimal" may only be printed when a
// check established them on this run). Every engine that can establish a claim reports here
// when it finishes: the native verifier, the Z3 verifier, the symmetric check, our DRAT checker,
// the Coq-verified LRAT checker, the native re-check of a spanning tree. With the environment
// variable SCHEDCERT_CHECK_LOG=FILE set, each report is appended to FILE as one line
//     <kind> passed|failed <detail>
// (kinds: native, smt, symmetric, drat, lrat, tree), so a test or a CI job can compare what a
// command printed with what actually ran (tests/cli/claims_test.cpp does). Without the variable a
// report costs one cached getenv. Safe from several threads; a child process inherits the file.
#pragma once
#include <string_view>

namespace schedcert::schedules::io {

void note_check(std::string_view kind, bool passed, std::string_view detail = {});

}  // namespace schedcert::schedules::io
