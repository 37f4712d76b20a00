// Where the figure and render commands take their schedule from: a schedule file, or a
// construction generated on the spot (--construction NAME --dim D [--model M]). With
// add_construction_options (render) the construction takes every option of `generate`
// (--radix, --network, --root, --messages, --packet-items, --variant; cli/commands.hpp).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "cli/commands.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/io/schedule_json.hpp"

namespace schedcert::cli {

struct ScheduleSource {
  std::string file;
  std::string construction;
  int dim = 0;
  std::string model;
  bool full = false;          // add_construction_options was used: opts holds the parameters
  ConstructionOptions opts;

  // FILE.json or --construction NAME with all of generate's construction options.
  void add_construction_options(CLI::App* sub) {
    full = true;
    sub->add_option("file", file, "schedule file (JSON, docs/schedule-format.md)");
    sub->add_option("--construction,-c", construction,
                    "generate this construction instead of reading a file (options as for "
                    "`generate`)");
    cli::add_construction_options(sub, opts);
  }

  void add_options(CLI::App* sub) {
    sub->add_option("file", file, "schedule file (JSON, docs/schedule-format.md)");
    sub->add_option("--construction,-c", construction,
                    "generate this construction instead of reading a file");
    sub->add_option("--dim,-d", dim, "dimension for --construction");
    sub->add_option("--model,-m", model, "model for --construction (default: its first)");
  }

  schedules::Schedule load() const {
    if (!file.empty() && !construction.empty())
      throw InputError("give either FILE.json or --construction, not both");
    if (!file.empty()) return schedules::io::read_schedule_file(file).schedule;
    if (construction.empty()) throw InputError("missing input: FILE.json or --construction NAME");
    const auto& c = schedules::Registry::instance().find(construction);
    if (full) return schedules::generate(c, to_params(c, opts));
    if (dim == 0) throw InputError("--dim: required with --construction");
    schedules::Params p;
    p.dim = dim;
    p.model = model.empty() ? c.models.front() : schedules::parse_model(model);
    return schedules::generate(c, p);
  }
};

}  // namespace schedcert::cli
