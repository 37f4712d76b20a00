// The optimality sweep: design note in sweep.hpp. construction_rows() finds and certifies the
// registered constructions of one combination, synthesis_row() walks T upwards when there are
// none, the renderings (verdict cells, JSON) are in sweep_output.cpp.
#include "certify/sweep.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

#include "encodings/alpha/leaf_bound.hpp"
#include "certify/known_schedules.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"

namespace schedcert::certify {

std::vector<schedules::ProblemKind> default_sweep_problems() {
  std::vector<schedules::ProblemKind> v;
  for (schedules::ProblemKind k : schedules::all_problem_kinds())
    if (k != schedules::ProblemKind::Allreduce) v.push_back(k);
  return v;
}

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;

std::string to_string(SweepVerdict v) {
  switch (v) {
    case SweepVerdict::OptimalByBound: return "optimal by bound";
    case SweepVerdict::OptimalByProof: return "optimal by proof";
    case SweepVerdict::ShorterFound: return "shorter schedule found";
    case SweepVerdict::Unknown: return "unknown";
    case SweepVerdict::Invalid: return "construction invalid";
    case SweepVerdict::Error: return "error";
  }
  return "?";
}

bool closed(SweepVerdict v) {
  return v == SweepVerdict::OptimalByBound || v == SweepVerdict::OptimalByProof ||
         v == SweepVerdict::ShorterFound;
}

Problem sweep_problem(const Network& net, ProblemKind k) {
  Problem p;
  p.kind = k;
  p.root = 0;
  p.messages = 1;
  p.packet_items = 1;
  if (k == ProblemKind::SuccessiveBroadcast) {
    const Node n = net.num_nodes();
    for (Node i = 0; i < n; ++i) p.sources.push_back(net.is_hypercube() ? (i ^ (i >> 1)) : i);
  }
  p.validate(net);
  return p;
}

namespace {

using Clock = std::chrono::steady_clock;

struct Timer {
  Clock::time_point wall = Clock::now();
  std::clock_t cpu = std::clock();
  void stamp(SweepRow& r) const {
    r.seconds = std::chrono::duration<double>(Clock::now() - wall).count();
    r.cpu_seconds = static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC;
  }
};

std::string file_stem(const SweepRow& r, ProblemKind k) {
  std::string s = r.network + "-" + r.model + "-" + schedules::to_string(k) + "-" + r.source;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = '_';
  return s;
}

std::string in_dir(const SweepOptions& o, const std::string& name) {
  return o.out_dir.empty() ? "" : (std::filesystem::path(o.out_dir) / name).string();
}

// The parameter sets a construction might take for this network (see sweep.hpp).



void fill_unknown(SweepRow& r, std::uint64_t lo, std::optional<std::uint64_t> hi) {
  r.verdict = SweepVerdict::Unknown;
  r.kind = CertificateKind::None;
  r.gap_lo = lo;
  r.gap_hi = hi;
}

// A row the command's budget stopped (or never started): unknown from its lower bound, saying why.
void stopped(SweepRow& r, const UnknownResult& e) {
  fill_unknown(r, r.lower_bound, r.steps);
  r.note = std::string("stopped: ") + e.what();
}

// One construction's schedule: verify, then certify_optimality.
void certify_row(SweepRow& r, const Schedule& s, ProblemKind k, const SweepOptions& o,
                 std::vector<Known>& pool) {
  r.steps = s.num_steps();
  r.problem = s.problem().describe();
  r.sources = s.problem().sources;
  r.lower_bound =
      encodings::alpha::best_lower_bounds(s.network(), s.model(), s.problem()).steps.value;
  const verifier::Verdict v = verifier::verify_native(s);
  if (!v.valid) {
    fill_unknown(r, r.lower_bound, std::nullopt);
    r.verdict = SweepVerdict::Invalid;
    r.note = v.violation ? v.violation->message : "rejected";
    return;
  }
  schedules::budget::command_budget().check("sweep row " + r.network + " " + r.model + " " +
                                            r.source);
  const std::string stem = file_stem(r, k);
  const std::string smt2 = in_dir(o, stem + ".T" + std::to_string(*r.steps - 1) + ".smt2");
  OptimalityResult res = certify_optimality(s, o.timeout_ms, smt2);
  r.kind = res.kind;
  r.certificate = res.certificate;
  switch (res.verdict) {
    case Optimality::Optimal:
      r.verdict = res.kind == CertificateKind::LowerBound ? SweepVerdict::OptimalByBound
                                                          : SweepVerdict::OptimalByProof;
      r.gap_lo = *r.steps;
      r.gap_hi = r.steps;
      r.smt2_file = res.smt2_path;
      break;
    case Optimality::NotOptimal: {
      // Re-verified here as well: the sweep trusts no one's word for a finding.
      const verifier::Verdict again = verifier::verify_native(*res.shorter);
      if (!again.valid) {
        r.verdict = SweepVerdict::Error;
        r.note = "the shorter schedule failed the native re-check";
        break;
      }
      r.verdict = SweepVerdict::ShorterFound;
      r.shorter_steps = res.shorter->num_steps();
      r.gap_lo = r.lower_bound;
      r.gap_hi = r.shorter_steps;
      // A finding is always kept (issue 17): without --out-dir, in findings_dir (run_sweep).
      {
        const std::string dir = o.out_dir.empty() ? o.findings_dir : o.out_dir;
        std::filesystem::create_directories(dir);
        r.witness_file = (std::filesystem::path(dir) / (stem + ".shorter.json")).string();
        write_schedule_file(*res.shorter, r.witness_file);
      }
      pool.push_back({r.source + "-shorter", s.model(), std::move(*res.shorter)});
      if (!res.smt2_path.empty()) std::filesystem::remove(res.smt2_path);  // sat: no certificate
      break;
    }
    case Optimality::Unknown:
      fill_unknown(r, r.lower_bound, r.steps);
      r.smt2_file = res.smt2_path;  // the open query, for a longer run elsewhere
      r.note = "T - 1 query unanswered";
      break;
  }
}


SweepRow construction_row(const Network& net, Model m, ProblemKind k, const Built& b,
                          std::vector<Known>& pool, const SweepOptions& o) {
  SweepRow r;
  r.network = net.name();
  r.model = schedules::to_string(m);
  r.source = b.c->name;
  if (o.on_start) o.on_start(r.network + " " + r.model + " " + schedules::to_string(k) + " " + r.source);
  const Timer t;
  try {
    if (b.c->claimed_steps) r.claimed_steps = b.c->claimed_steps(b.p);
    certify_row(r, b.s, k, o, pool);
  } catch (const UnknownResult& e) {  // the command's --max-time or --max-memory (issue 18)
    stopped(r, e);
  } catch (const std::exception& e) {
    r.verdict = SweepVerdict::Error;
    r.note = e.what();
  }
  t.stamp(r);
  if (o.on_row) o.on_row(r);
  return r;
}



// No construction for m: derived upper bound, then T upwards from the lower bound (sweep.hpp).
SweepRow synthesis_row(const Network& net, Model m, ProblemKind k, std::vector<Known>& pool,
                       const SweepOptions& o) {
  SweepRow r;
  r.network = net.name();
  r.model = schedules::to_string(m);
  r.source = "synthesis";
  const Problem p = sweep_problem(net, k);
  r.problem = p.describe();
  r.sources = p.sources;
  if (o.on_start) o.on_start(r.network + " " + r.model + " " + schedules::to_string(k) + " synthesis");
  const Timer t;
  const auto lb = encodings::alpha::best_lower_bounds(net, m, p);
  r.lower_bound = lb.steps.value;
  const std::string stem = file_stem(r, k);
  std::optional<encodings::synth::SynthesisResult> prev;  // Impossible at T - 1
  std::string prev_file;
  auto save = [&](const Schedule& s, const std::string& source) {
    r.source = source;
    r.steps = s.num_steps();
    r.witness_file = in_dir(o, stem + ".json");
    if (!r.witness_file.empty()) write_schedule_file(s, r.witness_file);
  };
  // T reached with every smaller T from the bound up ruled out: optimal, with T - 1's proof.
  auto optimal_at = [&](std::uint64_t T) {
    r.gap_lo = T;
    r.gap_hi = T;
    if (T == r.lower_bound) {
      r.verdict = SweepVerdict::OptimalByBound;
      r.kind = CertificateKind::LowerBound;
      r.certificate = "meets the lower bound " + std::to_string(T) + ": " + lb.steps.argument;
      if (!prev_file.empty()) std::filesystem::remove(prev_file);
    } else {
      r.verdict = SweepVerdict::OptimalByProof;
      r.kind = impossible_kind(prev->certificate);
      r.certificate =
          (T - 1 == 1 ? std::string("1 step is") : std::to_string(T - 1) + " steps are") +
          " impossible: " + prev->certificate;
      r.smt2_file = prev_file;
    }
  };
  try {
    schedules::budget::command_budget().check("sweep row " + r.network + " " + r.model +
                                              " synthesis");
    const std::optional<Derived> derived = derive_best(pool, m, p);
    const std::uint64_t hi = derived ? derived->s.num_steps() : r.lower_bound + o.max_extra + 1;
    const std::uint64_t last = std::min<std::uint64_t>(hi - 1, r.lower_bound + o.max_extra);
    bool decided = false;
    for (std::uint64_t T = r.lower_bound; T <= last && !decided; ++T) {
      encodings::synth::SynthesisOptions so;
      so.timeout_ms = o.timeout_ms;
      so.emit_smt2_path = in_dir(o, stem + ".T" + std::to_string(T) + ".smt2");
      auto res = encodings::synth::synthesize(net, m, p, static_cast<unsigned>(T), so);
      const bool written = !so.emit_smt2_path.empty() && std::filesystem::exists(so.emit_smt2_path);
      if (res.status == encodings::synth::SynthesisStatus::Impossible) {
        if (!prev_file.empty()) std::filesystem::remove(prev_file);
        prev = std::move(res);
        prev_file = written ? so.emit_smt2_path : "";
        continue;
      }
      decided = true;
      if (res.status == encodings::synth::SynthesisStatus::Unknown) {
        fill_unknown(r, T, derived ? std::optional<std::uint64_t>(hi) : std::nullopt);
        r.smt2_file = prev_file;
        r.note = "no answer for T = " + std::to_string(T) + " within the timeout" +
                 (written ? " (open query " + so.emit_smt2_path + ")" : "");
        if (derived) {
          save(derived->s, derived->label);
          r.note += "; upper bound from " + derived->label;
        }
        break;
      }
      if (written) std::filesystem::remove(so.emit_smt2_path);  // sat: not a certificate
      // Found: re-verified here too, then the optimum with T - 1's certificate.
      if (!verifier::verify_native(*res.schedule).valid)
        throw std::logic_error("synthesised schedule rejected by the native verifier");
      save(*res.schedule, "synthesis");
      optimal_at(T);
      pool.push_back({"synthesis", m, std::move(*res.schedule)});
    }
    if (!decided && derived && last + 1 == hi) {  // every T below the derived schedule ruled out
      save(derived->s, derived->label);
      optimal_at(hi);
    } else if (!decided) {
      fill_unknown(r, last + 1, derived ? std::optional<std::uint64_t>(hi) : std::nullopt);
      r.smt2_file = prev_file;
      r.note = "every T up to lower bound + " + std::to_string(o.max_extra) + " is impossible";
      if (derived) save(derived->s, derived->label);
    }
  } catch (const schedules::budget::TooLarge& e) {  // refused before it was built: the rest is open
    fill_unknown(r, r.lower_bound, std::nullopt);
    r.note = std::string("not decided: ") + e.what();
  } catch (const InputError& e) {
    fill_unknown(r, r.lower_bound, std::nullopt);
    r.note = std::string("synthesis does not handle this combination: ") + e.what();
  } catch (const UnknownResult& e) {  // the command's --max-time or --max-memory (issue 18)
    stopped(r, e);
  } catch (const std::exception& e) {
    r.verdict = SweepVerdict::Error;
    r.note = e.what();
  }
  t.stamp(r);
  if (o.on_row) o.on_row(r);
  return r;
}

}  // namespace

std::vector<SweepRow> run_sweep(const SweepOptions& options) {
  std::vector<Network> nets;
  for (const auto& spec : options.networks) nets.push_back(Network::parse(spec));
  if (!options.out_dir.empty()) std::filesystem::create_directories(options.out_dir);
  SweepOptions o = options;
  struct RemoveIfEmpty {  // the temporary findings directory, when nothing was saved in it
    std::string dir;
    ~RemoveIfEmpty() {
      std::error_code ec;
      if (!dir.empty() && std::filesystem::is_empty(dir, ec) && !ec)
        std::filesystem::remove(dir, ec);
    }
  } made;
  if (o.out_dir.empty() && o.findings_dir.empty()) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "schedcert-sweep-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
      throw InputError("sweep: cannot create a temporary directory for findings (" + pattern +
                       "): " + std::strerror(errno) + "; give --out-dir");
    o.findings_dir = made.dir = pattern;
  }
  std::vector<SweepRow> rows;
  for (const auto& net : nets) {
    std::map<ProblemKind, std::vector<Built>> by_problem;
    std::map<ProblemKind, std::vector<Known>> pools;  // grows with every verified schedule found
    for (ProblemKind k : o.problems) {
      by_problem.emplace(k, built_schedules(net, sweep_problem(net, k)));
      for (const auto& b : by_problem.at(k)) pools[k].push_back({b.c->name, b.p.model, b.s});
    }
    for (Model m : o.models)
      for (ProblemKind k : o.problems) {
        bool any = false;
        for (const auto& b : by_problem.at(k))
          if (b.p.model == m) {
            rows.push_back(construction_row(net, m, k, b, pools[k], o));
            any = true;
          }
        if (!any) rows.push_back(synthesis_row(net, m, k, pools[k], o));
      }
  }
  return rows;
}

SweepSummary summarize(const std::vector<SweepRow>& rows) {
  SweepSummary s;
  for (const auto& r : rows) {
    ++s.rows;
    s.closed += closed(r.verdict);
    s.unknown += r.verdict == SweepVerdict::Unknown;
    s.findings += r.verdict == SweepVerdict::ShorterFound || r.verdict == SweepVerdict::Invalid;
    s.errors += r.verdict == SweepVerdict::Error;
    s.seconds += r.seconds;
    s.cpu_seconds += r.cpu_seconds;
  }
  return s;
}

int sweep_exit_code(const std::vector<SweepRow>& rows) {
  int code = 0;
  for (const auto& r : rows) {
    if (r.verdict == SweepVerdict::Invalid || r.verdict == SweepVerdict::Error) return 1;
    if (r.verdict == SweepVerdict::Unknown) code = 3;
  }
  return code;
}

}  // namespace schedcert::certify
