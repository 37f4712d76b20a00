// Design note: see manifest.hpp.
#include "certify/manifest.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "encodings/alpha/leaf_bound.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/io/input_text.hpp"
#include "schedules/io/schedule_json.hpp"
#include "verifier/bounds.hpp"
#include "schedules/budget/budget.hpp"

namespace schedcert::certify {

using nlohmann::json;

namespace {

struct Ctx {
  std::string where;  // "file: jobs[3]"
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const {
    throw InputError(where + "." + key + ": " + msg);
  }
};

std::string get_string(const json& j, const char* key, const Ctx& c) {
  if (!j[key].is_string()) c.fail(key, "expected a string");
  return j[key].get<std::string>();
}

std::uint64_t get_uint(const json& j, const char* key, const Ctx& c) {
  if (!j[key].is_number_unsigned()) c.fail(key, "expected a non-negative integer");
  return j[key].get<std::uint64_t>();
}

// get_uint narrowed to T without wrapping (issue 13: "root": 4294967296 became node 0).
template <class T>
T get_small(const json& j, const char* key, const Ctx& c) {
  return checked_cast<T>(get_uint(j, key, c), c.where + "." + key);
}

void check_keys(const json& j, std::initializer_list<const char*> allowed, const Ctx& c) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool ok = false;
    for (const char* a : allowed) ok = ok || it.key() == a;
    if (!ok) c.fail(it.key(), "unknown key");
  }
}

ManifestJob parse_job(const json& j, const Ctx& c, const std::string& base_dir) {
  if (!j.is_object()) throw InputError(c.where + ": expected an object");
  ManifestJob job;
  if (j.contains("engine")) job.engine = get_string(j, "engine", c);
  if (j.contains("timeout")) {
    if (!j["timeout"].is_number() || j["timeout"].get<double>() <= 0)
      c.fail("timeout", "expected a positive number of seconds");
    job.timeout_seconds = j["timeout"].get<double>();
  }
  if (j.contains("construction")) {
    check_keys(j, {"construction", "dim", "radix", "network", "model", "root", "messages",
                   "packet_items", "variant", "engine", "timeout"}, c);
    job.kind = ManifestJob::Kind::Construction;
    job.construction = get_string(j, "construction", c);
    if (!j.contains("dim")) c.fail("dim", "required with construction");
    job.params.dim = get_small<int>(j, "dim", c);
    if (j.contains("radix")) job.params.radix = get_small<int>(j, "radix", c);
    if (j.contains("network")) job.params.network = get_string(j, "network", c);
    if (j.contains("model")) job.model = get_string(j, "model", c);
    if (j.contains("root")) job.params.root = get_small<schedules::Node>(j, "root", c);
    if (j.contains("messages")) job.params.messages = get_small<std::uint32_t>(j, "messages", c);
    if (j.contains("packet_items"))
      job.params.packet_items = get_small<std::uint32_t>(j, "packet_items", c);
    if (j.contains("variant")) job.params.variant = get_string(j, "variant", c);
  } else if (j.contains("file")) {
    check_keys(j, {"file", "engine", "timeout"}, c);
    job.kind = ManifestJob::Kind::File;
    std::filesystem::path p = get_string(j, "file", c);
    job.file = p.is_absolute() || base_dir.empty() ? p.string() : (std::filesystem::path(base_dir) / p).string();
  } else if (j.contains("bound")) {
    check_keys(j, {"bound"}, c);
    job.kind = ManifestJob::Kind::Bound;
    const json& b = j["bound"];
    Ctx bc{c.where + ".bound"};
    if (!b.is_object()) c.fail("bound", "expected an object");
    check_keys(b, {"network", "model", "problem", "root", "messages", "packet_items", "sources",
                   "expect_steps", "expect_transmissions"}, bc);
    if (!b.contains("network")) bc.fail("network", "required");
    if (!b.contains("problem")) bc.fail("problem", "required");
    job.network = get_string(b, "network", bc);
    job.problem = get_string(b, "problem", bc);
    job.model = b.contains("model") ? get_string(b, "model", bc) : "all-port";
    auto& p = job.bound_problem;
    p.kind = schedules::parse_problem_kind(job.problem);
    if (b.contains("root")) p.root = get_small<schedules::Node>(b, "root", bc);
    if (b.contains("messages")) p.messages = get_small<std::uint32_t>(b, "messages", bc);
    if (b.contains("packet_items")) p.packet_items = get_small<std::uint32_t>(b, "packet_items", bc);
    if (b.contains("sources")) {
      if (!b["sources"].is_array()) bc.fail("sources", "expected an array of nodes");
      for (const auto& s : b["sources"]) {
        if (!s.is_number_unsigned()) bc.fail("sources", "expected an array of nodes");
        p.sources.push_back(checked_cast<schedules::Node>(s.get<std::uint64_t>(), bc.where + ".sources"));
      }
    }
    if (b.contains("expect_steps")) job.expect_steps = get_uint(b, "expect_steps", bc);
    if (b.contains("expect_transmissions"))
      job.expect_transmissions = get_uint(b, "expect_transmissions", bc);
  } else {
    throw InputError(c.where + ": a job needs \"construction\", \"file\" or \"bound\"");
  }
  return job;
}

