// Design note: see expected.hpp. Matching uses POSIX fnmatch(3), as shells do.
#include "certify/expected.hpp"

#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "schedules/error.hpp"
#include "schedules/io/input_text.hpp"

namespace schedcert::certify {

using json = nlohmann::json;

namespace {

std::string rule_of(const Report& r) {
  return r.violation ? verifier::to_string(r.violation->rule) : std::string();
}

std::string required_string(const json& e, const char* key, const std::string& where) {
  if (!e.contains(key)) throw InputError(where + "." + key + ": missing");
  if (!e[key].is_string()) throw InputError(where + "." + key + ": expected a string");
  std::string s = e[key].get<std::string>();
  if (s.empty()) throw InputError(where + "." + key + ": must not be empty");
  return s;
}

}  // namespace

bool ExpectedFindings::apply(Report& r) const {
  const bool failing =
      !r.input_error && (r.outcome == Outcome::Invalid || r.outcome == Outcome::Unknown);
  for (const auto& e : entries) {
    if (fnmatch(e.subject.c_str(), r.subject.c_str(), 0) != 0) continue;
    ++e.seen;
    if (!failing || e.outcome != r.outcome || (!e.rule.empty() && e.rule != rule_of(r))) {
      if (e.unmarked.empty())
        e.unmarked = r.subject + ": " +
                     (r.input_error ? std::string("could not run") : to_string(r.outcome)) +
                     (r.violation ? " (" + rule_of(r) + ")" : std::string());
      continue;
    }
    r.expected = Expectation{e.reason, e.docs};
    ++e.matched;
    return true;
  }
  return false;
}

std::string ExpectedFindings::stale_notes() const {
  std::string s;
  for (const auto& e : entries) {
    if (e.matched > 0) continue;
    if (e.seen == 0)
      s += "note: " + source + ": expected finding not checked by this run: '" + e.subject +
           "' matches none of its rows\n";
    else
      s += "note: " + source + ": expected finding did not occur: '" + e.subject + "' (" +
           e.reason + "; " + e.docs + "); its row " + e.unmarked + "\n";
  }
  return s;
}

ExpectedFindings parse_expected_findings(std::string_view text, const std::string& source) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(source + ": not JSON: " + e.what());
  }
  if (!doc.is_object()) throw InputError(source + ": expected an object with \"findings\"");
  for (const auto& [key, value] : doc.items()) {
    (void)value;
    if (key != "format" && key != "version" && key != "findings")
      throw InputError(source + ": unknown key \"" + key +
                       "\" (expected format, version, findings)");
  }
  if (doc.value("format", std::string()) != "schedcert-expected-findings")
    throw InputError(source + ": format: expected \"schedcert-expected-findings\"");
  if (doc.contains("version") && doc["version"] != 1)
    throw InputError(source + ": version: expected 1");
  if (!doc.contains("findings") || !doc["findings"].is_array())
    throw InputError(source + ": findings: expected an array");
  ExpectedFindings f;
  f.source = source;
  for (std::size_t i = 0; i < doc["findings"].size(); ++i) {
    const json& e = doc["findings"][i];
    const std::string where = source + ": findings[" + std::to_string(i) + "]";
    if (!e.is_object()) throw InputError(where + ": expected an object");
    for (const auto& [key, value] : e.items()) {
      (void)value;
      if (key != "subject" && key != "outcome" && key != "rule" && key != "reason" && key != "docs")
        throw InputError(where + ": unknown key \"" + key +
                         "\" (expected subject, outcome, rule, reason, docs)");
    }
    ExpectedFinding x;
    x.subject = required_string(e, "subject", where);
    x.reason = required_string(e, "reason", where);
    x.docs = required_string(e, "docs", where);
    if (e.contains("outcome")) {
      const std::string o = required_string(e, "outcome", where);
      if (o == "invalid") x.outcome = Outcome::Invalid;
      else if (o == "unknown") x.outcome = Outcome::Unknown;
      else throw InputError(where + ".outcome: '" + o + "' (expected \"invalid\" or \"unknown\")");
    }
    if (e.contains("rule")) {
      x.rule = required_string(e, "rule", where);
      try {
        (void)verifier::parse_rule(x.rule);
      } catch (const InputError& err) {
        throw InputError(where + ".rule: " + err.what());
      }
    }
    f.entries.push_back(std::move(x));
  }
  return f;
}

ExpectedFindings read_expected_findings(const std::string& path) {
  return parse_expected_findings(schedules::io::read_json_input(path), path);
}

}  // namespace schedcert::certify
