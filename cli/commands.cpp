#include "cli/commands.hpp"

#include <fstream>
#include <iostream>
#include <map>

#include "certify/check.hpp"
#include "certify/expected.hpp"
#include "certify/optimality.hpp"
#include "encodings/alpha/leaf_bound.hpp"
#include "cli/papers.hpp"
#include "cli/words.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/bounds.hpp"
#include "witnesses/report.hpp"

namespace schedcert::cli {

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;
using namespace schedcert::schedules::budget;

namespace {

template <class T>
std::shared_ptr<T> hold(std::vector<std::shared_ptr<void>>& keep) {
  auto p = std::make_shared<T>();
  keep.push_back(p);
  return p;
}

}  // namespace

void add_construction_options(CLI::App* sub, ConstructionOptions& o) {
  sub->add_option("--dim,-d", o.dim, "hypercube dimension d (or torus dimension n)");
  sub->add_option("--radix,-k", o.radix, "torus radix k (odd, for Fragopoulou-Akl)");
  sub->add_option("--network", o.network, "network spec for constructions over any network");
  sub->add_option("--model,-m", o.model,
                  "all-port|MLA, single-port-full|SLA, single-port-half, shout-whisper "
                  "(default: the construction's first model)");
  sub->add_option("--root,-r", o.root, "root node (single-node problems)")->default_val(0);
  sub->add_option("--messages,-M", o.messages, "M: messages per source (or per pair)")
      ->default_val(1);
  sub->add_option("--packet-items,-B", o.packet_items, "B: items per packet")->default_val(1);
  sub->add_option("--variant", o.variant, "construction-specific variant (see `list`)");
}

namespace {

void add_engine_options(CLI::App* sub, EngineOptions& o, const std::string& default_engine) {
  o.engine = default_engine;
  sub->add_option("--engine,-e", o.engine,
                  "auto (native, plus Z3 when the schedule has <= 4000 transmissions) | native | "
                  "smt (Z3) | both | symmetric (translated multinode constructions) | all")
      ->default_val(default_engine);
  sub->add_option("--timeout", o.timeout_seconds,
                  "seconds: verify, and certify when given, stop the whole command there (each "
                  "Z3 call gets what is left; checks after it are reported 'not run'); otherwise "
                  "the limit of each Z3 call. Exit 3 when it runs out")
      ->default_val(60)
      ->check(positive_number());
  sub->add_option("--emit-smt2", o.emit_smt2,
                  "write the SMT-LIB2 query (standalone; `z3 FILE` and `cvc5 FILE` answer it: "
                  "sat = invalid, unsat = valid)");
  sub->add_flag("--json", o.json, "print a machine-readable JSON report instead of text");
}

}  // namespace

Params to_params(const Construction& c, const ConstructionOptions& o) {
  Params p;
  p.dim = o.dim;
  p.radix = o.radix;
  p.network = o.network;
  p.model = o.model.empty() ? c.models.front() : parse_model(o.model);
  p.root = o.root;
  p.messages = o.messages;
  p.packet_items = o.packet_items;
  p.variant = o.variant;
  return p;
}

namespace {

certify::CheckOptions to_check(const EngineOptions& e) {
  certify::CheckOptions c;
  c.engines = certify::parse_engines(e.engine);
  if (e.engine == "auto") c.smt_auto_limit = 4000;
  c.smt_timeout_ms = schedules::budget::seconds_to_ms(e.timeout_seconds);
  c.emit_smt2_path = e.emit_smt2;
  return c;
}

int emit(const std::vector<certify::Report>& rs, bool json, bool table) {
  if (json)
    witnesses::write_report_json(rs, std::cout);
  else if (table)
    witnesses::write_report_table(rs, std::cout);
  else
    for (const auto& r : rs) witnesses::write_report_text(r, std::cout);
  return witnesses::exit_code(rs);
}

// The built-in default of `certify` with no construction: every registered construction, each
// model it is built for, at a size both engines decide in seconds.
std::vector<certify::Report> certify_defaults(int max_dim, const certify::CheckOptions& base) {
  std::vector<certify::Report> rs;
  for (const auto& c : Registry::instance().all()) {
    for (Model m : c.models) {
      Params p;
      p.model = m;
      p.dim = std::clamp(max_dim, c.min_dim, c.max_dim);
      certify::CheckOptions o = base;
      std::cerr << "certify " << c.name << " --dim " << p.dim << " --model " << to_string(m) << "\n";
      rs.push_back(certify::certify_construction(c, p, o));
      // What a hard stop of the watchdog prints (issue 18): the rows finished so far.
      std::map<std::string, int> by;
      for (const auto& r : rs) ++by[certify::to_string(r.outcome)];
      std::string done = std::to_string(rs.size()) + " rows finished (";
      for (const auto& [outcome, count] : by) done += (done.back() == '(' ? "" : ", ") + std::to_string(count) + " " + outcome;
      command_budget().note_reached(done + "); the last: " + c.name + " --dim " + std::to_string(p.dim));
    }
  }
  return rs;
}

}  // namespace

Commands::Commands(CLI::App& app) {
  add_list(app);
  add_generate(app);
  add_verify(app);
  add_bound(app);
  add_certify(app);
  add_cost_command(app, action_, keep_);
  add_search_command(app, action_, keep_);
  add_export_command(app, action_, keep_);
  add_import_command(app, action_, keep_);
  add_render_command(app, action_, keep_);
  add_ci_command(app, action_, keep_);
  add_synthesize_command(app, action_, keep_);
  add_sweep_command(app, action_, keep_);
  add_check_unsat_command(app, action_, keep_);
  add_cube_command(app, action_, keep_);
}

void Commands::add_list(CLI::App& app) {
  auto* sub = app.add_subcommand("list", "list the constructions with their paper, section, "
                                         "problem, models and parameters");
  auto json = hold<bool>(keep_);
  sub->add_flag("--json", *json, "machine-readable");
  sub->callback([this, json] {
    action_ = [json] {
      const auto& all = Registry::instance().all();
      if (*json) {
        std::cout << "[\n";
        for (std::size_t i = 0; i < all.size(); ++i) {
          const auto& c = all[i];
          std::string models;
          for (Model m : c.models) models += (models.empty() ? "\"" : ", \"") + to_string(m) + "\"";
          std::cout << "  {\"name\": \"" << c.name << "\", \"paper\": \"" << c.paper
                    << "\", \"problem\": \"" << to_string(c.problem) << "\", \"models\": ["
                    << models << "], \"min_dim\": " << c.min_dim << ", \"max_dim\": " << c.max_dim
                    << "}" << (i + 1 < all.size() ? ",\n" : "\n");
        }
        std::cout << "]\n";
        return 0;
      }
      for (const auto& c : all) {
        std::string models;
        for (Model m : c.models) models += (models.empty() ? "" : ", ") + to_string(m);
        std::cout << c.name << "\n    " << c.summary << "\n    paper:   " << c.paper << ", "
                  << c.section << "\n    problem: " << to_string(c.problem)
                  << "\n    models:  " << models << "\n    usage:   schedcert generate " << c.name
                  << " " << c.parameters << "\n";
      }
      return 0;
    };
  });
}

// generate refuses above this many transmissions (about 100 MB of JSON) unless --force.
constexpr std::uint64_t kLargeScheduleTransmissions = 7'000'000;

void Commands::add_generate(CLI::App& app) {
  auto* sub = app.add_subcommand("generate", "generate a construction's schedule as a JSON file "
                                             "(docs/schedule-format.md)");
  auto name = hold<std::string>(keep_);
  auto out = hold<std::string>(keep_);
  auto opts = hold<ConstructionOptions>(keep_);
  sub->add_option("name", *name, "construction (see `schedcert list`)")->required();
  add_construction_options(sub, *opts);
  sub->add_option("-o,--output", *out, "output file ('-' = stdout)")->default_val("-");
  auto force = hold<bool>(keep_);
  sub->add_flag("--force", *force,
                "write the schedule even when it is estimated above 100 MB of JSON (refused "
                "otherwise, exit 2)");
  sub->callback([this, name, out, opts, force] {
    action_ = [name, out, opts, force] {
      const auto& c = Registry::instance().find(*name);
      const Params params = to_params(c, *opts);
      // The size before building (issue 17: gray-ring-mnb on Q13 wrote 1.1 GB unasked), from
      // the construction's transmission count at ~14 bytes each (measured: Q10 gray-ring-mnb,
      // 1,047,552 transmissions, 14.4 MB).
      if (c.claimed_transmissions && !*force) {
        check_params(c, params);
        if (const auto tx = c.claimed_transmissions(params); tx && *tx > kLargeScheduleTransmissions)
          throw InputError("generate " + c.name + ": about " + std::to_string(*tx) +
                           " transmissions, about " + std::to_string(*tx * 14 / 1000000) +
                           " MB of JSON; pass --force to write it");
      }
      Schedule s = generate(c, params);
      write_schedule_file(s, *out);
      if (*out != "-")
        std::cerr << "wrote " << *out << ": " << count_of(s.num_steps(), "step") << ", "
                  << count_of(s.num_transmissions(), "transmission") << "\n";
      return 0;
    };
  });
}

void Commands::add_verify(CLI::App& app) {
  auto* sub = app.add_subcommand("verify", "verify a schedule file with the native verifier, "
                                           "the Z3 encoding, or both");
  auto file = hold<std::string>(keep_);
  auto eng = hold<EngineOptions>(keep_);
  sub->add_option("file", *file, "schedule file ('-' = stdin)")->required();
  add_engine_options(sub, *eng, "native");
  sub->callback([this, file, eng] {
    action_ = [file, eng] {
      ScheduleFile f = read_schedule_file(*file);
      certify::Report r = certify::check_schedule(f.schedule, to_check(*eng));
      r.subject = *file;
      r.file = *file;
      return emit({r}, eng->json, false);
    };
  });
}

void Commands::add_bound(CLI::App& app) {
  auto* sub = app.add_subcommand("bound", "lower bounds on steps and transmissions for a network, "
                                          "model and problem");
  auto net = hold<std::string>(keep_);
  auto model = hold<std::string>(keep_);
  auto problem = hold<std::string>(keep_);
  auto opts = hold<ConstructionOptions>(keep_);
  auto sources = hold<std::vector<unsigned>>(keep_);
  sub->add_option("--network,-n", *net, "network, e.g. Q4, C3xC3, P4xK3")->required();
  sub->add_option("--model,-m", *model, "communication model")->default_val("all-port");
  sub->add_option("--problem,-p", *problem,
                  "broadcast, accumulation, scatter, gather, multinode-broadcast, "
                  "multinode-accumulation, total-exchange, successive-broadcast, allreduce")
      ->required();
  sub->add_option("--root,-r", opts->root, "root node")->default_val(0);
  sub->add_option("--messages,-M", opts->messages, "M")->default_val(1);
  sub->add_option("--packet-items,-B", opts->packet_items, "B")->default_val(1);
  sub->add_option("--sources", *sources, "successive broadcasts: the sources in order");
  sub->callback([this, net, model, problem, opts, sources] {
    action_ = [net, model, problem, opts, sources] {
      Network n = Network::parse(*net);
      Problem p;
      p.kind = parse_problem_kind(*problem);
      p.root = opts->root;
      p.messages = opts->messages;
      p.packet_items = opts->packet_items;
      p.sources.assign(sources->begin(), sources->end());
      Model m = parse_model(*model);
      p.validate(n);
      auto b =
          encodings::alpha::best_lower_bounds(n, m, p);  // with the certified alpha(d) where known
      std::cout << "network " << n.name() << ", model " << to_string(m) << ", problem "
                << p.describe() << "\n"
                << "steps         >= " << b.steps.value << "  (" << b.steps.argument << ")\n";
      for (const auto& c : b.step_candidates)
        if (c.argument != b.steps.argument)
          std::cout << "              >= " << c.value << "  (" << c.argument << ")\n";
      std::cout << "transmissions >= " << b.transmissions.value << "  ("
                << b.transmissions.argument << ")\n";
      return 0;
    };
  });
}

void Commands::add_certify(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "certify",
      "generate a construction, verify it with the chosen engines and compare it with the "
      "paper's claim and the computed lower bounds. Without a name: every built-in "
      "construction at a small size, with both engines (the default job)");
  auto name = hold<std::string>(keep_);
  auto opts = hold<ConstructionOptions>(keep_);
  auto eng = hold<EngineOptions>(keep_);
  auto max_dim = hold<int>(keep_);
  auto paper = hold<std::string>(keep_);
  sub->add_option("name", *name, "construction (see `schedcert list`); omit for the default job");
  add_construction_options(sub, *opts);
  add_engine_options(sub, *eng, "");
  sub->add_option("--max-dim", *max_dim,
                  "the largest d: default job 3; --paper: the paper's default when omitted")
      ->default_val(0);
  auto optimality = hold<bool>(keep_);
  auto opt_smt2 = hold<std::string>(keep_);
  sub->add_flag("--optimality", *optimality,
                "with a construction: prove one step less impossible (Z3), or find a shorter "
                "schedule (saved as NAME-shorter.json, exit 1); unknown within --timeout exits 3");
  sub->add_option("--optimality-smt2", *opt_smt2, "with --optimality: write the T - 1 query here");
  sub->add_option("--paper", *paper,
                  "regenerate and verify one paper's tables: bertsekas1991, ho-johnsson1986, "
                  "dimakopoulos1998, fragopoulou1995");
  auto expected = hold<std::string>(keep_);
  sub->add_option("--expected-findings", *expected,
                  "a JSON file of known, documented findings (subject pattern, reason, docs link): "
                  "matching failures are reported as expected and do not fail the exit status; "
                  "entries that match nothing are printed as notes (docs/ci.md)");
  auto coq_dir = hold<std::string>(keep_);
  sub->add_option("--coq-optimality", *coq_dir,
                  "with --paper: instead of the tables, write into this directory one Coq "
                  "optimality witness per row marked optimal by bound (docs/coq.md)");
  sub->callback([this, name, opts, eng, max_dim, paper, optimality, opt_smt2, coq_dir, expected] {
    action_ = [name, opts, eng, max_dim, paper, optimality, opt_smt2, coq_dir, expected] {
      std::optional<certify::ExpectedFindings> known;
      if (!expected->empty()) known = certify::read_expected_findings(*expected);
      struct StaleNotes {  // printed however the command ends
        const std::optional<certify::ExpectedFindings>& k;
        ~StaleNotes() { if (k) std::cerr << k->stale_notes(); }
      } stale{known};
      if (!coq_dir->empty()) {
        if (paper->empty()) throw InputError("--coq-optimality: needs --paper");
        return write_paper_optimality(*paper, *max_dim, *coq_dir, std::cout);
      }
      EngineOptions e = *eng;
      if (!name->empty()) {
        if (e.engine.empty()) e.engine = "auto";
        const auto& c = Registry::instance().find(*name);
        if (opts->dim == 0) throw InputError("--dim: required with a construction name");
        const Params params = to_params(c, *opts);
        auto r = certify::certify_construction(c, params, to_check(e));
        if (known) known->apply(r);
        int code = emit({r}, e.json, false);
        if (*optimality && r.outcome == certify::Outcome::Valid) {
          auto o = certify::certify_optimality(
              generate(c, params), schedules::budget::seconds_to_ms(e.timeout_seconds), *opt_smt2);
          std::cout << "  optimality:    " << certify::to_string(o.verdict) << " (" << o.certificate
                    << ")\n";
          if (o.shorter) {
            const std::string path = c.name + "-shorter.json";
            write_schedule_file(*o.shorter, path);
            std::cout << "  shorter schedule written to " << path << "\n";
          }
          if (o.verdict == certify::Optimality::NotOptimal) code = std::max(code, 1);
          if (o.verdict == certify::Optimality::Unknown) code = std::max(code, 3);
        }
        return code;
      }
      if (e.engine.empty()) e.engine = "auto";
      std::vector<certify::Report> rs;
      if (!paper->empty()) {
        PaperOptions po;
        po.max_dim = *max_dim;
        po.json = e.json;
        po.expected = known ? &*known : nullptr;
        return print_paper(*paper, po, std::cout);
      } else {
        rs = certify_defaults(*max_dim > 0 ? *max_dim : 3, to_check(e));
        if (known) known->apply(rs);
      }
      return emit(rs, e.json, true);
    };
  });
}

}  // namespace schedcert::cli
