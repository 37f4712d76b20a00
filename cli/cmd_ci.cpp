// `schedcert ci`: see the design note of the library code it calls.
#include "cli/commands.hpp"

namespace schedcert::cli {

void add_ci_command(CLI::App& /*app*/, std::function<int()>& /*action*/,
                      std::vector<std::shared_ptr<void>>& /*keep*/) {}

}  // namespace schedcert::cli
