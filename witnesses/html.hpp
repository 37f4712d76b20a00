// A self-contained HTML viewer of a schedule: one file, inline CSS, JS and SVG, no network.
//
// The page draws the network (figure_data.hpp layout: hypercube projection up to Q_6, grid for
// two-factor products, a circle otherwise), a slider and a play button to step through the
// schedule, the current step's transmissions as arrows with their packets, the cumulative load
// of every directed link up to the current step (arrow width and a table of the busiest links),
// and the verdict: for an invalid schedule the first violating transmission is drawn red and
// the script adds an element with id "violation-marker" (id "valid-marker" for a valid one), so
// a headless browser can check that the script ran. The verdict is the one passed in (the
// native verifier's, from the caller); the page never re-derives it.
// Throws InputError for networks above 4096 nodes (figure_data.hpp).
#pragma once
#include <iosfwd>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

void write_html(const schedules::Schedule& s, const verifier::Verdict& verdict, std::ostream& out);

}  // namespace schedcert::witnesses
