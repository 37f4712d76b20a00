// Witness and schedule files are written atomically: into a temporary file beside the target,
// then renamed over it, so a reader never sees a half-written file and a failure leaves none.
#pragma once
#include <functional>
#include <iosfwd>
#include <string>

namespace schedcert::schedules::io {

// "-" writes to standard output. Throws InputError naming the path on any failure (and removes
// the temporary file).
void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);
// The same, with the option that named the path in front of any error ("--emit-smt2: q.smt2:
// cannot create ...").
void write_atomically(const std::string& option, const std::string& path,
                      const std::function<void(std::ostream&)>& write);

}  // namespace schedcert::schedules::io
