// `schedcert search alpha --dim D [--engine cadical|z3|z3-layered] [--timeout S] [--emit DIR]
// [--symmetry 0|1|2] [--no-proof-check] [--quiet] [-o tree.json]`: the maximum number of leaves
// alpha(d) of a spanning tree of Q_d (encodings/alpha_cds.cpp has the design note),
// and with it the Desprez-Fraigniaud-Tourancheau 1993 Proposition 2 lower bound 2p - alpha - 1
// on successive broadcasts from all p = 2^d nodes under shout-whisper.
// Exit codes: 0 alpha certified exact, 3 the time budget left a gap (the bound printed then
// uses the proven upper bound on alpha, so it is still a valid lower bound).
#include <cstdlib>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "schedules/atomic_file.hpp"
#include "cli/commands.hpp"
#include "cli/search_tree.hpp"
#include "encodings/alpha.hpp"
#include "witnesses/alpha_coq.hpp"
#include "schedules/error.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::cli {

namespace {

struct SearchOptions {
  int dim = 0;
  double timeout = 60;
  std::string emit_smt2;
  std::string output;
  std::string engine = "cadical";
  int symmetry = 1;
  bool quiet = false;
  bool no_proof_check = false;
  unsigned probe = 0;
  std::string coq;  // --coq DIR
};

int run_alpha(const SearchOptions& o) {
  if (o.timeout < 0) throw InputError("--timeout: must be >= 0 seconds (0: no limit)");
  encodings::AlphaOptions ao;
  ao.d = o.dim;
  ao.timeout_s = o.timeout;
  ao.engine = o.engine == "z3" ? encodings::AlphaEngine::Z3
              : o.engine == "z3-layered" ? encodings::AlphaEngine::Z3Layered
                                         : encodings::AlphaEngine::Cadical;
  ao.cert_dir = o.emit_smt2;
  ao.symmetry = o.symmetry;
  ao.progress = !o.quiet;
  ao.check_proof = !o.no_proof_check;
  ao.probe = o.probe;
  const auto r = encodings::search_alpha(ao);
  if (!o.coq.empty()) {
    if (!r.alpha || o.dim < 2)
      throw InputError("--coq: needs an exact alpha (UNSAT certified) and d >= 2; got " +
                       std::string(r.alpha ? "d < 2" : "a gap"));
    witnesses::AlphaCoqInput in;
    in.d = o.dim;
    in.leaves = *r.alpha;
    in.tree = r.tree_edges;
    in.unsat_note = "CaDiCaL UNSAT, DRAT checked, LRAT " + std::string(r.lrat_verified ? "accepted" : "NOT accepted") +
                    " by the Coq-verified checker schedcert-lrat (CNF sha256 " + r.cnf_sha256 + ").";
    const char* env = std::getenv("SCHEDCERT_COQ_DIR");
    const std::string src = env && *env ? std::string(env) + "/alpha" : std::string(SCHEDCERT_COQ_DIR) + "/alpha";
    std::cerr << "wrote " << witnesses::write_alpha_coq(in, o.coq, src) << "\n";
  }
  const std::uint64_t p = std::uint64_t{1} << o.dim;
  std::cout << "alpha(" << o.dim << ") for Q" << o.dim << " (" << p << " nodes): ";
  if (r.alpha)
    std::cout << *r.alpha << " (certified exact)\n";
  else
    std::cout << "between " << r.lower << " and " << r.upper << " (gap: time budget reached)\n";
  std::cout << "  best tree: " << r.lower << " leaves, " << r.tree_edges.size() << " edges:";
  for (auto [u, v] : r.tree_edges) std::cout << ' ' << u << '-' << v;
  std::cout << "\n  certificate: " << r.certificate << "\n";
  std::cout << "  engine: " << r.engine << ", time: " << r.seconds << " s wall, " << r.cpu_seconds
            << " s CPU (certificate check " << r.proof_cpu_seconds << " s CPU); " << r.solves << " solves, "
            << r.cuts << " separator cuts\n";
  std::cout << "  Desprez et al. 1993 Prop. 2 (shout-whisper, p = " << p
            << " successive broadcasts): at least " << verifier::desprez_lower_bound(p, r.upper)
            << " steps (2p - alpha - 1" << (r.alpha ? "" : " with the upper bound on alpha")
            << "); Prop. 1 achieves " << 2 * p + static_cast<std::uint64_t>(o.dim) - 2 << "\n";
  if (!o.output.empty()) {
    nlohmann::json j;
    j["dim"] = o.dim;
    j["alpha"] = r.alpha ? nlohmann::json(*r.alpha) : nlohmann::json(nullptr);
    j["lower"] = r.lower;
    j["upper"] = r.upper;
    j["leaves"] = r.lower;
    j["edges"] = nlohmann::json::array();
    for (auto [u, v] : r.tree_edges) j["edges"].push_back({u, v});
    j["certificate"] = r.certificate;
    j["unsat_smt2"] = r.unsat_smt2;
    j["cnf"] = r.cnf_path;
    j["drat"] = r.drat_path;
    j["proof_checked"] = r.proof_checked;
    j["lrat"] = r.lrat_path;
    j["lrat_verified"] = r.lrat_verified;
    j["cnf_sha256"] = r.cnf_sha256;
    j["lrat_cpu_seconds"] = r.lrat_cpu_seconds;
    j["engine"] = r.engine;
    j["cpu_seconds"] = r.cpu_seconds;
    j["cuts"] = r.cuts;
    j["seconds"] = r.seconds;
    write_atomically("-o", o.output, [&](std::ostream& f) { f << j.dump(2) << "\n"; });
  }
  return r.alpha ? 0 : 3;
}

}  // namespace

