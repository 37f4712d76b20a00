#include "certify/check.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <fstream>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/smt/verifier.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "schedules/transforms/translate.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert::certify {

using schedules::Schedule;
using verifier::Verdict;

std::string to_string(Engine e) {
  switch (e) {
    case Engine::Native: return "native";
    case Engine::Smt: return "smt";
    case Engine::Symmetric: return "symmetric";
  }
  return "?";
}

std::vector<Engine> parse_engines(const std::string& s) {
  if (s == "native") return {Engine::Native};
  if (s == "smt" || s == "z3") return {Engine::Smt};
  if (s == "both") return {Engine::Native, Engine::Smt};
  if (s == "symmetric") return {Engine::Symmetric};
  if (s == "all") return {Engine::Native, Engine::Smt, Engine::Symmetric};
  if (s == "auto") return {Engine::Native, Engine::Smt};
  throw InputError("--engine: '" + s +
                   "' is unknown (valid: auto, native, smt, both, symmetric, all)");
}

std::string to_string(Outcome o) {
  switch (o) {
    case Outcome::Valid: return "valid";
    case Outcome::Invalid: return "invalid";
    case Outcome::Unknown: return "unknown";
    case Outcome::Disagreement: return "disagreement";
  }
  return "?";
}

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// --emit-smt2: the standalone query of s (nothing without the option).
void write_query(const Schedule& s, const CheckOptions& o) {
  if (!o.emit_smt2_path.empty())
    schedules::io::write_atomically(
        o.emit_smt2_path, [&](std::ostream& out) { out << encodings::smt::smt2_query(s); });
}

EngineRun run_engine(Engine e, const Schedule& s, const CheckOptions& o) {
  EngineRun r;
  r.engine = e;
  // A whole-command --timeout (issue 18) that has run out: the remaining checks are not run, and
  // the report says so (unknown, exit 3) instead of the command running on.
  if (schedules::budget::command_budget().expired()) {
    r.unknown_reason = "not run: the command's --timeout budget ran out";
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  switch (e) {
    case Engine::Native: r.verdict = verifier::verify_native(s); break;
    case Engine::Symmetric: r.verdict = verifier::verify_translated(s); break;
    case Engine::Smt: {
      write_query(s, o);
      try {
        encodings::smt::SmtOptions so;
        so.timeout_ms = o.smt_timeout_ms;
        r.verdict = encodings::smt::verify_smt(s, so);
      } catch (const UnknownResult& u) {
        r.unknown_reason = u.what();
      }
      break;
    }
  }
  r.seconds = since(t0);
  return r;
}

std::string differs(const verifier::Verdict& a, const verifier::Verdict& b) {
  if (a.valid != b.valid) return "one says valid, the other invalid";
  if (a.valid) return "";
  const auto& x = *a.violation;
  const auto& y = *b.violation;
  if (x.rule != y.rule) return "first violation rule " + verifier::to_string(x.rule) + " vs " + verifier::to_string(y.rule);
  if (x.step != y.step) return "first violation step " + std::to_string(x.step + 1) + " vs " + std::to_string(y.step + 1);
  if (x.transmission != y.transmission)
    return "first violation transmission " + std::to_string(x.transmission) + " vs " + std::to_string(y.transmission);
  if (x.rule == verifier::Rule::Completion && (x.item != y.item || x.node != y.node))
    return "missing item/node differ";
  return "";
}

void conclude(Report& r) {
  const EngineRun* first = nullptr;
  bool gave_up = false;
  for (const auto& run : r.runs) {
    if (!run.verdict) {
      gave_up = true;
      r.finding = to_string(run.engine) + " engine gave up: " + run.unknown_reason;
      continue;
    }
    if (!first) {
      first = &run;
      continue;
    }
    std::string d = differs(*first->verdict, *run.verdict);
    if (!d.empty()) {
      r.outcome = Outcome::Disagreement;
      r.finding = "engines " + to_string(first->engine) + " and " + to_string(run.engine) +
                  " disagree: " + d;
      if (first->verdict->violation) r.finding += "; " + to_string(first->engine) + ": " + first->verdict->violation->message;
      if (run.verdict->violation) r.finding += "; " + to_string(run.engine) + ": " + run.verdict->violation->message;
      return;
    }
  }
  r.outcome = Outcome::Unknown;
  if (!first) return;  // every engine gave up
  r.metrics = first->verdict->metrics;
  r.violation = first->verdict->violation;
  if (!first->verdict->valid) {
    // An invalid verdict stands even if another engine gave up: one counterexample suffices.
    r.outcome = Outcome::Invalid;
    r.finding = r.violation->message;
    return;
  }
  if (gave_up) return;  // valid for some engines only: not certified
  r.outcome = Outcome::Valid;
}

// What the schedule's provenance says about where it came from (issue 29: `verify --json` gave
// dim 0 and no paper for a generated file): the registry's paper and section of the
// construction it names, and its "dim" parameter.
void describe_provenance(const Schedule& s, Report& r) {
  const auto& pv = s.provenance();
  r.construction = pv.construction;
  for (const auto& c : schedules::Registry::instance().all())
    if (c.name == pv.construction) {
      r.paper = c.paper;
      r.section = c.section;
    }
  for (const auto& [key, value] : pv.parameters) {
    int d = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), d);
    if (key == "dim" && ec == std::errc() && end == value.data() + value.size() && d > 0) r.dim = d;
  }
}

}  // namespace

