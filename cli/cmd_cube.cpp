// `schedcert cube ...`: cube-and-conquer runs (search/, design note in search/family.hpp).
//   cube alpha --dim D --max-size K        CDS of Q_D with <= K nodes? (alpha(D) <= 2^D - K - 1)
//   cube successive -n Q4 -m shout-whisper --allocation free -T 28
//   cube synthesize -n Q3 -m shout-whisper -p multinode-broadcast -T 10
//   cube resume DIR | merge DIR OTHER... | check DIR | stats DIR
// Every family command takes --dir DIR (a new run) or --resume DIR (continue one), --jobs N,
// --timeout, --cube-timeout, --keep-proofs, --shard I/N, --limit N. Under schedcert-mpi the same
// commands run the cubes on the MPI ranks (search/distributor.hpp).
// With --coq DIR (successive, synthesize, resume; cli/cube_coq.cpp) the run is on the CNF generated
// in Coq and its optimum becomes DIR/optimum_<instance>_cubes.v.
// Exit codes: 0 answered and certified (UNSAT: coverage + every cube's DRAT proof checked; SAT: a
// witness verified natively), 1 a certificate was rejected (coverage not established), 3 open
// (budget, unknown cubes), 4 merged runs disagree on a cube (or, with --coq, the regenerated CNF
// is not the C++ one), 2 input error.
#include <filesystem>
#include <map>
#include <optional>
#include <fstream>
#include <iostream>
#include <thread>

#include <nlohmann/json.hpp>

#include "schedules/io/atomic_file.hpp"
#include "cli/commands.hpp"
#include "cli/cube_cli.hpp"
#include "schedules/error.hpp"
#include "search/alpha_cubes.hpp"
#include "search/conquer.hpp"
#include "search/distributor.hpp"
#include "search/ledger.hpp"
#include "search/projection.hpp"
#include "search/runner.hpp"

namespace schedcert::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

search::RunOptions run_options(const CubeCli& o) {
  search::RunOptions r;
  r.jobs = o.jobs;
  r.cube_timeout_s = o.cube_timeout;
  r.keep_proofs = o.keep_proofs;
  if (o.check_batch == 0) throw InputError("--check-batch: expected at least 1, got 0");
  r.check_batch = o.check_batch;
  r.limit = o.limit;
  r.sample_seed = o.sample_seed;
  r.progress = !o.quiet;
  r.budget = schedules::budget::Budget(o.timeout, 0, false);
  if (!o.shard.empty()) {
    const auto slash = o.shard.find('/');
    try {
      if (slash == std::string::npos) throw std::invalid_argument("no slash");
      r.shard = static_cast<unsigned>(std::stoul(o.shard.substr(0, slash)));
      r.shards = static_cast<unsigned>(std::stoul(o.shard.substr(slash + 1)));
    } catch (const std::exception&) {
      throw InputError("--shard: expected I/N (e.g. 0/4), got '" + o.shard + "'");
    }
    if (r.shards == 0 || r.shard >= r.shards) throw InputError("--shard: need 0 <= I < N, got '" + o.shard + "'");
  }
  return r;
}

json read_json_file(const std::string& path, const char* option) {
  std::ifstream in(path);
  if (!in) throw InputError(std::string(option) + ": cannot read '" + path + "'");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw InputError(std::string(option) + ": '" + path + "' is not JSON: " + e.what());
  }
}

// --seed-witness for alpha: {"cds": [...]} or a tree ({"edges": [[u, v], ...]}, as written by
// `search alpha -o` / `search cds -o`): the non-leaves of the tree form a CDS.
json alpha_witness(const json& w, int d) {
  if (w.contains("cds")) return json{{"cds", w["cds"]}, {"dim", d}};
  if (w.contains("edges")) {
    std::map<unsigned, unsigned> deg;
    for (const auto& e : w["edges"]) {
      ++deg[e.at(0).get<unsigned>()];
      ++deg[e.at(1).get<unsigned>()];
    }
    std::vector<unsigned> s;
    for (auto [v, k] : deg)
      if (k > 1) s.push_back(v);
    return json{{"cds", s}, {"dim", d}};
  }
  throw InputError("--seed-witness: expected {\"cds\": [...]} or a tree with \"edges\"");
}


