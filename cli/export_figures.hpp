// `schedcert export <format>`: hook for the figure formats (latex, tikz, dot). The export
// command (cli/cmd_export.cpp) creates the `export` subcommand, adds `export coq`, and calls
// add_export_figures so that cli/cmd_export_figures.cpp can add its own `export <format>`
// sub-subcommands to `export_sub`. Each one sets `action` in its callback; `keep` holds option
// storage for the App's lifetime.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <vector>

namespace schedcert::cli {

void add_export_figures(CLI::App* export_sub, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep);

}  // namespace schedcert::cli
