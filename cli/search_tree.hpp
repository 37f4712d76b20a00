// `schedcert search tree ...`: objectives over spanning trees (cli/cmd_search_tree.cpp).
#pragma once
#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <vector>

namespace schedcert::cli {

// Adds the tree-objective subcommands under `search` (the App made by add_search_command).
void add_search_tree_subcommands(CLI::App& search, std::function<int()>& action,
                                 std::vector<std::shared_ptr<void>>& keep);

}  // namespace schedcert::cli