CheckOptions options(const ManifestJob& j) {
  CheckOptions o;
  o.engines = parse_engines(j.engine);
  if (j.engine == "auto") o.smt_auto_limit = 4000;
  o.smt_timeout_ms = schedules::budget::seconds_to_ms(j.timeout_seconds);
  return o;
}

std::string subject(const ManifestJob& j) {
  switch (j.kind) {
    case ManifestJob::Kind::Construction: {
      // As certify_construction names the row (construction_subject), when the job is sound
      // enough to name it so; otherwise what the manifest says.
      try {
        const auto& c = schedules::Registry::instance().find(j.construction);
        schedules::Params p = j.params;
        p.model = j.model.empty() ? c.models.front() : schedules::parse_model(j.model);
        return construction_subject(c, p);
      } catch (const InputError&) {
        return j.construction + " --dim " + std::to_string(j.params.dim) +
               (j.model.empty() ? "" : " --model " + j.model);
      }
    }
    case ManifestJob::Kind::File:
      // The name of its report and JUnit test, normalised ("docs/examples/../../tests/x.json" ->
      // "tests/x.json"); the file itself is opened by the path as written, which follows symlinks.
      return std::filesystem::path(j.file).lexically_normal().string();
    case ManifestJob::Kind::Bound:
      return "bound " + j.network + " " + j.model + " " + j.problem;
  }
  return "";
}

Report run_bound(const ManifestJob& j) {
  Report r;
  r.subject = subject(j);
  auto net = schedules::Network::parse(j.network);
  auto model = schedules::parse_model(j.model);
  j.bound_problem.validate(net);
  r.network = net.name();
  r.model = to_string(model);
  r.problem = j.bound_problem.describe();
  r.bounds = encodings::alpha::best_lower_bounds(net, model, j.bound_problem);
  r.outcome = Outcome::Valid;
  r.finding = "lower bounds: steps >= " + std::to_string(r.bounds.steps.value) +
              ", transmissions >= " + std::to_string(r.bounds.transmissions.value);
  if (j.expect_steps && *j.expect_steps != r.bounds.steps.value) {
    r.outcome = Outcome::Invalid;
    r.finding += "; expected steps bound " + std::to_string(*j.expect_steps);
  }
  if (j.expect_transmissions && *j.expect_transmissions != r.bounds.transmissions.value) {
    r.outcome = Outcome::Invalid;
    r.finding += "; expected transmissions bound " + std::to_string(*j.expect_transmissions);
  }
  return r;
}

Report run_job(const ManifestJob& j) {
  switch (j.kind) {
    case ManifestJob::Kind::Construction: {
      const auto& c = schedules::Registry::instance().find(j.construction);
      schedules::Params p = j.params;
      p.model = j.model.empty() ? c.models.front() : schedules::parse_model(j.model);
      return certify_construction(c, p, options(j));
    }
    case ManifestJob::Kind::File: {
      auto f = schedules::io::read_schedule_file(j.file);
      Report r = check_schedule(f.schedule, options(j));
      r.subject = subject(j);  // the path, normalised (issue 29: JUnit and JSON had "a/../b")
      r.file = r.subject;
      return r;
    }
    case ManifestJob::Kind::Bound:
      return run_bound(j);
  }
  return {};
}

}  // namespace

Manifest parse_manifest(std::string_view text, const std::string& source_name,
                        const std::string& base_dir) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(source_name + ": not JSON: " + e.what());
  }
  Ctx top{source_name};
  if (!doc.is_object()) throw InputError(source_name + ": expected an object with \"jobs\"");
  if (doc.value("format", json()) == "schedcert-schedule")
    throw InputError(source_name + ": this is a schedule file, not a ci manifest: check it with "
                     "`schedcert verify " + source_name + "`, or list it in a manifest's jobs as "
                     "{\"file\": \"" + source_name + "\"} (docs/ci.md)");
  check_keys(doc, {"format", "version", "jobs"}, top);
  if (doc.contains("format") && doc["format"] != "schedcert-ci")
    top.fail("format", "expected \"schedcert-ci\"");
  if (doc.contains("version") && doc["version"] != 1) top.fail("version", "expected 1");
  if (!doc.contains("jobs") || !doc["jobs"].is_array()) top.fail("jobs", "expected an array");
  Manifest m;
  for (std::size_t i = 0; i < doc["jobs"].size(); ++i)
    m.jobs.push_back(parse_job(doc["jobs"][i],
                               Ctx{source_name + ": jobs[" + std::to_string(i) + "]"}, base_dir));
  return m;
}

Manifest read_manifest(const std::string& path) {
  // Bounded by --max-input-bytes (schedules/io/input_text.hpp).
  return parse_manifest(schedules::io::read_json_input(path), path,
                        std::filesystem::path(path).parent_path().string());
}

std::vector<Report> run_manifest(const Manifest& m, std::ostream* log) {
  std::vector<Report> rs;
  for (std::size_t i = 0; i < m.jobs.size(); ++i) {
    const auto& j = m.jobs[i];
    if (log) *log << "ci [" << i + 1 << "/" << m.jobs.size() << "] " << subject(j) << "\n";
    try {
      rs.push_back(run_job(j));
    } catch (const InputError& e) {
      Report r;
      r.subject = subject(j);
      r.outcome = Outcome::Invalid;
      r.input_error = true;
      r.finding = std::string("job failed to run: ") + e.what();
      rs.push_back(std::move(r));
    }
  }
  return rs;
}

}  // namespace schedcert::certify
