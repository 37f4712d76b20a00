// Graphviz dot of a schedule: the same two figures as tikz.hpp (the tree of a single-node
// schedule, edges labelled by step; the union graph of any small schedule, edges labelled by
// their steps, the first violating transmission's link red). `dot -Tsvg` renders them. The union
// graph keeps the network's layout: it names the neato engine in the file (layout=neato), pins
// every node (pos="x,y!" in points, with inputscale=72 so that neato without -n reads points as
// neato -n2 does) and says overlap=true, so
// `dot -Tsvg`, `neato -Tsvg` and `neato -n2 -Tsvg` all draw the nodes where the layout put them;
// trees are left to dot's ranks. Labels are plain text (dot renders no TeX): see dot_quoted.
#pragma once
#include <iosfwd>
#include <string>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

// A Graphviz string literal of `s` in plain text: the TeX-style sub/superscripts that captions
// share with the TikZ output are rewritten ("BSG_{0^n}" -> "BSG(0^n)", "MT_{3,3}" -> "MT(3,3)",
// "T_0" -> "T0"), quotes and backslashes escaped.
std::string dot_quoted(const std::string& s);

void write_dot_tree(const schedules::Schedule& s, std::ostream& out);
void write_dot_union(const schedules::Schedule& s, std::ostream& out,
                     const verifier::Verdict* verdict = nullptr);

}  // namespace schedcert::witnesses
