// schedcert's front end: run_app parses options (CLI11), calls the library, maps outcomes to the
// documented exit codes in one place. Everything else lives in the library. main.cpp and the MPI
// binary's main (mpi/main_mpi.cpp) call it.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <z3++.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <vector>

#include "certify/check.hpp"
#include "cli/commands.hpp"
#include "cli/parse_errors.hpp"
#include "schedules/disagree.hpp"
#include "schedules/error.hpp"
#include "schedules/io/input_text.hpp"
#include "schedules/budget/watchdog.hpp"

namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  valid / certified (every engine accepted; a construction met its claim)\n"
    "  1  invalid / refuted (a rule is broken, or a construction missed the paper's claim)\n"
    "  2  usage or input error (bad option, unreadable or malformed file)\n"
    "  3  unknown (a solver gave up: timeout or Z3 'unknown'; the --timeout or --max-memory budget\n"
    "     ran out; never reported as valid)\n"
    "  4  engines disagree (a bug in one verifier; the report says where)\n";
// What every subcommand's help ends with (the block itself is in `schedcert --help` only).
constexpr const char* kExitCodesShort =
    "Exit codes: 0 valid/certified, 1 invalid/refuted, 2 input error, 3 unknown, 4 engines "
    "disagree (schedcert --help explains them).";

// The commands whose --timeout is a wall-clock budget for the whole command (issue 18), enforced
// by the watchdog. certify and ci: the whole command when --timeout is given (then each Z3 call
// gets at most what is left, and the rows or jobs after the deadline are reported "not run",
// exit 3); without it, the default 60 s (certify) or the manifest's timeouts (ci) cap each Z3
// call. sweep: --timeout caps each query and --max-time is the whole command. cube: its own run
// budget, kept by the cube runner so that results survive.
struct WholeCommandBudget {
  const char* command;
  const char* option;
  bool only_when_given;
};
constexpr WholeCommandBudget kWholeCommandBudgets[] = {
    {"synthesize", "--timeout", false}, {"alpha", "--timeout", false}, {"tree", "--timeout", false},
    {"cds", "--timeout", false},        {"verify", "--timeout", false}, {"certify", "--timeout", true},
    {"ci", "--timeout", true},          {"sweep", "--max-time", true}};

// The selected subcommands, outermost first.
std::vector<const CLI::App*> selected(const CLI::App& app) {
  std::vector<const CLI::App*> out;
  for (const CLI::App* cur = &app; !cur->get_subcommands().empty();) {
    cur = cur->get_subcommands().front();
    out.push_back(cur);
  }
  return out;
}

// The whole-command budget of the innermost selected subcommand (0: none), and its option.
std::pair<double, std::string> whole_command_timeout(const CLI::App& app) {
  std::pair<double, std::string> out{0, "--timeout"};
  for (const CLI::App* cur : selected(app))
    for (const auto& b : kWholeCommandBudgets) {
      if (cur->get_name() != b.command) continue;
      const CLI::Option* t = cur->get_option_no_throw(b.option);
      if (t && (!b.only_when_given || t->count() > 0)) out = {t->as<double>(), b.option};
    }
  return out;
}

// A selected subcommand's --json flag was given.
bool wants_json(const CLI::App& app) {
  for (const CLI::App* cur : selected(app))
    if (const CLI::Option* j = cur->get_option_no_throw("--json"); j && j->count() > 0) return true;
  return false;
}

void print_json_outcome(const char* kind, const std::string& message, int exit_code) {
  std::cout << nlohmann::json{{"error", {{"kind", kind}, {"message", message}}}, {"exit_code", exit_code}}.dump(2)
            << "\n";
}

}  // namespace

