// The HTML viewer v2 (witnesses/html.hpp, `schedcert render`; issue 17) in headless Chromium:
//  - DOM: after the script ran, #viewer-summary holds what it drew (steps, nodes,
//    transmissions, layout, the step shown and its transmissions, the items of the selected
//    node, the transmissions of the traced item, the first violation); checked against the
//    schedule at Q3, C5^2 (fa-mnb --radix 5), Q8 and Q10, and for an invalid schedule;
//  - screenshots at Q3, C5^2 and Q10 against the golden PNGs in tests/fixtures/viewer/, with a
//    tolerance (tests/witnesses/png_diff.py, Python stdlib). SCHEDCERT_UPDATE_GOLDEN=1 rewrites
//    the goldens (and they are the pictures in docs/figures/viewer-*.png);
//  - `render` takes generate's construction options (--radix).
// FAILS when chromium or python3 is missing. Q8 and Q10 are in the "slow" suite.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#include "schedules/registry.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/witnesses/chromium_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/html.hpp"

namespace schedcert_test_witnesses_viewer_test {

namespace fs = std::filesystem;
using namespace schedcert;

namespace {

struct Page {
  fs::path dir, html;
  std::string dom;
  std::string attr(const std::string& name) const {
    return test::dom_attribute(dom, "viewer-summary", name);
  }
};

schedules::Schedule build(const std::string& name, int dim, int radix = 0) {
  const auto& c = schedules::Registry::instance().find(name);
  schedules::Params p;
  p.dim = dim;
  p.radix = radix;
  p.model = c.models.front();
  return schedules::generate(c, p);
}

// Writes the page of s and dumps its DOM after the script ran (URL tail: "#step=2&node=3").
Page render(const schedules::Schedule& s, const std::string& tail, const std::string& tag) {
  REQUIRE_MESSAGE(std::system("command -v chromium > /dev/null 2>&1") == 0,
                  "chromium missing: apt-get install chromium (needed by the HTML viewer test)");
  Page pg;
  pg.dir = fs::temp_directory_path() / ("schedcert-viewer-" + tag + "-" + std::to_string(getpid()));
  fs::create_directories(pg.dir / "profile");
  pg.html = pg.dir / "page.html";
  {
    std::ofstream o(pg.html);
    witnesses::write_html(s, verifier::verify_native(s), o);
  }
  pg.dom = test::capture(test::chromium(pg.dir / "profile", "--dump-dom", pg.html, tail, "1400,900"));
  return pg;
}

// What node v holds after `step` steps: its origin items and everything it received.
std::size_t holdings(const schedules::Schedule& s, schedules::Node v, std::size_t step) {
  std::set<schedules::Item> h;
  const auto n = s.network().size();
  for (schedules::Item i = 0; i < s.problem().num_items(n); ++i)
    if (s.problem().origin(i, n) == v) h.insert(i);
  for (std::size_t t = 0; t < s.step_begin(step); ++t)
    if (s.to(t) == v)
      for (auto i : s.packet(t)) h.insert(i);
  return h.size();
}

std::size_t carrying(const schedules::Schedule& s, schedules::Item item) {
  std::size_t c = 0;
  for (std::size_t t = 0; t < s.num_transmissions(); ++t)
    for (auto i : s.packet(t)) c += i == item;
  return c;
}

void check_dom(const schedules::Schedule& s, const Page& pg, const std::string& layout,
               std::size_t step, schedules::Node node, long item) {
  REQUIRE(!pg.attr("data-steps").empty());  // the script ran to its end
  CHECK(pg.attr("data-steps") == std::to_string(s.num_steps()));
  CHECK(pg.attr("data-nodes") == std::to_string(s.network().size()));
  CHECK(pg.attr("data-transmissions") == std::to_string(s.num_transmissions()));
  CHECK(pg.attr("data-layout") == layout);
  CHECK(pg.attr("data-violation") == "none");
  CHECK(pg.attr("data-step") == std::to_string(step));
  CHECK(pg.attr("data-drawn") == std::to_string(s.step_end(step - 1) - s.step_begin(step - 1)));
  CHECK(pg.attr("data-node") == std::to_string(node));
  CHECK(pg.attr("data-node-items") == std::to_string(holdings(s, node, step)));
  if (item >= 0) {
    CHECK(pg.attr("data-traced") == std::to_string(item));
    CHECK(pg.attr("data-trace-tx") == std::to_string(carrying(s, static_cast<schedules::Item>(item))));
  }
  CHECK(pg.dom.find("id=\"valid-marker\"") != std::string::npos);
  MESSAGE(s.network().name() << ": page " << fs::file_size(pg.html) << " bytes, script "
                             << pg.attr("data-render-ms") << " ms");
}

// Screenshot of the page against tests/fixtures/viewer/NAME.png.
void check_screenshot(const Page& pg, const std::string& tail, const std::string& name) {
  REQUIRE_MESSAGE(std::system("command -v python3 > /dev/null 2>&1") == 0, "python3 missing");
  const fs::path png = pg.dir / "shot.png";
  std::system((test::chromium(pg.dir / "profile", "--screenshot='" + png.string() + "'", pg.html,
                              tail, "1400,900") + " > /dev/null").c_str());
  REQUIRE(fs::exists(png));
  const fs::path golden =
      fs::path(SCHEDCERT_TEST_DIR) / "fixtures" / "viewer" / (name + ".png");
  if (const char* u = std::getenv("SCHEDCERT_UPDATE_GOLDEN"); u && std::string(u) == "1")
    fs::copy_file(png, golden, fs::copy_options::overwrite_existing);
  const std::string cmd = "python3 '" + std::string(SCHEDCERT_TEST_DIR) +
                          "/witnesses/png_diff.py' '" + golden.string() + "' '" + png.string() + "'";
  auto r = testing::run_shell(cmd + " 2>&1");
  INFO(r.out);
  CHECK(r.code == 0);
}

}  // namespace

TEST_CASE("viewer v2: Q3 broadcast, DOM and screenshot") {
  auto s = build("sbt-broadcast", 3);
  const std::string tail = "#step=2&node=3";
  auto pg = render(s, tail, "q3");
  check_dom(s, pg, "cube", 2, 3, -1);
  check_screenshot(pg, tail, "viewer-q3");
  fs::remove_all(pg.dir);
}

TEST_CASE("viewer v2: C5^2 multinode broadcast with torus wrap links, DOM and screenshot") {
  auto s = build("fa-mnb", 2, 5);
  REQUIRE(s.network().name() == "C5^2");
  const std::string tail = "#step=2&node=12&item=12";
  auto pg = render(s, tail, "c5");
  check_dom(s, pg, "grid", 2, 12, 12);
  check_screenshot(pg, tail, "viewer-c5x5");
  fs::remove_all(pg.dir);
}

// The controls, driven by events a second script dispatches after the viewer's (appended to the
// page by the test only): arrow key, a click on a node, on an item of the node panel, prev, last,
// a click on a legend row (hides its dimension).
TEST_CASE("viewer v2: keyboard, node click, item click, prev, last and legend click work") {
  auto s = build("sbt-broadcast", 3);
  auto pg = render(s, "", "interact");
  {
    std::ifstream in(pg.html);
    std::string html((std::istreambuf_iterator<char>(in)), {});
    const std::string probe = R"(<script>(function(){
 const s=document.getElementById('viewer-summary'),out=[];
 const ev=(el,type)=>el.dispatchEvent(new MouseEvent(type,{bubbles:true,clientX:5,clientY:5}));
 window.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowRight'}));out.push('k'+s.dataset.step);
 const n=document.querySelector('circle.node[data-v="3"]');ev(n,'mousedown');ev(n,'mouseup');out.push('n'+s.dataset.node);
 document.querySelector('#nodepanel .chip[data-item]').click();out.push('t'+s.dataset.traced+'/'+s.dataset.traceTx);
 document.getElementById('prev').click();out.push('p'+s.dataset.step);
 document.getElementById('last').click();out.push('l'+s.dataset.step+'/'+s.dataset.drawn);
 document.querySelector('.dimrow[data-dim="0"]').click();out.push('h'+s.dataset.hidden+'/'+s.dataset.drawn);
 s.dataset.interact=out.join(',');})();</script>)";
    html.insert(html.rfind("</body>"), probe);
    std::ofstream(pg.html) << html;
  }
  pg.dom = test::capture(test::chromium(pg.dir / "profile", "--dump-dom", pg.html, "", "1400,900"));
  // step 1 -> 2; node 3 (011) holds item 0 after step 2; the last step's transmissions, then
  // those not on dimension 0.
  std::size_t last = s.step_end(2) - s.step_begin(2), last_dim0 = 0;
  for (std::size_t t = s.step_begin(2); t < s.step_end(2); ++t)
    last_dim0 += (s.from(t) ^ s.to(t)) == 1;
  CHECK(pg.attr("data-interact") == "k2,n3,t0/" + std::to_string(carrying(s, 0)) + ",p1,l3/" +
                                        std::to_string(last) + ",h0/" +
                                        std::to_string(last - last_dim0));
  fs::remove_all(pg.dir);
}

