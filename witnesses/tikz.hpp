// TikZ pictures of a schedule.
//
// write_tikz_tree: the tree a single-node schedule uses (figure_data.hpp build_tree: first
// receptions, or first sends for accumulation/gather), drawn top-down from the root, nodes
// labelled by their binary id on Q_d, each edge labelled by the step it is used in.
// write_tikz_union: the union graph of any small schedule (every directed link used, labelled by
// its steps) on the network layout of figure_data.hpp; with a verdict that has a violation tied
// to a transmission, the link carrying it is drawn red and thick.
// With standalone = true the output is a complete article document (tikz from
// texlive-pictures) that pdflatex compiles; otherwise only the tikzpicture.
#pragma once
#include <iosfwd>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

void write_tikz_tree(const schedules::Schedule& s, std::ostream& out, bool standalone = true);
void write_tikz_union(const schedules::Schedule& s, std::ostream& out,
                      const verifier::Verdict* verdict = nullptr, bool standalone = true);

}  // namespace schedcert::witnesses
