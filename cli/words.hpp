// Counts and durations as the command line prints them in sentences (issue 29: "1 steps",
// "8.3798e-05 s"): "1 step", "2 steps"; seconds with three decimals (one from 10 s on).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace schedcert::cli {

// "1 step", "0 steps", "12 transmissions" (plural: singular + "s" unless given).
inline std::string count_of(std::uint64_t n, const std::string& singular,
                            const std::string& plural = "") {
  return std::to_string(n) + " " + (n == 1 ? singular : plural.empty() ? singular + "s" : plural);
}

// "0.000 s" below a millisecond is "< 0.001 s"; "1.234 s"; "123.4 s".
inline std::string seconds_text(double s) {
  if (s < 0.0005) return "< 0.001 s";
  char b[40];
  std::snprintf(b, sizeof b, s < 10 ? "%.3f s" : "%.1f s", s);
  return b;
}

}  // namespace schedcert::cli