// Prepares (or opens) the run directory and runs its cubes, locally or on the MPI ranks.
int run_family(const json& query, const CubeCli& o, std::function<std::string()> bounds = {},
               const json* seed_witness = nullptr) {
  auto* dist = search::distributor();
  if (dist && !dist->is_master()) {
    dist->work();
    return 0;
  }
  if (o.dir.empty() == o.resume.empty()) throw InputError("--dir/--resume: give exactly one (a new run or one to continue)");
  const bool fresh = !o.dir.empty();
  std::unique_ptr<search::Family> family = fresh ? search::make_family(query) : nullptr;
  std::unique_ptr<search::RunDir> run;
  if (fresh) {
    search::CubeOptions co;
    co.depth = o.depth;
    co.target = o.target;
    if (!o.quiet) std::cerr << "[cube] " << family->title() << ": making cubes" << std::endl;
    auto cubes = family->make_cubes(co);
    if (o.coq_test_drop_cube >= 0 && static_cast<std::size_t>(o.coq_test_drop_cube) < cubes.size()) {
      // TEST HOOK (--coq-test-drop-cube, hidden): one cube missing, so that a test shows the
      // coverage check failing.
      cubes.erase(cubes.begin() + o.coq_test_drop_cube);
      for (std::size_t k = 0; k < cubes.size(); ++k) cubes[k].id = static_cast<std::uint32_t>(k);
    }
    if (!o.quiet) std::cerr << "[cube] " << cubes.size() << " cubes; checking coverage" << std::endl;
    const auto cov = family->check_coverage(cubes);
    if (!o.quiet) std::cerr << "[cube] coverage: " << cov.message << " (" << cov.cpu_seconds << " s CPU)" << std::endl;
    run = std::make_unique<search::RunDir>(
        search::RunDir::create(o.dir, *family, cubes, cov, json{{"depth", o.depth}, {"target", o.target}}));
  } else {
    if (!o.ledger.empty()) {  // continue a ledger: rebuild the run here if needed, import its rows
      const auto l = search::read_ledger(o.ledger);
      if (!search::RunDir::exists(o.resume)) search::create_from_ledger(l, o.resume, !o.quiet);
      const auto r = search::RunDir::open(o.resume);
      std::string report;
      const auto fam = search::make_family(r.query());
      if (search::check_ledger_against(l, *fam, r, &report) > 0)
        throw InputError("--ledger: '" + o.ledger + "' has rows that fail the checks:\n" + report);
      const std::size_t n = search::import_ledger(l, r, fs::path(o.ledger).filename().string());
      if (!o.quiet)
        std::cerr << "[cube] ledger " << o.ledger << ": " << n << " finished cube(s) imported (checked by the runs "
                  << "that wrote it)" << std::endl;
    }
    run = std::make_unique<search::RunDir>(search::RunDir::open(o.resume));
    if (!query.is_null() && run->query() != query)
      throw InputError("--resume: '" + o.resume + "' holds another query: " + run->query().dump());
    family = search::make_family(run->query());
  }
  if (seed_witness && family->check_witness(*seed_witness).empty()) {
    // The seed already answers the question: record it as the witness of cube 0.
    search::CubeResult r;
    r.id = 0;
    r.status = search::CubeStatus::Sat;
    r.witness = *seed_witness;
    r.worker = "seed-witness";
    run->record(r);
    if (!o.quiet) std::cerr << "[cube] the seed witness answers the query" << std::endl;
  }
  if (!o.coq.empty() && !run->coverage().checked) {
    // No theorem can follow from a run whose cubes are not known to cover the query.
    std::cout << "coq: the coverage is not established: the cubes are not solved and no optimum_*_cubes.v is written\n";
    return print_cube_summary(*family, *run, search::summarize(*family, *run), o);
  }
  auto ro = run_options(o);
  ro.bounds = std::move(bounds);
  search::RunSummary s;
  if (dist) {
    s = dist->master(*family, *run, ro);
  } else {
    s = search::run_local(*family, *run, ro);
  }
  return write_cube_coq(*family, *run, s, print_cube_summary(*family, *run, s, o), o);
}

