// Physical quantities on the command line and in graph files: sizes in bytes, durations in
// seconds, bandwidths in bytes per second; and their printing in engineering units.
//
// Parsing is strict and names the option (or the file position) it reads for: `what` prefixes
// every InputError, e.g. "--size: '12XB' is not a size (...)". Units are case-sensitive because
// b (bit) and B (byte) differ: sizes take B, KB, MB, GB, TB (powers of 1000), KiB, MiB, GiB, TiB
// (powers of 1024) or no unit (bytes); durations take s, ms, us, ns or no unit (seconds);
// bandwidths take B/s, KB/s, MB/s, GB/s, TB/s, KiB/s .. TiB/s or no unit (bytes per second).
// Printing keeps 3 significant digits with the unit that puts the number in [1, 1000):
// 8.38e-05 s prints "83.8 us"; sizes print as whole binary units when exact ("64 MiB"), else as
// whole decimal units when exact ("1 MB"), else in binary units with 3 digits ("977 KiB").
#pragma once
#include <string>
#include <vector>

namespace schedcert::schedules {

double parse_size(const std::string& text, const std::string& what);       // bytes, > 0
double parse_duration(const std::string& text, const std::string& what);   // seconds, >= 0
double parse_bandwidth(const std::string& text, const std::string& what);  // bytes/s, > 0
// "1MiB,64MiB,1GiB" -> sizes in the order given; duplicates and empty items are errors.
std::vector<double> parse_size_list(const std::string& text, const std::string& what);

std::string eng_seconds(double s);         // "83.8 us", "1.25 ms", "2.01 s", "0 s"
std::string eng_bytes(double b);           // "64 MiB", "1 MB", "1.5 KiB", "977 KiB"
std::string eng_bandwidth(double bps);     // "21.7 GB/s"
std::string format_sig3(double x);            // 3 significant digits, no exponent for [1e-3, 1e6)

}  // namespace schedcert::schedules
