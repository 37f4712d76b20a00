// `schedcert render`: a self-contained HTML page to step through a schedule
// (witnesses/html.hpp), with the native verifier's verdict embedded.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "schedules/io/atomic_file.hpp"
#include "cli/schedule_source.hpp"
#include "verifier/native.hpp"
#include "witnesses/html.hpp"

namespace schedcert::cli {

void add_render_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "render", "write one self-contained HTML page (no network access) that steps through a "
                "schedule and marks its first violation");
  auto src = std::make_shared<ScheduleSource>();
  auto out = std::make_shared<std::string>();
  keep.push_back(src);
  keep.push_back(out);
  src->add_construction_options(sub);
  sub->add_option("-o,--output", *out, "output HTML file ('-' = stdout)")->default_val("-");
  sub->callback([&action, src, out] {
    action = [src, out] {
      auto s = src->load();
      auto v = verifier::verify_native(s);
      const std::string path = out->empty() ? "-" : *out;
      schedules::io::write_atomically(path,
                                      [&](std::ostream& f) { witnesses::write_html(s, v, f); });
      // Exit 1 for an invalid schedule, said in words (issue 17: it was silent).
      if (!v.valid)
        std::cerr << "render: the schedule is invalid: "
                  << (v.violation ? v.violation->message : std::string("rejected")) << "\n"
                  << "render: wrote " << (path == "-" ? std::string("the page") : path)
                  << " anyway, with the violation marked\n";
      else if (path != "-")  // as `generate` does (issue 29: it said nothing)
        std::cerr << "wrote " << path << ": the schedule is valid (native verifier)\n";
      return v.valid ? 0 : 1;
    };
  });
}

}  // namespace schedcert::cli
