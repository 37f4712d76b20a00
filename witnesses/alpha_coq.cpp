// alpha_<d>.v writer (alpha_coq.hpp). The tree is listed breadth-first from node 0, each edge as
// (reached, new), which is the order coq/alpha/Alpha.v's check_tree accepts.
#include "witnesses/alpha_coq.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

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

// tree<d>, its check by check_tree (tree<d>_ok), its leaf count (tree<d>_leaves) and
// alpha_<d>_lower : exists t, spanning_tree d t /\ leaves d t = m.
std::string tree_lemmas(int dim, unsigned leaves,
                        const std::vector<std::pair<schedules::Node, schedules::Node>>& tree) {
  const std::string d = std::to_string(dim), m = std::to_string(leaves);
  std::ostringstream o;
  o << "Definition tree" << d << " : list edge := [";
  const auto edges = bfs_order(dim, tree);
  for (std::size_t i = 0; i < edges.size(); ++i)
    o << (i ? "; " : "") << (i % 8 == 0 ? "\n  " : "") << "(" << edges[i].first << ", " << edges[i].second << ")";
  o << "].\n\n"
    << "Lemma tree" << d << "_ok : check_tree " << d << " tree" << d << " = true.\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Lemma tree" << d << "_leaves : leaves " << d << " tree" << d << " = " << m
    << ".\nProof. vm_compute. reflexivity. Qed.\n\n"
    << "Theorem alpha_" << d << "_lower : exists t, spanning_tree " << d << " t /\\ leaves " << d << " t = " << m
    << ".\nProof. exists tree" << d << ". split; [apply check_tree_sound, tree" << d << "_ok | exact tree" << d
    << "_leaves]. Qed.\n\n";
  return o.str();
}

}  // namespace

std::string alpha_lower_coq_text(int dim, unsigned leaves,
                                 const std::vector<std::pair<schedules::Node, schedules::Node>>& tree,
                                 const std::string& how_found) {
  const std::string d = std::to_string(dim), m = std::to_string(leaves);
  std::ostringstream o;
  o << "(* alpha(" << d << ") >= " << m << ": a spanning tree of Q_" << d << " with " << m << " leaves, written by\n"
    << "   `schedcert search cds --dim " << d << " --coq DIR` (" << how_found << ").\n"
    << "   Check: cd DIR && for f in alpha/Graph.v alpha/Alpha.v alpha_" << d << "_lower.v; do coqc -Q . Schedcert $f; done.\n"
    << "   Theorem alpha_" << d << "_lower: the tree passes check_tree (check_tree_sound: it is a spanning tree of\n"
    << "   Q_" << d << ") and has " << m << " leaves, both computed by vm_compute. No premise. *)\n"
    << "From Coq Require Import List Arith.\nFrom Schedcert.alpha Require Import Graph Alpha.\nImport ListNotations.\n\n"
    << tree_lemmas(dim, leaves, tree) << "Print Assumptions alpha_" << d << "_lower.\n";
  return o.str();
}

std::string write_alpha_lower_coq(int dim, unsigned leaves,
                                  const std::vector<std::pair<schedules::Node, schedules::Node>>& tree,
                                  const std::string& how_found, const std::string& dir, const std::string& coq_src) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "alpha", ec);
  if (ec) throw InputError("--coq: cannot create '" + dir + "': " + ec.message());
  for (const char* f : {"Graph.v", "Alpha.v"}) {
    fs::copy_file(fs::path(coq_src) / f, fs::path(dir) / "alpha" / f, fs::copy_options::overwrite_existing, ec);
    if (ec) throw InputError("--coq: cannot copy " + std::string(f) + " from '" + coq_src + "': " + ec.message());
  }
  const std::string path = (fs::path(dir) / ("alpha_" + std::to_string(dim) + "_lower.v")).string();
  std::ofstream f(path);
  if (!f) throw InputError("--coq: cannot write '" + path + "'");
  f << alpha_lower_coq_text(dim, leaves, tree, how_found);
  return path;
}

