// Design note: see junit.hpp.
#include "witnesses/junit.hpp"

#include <cstdio>
#include <ostream>
#include <sstream>

#include "witnesses/report.hpp"

namespace schedcert::witnesses {

std::string xml_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    switch (c) {
      case '&': r += "&amp;"; break;
      case '<': r += "&lt;"; break;
      case '>': r += "&gt;"; break;
      case '"': r += "&quot;"; break;
      case '\'': r += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') r += ' ';
        else r += c;
    }
  }
  return r;
}

namespace {
std::string seconds(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", s);
  return b;
}
}  // namespace

void write_junit(const std::vector<certify::Report>& rs, std::ostream& out,
                 const std::string& suite) {
  std::size_t failures = 0, errors = 0, skipped = 0;
  double total = 0;
  for (const auto& r : rs) {
    for (const auto& run : r.runs) total += run.seconds;
    if (r.expected) {  // a declared finding: reported, not a failure
      ++skipped;
      continue;
    }
    if (r.outcome == certify::Outcome::Invalid && !r.input_error) ++failures;
    if (r.outcome == certify::Outcome::Unknown || r.outcome == certify::Outcome::Disagreement ||
        r.input_error)
      ++errors;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\""
      << xml_escape(suite) << "\" tests=\"" << rs.size() << "\" failures=\"" << failures
      << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\"" << seconds(total) << "\">\n";
  for (const auto& r : rs) {
    double t = 0;
    for (const auto& run : r.runs) t += run.seconds;
    std::string cls = !r.paper.empty()   ? r.paper
                      : r.runs.empty()   ? std::string("bound")
                                         : std::string("file");
    out << "  <testcase classname=\"schedcert." << xml_escape(cls) << "\" name=\""
        << xml_escape(r.subject) << "\" time=\"" << seconds(t) << "\">\n";
    const std::string outcome =
        r.input_error ? std::string("input-error") : certify::to_string(r.outcome);
    if (r.expected)
      out << "    <skipped message=\"" << xml_escape("expected finding (" + outcome + "): " +
                                                    r.expected->reason + "; see " + r.expected->docs)
          << "\"/>\n";
    else if (r.outcome == certify::Outcome::Invalid && !r.input_error)
      out << "    <failure type=\"" << outcome << "\" message=\"" << xml_escape(r.finding)
          << "\"/>\n";
    else if (r.outcome != certify::Outcome::Valid)
      out << "    <error type=\"" << outcome << "\" message=\"" << xml_escape(r.finding)
          << "\"/>\n";
    std::ostringstream text;
    if (r.runs.empty())  // a bound job or a job that could not run: no schedule to describe
      text << r.subject << "\n  " << r.finding << "\n";
    else
      write_report_text(r, text);
    out << "    <system-out>" << xml_escape(text.str()) << "</system-out>\n  </testcase>\n";
  }
  out << "</testsuite>\n</testsuites>\n";
}

}  // namespace schedcert::witnesses
