// `schedcert search tree`: objectives over rooted spanning trees of any network, answered with a
// natively checked witness and a certificate (encodings/tree/search.hpp has the design note).
// Exit codes: 0 optimum certified (with --than: the construction's tree is optimal);
// 1 with --than: the construction's tree is beaten (a strictly better tree, checked natively, is
// printed) or misses a constraint; without --than: no tree meets the constraints (certified);
// 2 input error; 3 unknown (the time budget left a gap; the best tree and the bound are printed).
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "schedules/io/atomic_file.hpp"
#include "cli/search_tree.hpp"
#include "encodings/tree/extract.hpp"
#include "encodings/tree/search.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/budget.hpp"

namespace schedcert::cli {

namespace {

namespace enc = schedcert::encodings;

struct TreeOptions {
  std::string network;
  std::uint32_t root = 0;
  std::string objective;
  std::optional<std::uint32_t> max_height, max_subtree, min_leaves;
  std::string than, than_variant;
  std::vector<std::string> seeds;
  double timeout = 60;
  bool no_symmetry = false;
  std::string output, emit_smt2;
  bool quiet = false;
};

std::string metrics_text(const enc::tree::TreeMetrics& m) {
  std::string s = "leaves " + std::to_string(m.leaves) + ", height " + std::to_string(m.height) +
                  ", largest root subtree " + std::to_string(m.max_subtree) + " (subtrees";
  for (auto [c, size] : m.root_subtrees) s += " " + std::to_string(c) + ":" + std::to_string(size);
  return s + ")";
}

nlohmann::json metrics_json(const enc::tree::TreeMetrics& m) {
  nlohmann::json j;
  j["leaves"] = m.leaves;
  j["height"] = m.height;
  j["max_subtree"] = m.max_subtree;
  j["root_subtrees"] = nlohmann::json::array();
  for (auto [c, size] : m.root_subtrees) j["root_subtrees"].push_back({{"child", c}, {"size", size}});
  return j;
}

std::string status_text(enc::tree::TreeStatus s) {
  switch (s) {
    case enc::tree::TreeStatus::Optimal:
      return "optimal";
    case enc::tree::TreeStatus::Infeasible:
      return "infeasible";
    case enc::tree::TreeStatus::Gap:
      return "unknown";
  }
  return "?";
}

int run_tree(const TreeOptions& o) {
  if (o.timeout < 0) throw InputError("--timeout: must be >= 0 seconds (0: no limit)");
  enc::tree::TreeQuery q;
  q.network = o.network;
  q.root = o.root;
  q.objective = enc::tree::parse_tree_objective(o.objective);
  q.max_height = o.max_height;
  q.max_subtree = o.max_subtree;
  q.min_leaves = o.min_leaves;
  q.timeout_ms = schedules::budget::seconds_to_ms(o.timeout);
  q.symmetry = !o.no_symmetry;
  q.emit_smt2 = o.emit_smt2;
  const auto net = schedules::Network::parse(o.network);
  if (o.root >= net.size())
    throw InputError("--root: " + std::to_string(o.root) + " is not a node of " + net.name());
  if (!o.than.empty()) {
    q.than = enc::tree::tree_of_construction(o.than, net, o.root, o.than_variant);
    q.than_name = o.than;
  }
  for (const auto& name : o.seeds)
    q.seeds.push_back(enc::tree::tree_of_construction(name, net, o.root));
  const enc::tree::TreeAnswer a = enc::tree::search_tree(q);
  const auto obj = enc::tree::to_string(a.objective);
  std::ostream& out = std::cout;
  if (!o.quiet) {
    out << "search tree: " << obj << " on " << a.network << " (" << net.size() << " nodes), root "
        << a.root;
    if (q.max_height) out << ", height <= " << *q.max_height;
    if (q.max_subtree) out << ", every root subtree <= " << *q.max_subtree;
    if (q.min_leaves) out << ", leaves >= " << *q.min_leaves;
    out << "\n";
  }
  if (a.status == enc::tree::TreeStatus::Infeasible) {
    out << "  answer: no spanning tree meets the constraints (certified)\n";
  } else if (a.status == enc::tree::TreeStatus::Optimal) {
    out << "  answer: " << obj << " optimum " << (obj == "max-leaves" ? a.lower : a.upper)
        << " (certified)\n";
  } else {
    out << "  answer: unknown, the optimum lies in [" << a.lower << ", " << a.upper << "]\n";
  }
  out << "  certificate: " << a.certificate << "\n";
  if (!a.certificate_smt2.empty())
    out << "  certificate query (SMT-LIB2, answer unsat with z3 or cvc5): " << a.certificate_smt2 << "\n";
  else if (!o.emit_smt2.empty())
    out << "  --emit-smt2: " << (a.queries.empty() ? "no solver query was needed; nothing written"
                                                   : "the last query (not unsat) written to " + o.emit_smt2)
        << "\n";
  if (a.best) {
    out << "  best tree (checked natively: spanning, acyclic, edges of " << a.network
        << "): " << metrics_text(a.best_metrics) << "\n";
    if (!o.quiet) out << "  edges (parent<-child): " << enc::tree::tree_edges_text(*a.best) << "\n";
  }
  if (a.than_metrics) {
    out << "  --than " << o.than << ": " << metrics_text(*a.than_metrics) << "\n";
    if (!a.than_meets_constraints)
      out << "    it misses a constraint; " << (a.best ? "the best tree above meets them" : "no tree found") << "\n";
    else if (a.than_beaten)
      out << "    BEATEN: the best tree above is strictly better (" << obj << " "
          << enc::tree::objective_value(a.objective, a.best_metrics) << " vs "
          << enc::tree::objective_value(a.objective, *a.than_metrics) << ")\n";
    else if (a.status == enc::tree::TreeStatus::Optimal)
      out << "    optimal: no tree is strictly better (certificate above)\n";
    else
      out << "    not beaten within the time budget (unknown)\n";
  }
  if (!o.quiet) {
    out << "  symmetry breaking: " << a.symmetry << "\n";
    for (const auto& l : a.queries)
      out << "  query: " << l.question << " -> " << l.answer << " (" << l.seconds << " s)\n";
  }
  out << "  time: " << a.seconds << " s\n";
  if (!o.output.empty()) {
    nlohmann::json j;
    j["network"] = a.network;
    j["root"] = a.root;
    j["objective"] = obj;
    j["status"] = status_text(a.status);
    j["lower"] = a.lower;
    j["upper"] = a.upper;
    j["certificate"] = a.certificate;
    j["certificate_smt2"] = a.certificate_smt2;
    j["symmetry"] = a.symmetry;
    if (a.best) {
      j["tree"] = metrics_json(a.best_metrics);
      j["tree"]["parent"] = nlohmann::json::array();
      for (auto p : a.best->parent)
        j["tree"]["parent"].push_back(p == enc::tree::kNoParent ? nlohmann::json(nullptr)
                                                                : nlohmann::json(p));
    }
    if (a.than_metrics) {
      j["than"] = metrics_json(*a.than_metrics);
      j["than"]["name"] = o.than;
      j["than"]["meets_constraints"] = a.than_meets_constraints;
      j["than"]["beaten"] = a.than_beaten;
    }
    j["queries"] = nlohmann::json::array();
    for (const auto& l : a.queries)
      j["queries"].push_back({{"question", l.question}, {"answer", l.answer}, {"seconds", l.seconds}});
    j["seconds"] = a.seconds;
    schedules::io::write_atomically("-o", o.output,
                                    [&](std::ostream& f) { f << j.dump(2) << "\n"; });
  }
  if (a.than_metrics && a.than_beaten) return 1;
  if (a.status == enc::tree::TreeStatus::Infeasible) return 1;
  if (a.status == enc::tree::TreeStatus::Gap) return 3;
  return 0;
}

constexpr const char* kTreeHelp =
    "Optimises a rooted spanning tree of a network with Z3 and certifies the answer.\n"
    "Objectives: max-leaves (degree-1 nodes, root included), balanced (minimise the largest\n"
    "subtree of a root child: Bertsekas et al. 1991 §3 scatter tree, Ho-Johnsson 1986 BST),\n"
    "min-height. Constraints combine: --max-height, --max-subtree, --min-leaves.\n"
    "Every tree printed is re-checked natively; 'certified' means a bound argument or an UNSAT\n"
    "answer (--emit-smt2 writes that query for z3/cvc5). --than NAME reads the tree off the\n"
    "construction's schedule (first arrivals) and asks for a strictly better one; --seed NAME\n"
    "adds another construction's tree as a starting point.\n"
    "Examples:\n"
    "  schedcert search tree --network Q4 --objective balanced --max-height 4 --than hj-bst-scatter\n"
    "  schedcert search tree --network C4xC4 --objective max-leaves --emit-smt2 cert.smt2\n"
    "  schedcert search tree --network C5xC5 --objective min-height --max-subtree 6\n"
    "Exit: 0 optimum certified (--than: the construction is optimal); 1 --than: the construction\n"
    "is beaten (witness printed), or no tree meets the constraints; 2 input error; 3 unknown.";

}  // namespace

void add_search_tree_subcommands(CLI::App& search, std::function<int()>& action,
                                 std::vector<std::shared_ptr<void>>& keep) {
  auto o = std::make_shared<TreeOptions>();
  keep.push_back(o);
  auto* t = search.add_subcommand("tree", kTreeHelp);
  t->add_option("--network,-n", o->network, "network spec: Q4, C5xC5, C3^3, P4xK3, ...")->required();
  t->add_option("--root,-r", o->root, "root node id (mixed radix, dimension 0 least significant)")
      ->default_val(0);
  t->add_option("--objective", o->objective, "max-leaves | balanced | min-height")->required();
  t->add_option("--max-height", o->max_height, "constraint: tree height <= H");
  t->add_option("--max-subtree", o->max_subtree, "constraint: every root subtree has <= M nodes");
  t->add_option("--min-leaves", o->min_leaves, "constraint: at least L leaves");
  t->add_option("--than", o->than,
                "registered single-node broadcast/scatter construction (e.g. bertsekas-scatter, "
                "hj-bst-scatter, hj-sbt-scatter, fa-scatter): is there a strictly better tree?");
  t->add_option("--seed", o->seeds,
                "start the search from this construction's tree too (repeatable): e.g. "
                "--than hj-bst-scatter --seed bertsekas-scatter");
  t->add_option("--than-variant", o->than_variant, "--variant passed to the --than construction");
  t->add_option("--timeout", o->timeout, "time budget in seconds (0: none)")->default_val(60);
  t->add_flag("--no-symmetry", o->no_symmetry, "do not add the root-stabiliser symmetry breaking");
  t->add_option("-o,--output", o->output, "write the answer, tree and certificate as JSON");
  t->add_option("--emit-smt2", o->emit_smt2,
                "write the certificate query (the last UNSAT one) as standalone SMT-LIB2 (QF_LIA)");
  t->add_flag("--quiet,-q", o->quiet, "print only the answer, certificate and best tree metrics");
  t->callback([&action, o] { action = [o] { return run_tree(*o); }; });
}

}  // namespace schedcert::cli
