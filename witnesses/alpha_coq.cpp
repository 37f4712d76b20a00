// alpha_<d>.v writer (alpha_coq.hpp). The tree is listed breadth-first from node 0, each edge as
// (reached, new), which is the order coq/alpha/Alpha.v's check_tree accepts.
#include "witnesses/alpha_coq.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "schedules/error.hpp"

namespace schedcert::witnesses {

namespace {

std::vector<std::pair<schedules::Node, schedules::Node>> bfs_order(
    int d, const std::vector<std::pair<schedules::Node, schedules::Node>>& edges) {
  const std::size_t n = std::size_t{1} << d;
  std::vector<std::vector<schedules::Node>> adj(n);
  for (auto [u, v] : edges)
    if (u < n && v < n) {
      adj[u].push_back(v);
      adj[v].push_back(u);
    }
  std::vector<bool> seen(n, false);
  std::vector<schedules::Node> queue{0};
  seen[0] = true;
  std::vector<std::pair<schedules::Node, schedules::Node>> out;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (schedules::Node w : adj[queue[i]])
      if (!seen[w]) {
        seen[w] = true;
        queue.push_back(w);
        out.emplace_back(queue[i], w);
      }
  return out;  // if `edges` is not a spanning tree, check_tree fails in Coq (length or reach)
}

}  // namespace

std::string alpha_coq_text(const AlphaCoqInput& in) {
  const std::string d = std::to_string(in.d), m = std::to_string(in.leaves);
  const long k = (1L << in.d) - static_cast<long>(in.leaves) - 1;
  std::ostringstream o;
  o << "(* alpha(" << d << ") = " << m << ": written by `schedcert search alpha --dim " << d << " --coq DIR`.\n"
    << "   Check: coqc -Q DIR Schedcert DIR/alpha/Graph.v DIR/alpha/Alpha.v, then coqc -Q DIR Schedcert\n"
    << "   DIR/alpha_" << d << ".v. The premise of alpha_" << d << " (no connected dominating set of Q_" << d
    << "\n   with at most " << k << " vertices) is what the UNSAT certificate shows outside Coq:\n   "
    << in.unsat_note << "\n   The link from that CNF to the premise is not proved in Coq (docs/lrat.md). *)\n"
    << "From Coq Require Import List Arith.\nFrom Schedcert.alpha Require Import Graph Alpha.\nImport ListNotations.\n\n"
    << "Definition tree" << d << " : list edge := [";
  const auto edges = bfs_order(in.d, in.tree);
  for (std::size_t i = 0; i < edges.size(); ++i)
    o << (i ? "; " : "") << (i % 8 == 0 ? "\n  " : "") << "(" << edges[i].first << ", " << edges[i].second << ")";
  o << "].\n\n"
    << "Lemma tree" << d << "_ok : check_tree " << d << " tree" << d << " = true.\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Lemma tree" << d << "_leaves : leaves " << d << " tree" << d << " = " << m
    << ".\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Theorem alpha_" << d << "_lower : exists t, spanning_tree " << d << " t /\\ leaves " << d << " t = " << m
    << ".\nProof. exists tree" << d << ". split; [apply check_tree_sound, tree" << d << "_ok | exact tree" << d
    << "_leaves]. Qed.\n\n"
    << "Theorem alpha_" << d << " :\n  (forall S, cds " << d << " S -> set_size " << d << " S <= " << k
    << " -> False) ->\n  max_leaf_number " << d << " " << m << ".\n"
    << "Proof.\n  intros H. apply (alpha_exact " << d << " " << m << " tree" << d << ").\n"
    << "  - repeat constructor.\n  - exact tree" << d << "_ok.\n  - exact tree" << d << "_leaves.\n  - exact H.\nQed.\n\n"
    << "Print Assumptions alpha_" << d << ".\n";
  return o.str();
}

std::string write_alpha_coq(const AlphaCoqInput& in, const std::string& dir, const std::string& coq_src) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "alpha", ec);
  if (ec) throw InputError("--coq: cannot create '" + dir + "': " + ec.message());
  for (const char* f : {"Graph.v", "Alpha.v"}) {
    fs::copy_file(fs::path(coq_src) / f, fs::path(dir) / "alpha" / f, fs::copy_options::overwrite_existing, ec);
    if (ec) throw InputError("--coq: cannot copy " + std::string(f) + " from '" + coq_src + "': " + ec.message());
  }
  const std::string path = (fs::path(dir) / ("alpha_" + std::to_string(in.d) + ".v")).string();
  std::ofstream f(path);
  if (!f) throw InputError("--coq: cannot write '" + path + "'");
  f << alpha_coq_text(in);
  return path;
}

}  // namespace schedcert::witnesses
