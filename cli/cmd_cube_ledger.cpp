// `schedcert cube check DIR|LEDGER` and `schedcert cube ledger DIR` (issue 27, item 4; the
// ledger format and what a ledger row means: search/ledger.hpp), and the summary every cube
// command prints. A ledger is re-validated by rebuilding its query's cubes with this build (the
// cube list's SHA-256 must match), re-checking the coverage here, importing the rows into a
// temporary run directory, and re-solving a random sample of cubes with both proof checks.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/cube_cli.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "search/conquer.hpp"
#include "search/ledger.hpp"

namespace schedcert::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A temporary directory removed on every path out.
struct TempRunDir {
  std::string path;
  TempRunDir() {
    std::string t = (fs::temp_directory_path() / "schedcert-ledger-check-XXXXXX").string();
    if (!::mkdtemp(t.data())) throw InputError("cube check: cannot create a temporary directory in " + fs::temp_directory_path().string());
    path = t;
  }
  ~TempRunDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// --recheck-proofs: every kept proof through the DRAT checker again.
void recheck_kept_proofs(const search::Family& family, const search::RunDir& run) {
  std::size_t rechecked = 0, failed = 0, missing = 0;
  for (const auto& [id, r] : run.load_results()) {
    if (r.status != search::CubeStatus::Unsat) continue;
    if (r.proof.file.empty()) {
      ++missing;
      continue;
    }
    const auto why = search::recheck_proof(family, run.cubes()[id], (fs::path(run.path()) / r.proof.file).string(),
                                           r.proof.extra_file.empty() ? "" : (fs::path(run.path()) / r.proof.extra_file).string());
    ++rechecked;
    if (!why.empty()) {
      ++failed;
      std::cout << "  cube " << id << ": " << why << "\n";
      search::CubeResult bad = r;
      bad.status = search::CubeStatus::Unknown;
      bad.proof.checked = false;
      bad.reason = "re-check failed: " + why;
      run.write_json("results/cube-" + std::to_string(id) + ".json", search::to_json(bad));
    }
  }
  std::cout << "proofs re-checked: " << rechecked << " (" << failed << " rejected, " << missing
            << " unsat cubes without a kept proof: their recorded check is trusted)\n";
}

// Judges `run` (coverage re-checked, results re-read, optional proof re-check and sample).
int judge(search::RunDir run, const CubeCli& o, std::size_t ledger_problems) {
  const auto family = search::make_family(run.query());
  const auto cov = family->check_coverage(run.cubes());
  std::cout << "coverage re-checked: " << cov.message << "\n";
  if (cov.checked != run.coverage().checked) std::cout << "  (differs from the recorded coverage verdict)\n";
  run.set_coverage(cov);
  if (o.recheck) recheck_kept_proofs(*family, run);
  int code = print_cube_summary(*family, run, search::summarize(*family, run), o);
  if (o.sample > 0) {
    const auto sc = search::resolve_sample(*family, run, o.sample, o.sample_seed ? o.sample_seed : 1, o.cube_timeout);
    std::cout << "sample: " << sc.sampled << " finished cube(s) solved again (seed " << (o.sample_seed ? o.sample_seed : 1)
              << "): " << sc.confirmed << " confirmed, " << sc.unconfirmed << " unconfirmed, " << sc.disagreed
              << " DISAGREE; CNF identical for " << sc.same_cnf << ", different for " << sc.other_cnf << "; "
              << sc.cpu_seconds << " s CPU\n"
              << sc.report;
    if (sc.disagreed) return 4;
    if (sc.unconfirmed && code == 0) code = 3;
  }
  if (ledger_problems && code == 0) code = 1;
  return code;
}

}  // namespace

