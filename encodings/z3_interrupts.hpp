// Whether Z3 catches SIGINT while it solves (Z3's own default, solver parameter "ctrl_c"): it then
// cancels the running query and swallows the first Ctrl-C. The CLI keeps that default. The Python
// module (issue 17) turns it off, so that Ctrl-C reaches Python's handler, which stops the
// command's budget; the budget's stop hooks then interrupt Z3 (schedules/budget.hpp).
// Every Z3 solver of the library sets "ctrl_c" from z3_ctrl_c().
#pragma once

namespace schedcert::encodings {

bool z3_ctrl_c();
void set_z3_ctrl_c(bool on);

}  // namespace schedcert::encodings
