// Graphviz dot of a schedule: the same two figures as tikz.hpp (the tree of a single-node
// schedule, edges labelled by step; the union graph of any small schedule, edges labelled by
// their steps, the first violating transmission's link red). `dot -Tsvg` renders them; node
// positions are given in points (pos="x,y!", honoured by `neato -n`; dot ignores them) on
// the union graph and left to dot for trees.
#pragma once
#include <iosfwd>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

void write_dot_tree(const schedules::Schedule& s, std::ostream& out);
void write_dot_union(const schedules::Schedule& s, std::ostream& out,
                     const verifier::Verdict* verdict = nullptr);

}  // namespace schedcert::witnesses