TEST_CASE("viewer v2: hiding a dimension leaves its transmissions out of the step") {
  auto s = build("fa-mnb", 2, 5);
  auto pg = render(s, "#step=2&hide=0", "hide");
  std::size_t dim1 = 0;
  for (std::size_t t = s.step_begin(1); t < s.step_end(1); ++t)
    dim1 += s.network().digit(s.from(t), 0) == s.network().digit(s.to(t), 0);
  CHECK(dim1 > 0);
  CHECK(pg.attr("data-drawn") == std::to_string(dim1));
  fs::remove_all(pg.dir);
}

TEST_CASE("viewer v2: invalid schedule, the first violation in the summary") {
  auto s =
      schedules::io::read_schedule_file(std::string(SCHEDCERT_TEST_DIR) +
                                        "/fixtures/schedules/invalid-link-capacity-overload.json")
          .schedule;
  auto v = verifier::verify_native(s);
  REQUIRE(v.violation);
  auto pg = render(s, "", "bad");
  CHECK(pg.attr("data-violation") == "link-capacity");
  CHECK(pg.attr("data-violation-step") == std::to_string(v.violation->step + 1));
  CHECK(pg.attr("data-violation-transmission") == std::to_string(v.violation->transmission));
  CHECK(pg.attr("data-step") == std::to_string(v.violation->step + 1));  // opens at the violation
  CHECK(pg.dom.find("class=\"tx bad\"") != std::string::npos);
  CHECK(pg.dom.find(v.violation->message.substr(0, 30)) != std::string::npos);
  fs::remove_all(pg.dir);
}