// --walk: one run_family per T (cli/cube_walk.cpp).
int walk_family(const json& q, const CubeCli& o) {
  if (!o.seed_witness.empty()) throw InputError("--walk: not with --seed-witness");
  if (o.steps != 0) throw InputError("--walk: not with --steps (the walk picks T)");
  return run_cube_walk(q, o, [](const json& query, const CubeCli& one) { return run_family(query, one); });
}

void add_run_options(CLI::App* c, CubeCli& o, bool with_dir) {
  if (with_dir) {
    c->add_option("--dir", o.dir, "new run directory (query, cubes, results, witness)");
    c->add_option("--resume", o.resume, "continue the run in this directory (finished cubes are kept)");
  }
  c->add_option("--jobs,-j", o.jobs, "worker threads (default: every core)")->default_val(0);
  c->add_option("--timeout", o.timeout, "wall-clock budget of this invocation in seconds (0: none)")->default_val(0);
  c->add_option("--cube-timeout", o.cube_timeout, "budget per cube (a timed-out cube stays open for --resume)")
      ->default_val(0);
  c->add_flag("--keep-proofs", o.keep_proofs, "keep every checked DRAT proof (and its extra clauses) in DIR/proofs");
  c->add_option("--check-batch", o.check_batch,
                "UNSAT cubes per run of the Coq-verified LRAT checker (one CNF with selector variables, "
                "encodings/sat/lrat_batch.hpp; 1, the default: a run per cube. Above 1 the batch lemma, "
                "proved by hand, joins the trusted base (docs/trust.md); it measured no gain on a random "
                "sample, docs/cube-and-conquer.md)")
      ->default_val(1);
  c->add_option("--shard", o.shard, "I/N: run only the cubes with id % N == I (merge the runs afterwards)");
  c->add_option("--limit", o.limit, "run at most this many pending cubes (with --sample-seed: a random sample)");
  c->add_option("--sample-seed", o.sample_seed, "with --limit: pick the cubes at random with this seed");
  c->add_flag("--quiet,-q", o.quiet, "no progress on stderr");
  c->add_option("-o,--output", o.output, "write the summary as JSON");
}

}  // namespace