std::string outcome_label(const Report& r) {
  const std::string s = r.input_error     ? std::string("could not run")
                        : r.claim_missed() ? std::string("claim not met")
                                           : to_string(r.outcome);
  return r.expected ? s + " (expected)" : s;
}

namespace {

Report start(const Schedule& s) {
  Report r;
  r.network = s.network().name();
  r.model = schedules::to_string(s.model());
  r.problem = s.problem().describe();
  describe_provenance(s, r);
  r.bounds = encodings::alpha::best_lower_bounds(s.network(), s.model(), s.problem());
  return r;
}

bool skip_smt(const CheckOptions& o, const Schedule& s) {
  return o.smt_auto_limit > 0 && s.num_transmissions() > o.smt_auto_limit;
}

}  // namespace

// --emit-smt2 when the smt engine did not run (not chosen, or skipped for size): the query is
// still written, since it does not depend on running it (issue 17: it was silently ignored).
void emit_unrun_query(const Schedule& s, const CheckOptions& o, const Report& r) {
  for (const auto& run : r.runs)
    if (run.engine == Engine::Smt) return;  // written by run_engine
  write_query(s, o);
}

// The root-0 schedule whose translate s is (the symmetric engine's input), or InputError saying
// which schedules the engine applies to (issue 29: it refused every file, `generate`'s too).
Schedule symmetric_root(const Schedule& s) {
  std::string why;
  if (auto root = schedules::transforms::root_of_translate(s, &why)) return std::move(*root);
  // The constructions whose `generate` output it takes: those built as a translate whose file
  // lists each step root by root (tried on a small instance; bertsekas-mna's time reversal, for
  // one, lists its steps in another order).
  std::string names;
  for (const auto& c : schedules::Registry::instance().all()) {
    if (!c.generate_root) continue;
    schedules::Params p;
    p.dim = std::max(c.min_dim, 2);
    p.model = c.models.front();
    try {
      if (schedules::transforms::root_of_translate(schedules::generate(c, p), nullptr))
        names += (names.empty() ? "" : ", ") + c.name;
    } catch (const InputError&) {
    }
  }
  throw InputError("--engine symmetric: this schedule is not the translate of a root-0 single-node "
                   "schedule to every root, listed root by root in each step (" + why + "). The "
                   "symmetric check applies to multinode schedules made that way, as `generate` "
                   "writes them for " + names + " (`certify NAME --engine symmetric` needs no "
                   "file). Use --engine native or smt for this one");
}