void add_search_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand("search", "searches for extremal structures: alpha (max-leaf spanning trees of Q_d; CaDiCaL by default, every UNSAT proof-checked), tree (spanning trees with an objective), cds (connected dominating sets, a heuristic)");
  sub->require_subcommand(1);
  auto o = std::make_shared<SearchOptions>();
  keep.push_back(o);
  auto* alpha = sub->add_subcommand(
      "alpha",
      "alpha(d) = max leaves of a spanning tree of Q_d, certified by UNSAT; prints the Desprez "
      "1993 Prop. 2 bound 2p - alpha - 1. Exit 0 exact, 3 gap left by the timeout");
  alpha->add_option("--dim,-d", o->dim, "cube dimension d in [1, 10]")->required();
  alpha->add_option("--timeout", o->timeout, "time budget in seconds (0: none)")->default_val(60);
  alpha->add_option("--emit,--emit-smt2", o->emit_smt2,
                    "write the certificate (DIMACS CNF, DRAT proof, SMT-LIB2) into DIR");
  alpha->add_option("--engine", o->engine, "cadical (default; DRAT-checked), z3 (same CNF with cuts), "
                                           "z3-layered (the older layered-reachability QF_FD encoding)")
      ->check(CLI::IsMember({"cadical", "z3", "z3-layered"}));
  alpha->add_option("--symmetry", o->symmetry, "symmetry breaking level 0, 1, 2 (see docs/alpha.md)")
      ->check(CLI::Range(0, 2));
  alpha->add_flag("--no-proof-check", o->no_proof_check, "trust the UNSAT answer without a checked DRAT proof");
  alpha->add_option("--probe", o->probe,
                    "first ask for a connected dominating set of size <= K (an UNSAT answer proves "
                    "alpha <= 2^d - K - 1 even when no matching tree is found)");
  alpha->add_flag("--quiet,-q", o->quiet, "no progress lines on stderr");
  alpha->add_option("--coq", o->coq,
                    "write DIR/alpha_<d>.v (theorem alpha_<d>: max_leaf_number, from the witness tree and "
                    "the no-small-CDS premise) and the Coq files it needs (docs/lrat.md)");
  alpha->add_option("-o,--output", o->output, "write the tree and bounds as JSON");
  alpha->callback([&action, o] { action = [o] { return run_alpha(*o); }; });
  add_search_tree_subcommands(*sub, action, keep);
  add_search_cds_subcommand(*sub, action, keep);
}

}  // namespace schedcert::cli