std::string lrat_coq_steps(const std::string& lrat_text) {
  std::istringstream in(lrat_text);
  std::string line;
  std::ostringstream o;
  o << "[";
  bool first = true;
  std::size_t lineno = 0;
  auto bad = [&](const std::string& why) {
    throw InputError("LRAT proof line " + std::to_string(lineno) + ": " + why);
  };
  auto ints_to_zero = [&](std::istringstream& ls) {
    std::vector<long long> v;
    long long x;
    while (ls >> x && x != 0) v.push_back(x);
    if (!ls && !ls.eof()) bad("expected integers");
    return v;
  };
  auto list = [](const std::vector<long long>& v, const char* scope) {
    std::string t = "[";
    for (std::size_t i = 0; i < v.size(); ++i) t += (i ? "; " : "") + std::to_string(v[i]);
    return t + "]%" + scope;
  };
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == 'c') continue;
    std::istringstream ls(line);
    long long id;
    if (!(ls >> id) || id <= 0) bad("a step starts with a positive clause id");
    std::string item;
    ls >> std::ws;
    if (ls.peek() == 'd') {
      ls.get();
      const auto ids = ints_to_zero(ls);
      for (long long i : ids)
        if (i <= 0) bad("deleted ids must be positive");
      item = "Del " + list(ids, "positive");
    } else {
      const auto lits = ints_to_zero(ls);
      const auto hints = ints_to_zero(ls);
      item = "Add " + std::to_string(id) + " " + list(lits, "Z") + " " + list(hints, "Z");
    }
    o << (first ? "" : ";\n  ") << item;
    first = false;
  }
  o << "]";
  return o.str();
}

std::string alpha_coq_text(const AlphaCoqInput& in) {
  const std::string d = std::to_string(in.d), m = std::to_string(in.leaves);
  const long k = (1L << in.d) - static_cast<long>(in.leaves) - 1;
  const bool cnf = (in.level == 0 || in.level == 1) && !in.extras.empty();
  std::ostringstream o;
  o << "(* alpha(" << d << ") = " << m << ": written by `schedcert search alpha --dim " << d << " --coq DIR`.\n"
    << "   Check: cd DIR && for f in lrat/Cnf.v lrat/Lrat.v alpha/Graph.v alpha/Alpha.v alpha/AlphaCnf.v\n"
    << "   alpha_" << d << ".v; do coqc -Q . Schedcert $f; done.\n";
  if (cnf) {
    const std::string inst = "alpha_cnf " + d + " " + std::to_string(in.level) + " extras" + d;
    o << "   Theorem alpha_" << d << "_from_unsat: max_leaf_number " << d << " " << m
      << " from the witness tree (check_tree) and\n   the premise unsatisfiable (" << inst << ") (the CNF \"Q_" << d
      << " has a CDS of at most " << k << "\n   vertices\", generated in Coq, coq/alpha/AlphaCnf.v; its cuts and "
      << "bounds are checked below).\n   That premise is what this run established: the LRAT checker of "
      << "coq/lrat/LratFast.v, extracted\n   as schedcert-lrat --alpha, accepted a proof on that CNF, and "
      << "fcheck_proof_sound (which rests on\n   the PArray/Uint63 axioms listed in docs/trust.md) makes it "
      << "unsatisfiable:\n   " << in.unsat_note << "\n"
      << "   Theorem alpha_" << d << ": the same from the premise that the checker of coq/lrat/Lrat.v (check_proof,\n"
      << "   no axioms) accepts some proof on that CNF, which `schedcert-lrat --slow --alpha " << d << " " << in.level
      << " EXTRAS LRAT`\n   re-establishes.";
    if (!in.lrat_text.empty())
      o << "\n   Theorem alpha_" << d << "_closed: the same without premise, the LRAT proof embedded and checked by "
        << "vm_compute.";
    o << " *)\n";
  } else {
    o << "   The premise of alpha_" << d << "_from_cds (no connected dominating set of Q_" << d << " with at most " << k
      << "\n   vertices) is what the UNSAT certificate shows outside Coq:\n   " << in.unsat_note
      << "\n   (symmetry level " << in.level << " has no Coq-generated CNF, so no alpha_" << d << " from the LRAT check.) *)\n";
  }
  o << "From Coq Require Import List Arith ZArith.\nFrom Schedcert.lrat Require Import Cnf Lrat.\n"
    << "From Schedcert.alpha Require Import Graph Alpha AlphaCnf.\nImport ListNotations.\n\n"
    << tree_lemmas(in.d, in.leaves, in.tree)
    << "Theorem alpha_" << d << "_from_cds :\n  (forall S, cds " << d << " S -> set_size " << d << " S <= " << k
    << " -> False) ->\n  max_leaf_number " << d << " " << m << ".\n"
    << "Proof.\n  intros H. apply (alpha_exact " << d << " " << m << " tree" << d << ").\n"
    << "  - repeat constructor.\n  - exact tree" << d << "_ok.\n  - exact tree" << d << "_leaves.\n  - exact H.\nQed.\n\n";
  if (cnf) {
    o << "(* The bounds and separator cuts of the UNSAT CNF, in the order they entered it. *)\n"
      << "Definition extras" << d << " : list extra :=\n  [";
    std::size_t col = 0;
    for (std::size_t i = 0; i < in.extras.size(); ++i) {
      const auto& e = in.extras[i];
      std::ostringstream item;
      if (e.size() == 1 && e[0] >= 0) {
        item << "Bound " << e[0];
      } else {
        item << "Cut [";
        for (std::size_t j = 0; j < e.size(); ++j) item << (j ? "; " : "") << e[j];
        item << "]%Z";
      }
      const std::string t = item.str();
      if (i) o << ";";
      if (col + t.size() > 96) {
        o << "\n   ";
        col = 0;
      } else if (i) {
        o << " ";
      }
      o << t;
      col += t.size() + 2;
    }
    o << "].\n\n"
      << "Lemma extras" << d << "_ok : forallb (extra_ok " << d << ") extras" << d << " = true.\n"
      << "Proof. vm_cast_no_check (eq_refl true). Qed.  (* checked once, by the kernel's VM at Qed *)\n\n"
      << "Lemma extras" << d << "_bounds : forallb (fun k => nverts " << d << " - " << m << " - 1 <=? k) (bounds extras" << d
      << ") = true.\nProof. vm_compute. reflexivity. Qed.\n\n"
      << "(* The premise: what this run established (schedcert-lrat --alpha, fcheck_proof_sound). *)\n"
      << "Theorem alpha_" << d << "_from_unsat : unsatisfiable (alpha_cnf " << d << " " << in.level << " extras" << d
      << ") ->\n  max_leaf_number " << d << " " << m << ".\n"
      << "Proof.\n  exact (alpha_from_unsat " << d << " " << in.level << " extras" << d << " " << m << " tree" << d
      << " ltac:(repeat constructor)\n    tree" << d << "_ok tree" << d << "_leaves extras" << d << "_ok extras" << d
      << "_bounds).\nQed.\n\n"
      << "Print Assumptions alpha_" << d << "_from_unsat.\n\n"
      << "(* The Lrat.v form: schedcert-lrat --slow --alpha " << d << " " << in.level << " (the extracted check_proof's "
      << "steps on the\n   extracted alpha_cnf) re-establishes its premise. *)\n"
      << "Theorem alpha_" << d << " : forall steps, check_proof (alpha_cnf " << d << " " << in.level << " extras" << d
      << ") steps = true ->\n  max_leaf_number " << d << " " << m << ".\n"
      << "Proof.\n  intros steps H. apply alpha_" << d << "_from_unsat. exact (check_proof_sound _ _ H).\nQed.\n\n"
      << "Print Assumptions alpha_" << d << ".\n";
    if (!in.lrat_text.empty()) {
      o << "\n(* The LRAT proof itself, checked here by the checker of coq/lrat/Lrat.v (vm_compute): no premise. *)\n"
        << "Definition steps" << d << " : list step :=\n  " << lrat_coq_steps(in.lrat_text) << ".\n\n"
        << "Lemma steps" << d << "_ok : check_proof (alpha_cnf " << d << " " << in.level << " extras" << d << ") steps" << d
        << " = true.\nProof. vm_cast_no_check (eq_refl true). Qed.\n\n"
        << "Theorem alpha_" << d << "_closed : max_leaf_number " << d << " " << m << ".\n"
        << "Proof. exact (alpha_" << d << " steps" << d << " steps" << d << "_ok). Qed.\n\n"
        << "Print Assumptions alpha_" << d << "_closed.\n";
    }
  } else {
    o << "Print Assumptions alpha_" << d << "_from_cds.\n";
  }
  return o.str();
}

