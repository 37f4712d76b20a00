// Figure writers (witnesses/latex, tikz, dot): exact output for tiny fixture schedules, compared
// with golden files under tests/witnesses/golden/ (inspected by hand when written), and a
// compile test: pdflatex compiles every standalone .tex and `dot -Tsvg` renders every .dot.
// The compile test FAILS when pdflatex or dot is missing (Debian packages texlive-latex-base,
// texlive-pictures, graphviz).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "schedules/io/schedule_json.hpp"
#include "verifier/native.hpp"
#include "witnesses/dot.hpp"
#include "witnesses/figure_data.hpp"
#include "witnesses/latex.hpp"
#include "witnesses/tikz.hpp"

namespace schedcert_test_witnesses_figures_test {

namespace fs = std::filesystem;
using namespace schedcert;

namespace {

std::string fixture(const std::string& name) {
  return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/schedules/" + name;
}

std::string golden(const std::string& name) {
  std::ifstream in(std::string(SCHEDCERT_TEST_DIR) + "/witnesses/golden/" + name);
  REQUIRE_MESSAGE(in, "missing golden file " << name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Figure {
  std::string golden;
  std::string text;
};

std::vector<Figure> all_figures() {
  auto sbt =
      schedules::io::read_schedule_file(fixture("valid-sbt-broadcast-q3-all-port.json")).schedule;
  auto te =
      schedules::io::read_schedule_file(fixture("valid-total-exchange-q2-all-port.json")).schedule;
  auto bad =
      schedules::io::read_schedule_file(fixture("invalid-link-capacity-overload.json")).schedule;
  auto vbad = verifier::verify_native(bad);
  std::vector<Figure> fs;
  auto add = [&](const std::string& g, auto&& f) {
    std::ostringstream o;
    f(o);
    fs.push_back({g, o.str()});
  };
  add("sbt-q3-steps.tex", [&](std::ostream& o) { witnesses::write_latex_steps(sbt, o); });
  add("te-q2-links.tex", [&](std::ostream& o) { witnesses::write_latex_links(te, o); });
  add("sbt-q3-tree.tex", [&](std::ostream& o) { witnesses::write_tikz_tree(sbt, o); });
  add("te-q2-invalid-union.tex",
      [&](std::ostream& o) { witnesses::write_tikz_union(bad, o, &vbad); });
  add("sbt-q3-tree.dot", [&](std::ostream& o) { witnesses::write_dot_tree(sbt, o); });
  add("te-q2-invalid-union.dot",
      [&](std::ostream& o) { witnesses::write_dot_union(bad, o, &vbad); });
  return fs;
}

bool have(const std::string& tool) {
  return std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) == 0;
}

}  // namespace

TEST_CASE("figures: golden output for tiny schedules") {
  for (const auto& f : all_figures()) {
    INFO("golden file: " << f.golden);
    CHECK(f.text == golden(f.golden));
  }
}

TEST_CASE("figures: the violating link is marked in the union graph") {
  auto figs = all_figures();
  // invalid-link-capacity-overload: link 0 -> 1 carries two packets in step 1.
  CHECK(figs[5].text.find("n0 -> n1 [label=\"1\", color=red") != std::string::npos);
  CHECK(figs[3].text.find("\\draw[->, red, very thick] (n0)") != std::string::npos);
}

TEST_CASE("figures: pdflatex compiles the .tex and dot renders the .dot") {
  REQUIRE_MESSAGE(have("pdflatex"),
                  "pdflatex missing: apt-get install texlive-latex-base texlive-pictures");
  REQUIRE_MESSAGE(have("dot"), "dot missing: apt-get install graphviz");
  fs::path dir = fs::temp_directory_path() / ("schedcert-figures-" + std::to_string(getpid()));
  fs::create_directories(dir);
  for (const auto& f : all_figures()) {
    INFO("figure: " << f.golden);
    std::ofstream(dir / f.golden) << f.text;
    std::string cmd;
    if (f.golden.ends_with(".tex")) {
      cmd = "cd '" + dir.string() + "' && pdflatex -interaction=nonstopmode -halt-on-error '" +
            f.golden + "' > /dev/null 2>&1";
      CHECK(std::system(cmd.c_str()) == 0);
      fs::path pdf = dir / (f.golden.substr(0, f.golden.size() - 4) + ".pdf");
      CHECK(fs::exists(pdf));
      if (fs::exists(pdf)) CHECK(fs::file_size(pdf) > 1000);
    } else {
      fs::path svg = dir / (f.golden + ".svg");
      cmd = "dot -Tsvg '" + (dir / f.golden).string() + "' -o '" + svg.string() + "' 2>&1";
      CHECK(std::system(cmd.c_str()) == 0);
      CHECK(fs::exists(svg));
      if (fs::exists(svg)) CHECK(fs::file_size(svg) > 500);
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("figures: the union graph's layout is what Graphviz draws, and dot labels are plain text") {
  // dot -Tplain prints "node NAME X Y ..." in inches after layout: the pinned positions must come
  // back (up to one translation), whichever engine the command names.
  const auto f = schedules::io::read_schedule_file(fixture("valid-sbt-broadcast-q3-all-port.json"));
  const fs::path dir = fs::temp_directory_path() / ("schedcert-dot-layout-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream o(dir / "u.dot");
    witnesses::write_dot_union(f.schedule, o);
  }
  const auto pts = witnesses::layout(f.schedule.network());
  for (const char* engine : {"dot", "neato", "neato -n2"}) {
    const std::string cmd = std::string(engine) + " -Tplain " + (dir / "u.dot").string() + " > " + (dir / "u.plain").string();
    REQUIRE_MESSAGE(std::system(cmd.c_str()) == 0, cmd);
    std::ifstream in(dir / "u.plain");
    std::map<int, std::pair<double, double>> at;
    std::string word;
    while (in >> word)
      if (word == "node") {
        std::string name;
        double x = 0, y = 0;
        in >> name >> x >> y;
        at[std::stoi(name.substr(1))] = {x, y};
      }
    REQUIRE(at.size() == pts.size());
    for (std::size_t v = 1; v < pts.size(); ++v) {
      INFO(engine << ": node " << v);
      CHECK(at[static_cast<int>(v)].first - at[0].first == doctest::Approx(0.5 * (pts[v].x - pts[0].x)).epsilon(0.02));
      CHECK(at[static_cast<int>(v)].second - at[0].second == doctest::Approx(0.5 * (pts[v].y - pts[0].y)).epsilon(0.02));
    }
  }
  fs::remove_all(dir);
  CHECK(witnesses::dot_quoted("the BSG_{0^n} spanning graph on MT_{3,3}, T_i = Ro^i(T_0)") ==
        "\"the BSG(0^n) spanning graph on MT(3,3), Ti = Ro^i(T0)\"");
  CHECK(witnesses::dot_quoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"");
  CHECK(witnesses::dot_quoted("X_{a_{b}}") == "\"X(a_{b})\"");
}

}  // namespace schedcert_test_witnesses_figures_test