void add_cube_command(CLI::App& app, std::function<int()>& action, std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "cube",
      "cube-and-conquer: split a pure-Boolean query into cubes (one per symmetry orbit), solve them in "
      "parallel with checked DRAT proofs and a checked coverage proof; resumable run directories");
  sub->require_subcommand(1);
  sub->footer(
      "Examples:\n"
      "  schedcert cube alpha --dim 5 --max-size 9 --dir run-a5        # alpha(5) <= 22, certified\n"
      "  schedcert cube alpha --dim 7 --max-size 24 --dir run-a7 --timeout 3600 --cube-timeout 600\n"
      "  schedcert cube resume run-a7 --jobs 2                          # continue it\n"
      "  schedcert cube successive -n Q4 -m shout-whisper --allocation free -T 28 --dir run-q4\n"
      "  schedcert cube synthesize -n Q3 -m shout-whisper -p multinode-broadcast -T 10 --dir run-mnb\n"
      "  schedcert cube synthesize -n Q2 -m shout-whisper -p multinode-accumulation --walk --dir w\n"
      "        # the least T: a cube run per T in w/T<k> from the lower bound to below the best known schedule\n"
      "  schedcert cube successive -n Q3 -m shout-whisper --allocation free -T 13 --dir run-c --coq out\n"
      "        # on the CNF generated in Coq: 195 cubes, out/optimum_..._free_cubes.v proves the optimum 14\n"
      "        # (premises; --cubes 7 --coq-lrat-max 100000000: 7 cubes, closed; docs/coq.md)\n"
      "  mpirun -np 64 schedcert-mpi cube resume run-a7                 # the same on MPI ranks\n"
      "  schedcert cube merge run-a7 run-a7-shard1  &&  schedcert cube check run-a7\n"
      "  schedcert cube stats run-a7 --workers 16,64,256                # per-cube times, projection\n"
      "  schedcert cube ledger run-a7 -o ledgers/alpha-d7-k24.jsonl      # the outcome, small enough to commit\n"
      "  schedcert cube resume run-a7b --ledger ledgers/alpha-d7-k24.jsonl   # continue it on another machine\n"
      "  schedcert cube check ledgers/alpha-d7-k24.jsonl --sample 20     # re-validate: coverage, hashes, 20 cubes\n"
      "Exit codes: 0 answered and certified (unsat or sat), 1 coverage not established, 3 open,\n"
      "4 merged runs disagree (with --coq also: the CNF regenerated by the extracted Coq generator is\n"
      "not the C++ one), 2 input error. docs/cube-and-conquer.md has the details.\n");
  auto o = std::make_shared<CubeCli>();
  keep.push_back(o);

  auto* alpha = sub->add_subcommand("alpha", "is there a connected dominating set of Q_d with at most K nodes? "
                                             "(UNSAT: alpha(d) <= 2^d - K - 1)");
  alpha->add_option("--dim,-d", o->dim, "d")->required();
  alpha->add_option("--max-size,-k", o->max_size, "K")->required();
  alpha->add_option("--depth", o->depth, "split depth: 0 one cube, 1 by m = the max degree in G[S], 2 (default) by "
                                         "m and the nodes at distance 2");
  alpha->add_option("--seed-witness", o->seed_witness,
                    "a CDS ({\"cds\": [...]}) or tree ({\"edges\": ...}) file: answers the query when small enough, "
                    "else shown as the lower bound");
  alpha->add_flag("--lex-leader", o->lex_leader,
                  "inside each cube, lex-leader constraints over the automorphisms of Q_d that fix the cube's "
                  "pattern (nauty; off by default; search/alpha_cubes.hpp, docs/cube-and-conquer.md)");
  add_run_options(alpha, *o, true);
  alpha->callback([&action, o] {
    action = [o] {
      json q{{"family", "alpha-cds"}, {"dim", o->dim}, {"max_size", o->max_size}};
      if (o->lex_leader) q["lex"] = true;
      const schedules::Node n = search::check_alpha_query({o->dim, o->max_size, o->lex_leader});
      std::optional<json> seed;
      std::string lower;
      if (!o->seed_witness.empty()) {
        seed = alpha_witness(read_json_file(o->seed_witness, "--seed-witness"), o->dim);
        const auto s = (*seed)["cds"].get<std::vector<schedules::Node>>();
        if (const auto why = search::check_cds(o->dim, s); !why.empty())
          throw InputError("--seed-witness: not a connected dominating set of Q" + std::to_string(o->dim) + ": " + why);
        lower = "alpha(" + std::to_string(o->dim) + ") >= " + std::to_string(n - s.size()) + " (seed); ";
      }
      const std::string b = lower + "asking: alpha(" + std::to_string(o->dim) +
                            ") <= " + std::to_string(n - o->max_size - 1) + "?";
      return run_family(o->resume.empty() || o->dim ? q : json(), *o, [b] { return b; }, seed ? &*seed : nullptr);
    };
  });

  auto add_synth_options = [&](CLI::App* c) {
    c->add_option("--network,-n", o->network, "network, e.g. Q4, C3xC3")->required();
    c->add_option("--model,-m", o->model, "communication model")->default_val("all-port");
    c->add_option("--steps,-T", o->steps, "T: is there a schedule of T steps? (or --walk)");
    c->add_flag("--walk", o->walk,
                "the least T instead of one T: a cube run per T in DIR/T<k>, from the lower bound up to "
                "below the best known schedule; run it again to continue (cli/cube_walk.cpp)");
    c->add_option("--max-steps", o->max_steps, "--walk: give up above this T (0: bound + 64)");
    c->add_flag("--no-known-upper", o->no_known_upper, "--walk: do not stop below a known schedule");
    c->add_option("--cubes", o->target, "about this many cubes (default 64)");
    c->add_flag("--no-symmetry", o->no_symmetry, "leave out the encoding's symmetry-breaking rules (with --coq and "
                                                  "a free allocation: free_cnf instead of free_sym_cnf)");
    c->add_option("--seed-witness", o->seed_witness, "a schedule file (JSON) that may already answer the query");
    add_coq_options(c, *o);
    add_run_options(c, *o, true);
  };
  auto* succ = sub->add_subcommand("successive", "successive broadcasts (every node once): is there an allocation "
                                                 "and a schedule of T steps?");
  add_synth_options(succ);
  succ->add_flag("--lex-leader", o->lex_leader,
                 "lex-leader constraints over the network's whole automorphism group instead of the "
                 "coordinate rules (synthesize --lex-leader)");
  succ->add_option("--allocation", o->allocation, "free, gray, or use --sources")->check(CLI::IsMember({"free", "gray"}));
  succ->add_option("--sources", o->sources, "the sources in broadcast order (a bijection)");
  succ->callback([&action, o] {
    action = [o] {
      if (o->allocation.empty() == o->sources.empty())
        throw InputError("--allocation/--sources: give exactly one");
      json q{{"family", "successive"}, {"network", o->network}, {"model", o->model}, {"steps", o->steps},
             {"symmetry", !o->no_symmetry}};
      if (o->lex_leader) {
        if (!o->coq.empty())
          throw InputError("--lex-leader: not with --coq (the CNF generated in Coq has no lex-leader constraints)");
        q["lex"] = true;
      }
      q["allocation"] = o->sources.empty() ? json(o->allocation) : json(o->sources);
      std::string cmd = "schedcert cube successive -n " + o->network + " -m " + o->model + " -T " +
                        std::to_string(o->steps) + (o->sources.empty() ? " --allocation " + o->allocation : " --sources");
      for (unsigned v : o->sources) cmd += " " + std::to_string(v);
      if (o->target) cmd += " --cubes " + std::to_string(o->target);
      if (o->no_symmetry) cmd += " --no-symmetry";
      add_coq_query(q, *o, cmd);
      std::optional<json> seed;
      if (!o->seed_witness.empty()) seed = read_json_file(o->seed_witness, "--seed-witness");
      if (o->walk) return walk_family(q, *o);
      if (o->steps == 0 && o->resume.empty()) throw InputError("--steps: give T (or --walk for the least T)");
      return run_family(q, *o, {}, seed ? &*seed : nullptr);
    };
  });
  auto* syn = sub->add_subcommand("synthesize", "the exact time-indexed query: is there a schedule of T steps?");
  add_synth_options(syn);
  syn->add_option("--problem,-p", o->problem, "problem kind")->required();
  syn->add_option("--root,-r", o->root, "root node")->default_val(0);
  syn->add_option("--messages,-M", o->messages, "M")->default_val(1);
  syn->add_flag("--no-cds", o->no_cds, "leave out the sender counts (synthesize --no-cds)");
  syn->add_flag("--lex-leader", o->lex_leader,
                "lex-leader constraints over the network's whole automorphism group instead of the "
                "anchor rules (synthesize --lex-leader)");
  syn->callback([&action, o] {
    action = [o] {
      json q{{"family", "synthesis"}, {"network", o->network}, {"model", o->model}, {"problem", o->problem},
                   {"root", o->root},       {"messages", o->messages}, {"steps", o->steps},
                   {"symmetry", !o->no_symmetry}, {"slack", true}, {"cds", !o->no_cds}};
      if (o->lex_leader) {
        if (!o->coq.empty())
          throw InputError("--lex-leader: not with --coq (the CNF generated in Coq has no lex-leader constraints)");
        q["lex"] = true;
      }
      add_coq_query(q, *o,
                    "schedcert cube synthesize -n " + o->network + " -m " + o->model + " -p " + o->problem + " -r " +
                        std::to_string(o->root) + " -M " + std::to_string(o->messages) + " -T " +
                        std::to_string(o->steps) + (o->target ? " --cubes " + std::to_string(o->target) : ""));
      std::optional<json> seed;
      if (!o->seed_witness.empty()) seed = read_json_file(o->seed_witness, "--seed-witness");
      if (o->walk) return walk_family(q, *o);
      if (o->steps == 0 && o->resume.empty()) throw InputError("--steps: give T (or --walk for the least T)");
      return run_family(q, *o, {}, seed ? &*seed : nullptr);
    };
  });

  auto* resume = sub->add_subcommand("resume", "continue the run in DIR (its query and cubes are read from DIR)");
  resume->add_option("dir", o->resume, "run directory (created from --ledger when it does not exist)")->required();
  resume->add_option("--ledger", o->ledger, "a ledger (cube ledger) whose finished cubes are imported first: continue "
                                            "a run that another machine started");
  add_coq_options(resume, *o);
  add_run_options(resume, *o, false);
  resume->callback([&action, o] {
    action = [o] {
      o->command = "schedcert cube resume " + o->resume + " --coq DIR";
      return run_family(json(), *o);
    };
  });

  auto* merge = sub->add_subcommand("merge", "copy the results of other runs of the same query and cubes into DIR, "
                                             "then judge DIR");
  merge->add_option("dir", o->dir, "the run directory to merge into")->required();
  merge->add_option("others", o->others, "run directories to merge from")->required();
  merge->add_option("-o,--output", o->output, "write the summary as JSON");
  merge->callback([&action, o] {
    action = [o] {
      const auto into = search::RunDir::open(o->dir);
      std::vector<search::RunDir> others;
      for (const auto& d : o->others) others.push_back(search::RunDir::open(d));
      bool conflict = false;
      std::cout << search::merge_runs(into, others, &conflict) << "\n";
      const auto family = search::make_family(into.query());
      const int code = print_cube_summary(*family, into, search::summarize(*family, into), *o);
      return conflict ? 4 : code;
    };
  });

  add_cube_ledger_commands(sub, action, o);

  auto* stats = sub->add_subcommand("stats", "per-cube CPU time distribution of a run and the projected wall time "
                                             "on N workers (list scheduling, bootstrap from the measured cubes)");
  stats->add_option("dir", o->dir, "run directory")->required();
  stats->add_option("--workers", o->workers, "worker counts to project")->delimiter(',');
  stats->add_option("--total", o->total, "project a run of this many cubes (default: the run's cube count)");
  stats->add_option("-o,--output", o->output, "write the numbers as JSON");
  stats->callback([&action, o] {
    action = [o] {
      const auto run = search::RunDir::open(o->dir);
      std::vector<double> times;
      for (const auto& [id, r] : run.load_results())
        if (r.done()) times.push_back(r.cpu_seconds);
      if (times.empty()) throw InputError("stats: no finished cube in '" + o->dir + "'");
      const std::size_t total = o->total ? o->total : run.cubes().size();
      const auto st = search::time_stats(times);
      const auto pr = search::project(times, total, o->workers);
      std::cout << search::projection_report(st, total, pr);
      if (!o->output.empty()) {
        json j{{"measured", st.n}, {"total", total}, {"mean", st.mean}, {"median", st.median}, {"p90", st.p90},
               {"p99", st.p99},    {"max", st.max},  {"sum", st.sum}};
        for (const auto& p : pr)
          j["projection"].push_back(json{{"workers", p.workers}, {"makespan_s", p.makespan}, {"cpu_s", p.cpu},
                                         {"efficiency", p.efficiency}});
        schedules::io::write_atomically("-o", o->output,
                                        [&](std::ostream& out) { out << j.dump(2) << "\n"; });
      }
      return 0;
    };
  });
}

}  // namespace schedcert::cli