TEST_CASE("viewer v2: render takes generate's construction options (--radix)") {
  const fs::path out = fs::temp_directory_path() / ("schedcert-viewer-cli-" + std::to_string(getpid()) + ".html");
  auto r = testing::run_cli("render -c fa-mnb --dim 2 --radix 5 --variant balanced -o '" + out.string() + "'");
  INFO(r.out);
  CHECK(r.code == 0);
  std::ifstream in(out);
  std::string html((std::istreambuf_iterator<char>(in)), {});
  CHECK(html.find("on C5^2") != std::string::npos);
  fs::remove(out);
}

TEST_CASE("viewer v2: Q8 multinode broadcast, 2048 transmissions a step" *
          doctest::test_suite("slow")) {
  auto s = build("bertsekas-mnb", 8);
  auto pg = render(s, "#step=5&node=5&item=7", "q8");
  check_dom(s, pg, "blocks", 5, 5, 7);
  CHECK(pg.attr("data-stubs") == "1");
  fs::remove_all(pg.dir);
}

TEST_CASE("viewer v2: Q10 broadcast, DOM and screenshot" * doctest::test_suite("slow")) {
  auto s = build("sbt-broadcast", 10);
  const std::string tail = "#step=6&node=5";
  auto pg = render(s, tail, "q10");
  check_dom(s, pg, "blocks", 6, 5, -1);
  check_screenshot(pg, tail, "viewer-q10");
  fs::remove_all(pg.dir);
}

}  // namespace schedcert_test_witnesses_viewer_test
