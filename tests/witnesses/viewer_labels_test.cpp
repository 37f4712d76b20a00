// The HTML viewer in headless Chromium (issue 29, items 15 and 16):
//  - packet labels: a probe script appended to the page measures every label, node name and
//    node disc with getBoundingClientRect after the viewer's script ran, and the test asserts
//    that no two labels overlap and that no label covers a node name or a node, at the default
//    zoom of the Q4 total exchange (step 1: 64 labels were drawn on top of each other) and of
//    the Q3 one, in every step, and zoomed in;
//  - a transmission between non-adjacent nodes has no dimension: "not a link" in the busiest
//    links table, and it is left out of the per-dimension shares;
//  - the root of a rooted problem is marked (ring, "root" tag, legend), and only then.
// FAILS when chromium is missing (as viewer_test.cpp).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "schedules/network.hpp"
#include "schedules/registry.hpp"
#include "tests/witnesses/chromium_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/html.hpp"

namespace schedcert_test_witnesses_viewer_labels_test {

namespace fs = std::filesystem;
using namespace schedcert;

namespace {

// After the viewer's script: the number of packet labels shown, of overlapping label pairs, of
// (label, node name) and (label, node disc) pairs that meet, and of labels inside the drawing.
const char* kProbe = R"(<script>(function(){
 const s=document.getElementById('viewer-summary');
 const box=e=>{const r=e.getBoundingClientRect();return r.width>0&&r.height>0?r:null;};
 const all=q=>[...document.querySelectorAll(q)].map(box).filter(Boolean);
 const pk=all('text.pk'),names=all('text.lbl,text.roottag'),nodes=all('circle.node');
 const meet=(a,b)=>Math.min(a.right,b.right)-Math.max(a.left,b.left)>0.5&&Math.min(a.bottom,b.bottom)-Math.max(a.top,b.top)>0.5;
 let lab=0,name=0,node=0,inside=0;const v=document.getElementById('net').getBoundingClientRect();
 for(let i=0;i<pk.length;i++){for(let j=i+1;j<pk.length;j++)lab+=meet(pk[i],pk[j]);
  for(const n of names)name+=meet(pk[i],n);for(const n of nodes)node+=meet(pk[i],n);
  inside+=pk[i].left>=v.left&&pk[i].right<=v.right&&pk[i].top>=v.top&&pk[i].bottom<=v.bottom;}
 s.dataset.probe=[pk.length,lab,name,node,inside].join(',');})();</script>)";

struct Page {
  std::string dom;
  std::string attr(const std::string& name) const {
    return test::dom_attribute(dom, "viewer-summary", name);
  }
};

// The page of s, with the probe appended, opened at URL tail `tail` ("#step=2&zoom=2").
Page open(const schedules::Schedule& s, const std::string& tail, const std::string& tag) {
  REQUIRE_MESSAGE(std::system("command -v chromium > /dev/null 2>&1") == 0,
                  "chromium missing: apt-get install chromium (needed by the HTML viewer test)");
  const fs::path dir =
      fs::temp_directory_path() / ("schedcert-labels-" + tag + "-" + std::to_string(getpid()));
  fs::create_directories(dir / "profile");
  std::ostringstream html;
  witnesses::write_html(s, verifier::verify_native(s), html);
  std::string page = html.str();
  page.insert(page.rfind("</body>"), kProbe);
  std::ofstream(dir / "page.html") << page;
  Page pg{test::capture(test::chromium(dir / "profile", "--dump-dom", dir / "page.html", tail,
                                       "1400,900"))};
  fs::remove_all(dir);
  return pg;
}

schedules::Schedule build(const std::string& name, int dim, schedules::Node root = 0) {
  const auto& c = schedules::Registry::instance().find(name);
  schedules::Params p;
  p.dim = dim;
  p.root = root;
  p.model = c.models.front();
  return schedules::generate(c, p);
}

struct Probe {
  int shown = -1, label_pairs = -1, names = -1, nodes = -1, inside = -1;
};

Probe probe(const Page& pg) {
  Probe p;
  char comma;
  std::istringstream in(pg.attr("data-probe"));
  in >> p.shown >> comma >> p.label_pairs >> comma >> p.names >> comma >> p.nodes >> comma >>
      p.inside;
  return p;
}

