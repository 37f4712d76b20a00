// LaTeX tables of a schedule.
//
// write_latex_steps: one row per step, the step's transmissions "from -> to: packet".
// write_latex_links: the per-link transmission order (Bertsekas et al. 1991 §4 tabulate the
// total exchange on Q_d this way): one row per directed link the schedule uses, one column per
// step, each cell the packet the link carries in that step ("--" when idle). Wide schedules are
// split into blocks of `steps_per_block` columns. Labels come from figure_data.hpp.
// With standalone = true the output is a complete article document (packages: longtable and
// array only, both in texlive-latex-base) that pdflatex compiles; otherwise only the table.
#pragma once
#include <iosfwd>
#include <string>

#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

void write_latex_steps(const schedules::Schedule& s, std::ostream& out, bool standalone = true);
void write_latex_links(const schedules::Schedule& s, std::ostream& out, bool standalone = true,
                       std::size_t steps_per_block = 12);
// Escapes the LaTeX special characters of a text.
std::string latex_escape(const std::string& text);
// A coordinate or length with two decimals ("%.2f"), never "-0.00" (TikZ pictures and dot layouts).
std::string latex_number(double v);

}  // namespace schedcert::witnesses
