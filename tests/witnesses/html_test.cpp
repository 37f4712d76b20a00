// The HTML viewer (witnesses/html.hpp, `schedcert render`) in headless Chromium: a page for a
// valid and an invalid schedule renders to a non-trivial PNG, and after the scripts ran the DOM
// holds the verdict marker (violation-marker with the right rule, or valid-marker).
// FAILS when chromium is missing (Debian package: chromium).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "schedules/io/schedule_json.hpp"
#include "verifier/native.hpp"
#include "witnesses/html.hpp"
#include "tests/witnesses/chromium_run.hpp"

namespace schedcert_test_witnesses_html_test {

namespace fs = std::filesystem;
using namespace schedcert;

namespace {

using test::capture;
using test::chromium;

void check_page(const std::string& fixture, const std::string& marker, const std::string& rule) {
  INFO("fixture: " << fixture);
  REQUIRE_MESSAGE(std::system("command -v chromium > /dev/null 2>&1") == 0,
                  "chromium missing: apt-get install chromium (needed by the HTML viewer test)");
  auto s = schedules::io::read_schedule_file(std::string(SCHEDCERT_TEST_DIR) +
                                             "/fixtures/schedules/" + fixture)
               .schedule;
  auto v = verifier::verify_native(s);
  fs::path dir = fs::temp_directory_path() / ("schedcert-html-" + std::to_string(getpid()));
  fs::create_directories(dir / "profile");
  fs::path page = dir / "page.html", png = dir / "page.png";
  {
    std::ofstream o(page);
    witnesses::write_html(s, v, o);
  }
  std::string html;
  {
    std::ifstream in(page);
    html.assign(std::istreambuf_iterator<char>(in), {});
  }
  // Self-contained: no external resources.
  CHECK(html.find("src=\"http") == std::string::npos);
  CHECK(html.find("href=\"http") == std::string::npos);
  // The marker exists only after the script ran.
  CHECK(html.find("id=\"" + marker + "\"") == std::string::npos);
  std::system((chromium(dir / "profile", "--screenshot='" + png.string() + "'", page) +
               " > /dev/null").c_str());
  REQUIRE(fs::exists(png));
  CHECK(fs::file_size(png) > 10000);
  std::string dom = capture(chromium(dir / "profile", "--dump-dom", page));
  CHECK(dom.find("id=\"" + marker + "\"") != std::string::npos);
  if (!rule.empty()) CHECK(dom.find("data-rule=\"" + rule + "\"") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace

TEST_CASE("html viewer: invalid schedule shows its first violation in headless chromium") {
  check_page("invalid-link-capacity-overload.json", "violation-marker", "link-capacity");
}

TEST_CASE("html viewer: valid schedule renders with the valid marker") {
  check_page("valid-sbt-broadcast-q3-all-port.json", "valid-marker", "");
}

}  // namespace schedcert_test_witnesses_html_test
