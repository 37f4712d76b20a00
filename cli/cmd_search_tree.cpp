// `schedcert search tree`: placeholder, filled in by the tree-objective work (issue 4).
#include "cli/search_tree.hpp"

namespace schedcert::cli {

void add_search_tree_subcommands(CLI::App&, std::function<int()>&,
                                 std::vector<std::shared_ptr<void>>&) {}

}  // namespace schedcert::cli
