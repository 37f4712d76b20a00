// The HTML viewer (witnesses/html.hpp, `schedcert render`) in headless Chromium: a page for a
// valid and an invalid schedule renders to a non-trivial PNG, and after the scripts ran the DOM
// holds the verdict marker (violation-marker with the right rule, or valid-marker).
// FAILS when chromium is missing (Debian package: chromium).
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "schedules/schedule_json.hpp"
#include "verifier/native.hpp"
#include "witnesses/html.hpp"

namespace fs = std::filesystem;
using namespace schedcert;

namespace {

std::string capture(const std::string& cmd) {
  std::string r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> b{};
  std::size_t n;
  while ((n = fread(b.data(), 1, b.size(), p)) > 0) r.append(b.data(), n);
  pclose(p);
  return r;
}

std::string chromium(const fs::path& profile, const std::string& what, const fs::path& page) {
  return "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
         "--disable-background-networking --disable-component-update --disable-sync "
         "--user-data-dir='" + profile.string() + "' " + what +
         " --window-size=1000,800 'file://" + page.string() + "' 2>/dev/null";
}

void check_page(const std::string& fixture, const std::string& marker, const std::string& rule) {
  INFO("fixture: " << fixture);
  REQUIRE_MESSAGE(std::system("command -v chromium > /dev/null 2>&1") == 0,
                  "chromium missing: apt-get install chromium (needed by the HTML viewer test)");
  auto s = schedules::read_schedule_file(std::string(SCHEDCERT_TEST_DIR) +
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
