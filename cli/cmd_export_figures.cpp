// `schedcert export latex|tikz|dot`: figures of a schedule (witnesses/latex.hpp, tikz.hpp,
// dot.hpp), read from a schedule file or generated from a construction.
#include <fstream>
#include <iostream>

#include "cli/export_figures.hpp"
#include "schedules/atomic_file.hpp"
#include "cli/schedule_source.hpp"
#include "verifier/native.hpp"
#include "witnesses/dot.hpp"
#include "witnesses/latex.hpp"
#include "witnesses/tikz.hpp"

namespace schedcert::cli {

namespace {

struct FigureOptions {
  ScheduleSource src;
  std::string what;
  std::string out = "-";
};

template <class F>
int write_to(const std::string& path, F&& f) {
  write_atomically(path.empty() ? "-" : path, [&](std::ostream& o) { f(o); });
  return 0;
}

bool tree_default(const schedules::Schedule& s, const std::string& what) {
  if (what == "tree") return true;
  if (what == "union") return false;
  if (!what.empty()) throw InputError("--what: 'tree' or 'union', not '" + what + "'");
  return s.problem().has_root();
}

}  // namespace

void add_export_figures(CLI::App* export_sub, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep) {
  struct Spec {
    const char* name;
    const char* help;
    const char* what_help;
  };
  const Spec specs[] = {
      {"latex", "LaTeX tables: per-step transmissions or per-link transmission order",
       "steps (default) | links"},
      {"tikz", "TikZ picture: the tree of a single-node schedule or the union graph",
       "tree (default for rooted problems) | union"},
      {"dot", "Graphviz dot: the tree of a single-node schedule or the union graph",
       "tree (default for rooted problems) | union"},
  };
  for (const auto& sp : specs) {
    auto* sub = export_sub->add_subcommand(sp.name, sp.help);
    auto o = std::make_shared<FigureOptions>();
    keep.push_back(o);
    o->src.add_options(sub);
    sub->add_option("--what,-w", o->what, sp.what_help);
    sub->add_option("-o,--output", o->out, "output file ('-' = stdout)")->default_val("-");
    std::string format = sp.name;
    sub->callback([&action, o, format] {
      action = [o, format] {
        auto s = o->src.load();
        if (format == "latex") {
          if (o->what.empty() || o->what == "steps")
            return write_to(o->out, [&](std::ostream& f) { witnesses::write_latex_steps(s, f); });
          if (o->what == "links")
            return write_to(o->out, [&](std::ostream& f) { witnesses::write_latex_links(s, f); });
          throw InputError("--what: 'steps' or 'links', not '" + o->what + "'");
        }
        const bool tree = tree_default(s, o->what);
        verifier::Verdict v;
        if (!tree) v = verifier::verify_native(s);
        if (format == "tikz")
          return write_to(o->out, [&](std::ostream& f) {
            tree ? witnesses::write_tikz_tree(s, f) : witnesses::write_tikz_union(s, f, &v);
          });
        return write_to(o->out, [&](std::ostream& f) {
          tree ? witnesses::write_dot_tree(s, f) : witnesses::write_dot_union(s, f, &v);
        });
      };
    });
  }
}

}  // namespace schedcert::cli
