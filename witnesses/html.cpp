// Design note: see html.hpp. The C++ side only builds the data: one compact JSON object (node
// labels, the factors of the network, every transmission as a flat from,to,item triple per
// step, item labels and origins, the verdict). The page's script and style
// (html_viewer_js.inc, html_viewer_css.inc, raw string literals) compute the layout, the link
// dimensions, the holdings of a node and the heatmap from it.
#include "witnesses/html.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "witnesses/figure_data.hpp"

namespace schedcert::witnesses {

using nlohmann::json;
using schedules::Node;

namespace {

const char* kStyle =
#include "witnesses/html_viewer_css.inc"
    ;

const char* kLabels =
#include "witnesses/html_viewer_labels_js.inc"
    ;

const char* kScript =
#include "witnesses/html_viewer_js.inc"
    ;

// Item labels and origins go into the page up to this many items (Q_8 total exchange has 65,536);
// beyond it the node panel shows item numbers and no origins.
constexpr std::uint64_t kMaxListedItems = 70000;

const char* factor_kind(schedules::FactorKind k) {
  switch (k) {
    case schedules::FactorKind::K2: return "K2";
    case schedules::FactorKind::Ring: return "C";
    case schedules::FactorKind::Path: return "P";
    case schedules::FactorKind::Complete: return "K";
    case schedules::FactorKind::Graph: return "G";  // an explicit graph: drawn on a circle
  }
  return "?";
}

std::string escape(const std::string& s) {
  std::string r;
  for (char c : s) r += c == '<' ? std::string("&lt;") : c == '&' ? std::string("&amp;") : std::string(1, c);
  return r;
}

}  // namespace

void write_html(const schedules::Schedule& s, const verifier::Verdict& verdict, std::ostream& out) {
  const auto& net = s.network();
  const auto& prob = s.problem();
  layout(net);  // refuses networks above 4096 nodes (figure_data.hpp), as before
  const std::uint64_t n = net.size();
  json d;
  json labels = json::array();
  for (Node v = 0; v < n; ++v) labels.push_back(node_label(net, v));
  json factors = json::array();
  for (const auto& f : net.factors()) factors.push_back({factor_kind(f.kind), f.size});
  d["net"] = {{"name", net.name()}, {"hypercube", net.is_hypercube()}, {"factors", factors}};
  d["labels"] = labels;
  // Steps: flat [from, to, item, from, to, item, ...]; a packet of several items is -(p+1),
  // an index into "packets".
  // "nonlinks": the transmissions whose ends are not adjacent (invalid ones): the page gives them
  // no dimension (issue 29: they were counted as dimension 0 in the link table and the shares).
  json steps = json::array(), packets = json::array(), nonlinks = json::array();
  for (std::size_t k = 0; k < s.num_steps(); ++k) {
    json st = json::array();
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
      if (!net.adjacent(s.from(t), s.to(t))) nonlinks.push_back(t);
      st.push_back(s.from(t));
      st.push_back(s.to(t));
      auto pk = s.packet(t);
      if (pk.size() == 1) {
        st.push_back(pk[0]);
      } else {
        st.push_back(-static_cast<std::int64_t>(packets.size()) - 1);
        packets.push_back(json(std::vector<schedules::Item>(pk.begin(), pk.end())));
      }
    }
    steps.push_back(std::move(st));
  }
  d["steps"] = std::move(steps);
  d["packets"] = std::move(packets);
  d["nonlinks"] = std::move(nonlinks);
  // The root of a rooted problem, marked on the page: the source of a broadcast or scatter, the
  // destination of an accumulation or gather.
  if (prob.has_root()) {
    const bool source = prob.kind == schedules::ProblemKind::Broadcast ||
                        prob.kind == schedules::ProblemKind::Scatter;
    d["root"] = {{"node", prob.root}, {"role", source ? "source" : "destination"}};
  }
  const std::uint64_t items = prob.num_items(n);
  json ij{{"count", items}};
  if (items <= kMaxListedItems) {
    json il = json::array(), io = json::array();
    for (schedules::Item i = 0; i < items; ++i) {
      il.push_back(item_label(s, i));
      io.push_back(prob.origin(i, n));
    }
    ij["labels"] = std::move(il);
    ij["origins"] = std::move(io);
  }
  d["items"] = std::move(ij);
  json vj{{"valid", verdict.valid}, {"engine", verdict.engine}, {"step", 0},
          {"transmission", -1}, {"max_link_load", verdict.metrics.max_link_load}};
  if (verdict.violation) {
    const auto& x = *verdict.violation;
    vj["rule"] = verifier::to_string(x.rule);
    vj["step"] = x.step + 1;  // 0 for a completion failure
    vj["transmission"] = x.transmission;
    vj["message"] = x.message;
  }
  d["verdict"] = vj;
  d["problem"] = prob.describe();
  d["model"] = to_string(s.model());
  std::string data = d.dump();
  for (std::size_t p = 0; (p = data.find("</", p)) != std::string::npos; p += 3)
    data.replace(p, 2, "<\\/");
  const std::string title = escape(prob.describe() + " on " + net.name() + ", " + to_string(s.model()));
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>schedcert: "
      << title << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n"
      << "<header><h1>" << title << "</h1><div id=\"stats\">" << s.num_steps() << " steps, "
      << s.num_transmissions() << " transmissions, " << n << " nodes; max link load "
      << verdict.metrics.max_link_load << "</div><div id=\"verdict\"></div></header>\n"
      << "<div id=\"main\"><div id=\"left\"><div id=\"controls\">"
         "<button id=\"first\" title=\"first step (Home)\">first</button>"
         "<button id=\"prev\" title=\"previous step (&larr;)\">&#x25C0; prev</button>"
         "<button id=\"play\" title=\"play / pause (space)\">&#x25B6; play</button>"
         "<button id=\"next\" title=\"next step (&rarr;)\">next &#x25B6;</button>"
         "<button id=\"last\" title=\"last step (End)\">last</button>"
         "<input type=\"range\" id=\"step\" min=\"0\" value=\"0\"><span id=\"steplabel\"></span>"
         "<span class=\"sep\"></span><button id=\"zin\" title=\"zoom in (+, wheel)\">+</button>"
         "<button id=\"zout\" title=\"zoom out (-, wheel)\">&minus;</button>"
         "<button id=\"fit\" title=\"fit (0)\">fit</button></div>\n"
         "<svg id=\"net\" xmlns=\"http://www.w3.org/2000/svg\"></svg><div id=\"stepinfo\"></div></div>\n"
         "<div id=\"side\"><section><h4>legend</h4><div id=\"legend\"></div></section>"
         "<section><h4>node</h4><div id=\"nodepanel\">click a node</div></section>"
         "<section><h4>item trace</h4><div id=\"tracepanel\">click an item in the node panel</div></section>"
         "<section><h4>link load over time</h4><canvas id=\"heat\"></canvas><div id=\"heatnote\"></div></section>"
         "<section><h4>busiest links up to this step</h4><table id=\"loads\"></table></section>"
         "</div></div>\n"
         "<div id=\"viewer-summary\" hidden></div>\n"
         "<script type=\"application/json\" id=\"schedule-data\">"
      << data << "</script>\n<script>" << kLabels << kScript << "</script>\n</body></html>\n";
}

}  // namespace schedcert::witnesses