int print_cube_summary(const search::Family& f, const search::RunDir& run, const search::RunSummary& s,
                       const CubeCli& o) {
  std::cout << "cube run: " << f.title() << "\n";
  std::cout << "  run directory: " << run.path() << " (" << run.cubes().size() << " cubes)\n";
  std::cout << "  coverage: " << (run.coverage().checked ? "established: " : "NOT established: ")
            << run.coverage().message << "\n";
  std::cout << "  answer: ";
  switch (s.verdict) {
    case search::RunVerdict::Unsat:
      if (s.unsat_ledger == 0) {
        std::cout << "UNSAT (certified): ";
      } else {  // part of the record comes from a ledger: its checks ran elsewhere
        std::cout << "UNSAT (" << s.unsat - s.unsat_ledger << " cubes checked in this run directory, " << s.unsat_ledger
                  << " imported from a ledger, checked by the runs that wrote it; `cube check --sample K` re-solves "
                     "a sample): ";
      }
      break;
    case search::RunVerdict::Sat: std::cout << "SAT (witness verified natively): "; break;
    case search::RunVerdict::Open: std::cout << "OPEN: "; break;
  }
  std::cout << s.message << "\n";
  if (s.verdict == search::RunVerdict::Sat) std::cout << "  witness: " << run.path() << "/witness.json\n";
  std::cout << "  cubes: " << s.unsat << " unsat (every DRAT proof checked; " << s.unsat_lrat
            << " of them also by the Coq-verified LRAT checker"
            << (s.unsat_ledger ? "; " + std::to_string(s.unsat_ledger) + " of the unsat ones as recorded in a ledger" : "")
            << "), " << s.sat << " sat, " << s.unknown
            << " open, " << s.pending << " not run; cube CPU total " << search::format_duration(s.total_cube_cpu)
            << " (" << s.total_cube_cpu << " s, of which proof checks " << s.total_check_cpu << " s)";
  if (s.wall_seconds > 0)
    std::cout << "; this invocation: wall " << s.wall_seconds << " s, cube CPU " << s.cpu_seconds << " s";
  std::cout << "\n";
  if (s.skipped_files) std::cout << "  ignored " << s.skipped_files << " unreadable/inconsistent result file(s)\n";
  if (!o.output.empty()) {
    json j = s.to_json();
    j["title"] = f.title();
    j["run_directory"] = run.path();
    j["coverage"] = search::to_json(run.coverage());
    schedules::io::write_atomically("-o", o.output,
                                    [&](std::ostream& out) { out << j.dump(2) << "\n"; });
  }
  if (s.verdict == search::RunVerdict::Open) return run.coverage().checked ? 3 : 1;
  return 0;
}

void add_cube_ledger_commands(CLI::App* sub, std::function<int()>& action, std::shared_ptr<CubeCli> o) {
  auto* check = sub->add_subcommand(
      "check",
      "judge a run directory or a ledger again: coverage re-checked, every result re-read, witnesses re-verified, "
      "kept proofs re-checked (--recheck-proofs), a random sample of cubes solved and checked again (--sample K)");
  check->add_option("dir", o->dir, "run directory, or a ledger file (cube ledger)")->required();
  check->add_flag("--recheck-proofs", o->recheck, "re-run the DRAT checker on every kept proof");
  check->add_option("--sample", o->sample, "solve this many finished cubes again, with both proof checks");
  check->add_option("--sample-seed", o->sample_seed, "which cubes --sample draws (default 1)");
  check->add_option("--cube-timeout", o->cube_timeout, "budget per re-solved cube in seconds (0: none)")->default_val(0);
  check->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  check->add_option("-o,--output", o->output, "write the summary as JSON");
  check->callback([&action, o] {
    action = [o] {
      if (fs::is_directory(o->dir)) return judge(search::RunDir::open(o->dir), *o, 0);
      if (!fs::exists(o->dir)) throw InputError("cube check: '" + o->dir + "' is neither a run directory nor a ledger file");
      const auto l = search::read_ledger(o->dir);
      std::cout << "ledger " << o->dir << ": " << l.rows.size() << " finished cube(s) of " << l.cube_count << ", query "
                << l.query.dump() << " (written by schedcert " << l.schedcert_version << ")\n";
      TempRunDir tmp;
      const auto run = search::create_from_ledger(l, tmp.path + "/run", !o->quiet);
      std::cout << "cubes rebuilt by this build: " << run.cubes().size() << ", sha256 " << l.cubes_sha256
                << " (as recorded)\n";
      const auto family = search::make_family(run.query());
      std::string report;
      const std::size_t problems = search::check_ledger_against(l, *family, run, &report);
      std::cout << report;
      search::import_ledger(l, run, o->dir);
      return judge(run, *o, problems);
    };
  });

  auto* ledger = sub->add_subcommand(
      "ledger", "write the ledger of a run directory: its query, cube-list and coverage hashes and one line per "
                "finished cube (verdict, CNF SHA-256, checks, CPU), small enough to commit (JSON Lines)");
  ledger->add_option("dir", o->dir, "run directory")->required();
  ledger->add_option("-o,--output", o->output, "the ledger file (default DIR/ledger.jsonl)");
  ledger->callback([&action, o] {
    action = [o] {
      const auto run = search::RunDir::open(o->dir);
      const auto l = search::ledger_of(run);
      const std::string path = o->output.empty() ? (fs::path(o->dir) / "ledger.jsonl").string() : o->output;
      search::write_ledger(l, path);
      std::size_t unsat = 0;
      for (const auto& r : l.rows) unsat += r.status == search::CubeStatus::Unsat;
      std::cout << "ledger: " << l.rows.size() << " of " << l.cube_count << " cubes finished (" << unsat << " unsat, "
                << l.rows.size() - unsat << " sat) -> " << path << " (" << fs::file_size(path) << " bytes)\n";
      return 0;
    };
  });
}

}  // namespace schedcert::cli
