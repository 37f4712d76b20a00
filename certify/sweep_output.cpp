// The sweep's renderings: the verdict cell of a row and the JSON form (written and read back,
// so a saved sweep can be re-rendered). The sweep itself is in sweep.cpp; design note in sweep.hpp.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "certify/sweep.hpp"
#include "schedules/error.hpp"

namespace schedcert::certify {

using namespace schedcert::schedules;
std::string verdict_cell(const SweepRow& r) {
  switch (r.verdict) {
    case SweepVerdict::OptimalByBound: return "optimal by bound";
    case SweepVerdict::OptimalByProof: return "optimal by " + to_string(r.kind);
    case SweepVerdict::ShorterFound:
      return "SHORTER: " + std::to_string(r.shorter_steps.value_or(0)) + " steps (verified)";
    case SweepVerdict::Unknown:
      return "unknown, gap " + std::to_string(r.gap_lo) + ".." +
             (r.gap_hi ? std::to_string(*r.gap_hi) : std::string("?"));
    case SweepVerdict::Invalid: return "INVALID construction";
    case SweepVerdict::Error: return "ERROR";
  }
  return "?";
}

namespace {

using nlohmann::json;

template <class T>
json opt(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json row_json(const SweepRow& r) {
  json j{{"network", r.network}, {"model", r.model}, {"problem", r.problem},
         {"source", r.source}, {"steps", opt(r.steps)}, {"claimed_steps", opt(r.claimed_steps)},
         {"lower_bound", r.lower_bound}, {"verdict", to_string(r.verdict)},
         {"verdict_text", verdict_cell(r)}, {"certificate_kind", to_string(r.kind)},
         {"certificate", r.certificate}, {"gap_lo", r.gap_lo}, {"gap_hi", opt(r.gap_hi)},
         {"shorter_steps", opt(r.shorter_steps)}, {"seconds", r.seconds},
         {"cpu_seconds", r.cpu_seconds}};
  if (!r.sources.empty()) j["sources"] = r.sources;
  if (!r.witness_file.empty()) j["witness_file"] = r.witness_file;
  if (!r.smt2_file.empty()) j["smt2_file"] = r.smt2_file;
  if (!r.note.empty()) j["note"] = r.note;
  return j;
}

template <class E>
E enum_of(const std::string& s, std::initializer_list<E> all, const std::string& where) {
  for (E e : all)
    if (to_string(e) == s) return e;
  throw InputError(where + ": unknown value '" + s + "'");
}

template <class T>
std::optional<T> opt_of(const json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  return j[key].get<T>();
}

SweepRow row_of(const json& j, const std::string& where) {
  SweepRow r;
  r.network = j.at("network").get<std::string>();
  r.model = j.at("model").get<std::string>();
  r.problem = j.at("problem").get<std::string>();
  r.source = j.at("source").get<std::string>();
  r.steps = opt_of<std::uint64_t>(j, "steps");
  r.claimed_steps = opt_of<std::uint64_t>(j, "claimed_steps");
  r.lower_bound = j.at("lower_bound").get<std::uint64_t>();
  r.verdict = enum_of(j.at("verdict").get<std::string>(),
                      {SweepVerdict::OptimalByBound, SweepVerdict::OptimalByProof,
                       SweepVerdict::ShorterFound, SweepVerdict::Unknown, SweepVerdict::Invalid,
                       SweepVerdict::Error},
                      where + ".verdict");
  r.kind = enum_of(j.at("certificate_kind").get<std::string>(),
                   {CertificateKind::LowerBound, CertificateKind::Counting, CertificateKind::Unsat,
                    CertificateKind::Witness, CertificateKind::None},
                   where + ".certificate_kind");
  r.certificate = j.at("certificate").get<std::string>();
  r.gap_lo = j.at("gap_lo").get<std::uint64_t>();
  r.gap_hi = opt_of<std::uint64_t>(j, "gap_hi");
  r.shorter_steps = opt_of<std::uint64_t>(j, "shorter_steps");
  r.seconds = j.at("seconds").get<double>();
  r.cpu_seconds = j.at("cpu_seconds").get<double>();
  if (j.contains("sources")) r.sources = j["sources"].get<std::vector<Node>>();
  r.witness_file = j.value("witness_file", "");
  r.smt2_file = j.value("smt2_file", "");
  r.note = j.value("note", "");
  return r;
}

}  // namespace

void write_sweep_json(const std::vector<SweepRow>& rows, std::ostream& out,
                      const SweepOptions* opts) {
  const SweepSummary s = summarize(rows);
  json j{{"format", "schedcert-optimality-sweep"}, {"version", 1}};
  if (opts) {
    std::vector<std::string> ps, ms;
    for (auto k : opts->problems) ps.push_back(schedules::to_string(k));
    for (auto m : opts->models) ms.push_back(schedules::to_string(m));
    j["options"] = {{"networks", opts->networks}, {"problems", ps}, {"models", ms},
                    {"timeout_seconds", opts->timeout_ms / 1000.0}, {"max_extra", opts->max_extra}};
  }
  j["summary"] = {{"rows", s.rows}, {"closed", s.closed}, {"unknown", s.unknown},
                  {"findings", s.findings}, {"errors", s.errors}, {"seconds", s.seconds},
                  {"cpu_seconds", s.cpu_seconds}, {"exit_code", sweep_exit_code(rows)}};
  j["rows"] = json::array();
  for (const auto& r : rows) j["rows"].push_back(row_json(r));
  out << j.dump(1) << "\n";
}

std::vector<SweepRow> read_sweep_json(std::istream& in, const std::string& source) {
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw InputError(source + ": not JSON: " + e.what());
  }
  if (!j.is_object() || j.value("format", "") != "schedcert-optimality-sweep")
    throw InputError(source + ": format: not a schedcert-optimality-sweep file");
  std::vector<SweepRow> rows;
  const auto& rs = j.contains("rows") ? j["rows"] : json::array();
  for (std::size_t i = 0; i < rs.size(); ++i) {
    const std::string where = source + ": rows[" + std::to_string(i) + "]";
    try {
      rows.push_back(row_of(rs[i], where));
    } catch (const json::exception& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  return rows;
}

}  // namespace schedcert::certify
