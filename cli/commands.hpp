// The subcommands of the front end. Each one only reads options, calls the library and hands
// the result to a sink (witnesses/); its return value is the process exit code.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "schedules/registry.hpp"

namespace schedcert::cli {

// The whole command line: parse, run, map the outcome to the exit code (cli/app.cpp).
int run_app(int argc, char** argv);

// A positive number, refused in words ("must be > 0, not 0") instead of CLI11's
// PositiveNumber, whose message prints the largest double in 300 digits.
inline const CLI::Validator& positive_number() {
  static const CLI::Validator v(
      [](std::string& s) -> std::string {
        try {
          std::size_t used = 0;
          const double x = std::stod(s, &used);
          if (used == s.size() && x > 0) return {};
        } catch (const std::exception&) {
        }
        return "must be a positive number, not " + s;
      },
      "POSITIVE");
  return v;
}

// Options shared by the commands that pick a construction and its parameters.
struct ConstructionOptions {
  int dim = 0;
  int radix = 0;
  std::string network;
  std::string model;
  unsigned root = 0;
  unsigned messages = 1;
  unsigned packet_items = 1;
  std::string variant;
};

// The construction options of `generate` (--dim, --radix, --network, --model, --root,
// --messages, --packet-items, --variant), also taken by `certify` and `render`, and the
// construction parameters they make (the model defaults to the construction's first).
void add_construction_options(CLI::App* sub, ConstructionOptions& o);
schedules::Params to_params(const schedules::Construction& c, const ConstructionOptions& o);

// Options shared by the commands that verify.
struct EngineOptions {
  std::string engine = "native";
  double timeout_seconds = 60;
  std::string emit_smt2;
  bool json = false;
};

// Subcommands defined in their own files.
// Each sets `action` in its callback; `keep` holds option storage for the App's lifetime.
void add_cost_command(CLI::App& app, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep);
void add_search_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep);
void add_export_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep);
void add_render_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep);
void add_ci_command(CLI::App& app, std::function<int()>& action,
                    std::vector<std::shared_ptr<void>>& keep);
void add_synthesize_command(CLI::App& app, std::function<int()>& action,
                            std::vector<std::shared_ptr<void>>& keep);
void add_sweep_command(CLI::App& app, std::function<int()>& action,
                       std::vector<std::shared_ptr<void>>& keep);
void add_cube_command(CLI::App& app, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep);
// `search cds` (cmd_search_cds.cpp), added to the `search` subcommand.
void add_search_cds_subcommand(CLI::App& search, std::function<int()>& action,
                               std::vector<std::shared_ptr<void>>& keep);

// `import msccl` and `export msccl` (cmd_msccl.cpp).
void add_import_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep);
void add_export_msccl(CLI::App* export_sub, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep);

void add_check_unsat_command(CLI::App& app, std::function<int()>& action,
                             std::vector<std::shared_ptr<void>>& keep);

class Commands {
 public:
  explicit Commands(CLI::App& app);
  int run() const { return action_ ? action_() : 2; }

 private:
  void add_list(CLI::App& app);
  void add_generate(CLI::App& app);
  void add_verify(CLI::App& app);
  void add_bound(CLI::App& app);
  void add_certify(CLI::App& app);

  std::function<int()> action_;
  // Option storage lives as long as the App.
  std::vector<std::shared_ptr<void>> keep_;
};

}  // namespace schedcert::cli
