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
#include <optional>
#include <sstream>
#include <unistd.h>

#include "cli/commands.hpp"
#include "schedules/io/atomic_file.hpp"
#include "cli/export_figures.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/io/sha256.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_check.hpp"
#include "witnesses/coq_export.hpp"
#include "witnesses/coq_optimality.hpp"

namespace schedcert::cli {

namespace {

struct ExportCoqOptions {
  std::string input;
  std::string output;
  std::string check;  // a witness to compare with the one the input file gives
  bool optimality = false;
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

// export coq: writes the witness; an invalid schedule still gets its witness (coqc rejects it
// with the first violation), but the command says so and exits 1.
int run_export_coq(const ExportCoqOptions& o) {
  const std::string text = schedules::io::read_file_text(o.input);
  const std::string sha = schedules::io::sha256_hex(text);
  const schedules::io::ScheduleFile f =
      schedules::io::parse_schedule_json(text, o.input == "-" ? std::string("<stdin>") : o.input);
  const schedules::Schedule& s = f.schedule;
  if (o.output.empty() && o.check.empty())
    throw InputError("export coq: give -o OUT.v (write) or --check W.v (compare)");
  if (!o.output.empty()) check_coq_file_name(o.output);
  // The optimality argument (coq/Bounds.v) whose value is the schedule's number of steps.
  std::optional<witnesses::CoqBoundArgument> arg;
  if (o.optimality) {
    arg = witnesses::coq_optimality_argument(s);
    if (!arg) {
      const auto best = witnesses::best_coq_bound(s.network(), s.model(), s.problem(), s.num_steps());
      std::cerr << "export coq --optimality: no argument of coq/Bounds.v proves " << s.num_steps()
                << " steps necessary for this instance (the strongest proves "
                << (best ? std::to_string(best->steps) + ": " + best->what : std::string("nothing"))
                << "); no file written\n";
      return 1;
    }
  }
  auto write = [&](std::ostream& out) {
    if (arg) witnesses::write_coq_optimality(s, *arg, out, sha);
    else witnesses::write_coq(s, out, sha);
  };
  if (!o.check.empty()) {
    std::ostringstream expected;
    write(expected);
    const auto cmp =
        witnesses::compare_coq_witness(schedules::io::read_file_text(o.check), expected.str(), sha);
    (cmp.same ? std::cout : std::cerr) << o.check << ": " << cmp.message << "\n";
    return cmp.same ? 0 : 1;
  }
  const verifier::Verdict v = verifier::verify_native(s);
  if (!v.valid && o.optimality) {
    std::cerr << "export coq --optimality: the schedule is invalid: " << v.violation->message
              << "\n";
    return 1;
  }
  schedules::io::write_atomically(o.output, write);
  if (!v.valid) {
    std::cerr << "export coq: the schedule is invalid: " << v.violation->message << "\n"
              << "export coq: wrote " << o.output
              << " anyway; coqc rejects it with the same violation\n";
    return 1;
  }
  if (arg)
    std::cerr << "export coq --optimality: wrote " << o.output << ": valid, and at least "
              << arg->steps << " steps by " << arg->what << "\n";
  else if (o.output != "-")  // as `generate` does (issue 29: it said nothing)
    std::cerr << "wrote " << o.output << ": the schedule is valid (native verifier); check it with "
              << "coqc (docs/coq.md)\n";
  return 0;
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
  c->add_option("-o,--output", coq->output, "output .v file ('-' = stdout)");
  c->add_option("--check", coq->check,
                "instead of writing: re-derive the witness from FILE and compare it with this "
                "one (exit 0 same, 1 different or exported from another file: SHA-256 mismatch)");
  c->add_flag("--optimality", coq->optimality,
              "write an optimality witness: the schedule is valid and no valid schedule of its "
              "network, model and problem has fewer steps (coq/Optimality.v); exit 1 when no "
              "argument of coq/Bounds.v reaches its number of steps");
  c->callback([&action, coq] {
    action = [coq] { return run_export_coq(*coq); };
  });

  add_export_figures(sub, action, keep);
  add_export_msccl(sub, action, keep);
}

}  // namespace schedcert::cli