int schedcert::cli::run_app(int argc, char** argv) {
  CLI::App app{
      "schedcert: generate, verify and certify communication schedules for hypercubes, tori and\n"
      "other product networks (Bertsekas et al. 1991, Ho-Johnsson 1986, Dimakopoulos-Dimopoulos\n"
      "1998, Fragopoulou-Akl 1995, Desprez et al. 1993).\n\n"
      "Networks: Q<d> hypercube, C<n> ring, P<n> path, K<n> complete graph, products with 'x'\n"
      "(C3xC5, P4xK3), powers with '^' (C3^4). Node ids are mixed-radix, dimension 0 least\n"
      "significant (on Q_d: the binary identity number).\n"
      "Models: all-port (MLA), single-port-full (SLA), single-port-half, shout-whisper.\n\n"
      "Start with:  schedcert list;  schedcert certify;  schedcert certify sbt-broadcast --dim 5\n"};
  app.name("schedcert");
  app.footer(kExitCodesShort);  // inherited by the subcommands created below
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("schedcert ") + SCHEDCERT_VERSION);

  // Bounded input (issue 13): every schedule file, manifest and standard input is read up to this
  // size (schedules/io/input_text.hpp); accepted before or after the subcommand.
  std::uint64_t max_input = schedcert::schedules::io::default_max_input_bytes();
  app.add_option("--max-input-bytes", max_input,
                 "refuse schedule files, manifests and standard input larger than this (default " +
                     std::to_string(max_input) + ": min(4 GiB, a quarter of the memory)); "
                     "suffixes k, M, G count powers of 1024")
      ->transform(CLI::AsSizeValue(false))
      ->check(schedcert::cli::positive_number());
  // Memory budget (issue 18): queries whose estimated size does not fit are refused before they
  // are built (exit 2; Unknown in a walk over T), and the watchdog ends a command that grows
  // past it with exit 3, before the kernel's OOM killer would.
  const std::uint64_t default_memory = schedcert::schedules::budget::default_memory_limit();
  std::string max_memory_text;
  app.add_option("--max-memory", max_memory_text,
                 "memory budget of the command: queries estimated larger are refused (exit 2), "
                 "a command that grows past it ends with exit 3 (default " +
                     schedcert::schedules::budget::format_bytes(default_memory) +
                     ": 75 % of RAM, at most what is available; e.g. 8G, 512M; 0: none)");
  app.fallthrough();

  schedcert::cli::Commands commands(app);
  // Subcommands with their own footer (examples) get the exit-code line after it.
  std::function<void(CLI::App*)> add_exit_line = [&](CLI::App* a) {
    for (CLI::App* sub : a->get_subcommands({})) {
      if (sub->get_footer().find("Exit codes") == std::string::npos)
        sub->footer(sub->get_footer() + "\n" + kExitCodesShort);
      add_exit_line(sub);
    }
  };
  add_exit_line(&app);
  app.footer(kExitCodes);
  try {
    app.parse(argc, argv);
    schedcert::schedules::io::set_max_input_bytes(max_input);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // An unknown first word reads better as that than as "A subcommand is required".
    // The first word that is neither an option nor a global option's value.
    const char* word = nullptr;
    for (int i = 1; i < argc && !word; ++i) {
      const std::string a = argv[i];
      if (a.empty() || a[0] != '-') {
        word = argv[i];
      } else if (a.find('=') == std::string::npos) {
        const CLI::Option* o = app.get_option_no_throw(a);
        if (o && o->get_items_expected_min() > 0) ++i;  // skip its value
      }
    }
    if (word && app.get_subcommands().empty()) {
      std::string names;
      for (const CLI::App* sub : app.get_subcommands({}))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      std::cerr << "schedcert: error: unknown command '" << word << "'; the commands are: " << names
                << " (schedcert --help)\n";
      return 2;
    }
    std::cerr << schedcert::cli::describe_parse_error(app, e) << "\n";  // issue 29
    return 2;
  }
  std::unique_ptr<schedcert::schedules::budget::Watchdog> watchdog;
  try {
    const std::uint64_t memory =
        max_memory_text.empty()
            ? default_memory
            : schedcert::schedules::budget::parse_memory_size(max_memory_text, "--max-memory");
    const auto [seconds, time_option] = whole_command_timeout(app);
    const schedcert::schedules::budget::Budget budget(seconds, memory, true, time_option);
    schedcert::schedules::budget::set_command_budget(budget);
    if (memory > 0)  // Z3's own limit (megabytes), so that Z3 gives up before the watchdog acts
      Z3_global_param_set("memory_max_size", std::to_string(budget.working_limit() >> 20).c_str());
    watchdog = std::make_unique<schedcert::schedules::budget::Watchdog>(budget);
  } catch (const schedcert::InputError& e) {
    std::cerr << "schedcert: error: " << e.what() << "\n";
    return 2;
  }
  // With --json, an input error or an unknown outcome is also a JSON object on stdout (issue 17:
  // a consumer parsing stdout got nothing).
  const bool json = wants_json(app);
  try {
    return commands.run();
  } catch (const schedcert::InputError& e) {
    std::cerr << "schedcert: error: " << e.what() << "\n";
    if (json) print_json_outcome("input-error", e.what(), 2);
    return 2;
  } catch (const schedcert::EnginesDisagree& e) {
    std::cerr << "schedcert: engines disagree: " << e.what() << "\n";
    if (json) print_json_outcome("engines-disagree", e.what(), 4);
    return 4;
  } catch (const schedcert::UnknownResult& e) {
    std::cerr << "schedcert: unknown: " << e.what() << "\n";
    const std::string reached = schedcert::schedules::budget::command_budget().reached();
    if (!reached.empty()) std::cerr << "  reached before the stop: " << reached << "\n";
    if (json) print_json_outcome("unknown", e.what(), 3);
    return 3;
  } catch (const z3::exception& e) {
    // Z3 raises "out of memory" when it passes memory_max_size (set from --max-memory above).
    const std::string what = e.msg();
    if (what.find("memory") != std::string::npos) {
      std::cerr << "schedcert: unknown: out of memory: Z3 stopped at its limit of "
                << schedcert::schedules::budget::format_bytes(
                       schedcert::schedules::budget::command_budget().working_limit())
                << " (90 % of --max-memory; " << what << ")\n";
      const std::string reached = schedcert::schedules::budget::command_budget().reached();
      if (!reached.empty()) std::cerr << "  reached before the stop: " << reached << "\n";
      return 3;
    }
    std::cerr << "schedcert: error: Z3: " << what << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "schedcert: unknown: out of memory at "
              << schedcert::schedules::budget::format_bytes(
                     schedcert::schedules::budget::resident_bytes())
              << " resident (an allocation failed; --max-memory sets the budget)\n";
    return 3;
  }
}