void check_labels(const schedules::Schedule& s, std::size_t step, const Page& pg, Probe& p) {
  REQUIRE(pg.attr("data-step") == std::to_string(step));
  p = probe(pg);
  const std::size_t tx = s.step_end(step - 1) - s.step_begin(step - 1);
  INFO(s.network().name() << " step " << step << ": probe " << pg.attr("data-probe"));
  CHECK(p.shown > 0);
  CHECK(p.label_pairs == 0);  // no two packet labels overlap
  CHECK(p.names == 0);        // no label covers a node's name
  CHECK(p.nodes == 0);        // nor a node
  CHECK(p.inside == p.shown);
  CHECK(pg.attr("data-pk-shown") == std::to_string(p.shown));
  CHECK(std::stoul(pg.attr("data-pk-shown")) + std::stoul(pg.attr("data-pk-hidden")) == tx);
}

}  // namespace

TEST_CASE("viewer labels: Q4 total exchange, no label overlaps another or a node name") {
  auto s = build("bertsekas-te", 4);
  REQUIRE(s.step_end(0) - s.step_begin(0) == 64);
  Probe fitted, zoomed;
  check_labels(s, 1, open(s, "", "q4"), fitted);
  MESSAGE("Q4 total exchange, step 1 at the default zoom: " << fitted.shown << " of 64 labels");
  CHECK(fitted.shown >= 24);
  // zoomed in (the labels keep their size and are placed again; those of arrows out of the
  // view are left out), still apart
  check_labels(s, 1, open(s, "#zoom=1.5", "q4z"), zoomed);
  MESSAGE("zoomed in 1.5x: " << zoomed.shown << " labels in the view");
  for (std::size_t step = 2; step <= s.num_steps(); ++step) {
    if (s.step_end(step - 1) - s.step_begin(step - 1) > 64) continue;  // no labels above 64
    Probe p;
    check_labels(s, step, open(s, "#step=" + std::to_string(step), "q4s"), p);
  }
}

TEST_CASE("viewer labels: Q3 total exchange, every step") {
  auto s = build("bertsekas-te", 3);
  for (std::size_t step = 1; step <= s.num_steps(); ++step) {
    Probe p;
    check_labels(s, step, open(s, "#step=" + std::to_string(step), "q3"), p);
  }
}

TEST_CASE("viewer: a transmission between non-adjacent nodes has no dimension") {
  // Q3 broadcast from 0; step 1: 000 -> 011 (not a link: two bits differ) and 000 -> 001.
  schedules::Problem prob;
  prob.kind = schedules::ProblemKind::Broadcast;
  schedules::Schedule s(schedules::Network::parse("Q3"), schedules::Model::AllPort, prob);
  s.begin_step();
  s.add(0, 3, 0);
  s.add(0, 1, 0);
  const auto v = verifier::verify_native(s);
  REQUIRE(v.violation);
  auto pg = open(s, "", "nonlink");
  CHECK(pg.attr("data-nonlinks") == "1");
  // the table: 000 -> 011 is "not a link", 000 -> 001 is in dimension 0
  CHECK(pg.dom.find("011</td><td>not a link</td>") != std::string::npos);
  CHECK(pg.dom.find("001</td><td>0</td>") != std::string::npos);
  // the shares: one of the 8 directed links of dimension 0 is used (13 %), not two (25 %)
  CHECK(pg.dom.find("d0 13% d1 0% d2 0%") != std::string::npos);
  CHECK(pg.dom.find("1 between non-adjacent nodes") != std::string::npos);
  CHECK(pg.dom.find("class=\"tx bad nonlink\"") != std::string::npos);
}

TEST_CASE("viewer: the root of a rooted problem is marked") {
  auto s = build("sbt-broadcast", 3, 5);
  auto pg = open(s, "", "root");
  CHECK(pg.attr("data-root") == "5");
  CHECK(pg.dom.find("class=\"rootring\"") != std::string::npos);
  CHECK(pg.dom.find("class=\"node root\" cx=") != std::string::npos);
  CHECK(pg.dom.find("the source of the broadcast") != std::string::npos);
  auto g = build("bertsekas-gather", 3, 2);
  auto pgg = open(g, "", "gather");
  CHECK(pgg.attr("data-root") == "2");
  CHECK(pgg.dom.find("the destination of the gather") != std::string::npos);
  // no root, no mark
  auto te = build("bertsekas-te", 2);
  auto pgt = open(te, "", "noroot");
  CHECK(pgt.attr("data-root") == "");
  CHECK(pgt.dom.find("class=\"rootring\"") == std::string::npos);
}

}  // namespace schedcert_test_witnesses_viewer_labels_test
