// `schedcert sweep`: placeholder, filled in by the optimality-sweep work (issue 4).
#include "cli/commands.hpp"

namespace schedcert::cli {

void add_sweep_command(CLI::App&, std::function<int()>&, std::vector<std::shared_ptr<void>>&) {}

}  // namespace schedcert::cli
