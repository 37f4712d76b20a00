// SVG chart of predicted time against size (see cost_plot.hpp). Axes span whole decades around
// the data; each file keeps the colour of its position in a fixed palette.
#include "witnesses/cost_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "schedules/error.hpp"
#include "schedules/units.hpp"
#include "witnesses/junit.hpp"

namespace schedcert::witnesses {

namespace {

constexpr double kW = 960, kH = 480, kLeft = 80, kRight = 420, kTop = 40, kBottom = 60;
const char* const kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

}  // namespace

void write_cost_svg(const std::vector<certify::CostFileResult>& results,
                    const certify::CostFileOptions& o, std::ostream& out) {
  std::vector<const certify::CostFileResult*> shown;
  for (const auto& r : results)
    if (r.valid && !r.points.empty()) shown.push_back(&r);
  if (shown.empty()) throw InputError("--plot: no file has numbers to plot (every file is invalid)");
  double xmin = o.sizes.front(), xmax = xmin, ymin = 0, ymax = 0;
  bool first = true;
  for (double s : o.sizes) xmin = std::min(xmin, s), xmax = std::max(xmax, s);
  for (const auto* r : shown)
    for (const auto& p : r->points)
      for (double y : {p.predicted, p.bound}) {
        if (y <= 0) continue;
        ymin = first ? y : std::min(ymin, y);
        ymax = first ? y : std::max(ymax, y);
        first = false;
      }
  const double lx0 = std::floor(std::log10(xmin)), lx1 = std::max(lx0 + 1, std::ceil(std::log10(xmax)));
  const double ly0 = std::floor(std::log10(ymin)), ly1 = std::max(ly0 + 1, std::ceil(std::log10(ymax)));
  const double pw = kW - kLeft - kRight, ph = kH - kTop - kBottom;
  auto X = [&](double s) { return kLeft + (std::log10(s) - lx0) / (lx1 - lx0) * pw; };
  auto Y = [&](double t) { return kTop + ph - (std::log10(t) - ly0) / (ly1 - ly0) * ph; };

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << kW << "\" height=\"" << kH
      << "\" viewBox=\"0 0 " << kW << " " << kH << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<title>schedcert cost: predicted time against message size (" << verifier::to_string(o.timing)
      << ")</title>\n"
      << "<rect width=\"" << kW << "\" height=\"" << kH << "\" fill=\"white\"/>\n"
      << "<text x=\"" << num(kLeft) << "\" y=\"22\" font-size=\"14\">Predicted time vs. message size ("
      << verifier::to_string(o.timing) << " model; dashed: lower bound)</text>\n";
  // Grid and ticks, one per decade.
  out << "<g class=\"axes\" stroke=\"#ccc\">\n";
  for (double e = lx0; e <= lx1; ++e)
    out << "<line x1=\"" << num(X(std::pow(10, e))) << "\" y1=\"" << num(kTop) << "\" x2=\"" << num(X(std::pow(10, e)))
        << "\" y2=\"" << num(kTop + ph) << "\"/>\n";
  for (double e = ly0; e <= ly1; ++e)
    out << "<line x1=\"" << num(kLeft) << "\" y1=\"" << num(Y(std::pow(10, e))) << "\" x2=\"" << num(kLeft + pw)
        << "\" y2=\"" << num(Y(std::pow(10, e))) << "\"/>\n";
  out << "<rect x=\"" << num(kLeft) << "\" y=\"" << num(kTop) << "\" width=\"" << num(pw) << "\" height=\"" << num(ph)
      << "\" fill=\"none\" stroke=\"black\"/>\n</g>\n<g class=\"labels\">\n";
  for (double e = lx0; e <= lx1; ++e)
    out << "<text x=\"" << num(X(std::pow(10, e))) << "\" y=\"" << num(kTop + ph + 18) << "\" text-anchor=\"middle\">"
        << xml_escape(schedules::eng_bytes(std::pow(10, e))) << "</text>\n";
  for (double e = ly0; e <= ly1; ++e)
    out << "<text x=\"" << num(kLeft - 6) << "\" y=\"" << num(Y(std::pow(10, e)) + 4) << "\" text-anchor=\"end\">"
        << xml_escape(schedules::eng_seconds(std::pow(10, e))) << "</text>\n";
  out << "<text x=\"" << num(kLeft + pw / 2) << "\" y=\"" << num(kH - 18) << "\" text-anchor=\"middle\">message size</text>\n"
      << "<text x=\"18\" y=\"" << num(kTop + ph / 2) << "\" text-anchor=\"middle\" transform=\"rotate(-90 18 "
      << num(kTop + ph / 2) << ")\">time</text>\n</g>\n";

  // Bounds: one per distinct curve, dashed, in the colour of the first file that has it.
  struct BoundCurve {
    std::string key;
    std::vector<double> ys;
    const char* colour;
  };
  std::vector<BoundCurve> bounds;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const auto* r = shown[i];
    std::vector<double> ys;
    for (const auto& p : r->points) ys.push_back(p.bound);
    const std::string key = r->network + " " + r->model + " " + r->problem;
    if (std::none_of(bounds.begin(), bounds.end(), [&](const auto& b) { return b.ys == ys; }))
      bounds.push_back({key, ys, kPalette[i % 10]});
  }
  double ly = kTop + 10;
  auto legend = [&](const std::string& colour, bool dashed, const std::string& text) {
    out << "<line x1=\"" << num(kW - kRight + 12) << "\" y1=\"" << num(ly) << "\" x2=\"" << num(kW - kRight + 36)
        << "\" y2=\"" << num(ly) << "\" stroke=\"" << colour << "\" stroke-width=\"2\""
        << (dashed ? " stroke-dasharray=\"6 4\"" : "") << "/>\n"
        << "<text x=\"" << num(kW - kRight + 42) << "\" y=\"" << num(ly + 4) << "\">" << xml_escape(text) << "</text>\n";
    ly += 18;
  };
  out << "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    std::string name = shown[i]->path;
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos) name = name.substr(slash + 1);
    legend(kPalette[i % 10], false, name);
  }
  for (const auto& b : bounds) legend(b.colour, true, "bound: " + b.key);
  out << "</g>\n";
  for (const auto& b : bounds) {
    out << "<polyline class=\"bound\" data-bound=\"" << xml_escape(b.key) << "\" fill=\"none\" stroke=\""
        << b.colour << "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" points=\"";
    for (std::size_t k = 0; k < o.sizes.size(); ++k) out << (k ? " " : "") << num(X(o.sizes[k])) << "," << num(Y(b.ys[k]));
    out << "\"/>\n";
  }
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const auto& r = *shown[i];
    const char* colour = kPalette[i % 10];
    out << "<polyline class=\"series\" data-file=\"" << xml_escape(r.path) << "\" fill=\"none\" stroke=\"" << colour
        << "\" stroke-width=\"2\" points=\"";
    for (std::size_t k = 0; k < r.points.size(); ++k)
      out << (k ? " " : "") << num(X(r.points[k].size)) << "," << num(Y(r.points[k].predicted));
    out << "\"/>\n";
    for (const auto& p : r.points)
      out << "<circle cx=\"" << num(X(p.size)) << "\" cy=\"" << num(Y(p.predicted)) << "\" r=\"3\" fill=\"" << colour
          << "\"><title>" << xml_escape(r.path + ": " + schedules::eng_bytes(p.size) + " -> " +
                                        schedules::eng_seconds(p.predicted))
          << "</title></circle>\n";
  }
  out << "</svg>\n";
}

}  // namespace schedcert::witnesses
