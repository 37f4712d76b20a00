// Sizes, durations and bandwidths (see units.hpp): a number followed by a unit from a fixed
// table, parsed with std::from_chars (no locale), printed with 3 significant digits.
#include "schedules/units.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

#include "schedules/error.hpp"

namespace schedcert::schedules {

namespace {

using Table = std::vector<std::pair<const char*, double>>;

const Table& size_units() {
  static const Table t = {{"", 1},      {"B", 1},         {"KB", 1e3},      {"kB", 1e3},
                          {"MB", 1e6},  {"GB", 1e9},      {"TB", 1e12},     {"KiB", 1024.0},
                          {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0}};
  return t;
}
const Table& duration_units() {
  static const Table t = {{"", 1}, {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}};
  return t;
}
const Table& bandwidth_units() {
  static const Table t = {{"", 1},           {"B/s", 1},           {"KB/s", 1e3},
                          {"kB/s", 1e3},     {"MB/s", 1e6},        {"GB/s", 1e9},
                          {"TB/s", 1e12},    {"KiB/s", 1024.0},    {"MiB/s", 1048576.0},
                          {"GiB/s", 1073741824.0}, {"TiB/s", 1099511627776.0}};
  return t;
}

// A non-negative finite number followed by one unit of the table; nullopt-like NaN on failure.
double parse_with(const std::string& text, const Table& units) {
  std::size_t a = 0, b = text.size();
  while (a < b && text[a] == ' ') ++a;
  while (b > a && text[b - 1] == ' ') --b;
  const char* first = text.data() + a;
  const char* last = text.data() + b;
  if (first == last || *first == '+' || *first == '-') return NAN;
  double v = 0;
  auto [p, ec] = std::from_chars(first, last, v, std::chars_format::general);
  if (ec != std::errc() || !std::isfinite(v) || v < 0) return NAN;
  const std::string unit(p, last);
  std::string u = unit;
  if (!u.empty() && u.front() == ' ') u.erase(0, 1);
  for (const auto& [name, factor] : units)
    if (u == name) return v * factor;
  return NAN;
}

std::string sig3(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// The largest unit in which x is at least 1 after rounding to 3 digits (the smallest unit for
// tiny values; whole numbers beyond 1000 of the largest unit print without an exponent).
std::string engineering(double x, const Table& units_small_to_large, const char* zero) {
  if (x == 0) return zero;
  for (std::size_t k = units_small_to_large.size(); k-- > 0;) {
    const double v = x / units_small_to_large[k].second;
    const std::string txt = sig3(v);
    if (std::stod(txt) >= 1 || k == 0) {
      if (std::stod(txt) >= 1000) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return std::string(buf) + " " + units_small_to_large[k].first;
      }
      return txt + " " + units_small_to_large[k].first;
    }
  }
  return sig3(x);
}

}  // namespace

double parse_size(const std::string& text, const std::string& what) {
  const double v = parse_with(text, size_units());
  if (std::isnan(v) || v <= 0 || v > 1e18)
    throw InputError(what + ": '" + text +
                     "' is not a size in bytes (a positive number with an optional unit B, KB, MB, "
                     "GB, TB, KiB, MiB, GiB, TiB; e.g. 4096, 64KiB, 1MiB, 1GB)");
  return v;
}

double parse_duration(const std::string& text, const std::string& what) {
  const double v = parse_with(text, duration_units());
  if (std::isnan(v) || v > 1e6)
    throw InputError(what + ": '" + text +
                     "' is not a duration (a non-negative number with an optional unit s, ms, us, "
                     "ns; no unit = seconds; e.g. 0.3us, 2.6us)");
  return v;
}

double parse_bandwidth(const std::string& text, const std::string& what) {
  const double v = parse_with(text, bandwidth_units());
  if (std::isnan(v) || v <= 0 || v > 1e18)
    throw InputError(what + ": '" + text +
                     "' is not a bandwidth (a positive number of bytes per second with an optional "
                     "unit B/s, KB/s, MB/s, GB/s, TB/s, KiB/s, MiB/s, GiB/s; e.g. 25GB/s)");
  return v;
}

std::vector<double> parse_size_list(const std::string& text, const std::string& what) {
  std::vector<double> out;
  std::size_t at = 0;
  while (true) {
    const std::size_t comma = text.find(',', at);
    const std::string item = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    if (item.empty())
      throw InputError(what + ": empty size in '" + text + "' (give sizes separated by commas, e.g. 1MiB,64MiB,1GiB)");
    const double v = parse_size(item, what);
    for (double w : out)
      if (w == v) throw InputError(what + ": size '" + item + "' is given twice in '" + text + "'");
    out.push_back(v);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

std::string eng_seconds(double s) {
  static const Table t = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};
  return engineering(s, t, "0 s");
}

std::string eng_bytes(double b) {
  static const Table bin = {{"B", 1}, {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0},
                            {"TiB", 1099511627776.0}};
  static const Table dec = {{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}};
  auto whole = [&](const Table& t, std::size_t from, double limit) -> std::string {
    for (std::size_t k = t.size(); k > from; --k) {  // t[k - 1], largest first (no size_t wrap)
      const double v = b / t[k - 1].second;
      if (v >= 1 && v == std::floor(v) && v < limit) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f %s", v, t[k - 1].first);
        return buf;
      }
    }
    return "";
  };
  // Whole binary units ("64 MiB"), then whole decimal units ("1 MB" for --size 1MB), then bytes
  // below 1024, then binary units with 3 digits ("977 KiB").
  for (const std::string& s : {whole(bin, 1, 1024), whole(dec, 0, 1000), whole(bin, 0, 1024)})
    if (!s.empty()) return s;
  return engineering(b, bin, "0 B");
}

std::string eng_bandwidth(double bps) {
  static const Table t = {{"B/s", 1}, {"KB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}, {"TB/s", 1e12}};
  return engineering(bps, t, "0 B/s");
}

std::string format_sig3(double x) { return sig3(x); }

}  // namespace schedcert::schedules
