// `schedcert export latex|tikz|dot`: figures of a schedule (witnesses/latex.hpp, tikz.hpp,
// dot.hpp), read from a schedule file or generated from a construction; the tables in the
// notation of Bertsekas et al. 1991 §4 (witnesses/latex_paper.hpp: --what own-packets,
// links-paper); and the named figures of the papers (witnesses/figures_paper.hpp: tikz/dot
// --figure NAME, --list-figures). --snippet leaves out the document around a table or picture.
#include <fstream>
#include <iostream>

#include "cli/export_figures.hpp"
#include "schedules/io/atomic_file.hpp"
#include "cli/schedule_source.hpp"
#include "verifier/native.hpp"
#include "witnesses/dot.hpp"
#include "witnesses/figures_paper.hpp"
#include "witnesses/latex.hpp"
#include "witnesses/latex_paper.hpp"
#include "witnesses/tikz.hpp"

namespace schedcert::cli {

namespace {

struct FigureOptions {
  ScheduleSource src;
  int radix = 0;
  std::string what;
  std::string out = "-";
  bool snippet = false;
  schedules::Node node = 0;
  std::string figure;
  bool list_figures = false;
  std::string direction;

  // ScheduleSource::load plus --radix for the torus constructions.
  schedules::Schedule load() const {
    if (radix == 0) return src.load();
    if (src.construction.empty()) throw InputError("--radix: only with --construction");
    if (!src.file.empty()) throw InputError("give either FILE.json or --construction, not both");
    if (src.dim == 0) throw InputError("--dim: required with --construction");
    const auto& c = schedules::Registry::instance().find(src.construction);
    schedules::Params p;
    p.dim = src.dim;
    p.radix = radix;
    p.model = src.model.empty() ? c.models.front() : schedules::parse_model(src.model);
    return schedules::generate(c, p);
  }
};

// Writes the figure; a file written says so on stderr, as `generate` does (issue 29).
template <class F>
int write_to(const std::string& path, F&& f) {
  schedules::io::write_atomically(path.empty() ? "-" : path, [&](std::ostream& o) { f(o); });
  if (!path.empty() && path != "-") std::cerr << "wrote " << path << "\n";
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
      {"latex",
       "LaTeX tables: per-step transmissions, per-link transmission order, or the tables of "
       "Bertsekas et al. 1991 §4 in the paper's notation",
       "steps (default) | links | links-paper (per link k of each node i, packets origin->dest, "
       "Q_d) | own-packets (node --node's own packets by time and link k, compared with the "
       "paper's §4 table; total exchange on Q_d)"},
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
    sub->add_option("--radix,-k", o->radix, "torus radix k for --construction (fa-*)");
    sub->add_option("--what,-w", o->what, sp.what_help);
    sub->add_option("-o,--output", o->out, "output file ('-' = stdout)")->default_val("-");
    sub->add_flag("--snippet", o->snippet,
                  std::string(sp.name) == "dot"
                      ? "(no effect for dot)"
                      : "only the table / tikzpicture, to \\input into a paper (default: a "
                        "document pdflatex compiles)");
    std::string format = sp.name;
    if (format == "latex") {
      sub->add_option("--node", o->node, "node i of --what own-packets (default 0)");
    } else {
      sub->add_option("--figure,-f", o->figure,
                      "a named figure of a paper, drawn from its construction (see "
                      "--list-figures); --dim/--radix change its size");
      sub->add_flag("--list-figures", o->list_figures, "list the named figures and exit");
      sub->add_option("--direction", o->direction,
                      "trees of --figure: auto (default) | down (root on top) | right");
      sub->footer("Named figures (--figure NAME):\n" + witnesses::paper_figure_list() + "\n" +
                  sub->get_footer());
    }
    sub->callback([&action, o, format] {
      action = [o, format] {
        if (o->list_figures) {
          std::cout << witnesses::paper_figure_list();
          return 0;
        }
        if (!o->figure.empty()) {
          if (!o->src.file.empty() || !o->src.construction.empty() || !o->what.empty())
            throw InputError("--figure draws a paper's figure: no FILE.json, --construction "
                             "or --what with it");
          witnesses::PaperFigureOptions po;
          po.dim = o->src.dim;
          po.radix = o->radix;
          po.direction = witnesses::parse_tree_direction(o->direction);
          const witnesses::Figure fig = witnesses::make_paper_figure(o->figure, po);
          if (format == "tikz")
            return write_to(o->out, [&](std::ostream& f) {
              witnesses::write_tikz_figure(fig, f, !o->snippet);
            });
          return write_to(o->out, [&](std::ostream& f) { witnesses::write_dot_figure(fig, f); });
        }
        auto s = o->load();
        const bool doc = !o->snippet;
        if (format == "latex") {
          if (o->what.empty() || o->what == "steps")
            return write_to(o->out,
                            [&](std::ostream& f) { witnesses::write_latex_steps(s, f, doc); });
          if (o->what == "links")
            return write_to(o->out,
                            [&](std::ostream& f) { witnesses::write_latex_links(s, f, doc); });
          if (o->what == "links-paper")
            return write_to(o->out, [&](std::ostream& f) {
              witnesses::write_latex_links_paper(s, f, doc);
            });
          if (o->what == "own-packets") {
            const auto ours = witnesses::own_packet_table(s, o->node);
            const auto paper = witnesses::paper_own_packet_table(ours.d, o->node);
            for (const auto& d : witnesses::compare_own_packet_tables(ours, paper))
              std::cerr << "schedcert: differs from Bertsekas et al. 1991 §4: "
                        << witnesses::describe(d, ours.d) << "\n";
            return write_to(o->out, [&](std::ostream& f) {
              witnesses::write_latex_own_packets(ours, &paper, f, doc);
            });
          }
          throw InputError("--what: 'steps', 'links', 'links-paper' or 'own-packets', not '" +
                           o->what + "'");
        }
        const bool tree = tree_default(s, o->what);
        verifier::Verdict v;
        if (!tree) v = verifier::verify_native(s);
        if (format == "tikz")
          return write_to(o->out, [&](std::ostream& f) {
            tree ? witnesses::write_tikz_tree(s, f, doc)
                 : witnesses::write_tikz_union(s, f, &v, doc);
          });
        return write_to(o->out, [&](std::ostream& f) {
          tree ? witnesses::write_dot_tree(s, f) : witnesses::write_dot_union(s, f, &v);
        });
      };
    });
  }
}

}  // namespace schedcert::cli
