// schedcert's front end: run_app parses options (CLI11), calls the library, maps outcomes to the
// documented exit codes in one place. Everything else lives in the library. main.cpp and the MPI
// binary's main (mpi/main_mpi.cpp) call it.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iostream>

#include "certify/check.hpp"
#include "cli/commands.hpp"
#include "schedules/error.hpp"
#include "schedules/input_text.hpp"

namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  valid / certified (every engine accepted; a construction met its claim)\n"
    "  1  invalid / refuted (a rule is broken, or a construction missed the paper's claim)\n"
    "  2  usage or input error (bad option, unreadable or malformed file)\n"
    "  3  unknown (a solver gave up: timeout or Z3 'unknown'; never reported as valid)\n"
    "  4  engines disagree (a bug in one verifier; the report says where)\n";

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
  app.footer(kExitCodes);
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("schedcert ") + SCHEDCERT_VERSION);

  // Bounded input (issue 13): every schedule file, manifest and standard input is read up to this
  // size (schedules/input_text.hpp); accepted before or after the subcommand.
  std::uint64_t max_input = schedcert::schedules::default_max_input_bytes();
  app.add_option("--max-input-bytes", max_input,
                 "refuse schedule files, manifests and standard input larger than this (default " +
                     std::to_string(max_input) + ": min(4 GiB, a quarter of the memory)); "
                     "suffixes k, M, G count powers of 1024")
      ->transform(CLI::AsSizeValue(false))
      ->check(CLI::PositiveNumber);
  app.fallthrough();

  schedcert::cli::Commands commands(app);
  try {
    app.parse(argc, argv);
    schedcert::schedules::set_max_input_bytes(max_input);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  try {
    return commands.run();
  } catch (const schedcert::InputError& e) {
    std::cerr << "schedcert: error: " << e.what() << "\n";
    return 2;
  } catch (const schedcert::UnknownResult& e) {
    std::cerr << "schedcert: unknown: " << e.what() << "\n";
    return 3;
  } catch (const std::bad_alloc&) {
    std::cerr << "schedcert: error: out of memory (try a smaller size)\n";
    return 2;
  }
}
