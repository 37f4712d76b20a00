// libFuzzer target: the CLI's argument parsing (issue 9). The input is an argument vector, one
// argument per line (at most 24 arguments of at most 200 bytes). It goes through the same App as
// cli/main.cpp (CLI11, every subcommand of cli::Commands), including the help and error texts
// CLI11 prints on exit (written to a string). After a successful parse, only actions that are
// read-only and fast run, with their output discarded:
//   list; bound on networks of at most 4096 nodes; generate to stdout and
//   certify NAME --engine native (no --optimality, --paper or --emit-smt2) with --dim <= 5,
//   --radix <= 7, -M, -B <= 3 and a --network of at most 256 nodes.
// Everything else (files written, solvers, the default certify job, verify of a path) stops
// after parsing. Accepted outcomes: a CLI11 parse error, schedcert::InputError,
// schedcert::UnknownResult. Anything else (another exception, a crash, a sanitizer report, a
// 10 s timeout) is a finding. Built and run by run_fuzz.sh.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "schedules/error.hpp"
#include "schedules/network.hpp"

namespace {

std::vector<std::string> split_args(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  std::string cur;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.push_back(cur);
      cur.clear();
      if (args.size() >= 24) return {};
    } else {
      cur.push_back(static_cast<char>(data[i]));
      if (cur.size() > 200) return {};
    }
  }
  if (!cur.empty()) args.push_back(cur);
  return args;
}

// The value of an option of `sub` as given, or "" when absent.
std::string value(CLI::App* sub, const std::string& name) {
  CLI::Option* o = nullptr;
  try {
    o = sub->get_option(name);
  } catch (const CLI::OptionNotFound&) {
    return "";
  }
  return o->count() > 0 && !o->results().empty() ? o->results().back() : "";
}

bool at_most(const std::string& v, long long cap) {
  if (v.empty()) return true;
  try {
    std::size_t used = 0;
    const long long x = std::stoll(v, &used);
    return used == v.size() && x <= cap;
  } catch (const std::exception&) {
    return false;
  }
}

bool small_network(const std::string& spec, std::uint64_t cap) {
  if (spec.empty()) return true;
  try {
    return schedcert::schedules::Network::parse(spec).size() <= cap;
  } catch (const schedcert::InputError&) {
    return true;  // the action reports the same InputError quickly
  }
}

bool safe_to_run(CLI::App& app) {
  const auto subs = app.get_subcommands();
  if (subs.size() != 1) return false;
  CLI::App* sub = subs[0];
  const std::string name = sub->get_name();
  if (name == "list") return true;
  if (name == "bound") return small_network(value(sub, "--network"), 4096);
  const bool small = at_most(value(sub, "--dim"), 5) && at_most(value(sub, "--radix"), 7) &&
                     at_most(value(sub, "--messages"), 3) &&
                     at_most(value(sub, "--packet-items"), 3) &&
                     small_network(value(sub, "--network"), 256);
  if (name == "generate") {
    const std::string o = value(sub, "--output");
    return small && (o.empty() || o == "-");
  }
  if (name == "certify")
    return small && !value(sub, "name").empty() && value(sub, "--engine") == "native" &&
           sub->get_option("--optimality")->count() == 0 && value(sub, "--paper").empty() &&
           value(sub, "--emit-smt2").empty() && value(sub, "--optimality-smt2").empty();
  return false;
}

// Discards std::cout and std::cerr while alive.
struct Silence {
  std::ostringstream sink;
  std::streambuf* out = std::cout.rdbuf(sink.rdbuf());
  std::streambuf* err = std::cerr.rdbuf(sink.rdbuf());
  ~Silence() {
    std::cout.rdbuf(out);
    std::cerr.rdbuf(err);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = split_args(data, size);
  if (args.empty()) return 0;
  std::vector<const char*> argv{"schedcert"};
  for (const auto& a : args) argv.push_back(a.c_str());

  CLI::App app{"schedcert (fuzz)"};
  app.name("schedcert");
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("schedcert fuzz"));
  schedcert::cli::Commands commands(app);
  std::ostringstream out, err;
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    (void)app.exit(e, out, err);  // the help, version and error texts main.cpp would print
    return 0;
  }
  if (!safe_to_run(app)) return 0;
  Silence quiet;
  try {
    (void)commands.run();
  } catch (const schedcert::InputError&) {
  } catch (const schedcert::UnknownResult&) {
  }
  return 0;
}
