// Headless Chromium for the HTML viewer tests (html_test.cpp, viewer_test.cpp): run a command
// and capture its output, the chromium command line for a page (a fresh profile, no network
// services), and the attributes of the element the viewer's script writes its summary on.
#pragma once
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace schedcert::test {

inline std::string capture(const std::string& cmd) {
  std::string r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> b{};
  std::size_t n;
  while ((n = fread(b.data(), 1, b.size(), p)) > 0) r.append(b.data(), n);
  pclose(p);
  return r;
}

// `what` is --dump-dom or --screenshot=FILE; `url_tail` is appended to the file URL (#step=...).
inline std::string chromium(const std::filesystem::path& profile, const std::string& what,
                            const std::filesystem::path& page, const std::string& url_tail = "",
                            const std::string& window = "1000,800") {
  return "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
         "--disable-background-networking --disable-component-update --disable-sync "
         "--hide-scrollbars --user-data-dir='" + profile.string() + "' " + what +
         " --window-size=" + window + " 'file://" + page.string() + url_tail + "' 2>/dev/null";
}

// The value of attribute `name` on the first tag of the dumped DOM that has id="id"; "" if none.
inline std::string dom_attribute(const std::string& dom, const std::string& id,
                                 const std::string& name) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  const auto open = dom.rfind('<', at);
  const auto close = dom.find('>', at);
  const std::string tag = dom.substr(open, close - open);
  const auto a = tag.find(" " + name + "=\"");
  if (a == std::string::npos) return "";
  const auto v = a + name.size() + 3;
  return tag.substr(v, tag.find('"', v) - v);
}

}  // namespace schedcert::test
