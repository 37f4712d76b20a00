// `cube successive|synthesize|resume ... --coq DIR` (issue 26, item 5): the optimum that a cube
// run establishes, as a Coq theorem (witnesses/coq_optimum.hpp, CubeRunCoqInput).
// The run must be on the CNF generated in Coq (search/coq_cubes.hpp: the query has "coq": true),
// and UNSAT: coverage established and every cube refuted, each verdict by schedcert-lrat
// --synth on the CNF the extracted generator built. The other half of the optimum is a witness
// of T + 1 steps: --coq-witness FILE, or found here by the production encoders at T + 1
// (synthesize_successive / synthesize), verified natively (and by coqc, Checker.v's check).
// The file is closed (every LRAT proof embedded, checked by vm_compute) when the coverage proof
// and the cubes' proofs have at most --coq-lrat-max bytes in total, else the premise form.
// Nothing is written, and the exit code says why, when the run is not UNSAT (SAT: 0 with no
// theorem; open: 3; coverage not established: 1) or no witness of T + 1 steps is found (3).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "cli/cube_cli.hpp"
#include "cli/words.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "encodings/synth/coq_cnf.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/disagree.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "search/coq_cubes.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_optimum.hpp"

namespace schedcert::cli {

namespace {

namespace fs = std::filesystem;
namespace sy = encodings::synth;
using schedules::Schedule;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return "";
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A valid schedule of exactly T + 1 steps for the run's instance.
Schedule find_witness(const search::CoqCubeInstance& in, const CubeCli& o) {
  const unsigned steps = in.steps + 1;
  const bool free = in.allocation != sy::FreeAllocation::None;
  std::optional<Schedule> s;
  if (!o.coq_witness.empty()) {
    s = schedules::io::read_schedule_file(o.coq_witness).schedule;
  } else if (in.problem.kind == schedules::ProblemKind::SuccessiveBroadcast) {
    sy::SuccessiveOptions so;
    if (!free) so.fixed_sources = in.problem.sources;
    if (o.timeout > 0) so.timeout_ms = static_cast<unsigned>(o.timeout * 1000);
    auto r = sy::synthesize_successive(in.network, in.model, steps, so);
    if (r.status != sy::SynthesisStatus::Found || !r.schedule)
      throw UnknownResult("--coq: no witness of " + std::to_string(steps) + " steps found (" + sy::to_string(r.status) +
                          "): no optimum theorem; give one with --coq-witness FILE");
    s = std::move(r.schedule);
  } else {
    sy::SynthesisOptions so;
    if (o.timeout > 0) so.timeout_ms = static_cast<unsigned>(o.timeout * 1000);
    auto r = sy::synthesize(in.network, in.model, in.problem, steps, so);
    if (r.status != sy::SynthesisStatus::Found || !r.schedule)
      throw UnknownResult("--coq: no witness of " + std::to_string(steps) + " steps found (" + sy::to_string(r.status) +
                          "): no optimum theorem; give one with --coq-witness FILE");
    s = std::move(r.schedule);
  }
  const std::string what = o.coq_witness.empty() ? "the witness found" : "--coq-witness '" + o.coq_witness + "'";
  if (s->network().name() != in.network.name() || s->model() != in.model)
    throw InputError(what + ": is for " + s->network().name() + " " + schedules::to_string(s->model()) + ", the run for " +
                     in.network.name() + " " + schedules::to_string(in.model));
  const auto v = verifier::verify_native(*s);
  if (!v.valid)
    throw InputError(what + ": not a valid schedule (" + (v.violation ? v.violation->message : std::string("?")) + ")");
  if (s->num_steps() < steps)  // the run refuted every schedule of at most T steps
    throw EnginesDisagree(what + " has " + std::to_string(s->num_steps()) + " steps, but the cube run refuted " +
                          std::to_string(in.steps));
  if (s->num_steps() != steps)
    throw InputError(what + ": has " + std::to_string(s->num_steps()) + " steps, the optimum theorem needs " +
                     std::to_string(steps));
  if (free) {
    std::vector<schedules::Node> src = s->problem().sources;
    std::sort(src.begin(), src.end());
    bool bijection = s->problem().kind == schedules::ProblemKind::SuccessiveBroadcast && src.size() == in.network.num_nodes();
    for (std::size_t i = 0; bijection && i < src.size(); ++i) bijection = src[i] == i;
    if (!bijection || s->problem().packet_items != in.problem.packet_items)
      throw InputError(what + ": not a successive broadcast from every node once (packet " +
                       std::to_string(in.problem.packet_items) + ")");
  } else if (sy::coq_problem_term(s->problem()) != sy::coq_problem_term(in.problem)) {
    throw InputError(what + ": solves " + sy::coq_problem_term(s->problem()) + ", the run " +
                     sy::coq_problem_term(in.problem));
  }
  return std::move(*s);
}

}  // namespace

// --coq and its options (cli/cube_coq.cpp), on the family commands and on resume.
void add_coq_options(CLI::App* c, CubeCli& o) {
  c->add_option("--coq", o.coq,
                "run on the CNF generated in Coq (synth_cnf, free_cnf or free_sym_cnf of coq/synth; every cube's and "
                "the coverage's verdict by schedcert-lrat --synth on the regenerated CNF) and, when it is UNSAT, write "
                "DIR/optimum_<instance>_cubes.v: the optimum T + 1 (a witness of T + 1 steps, --coq-witness or found "
                "here) with T refuted by the cubes (coq/lrat/Cubes.v, coq/synth/SynthCubes.v; docs/coq.md)");
  c->add_option("--coq-lrat-max", o.coq_lrat_max,
                "with --coq: embed the coverage proof and every cube's LRAT proof when they have at most BYTES in "
                "total, and prove the optimum with no premise (coqc checks them by vm_compute); otherwise the file "
                "keeps the premises that schedcert-lrat --synth accepted them")
      ->default_val(std::size_t{4} << 20);
  c->add_option("--coq-witness", o.coq_witness,
                "with --coq: the schedule of T + 1 steps (schedule JSON) for the optimum; default: found by the "
                "production encoder and verified natively");
  // TEST HOOKS, hidden from --help (empty group): the C++ mirror leaves RULE out (exit 4 when the
  // checker regenerates the CNF); the cube with this id is dropped (the coverage fails, exit 1).
  c->add_option("--coq-test-drop", o.coq_test_drop, "test hook")->group("");
  c->add_option("--coq-test-drop-cube", o.coq_test_drop_cube, "test hook")->group("");
}

// The query of a family command with --coq: the Coq family (search/coq_cubes.hpp).
void add_coq_query(nlohmann::json& q, CubeCli& o, const std::string& command) {
  if (o.coq.empty()) return;
  q["coq"] = true;
  if (!o.coq_test_drop.empty()) q["coq_test_drop"] = o.coq_test_drop;
  o.command = command + " --coq DIR";
}

int write_cube_coq(const search::Family& f, const search::RunDir& run, const search::RunSummary& s, int code,
                   const CubeCli& o) {
  if (o.coq.empty()) return code;
  const search::CoqCubeInstance* in = search::coq_cube_instance(f);
  if (!in) throw InputError("--coq: the run in '" + run.path() + "' is not on the CNF generated in Coq (start it with --coq)");
  if (s.verdict != search::RunVerdict::Unsat) {
    std::cout << "coq: no optimum_*_cubes.v written: the run is " << search::to_string(s.verdict)
              << (s.verdict == search::RunVerdict::Sat ? " (a schedule of " + std::to_string(in->steps) + " steps exists)"
                                                       : "")
              << "\n";
    return code;
  }
  if (in->steps == 0) throw InputError("--coq: the run refutes 0 steps: no optimum theorem");
  // The proofs the run kept (Family::keeps_lrat): the coverage's and one per cube.
  const auto results = run.load_results();
  std::size_t unchecked = 0;
  for (const auto& c : run.cubes()) {
    const auto it = results.find(c.id);
    unchecked += it == results.end() || !(it->second.proof.lrat_verified || !it->second.ledger.empty());
  }
  if (unchecked > 0)
    throw InputError("--coq: " + std::to_string(unchecked) +
                     " cube(s) of the run were not checked by the verified checker: no theorem");
  const Schedule witness = find_witness(*in, o);
  witnesses::CubeRunCoqInput cin;
  std::size_t total = 0, missing = 0;
  const fs::path dir(run.path());
  std::string coverage_lrat = run.coverage().lrat_file.empty() ? "" : read_text(dir / run.coverage().lrat_file);
  if (coverage_lrat.empty()) ++missing;
  total += coverage_lrat.size();
  std::vector<std::string> lrats;
  for (const auto& c : run.cubes()) {
    cin.cubes.push_back(c.lits);
    const auto it = results.find(c.id);
    std::string text;
    if (it != results.end() && !it->second.proof.lrat_file.empty()) text = read_text(dir / it->second.proof.lrat_file);
    if (text.empty()) ++missing;
    total += text.size();
    if (total <= o.coq_lrat_max && missing == 0) lrats.push_back(std::move(text));
  }
  const bool closed = missing == 0 && total <= o.coq_lrat_max;
  if (closed) {
    cin.coverage_lrat = std::move(coverage_lrat);
    cin.cube_lrats = std::move(lrats);
  } else if (missing > 0) {
    std::cout << "coq: " << missing << " of the run's proofs are not in " << run.path()
              << "/proofs (imported from a ledger, or run on MPI ranks without a shared directory): the file keeps "
                 "the premise form\n";
  } else {
    std::cout << "coq: the run's LRAT proofs (" << total << " bytes in total) are larger than --coq-lrat-max "
              << o.coq_lrat_max << ": the file keeps the premises that schedcert-lrat --synth accepted them\n";
  }
  std::ostringstream note;
  note << run.cubes().size() << " cubes, every one UNSAT: each cube's CNF (cube_cnf) and the coverage CNF ("
       << run.coverage().clauses << " clauses, coverage_cnf) regenerated by schedcert-lrat --synth with the extracted "
       << sy::coq_generator_name(in->allocation) << ", identical to the C++ ones, and every LRAT proof accepted ("
       << total << " bytes in total"
       << (s.unsat_ledger ? "; " + std::to_string(s.unsat_ledger) + " cubes imported from a ledger, checked by the runs "
                                                                    "that wrote it"
                          : std::string())
       << "); the CNF F: " << in->vars << " variables, " << in->clauses
       << " clauses; cube CPU " << seconds_text(s.total_cube_cpu) << " of which proof checks "
       << seconds_text(s.total_check_cpu) << ".";
  cin.run_note = note.str();
  cin.ledger_cubes = s.unsat_ledger;
  cin.optimum.witness = &witness;
  cin.optimum.command = o.command;
  cin.optimum.allocation = in->allocation;
  cin.optimum.auts = in->auts;
  const char* env = std::getenv("SCHEDCERT_COQ_DIR");
  const std::string src = env && *env ? std::string(env) : std::string(SCHEDCERT_COQ_DIR);
  std::cout << "coq: witness of " << witness.num_steps() << " steps ("
            << (o.coq_witness.empty() ? "found by the production encoder" : "from " + o.coq_witness)
            << ", verified natively); the run's " << run.cubes().size() << " cubes refute " << in->steps
            << " steps on the CNF generated by the extracted " << sy::coq_generator_name(in->allocation) << "\n";
  std::cout << "coq: wrote " << witnesses::write_cube_optimum_coq(cin, o.coq, src)
            << (closed ? " (closed: every proof embedded)" : " (premise form)") << "\n";
  return code;
}

}  // namespace schedcert::cli