Report check_schedule(const Schedule& s, const CheckOptions& o) {
  Report r = start(s);
  std::optional<Schedule> root;  // for the symmetric engine
  for (Engine e : o.engines) {
    if (e == Engine::Smt && skip_smt(o, s)) continue;
    if (e == Engine::Symmetric) {
      if (!root) root = symmetric_root(s);
      r.runs.push_back(run_engine(e, *root, o));
      continue;
    }
    r.runs.push_back(run_engine(e, s, o));
  }
  emit_unrun_query(s, o, r);
  conclude(r);
  return r;
}

Report check_translated(const Schedule& root, const CheckOptions& o) {
  Schedule probe(root.network(), root.model(), [&] {
    schedules::Problem p;
    p.kind = schedules::transforms::multinode_kind(root.problem().kind);
    p.messages = root.problem().messages;
    p.packet_items = root.problem().packet_items;
    return p;
  }());
  probe.provenance() = root.provenance();
  Report r = start(probe);
  std::optional<Schedule> full;
  for (Engine e : o.engines) {
    if (e == Engine::Symmetric) {
      r.runs.push_back(run_engine(e, root, o));
    } else {
      if (!full) full = schedules::transforms::translate_to_all_roots(root);
      if (e == Engine::Smt && skip_smt(o, *full)) continue;
      r.runs.push_back(run_engine(e, *full, o));
    }
  }
  conclude(r);
  return r;
}

std::string construction_subject(const schedules::Construction& c, const schedules::Params& p) {
  std::string s = c.name;
  if (!p.network.empty()) s += " --network " + p.network;
  if (p.dim != 0 || p.network.empty()) s += " --dim " + std::to_string(p.dim);
  if (schedules::takes_option(c, "--radix"))
    s += " --radix " + std::to_string(p.radix != 0 ? p.radix : c.default_radix);
  if (schedules::takes_option(c, "--messages"))
    s += " --messages " + std::to_string(p.messages);
  else if (p.messages != 1)
    s += " --messages " + std::to_string(p.messages);
  if (p.packet_items != 1) s += " --packet-items " + std::to_string(p.packet_items);
  if (p.root != 0) s += " --root " + std::to_string(p.root);
  if (!p.variant.empty()) s += " --variant " + p.variant;
  if (c.models.size() > 1) s += " --model " + schedules::to_string(p.model);
  return s;
}

Report certify_construction(const schedules::Construction& c, const schedules::Params& p,
                            const CheckOptions& o) {
  const bool symmetric_only = o.engines.size() == 1 && o.engines[0] == Engine::Symmetric;
  schedules::check_params(c, p, symmetric_only);
  Report r;
  if (c.generate_root) {
    Schedule root = schedules::generate_root(c, p);
    r = check_translated(root, o);
  } else {
    if (symmetric_only)
      throw InputError("--engine symmetric: construction " + c.name +
                       " is not built as the translate of a root schedule");
    r = check_schedule(schedules::generate(c, p), o);
  }
  r.construction = c.name;
  r.paper = c.paper;
  r.section = c.section;
  r.dim = p.dim;
  r.subject = construction_subject(c, p);
  if (c.claimed_steps) r.claimed_steps = c.claimed_steps(p);
  if (c.claimed_transmissions) r.claimed_transmissions = c.claimed_transmissions(p);
  if (r.outcome == Outcome::Valid) {
    std::string miss;
    if (r.claimed_steps && *r.claimed_steps != r.metrics.steps)
      miss += "takes " + std::to_string(r.metrics.steps) + " steps, the paper claims " +
              std::to_string(*r.claimed_steps) + "; ";
    if (r.claimed_transmissions && *r.claimed_transmissions != r.metrics.transmissions)
      miss += "makes " + std::to_string(r.metrics.transmissions) +
              " transmissions, the paper claims " + std::to_string(*r.claimed_transmissions) + "; ";
    if (!miss.empty()) {
      r.outcome = Outcome::Invalid;
      r.finding = "claim not met: the valid schedule " + miss.substr(0, miss.size() - 2);
    }
  }
  return r;
}

}  // namespace schedcert::certify
