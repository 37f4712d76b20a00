// Loading, checking and tabulating for `schedcert cost FILE...` (see cost_files.hpp).
#include "certify/cost_files.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "encodings/alpha/leaf_bound.hpp"
#include "interop/msccl_collective.hpp"
#include "interop/msccl_convert.hpp"
#include "interop/msccl_dataflow.hpp"
#include "interop/msccl_ir.hpp"
#include "interop/msccl_schedule.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/units.hpp"
#include "verifier/native.hpp"
#include "verifier/time_bounds.hpp"

namespace schedcert::certify {

namespace {

bool is_xml(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".xml";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Costs a schedule that verify_native accepted.
void cost_schedule(const schedules::Schedule& s, const CostFileOptions& o, CostFileResult& r) {
  const auto& net = s.network();
  r.network = net.name();
  r.model = schedules::to_string(s.model());
  r.problem = s.problem().describe();
  r.steps = s.num_steps();
  r.transmissions = s.num_transmissions();
  const verifier::LinkTimes links(net, o.links);
  r.classes = links.classes();
  const verifier::LowerBounds lb = encodings::alpha::best_lower_bounds(net, s.model(), s.problem());
  r.step_lower_bound = lb.steps.value;
  verifier::TimeBoundInput in;
  in.model = s.model();
  in.problem = s.problem();
  in.step_lower_bound = lb.steps.value;
  in.step_argument = lb.steps.argument;
  const verifier::TimeBounds bounds(links, in, o.timing);
  const std::uint64_t n = net.num_nodes();
  for (double size : o.sizes) {
    CostPoint p;
    p.size = size;
    p.item_bytes = verifier::item_bytes(s.problem(), n, size);
    p.predicted = verifier::predict_time(s, links, o.timing, size).seconds;
    const verifier::TimeBound b = bounds.at(size);
    p.bound = b.seconds;
    p.latency_bound = b.latency_part;
    p.bandwidth_bound = b.bandwidth_part;
    p.latency_argument = b.latency_argument;
    p.bandwidth_argument = b.bandwidth_argument;
    // The bound is a theorem about every valid schedule; a prediction below it is a bug here.
    if (p.bound > p.predicted * (1 + 1e-9))
      throw std::logic_error("cost: the lower bound " + schedules::eng_seconds(p.bound) +
                             " exceeds the predicted " + schedules::eng_seconds(p.predicted) +
                             " for " + r.path);
    r.points.push_back(p);
  }
  r.valid = true;
}

void load_schedule(const std::string& path, const CostFileOptions& o, CostFileResult& r) {
  r.kind = "schedule";
  const schedules::io::ScheduleFile f = schedules::io::read_schedule_file(path);
  const verifier::Verdict v = verifier::verify_native(f.schedule);
  if (!v.valid) {
    r.violation = "the native verifier rejects the schedule: " + v.violation->message;
    return;
  }
  r.checks.push_back("verified by the native verifier");
  cost_schedule(f.schedule, o, r);
}

void load_msccl(const std::string& path, const CostFileOptions& o, CostFileResult& r) {
  using namespace interop;
  r.kind = "msccl";
  MscclAlgo a = read_msccl_file(path);
  const std::string resolved = resolve_collective(a, "", -1);
  if (!resolved.empty()) r.notes.push_back(resolved);
  const MscclRounds rounds = derive_rounds(a);
  if (!rounds.hangs.empty()) {
    r.violation = "progress: the program hangs on the msccl runtime: " + rounds.hangs.front();
    return;
  }
  const DataflowReport d = check_dataflow(a, rounds);
  if (!d.valid) {
    r.violation = "data flow: " + (d.violations.empty() ? std::string("invalid") : d.violations.front());
    return;
  }
  r.checks.push_back("MSCCL-IR progress and data flow checked by the importer (" + a.coll + ", " +
                     std::to_string(a.ngpus) + " gpus, " + std::to_string(rounds.rounds) +
                     " as-soon-as-possible rounds)");
  std::string spec = o.network;
  if (spec.empty()) {
    if (a.ngpus == 8 && lower(a.name).find("dgx1") != std::string::npos) {
      spec = "dgx1";
      r.notes.push_back("network dgx1: the algo's name says DGX1 (--network to choose another)");
    } else {
      spec = "K" + std::to_string(a.ngpus);
      r.notes.push_back("network " + spec + ": a direct link between every two gpus (the default for an "
                        "MSCCL-IR file; --network to choose another)");
    }
  }
  if (a.proto != "Simple")
    r.notes.push_back("protocol " + a.proto + " is not modelled: links run at their full bandwidth");
  const schedules::Network net = schedules::Network::parse(spec);
  const Conversion c = to_schedcert(a, rounds, d, net, schedules::parse_model(o.model));
  if (!c.schedule) throw InputError(path + ": no schedcert schedule to cost: " + c.why_not);
  const verifier::Verdict v = verifier::verify_native(*c.schedule);
  if (!v.valid) {
    r.violation = "its rounds on " + net.name() + " " + o.model +
                  " are rejected by the native verifier: " + v.violation->message;
    return;
  }
  r.checks.push_back("its rounds on " + net.name() + " " + o.model + " verified by the native verifier");
  cost_schedule(*c.schedule, o, r);
}

}  // namespace

CostFileResult cost_file(const std::string& path, const CostFileOptions& o) {
  CostFileResult r;
  r.path = path;
  if (is_xml(path))
    load_msccl(path, o, r);
  else
    load_schedule(path, o, r);
  return r;
}

std::string format_cost_text(const std::vector<CostFileResult>& results, const CostFileOptions& o) {
  using schedules::eng_bytes;
  using schedules::eng_seconds;
  std::ostringstream out;
  out << "timing model: " << verifier::to_string(o.timing)
      << (o.timing == verifier::Timing::Synchronised
              ? " (each step lasts as long as its slowest link; --timing asap for as soon as possible)"
              : " (a transfer starts when its data has arrived and its link and ports are free)")
      << "; a transfer of b bytes on a link takes latency + b / bandwidth\n";
  for (const auto& r : results) {
    out << "\n" << r.path << ":";
    if (!r.valid) {
      out << " INVALID: " << r.violation << "\n";
      continue;
    }
    auto n_of = [](std::uint64_t k, const char* word) {
      return std::to_string(k) + " " + word + (k == 1 ? "" : "s");
    };
    out << " " << r.network << " " << r.model << " " << r.problem << ", " << n_of(r.steps, "step")
        << " (at least " << r.step_lower_bound << "), " << n_of(r.transmissions, "transmission") << "\n";
    for (const auto& c : r.checks) out << "  checked: " << c << "\n";
    for (const auto& n : r.notes) out << "  note: " << n << "\n";
    for (const auto& c : r.classes)
      out << "  links " << c.name << ": latency " << eng_seconds(c.latency) << ", bandwidth "
          << schedules::eng_bandwidth(c.bandwidth) << " per link (" << c.source << ")\n";
    out << "  " << std::left;
    const int w = 12;
    auto col = [&](const std::string& s) {
      out << s << std::string(s.size() < static_cast<std::size_t>(w) ? w - s.size() : 1, ' ');
    };
    col("size");
    col("item");
    col("predicted");
    col("lower bound");
    col("ratio");
    out << "bound from\n";
    for (const auto& p : r.points) {
      out << "  ";
      col(eng_bytes(p.size));
      col(eng_bytes(p.item_bytes));
      col(eng_seconds(p.predicted));
      col(eng_seconds(p.bound));
      col(p.bound > 0 ? schedules::format_sig3(p.predicted / p.bound) : "-");
      out << "latency " << eng_seconds(p.latency_bound) << " [" << p.latency_argument << "]; bandwidth "
          << eng_seconds(p.bandwidth_bound) << " [" << p.bandwidth_argument << "]\n";
    }
  }
  return out.str();
}

std::string cost_json(const std::vector<CostFileResult>& results, const CostFileOptions& o) {
  nlohmann::ordered_json j;
  j["timing"] = verifier::to_string(o.timing);
  j["sizes"] = o.sizes;
  j["files"] = nlohmann::ordered_json::array();
  for (const auto& r : results) {
    nlohmann::ordered_json f;
    f["file"] = r.path;
    f["kind"] = r.kind;
    f["valid"] = r.valid;
    if (!r.valid) {
      f["violation"] = r.violation;
      j["files"].push_back(f);
      continue;
    }
    f["network"] = r.network;
    f["model"] = r.model;
    f["problem"] = r.problem;
    f["steps"] = r.steps;
    f["step_lower_bound"] = r.step_lower_bound;
    f["transmissions"] = r.transmissions;
    f["checks"] = r.checks;
    f["notes"] = r.notes;
    f["links"] = nlohmann::ordered_json::array();
    for (const auto& c : r.classes)
      f["links"].push_back({{"class", c.name}, {"latency_s", c.latency}, {"bandwidth_Bps", c.bandwidth}, {"source", c.source}});
    f["points"] = nlohmann::ordered_json::array();
    for (const auto& p : r.points)
      f["points"].push_back({{"size_bytes", p.size},
                             {"item_bytes", p.item_bytes},
                             {"predicted_s", p.predicted},
                             {"bound_s", p.bound},
                             {"ratio", p.bound > 0 ? p.predicted / p.bound : 0.0},
                             {"latency_bound_s", p.latency_bound},
                             {"bandwidth_bound_s", p.bandwidth_bound},
                             {"latency_argument", p.latency_argument},
                             {"bandwidth_argument", p.bandwidth_argument}});
    j["files"].push_back(f);
  }
  return j.dump(2) + "\n";
}

}  // namespace schedcert::certify
