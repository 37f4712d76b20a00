// `schedcert export <format> FILE.json -o OUT`: writes a schedule file in another form.
// Formats: `coq` (witnesses/coq_export.hpp: a .v file proving the schedule valid against
// coq/Schedcert.v); the figure formats come from add_export_figures (cli/export_figures.hpp).
// Output is written atomically (temporary file in the same directory, then rename); "-" is
// standard output.
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "cli/commands.hpp"
#include "schedules/atomic_file.hpp"
#include "cli/export_figures.hpp"
#include "schedules/error.hpp"
#include "schedules/schedule_json.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert::cli {

namespace {

struct ExportCoqOptions {
  std::string input;
  std::string output;
};

// coqc derives the module name from the file name, which must be a Coq identifier.
void check_coq_file_name(const std::string& path) {
  if (path == "-") return;
  const std::filesystem::path p(path);
  const std::string stem = p.stem().string();
  bool ok = p.extension() == ".v" && !stem.empty() &&
            (std::isalpha(static_cast<unsigned char>(stem[0])) || stem[0] == '_');
  for (char c : stem) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok)
    throw InputError("-o '" + path +
                     "': coqc takes the module name from the file name, which must be a Coq "
                     "identifier followed by .v (letters, digits, '_', starting with a letter), "
                     "e.g. q3_broadcast.v");
}

}  // namespace

void add_export_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "export", "write a schedule file in another format: export <format> FILE.json -o OUT");
  sub->require_subcommand(1);

  auto coq = std::make_shared<ExportCoqOptions>();
  keep.push_back(coq);
  auto* c = sub->add_subcommand(
      "coq",
      "Coq witness: a .v file proving the schedule valid against coq/Schedcert.v "
      "(check with: coqc -Q <repo>/coq Schedcert OUT.v, see docs/coq.md)");
  c->add_option("file", coq->input, "schedule file (JSON, docs/schedule-format.md; '-' = stdin)")
      ->required();
  c->add_option("-o,--output", coq->output, "output .v file ('-' = stdout)")->required();
  c->callback([&action, coq] {
    action = [coq] {
      check_coq_file_name(coq->output);
      const schedules::ScheduleFile f = schedules::read_schedule_file(coq->input);
      write_atomically(coq->output,
                       [&](std::ostream& out) { witnesses::write_coq(f.schedule, out); });
      return 0;
    };
  });

  add_export_figures(sub, action, keep);
}

}  // namespace schedcert::cli
