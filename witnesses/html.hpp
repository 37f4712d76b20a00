// A self-contained HTML viewer of a schedule (viewer v2, issue 17): one file, inline CSS and
// script (html_viewer_css.inc, html_viewer_js.inc), the schedule embedded as compact JSON, no
// network access. The page lays the network out itself: Q_d up to d = 4 as the cube projection,
// above as a grid of Gray-ordered Q4 blocks; tori and other two-factor products as a grid with
// wrap links drawn around the outside; three or more factors as small multiples. It has
// prev/next/play, a slider and keys, zoom and pan, a legend (dimensions can be hidden), a node
// panel (items held after the step), item tracing, a link-load heatmap over the steps, packet
// labels placed in screen pixels and thinned so that none overlaps another or a node's name
// (html_viewer_labels_js.inc), the root of a rooted problem ringed, transmissions between
// non-adjacent nodes given no dimension ("nonlinks", from the library's adjacency), and the
// verdict: for an invalid schedule the first violation (rule, the verifier's message) in a red
// banner, its transmission drawn red, and the page opens at its step; the script adds
// #violation-marker (data-rule) or #valid-marker, and writes a summary of what it drew on
// #viewer-summary (data-steps, data-layout, data-step, ...; docs/figures.md "Viewer v2") so a
// headless browser can check it. The verdict is the one passed in (the native verifier's, from
// the caller); the page never re-derives it.
// Throws InputError for networks above 4096 nodes (figure_data.hpp).
#pragma once
#include <iosfwd>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::witnesses {

void write_html(const schedules::Schedule& s, const verifier::Verdict& verdict, std::ostream& out);

}  // namespace schedcert::witnesses
