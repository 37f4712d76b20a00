// Design note: see latex.hpp.
#include "witnesses/latex.hpp"

#include <cstdio>
#include <map>
#include <ostream>

#include "schedules/error.hpp"
#include "witnesses/figure_data.hpp"

namespace schedcert::witnesses {

using schedules::Node;

std::string latex_number(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  std::string s = b;
  if (s == "-0.00") s = "0.00";
  return s;
}

std::string latex_escape(const std::string& text) {
  std::string r;
  for (char c : text) {
    switch (c) {
      case '\\': r += "\\textbackslash{}"; break;
      case '{': case '}': case '#': case '$': case '%': case '&': case '_':
        r += '\\';
        r += c;
        break;
      case '~': r += "\\textasciitilde{}"; break;
      case '^': r += "\\textasciicircum{}"; break;
      default: r += c;
    }
  }
  return r;
}

namespace {

void preamble(std::ostream& out, bool standalone) {
  if (!standalone) return;
  out << "\\documentclass{article}\n"
         "\\usepackage{longtable}\n"
         "\\usepackage{array}\n"
         "\\pagestyle{empty}\n"
         "\\begin{document}\n";
}

void postamble(std::ostream& out, bool standalone) {
  if (standalone) out << "\\end{document}\n";
}

std::string caption(const schedules::Schedule& s) {
  return latex_escape(s.problem().describe() + " on " + s.network().name() + ", " +
                      to_string(s.model()) + ", " + std::to_string(s.num_steps()) + " steps, " +
                      std::to_string(s.num_transmissions()) + " transmissions");
}

}  // namespace

void write_latex_steps(const schedules::Schedule& s, std::ostream& out, bool standalone) {
  preamble(out, standalone);
  const auto& net = s.network();
  out << "% " << caption(s) << "\n"
      << "\\begin{longtable}{r>{\\raggedright\\arraybackslash}p{0.8\\linewidth}}\n"
      << "\\multicolumn{2}{l}{" << caption(s) << "}\\\\\n"
      << "\\hline\nStep & Transmissions (from $\\to$ to: packet)\\\\\n\\hline\n\\endhead\n";
  for (std::size_t k = 0; k < s.num_steps(); ++k) {
    out << k + 1 << " & ";
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
      if (t != s.step_begin(k)) out << "; ";
      out << node_label(net, s.from(t)) << "$\\to$" << node_label(net, s.to(t)) << ": "
          << latex_escape(packet_label(s, t));
    }
    if (s.step_begin(k) == s.step_end(k)) out << "--";
    out << "\\\\\n";
  }
  out << "\\hline\n\\end{longtable}\n";
  postamble(out, standalone);
}

void write_latex_links(const schedules::Schedule& s, std::ostream& out, bool standalone,
                       std::size_t steps_per_block) {
  if (steps_per_block == 0) throw InputError("latex links table: steps_per_block must be >= 1");
  const auto& net = s.network();
  // link -> per step packet label (a second packet in one step is appended after " / ").
  std::map<std::pair<Node, Node>, std::map<std::size_t, std::string>> cells;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
      auto& c = cells[{s.from(t), s.to(t)}][k];
      c += (c.empty() ? "" : " / ") + latex_escape(packet_label(s, t));
    }
  preamble(out, standalone);
  out << "% per-link transmission order: " << caption(s) << "\n";
  const std::size_t T = s.num_steps();
  for (std::size_t b = 0; b < T || (b == 0 && T == 0); b += steps_per_block) {
    const std::size_t e = std::min(T, b + steps_per_block);
    out << "\\begin{longtable}{l|" << std::string(e - b, 'c') << "}\n";
    out << "\\multicolumn{" << (e - b + 1) << "}{l}{" << caption(s);
    if (T > steps_per_block) out << " (steps " << b + 1 << "--" << e << ")";
    out << "}\\\\\n\\hline\nLink";
    for (std::size_t k = b; k < e; ++k) out << " & " << k + 1;
    out << "\\\\\n\\hline\n\\endhead\n";
    for (const auto& [link, row] : cells) {
      out << node_label(net, link.first) << "$\\to$" << node_label(net, link.second);
      for (std::size_t k = b; k < e; ++k) {
        auto it = row.find(k);
        out << " & " << (it == row.end() ? "--" : it->second);
      }
      out << "\\\\\n";
    }
    out << "\\hline\n\\end{longtable}\n";
    if (T == 0) break;
  }
  postamble(out, standalone);
}

}  // namespace schedcert::witnesses
