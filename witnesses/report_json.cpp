#include <nlohmann/json.hpp>
#include <ostream>

#include "witnesses/report.hpp"

namespace schedcert::witnesses {

using nlohmann::json;

namespace {

json violation_json(const verifier::Violation& v) {
  json j{{"rule", verifier::to_string(v.rule)}, {"message", v.message}, {"item", v.item},
         {"node", v.node}};
  if (v.step >= 0) j["step"] = v.step + 1;
  if (v.transmission >= 0) {
    j["transmission"] = v.transmission;
    j["from"] = v.from;
    j["to"] = v.to;
  }
  return j;
}

json bound_json(const verifier::Bound& b) { return {{"value", b.value}, {"argument", b.argument}}; }

json report_json(const certify::Report& r) {
  json engines = json::array();
  for (const auto& run : r.runs) {
    json e{{"engine", certify::to_string(run.engine)}, {"seconds", run.seconds}};
    if (run.verdict) {
      e["verdict"] = run.verdict->valid ? "valid" : "invalid";
      if (run.verdict->violation) e["violation"] = violation_json(*run.verdict->violation);
    } else {
      e["verdict"] = "unknown";
      e["reason"] = run.unknown_reason;
    }
    engines.push_back(e);
  }
  const auto& m = r.metrics;
  json j{{"subject", r.subject},
         {"network", r.network},
         {"model", r.model},
         {"problem", r.problem},
         {"engines", engines},
         {"outcome", r.input_error ? std::string("input-error") : certify::to_string(r.outcome)},
         {"metrics",
          {{"steps", m.steps},
           {"transmissions", m.transmissions},
           {"item_transmissions", m.item_transmissions},
           {"max_link_load", m.max_link_load},
           {"directed_links", m.directed_links},
           {"link_utilisation", m.link_utilisation}}},
         {"lower_bounds",
          {{"steps", bound_json(r.bounds.steps)},
           {"transmissions", bound_json(r.bounds.transmissions)}}},
         {"meets_step_bound", r.steps_meet_bound()},
         {"meets_transmission_bound", r.transmissions_meet_bound()}};
  if (!r.construction.empty()) {
    j["construction"] = {{"name", r.construction}, {"paper", r.paper}, {"section", r.section},
                         {"dim", r.dim}};
    if (r.claimed_steps) j["construction"]["claimed_steps"] = *r.claimed_steps;
    if (r.claimed_transmissions) j["construction"]["claimed_transmissions"] = *r.claimed_transmissions;
  }
  if (r.violation) j["violation"] = violation_json(*r.violation);
  if (!r.finding.empty()) j["finding"] = r.finding;
  if (r.expected) j["expected_finding"] = {{"reason", r.expected->reason}, {"docs", r.expected->docs}};
  return j;
}

}  // namespace

void write_report_json(const std::vector<certify::Report>& rs, std::ostream& out) {
  json reports = json::array();
  for (const auto& r : rs) reports.push_back(report_json(r));
  const int code = exit_code(rs);
  json doc{{"schema", "schedcert-report"},
           {"version", 1},
           {"tool_version", SCHEDCERT_VERSION},
           {"reports", reports},
           {"outcome", code == 2 ? std::string("input-error")
                                 : certify::to_string(static_cast<certify::Outcome>(code))},
           {"exit_code", code}};
  out << doc.dump(2) << "\n";
}

}  // namespace schedcert::witnesses