std::string write_alpha_coq(const AlphaCoqInput& in, const std::string& dir, const std::string& coq_src) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "alpha", ec);
  if (!ec) fs::create_directories(fs::path(dir) / "lrat", ec);
  if (ec) throw InputError("--coq: cannot create '" + dir + "': " + ec.message());
  const fs::path lrat_src = fs::path(coq_src) / ".." / "lrat";
  for (auto [from, sub, f] : {std::tuple{fs::path(coq_src), "alpha", "Graph.v"}, {fs::path(coq_src), "alpha", "Alpha.v"},
                              {fs::path(coq_src), "alpha", "AlphaCnf.v"}, {lrat_src, "lrat", "Cnf.v"},
                              {lrat_src, "lrat", "Lrat.v"}}) {
    fs::copy_file(from / f, fs::path(dir) / sub / f, fs::copy_options::overwrite_existing, ec);
    if (ec) throw InputError("--coq: cannot copy " + std::string(f) + " from '" + from.string() + "': " + ec.message());
  }
  const std::string path = (fs::path(dir) / ("alpha_" + std::to_string(in.d) + ".v")).string();
  std::ofstream f(path);
  if (!f) throw InputError("--coq: cannot write '" + path + "'");
  f << alpha_coq_text(in);
  return path;
}

}  // namespace schedcert::witnesses
