// CLI11's parse errors in schedcert's words (issue 29): every one starts with "schedcert: error:"
// and ends with where to find help; a number that does not fit its option names the range the
// option takes. CLI11 hides an option's C++ type behind its callback, so the range is found by
// asking the option's own conversion which limits it accepts (options_range below).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace schedcert::cli {

// The message for e, without a trailing newline. app: the parsed application (its selected
// subcommands are searched for the option e names).
std::string describe_parse_error(CLI::App& app, const CLI::ParseError& e);

}  // namespace schedcert::cli
