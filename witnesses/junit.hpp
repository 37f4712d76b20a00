// JUnit XML for CI systems (GitHub Actions test reporters, GitLab `artifacts:reports:junit`):
// one <testsuite name="schedcert">, one <testcase> per report (name = subject, classname =
// "schedcert." + paper or "schedcert.file"/"schedcert.bound", time = engine seconds). An Invalid
// report is a <failure>, Unknown and Disagreement are <error>s; the finding is the message and
// the report text goes to <system-out>. Only formats what the Report says.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::witnesses {

void write_junit(const std::vector<certify::Report>& rs, std::ostream& out,
                 const std::string& suite = "schedcert");
std::string xml_escape(const std::string& s);

}  // namespace schedcert::witnesses
