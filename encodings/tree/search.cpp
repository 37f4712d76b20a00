// The search loop of `search tree` (search.hpp): optimum with witness and certificate.
//
// Idea: start from trees we already have (the breadth-first tree, whose height is the root's
// eccentricity, the --than tree and --seed trees), keep the best one meeting the constraints (the
// incumbent), and ask Z3 (QF_FD, encode.cpp) for a tree strictly better than the incumbent under
// the same constraints, bisecting between the incumbent's value and the proven bound (a SAT answer
// moves the incumbent, an UNSAT answer the bound), until
//   - the incumbent meets a bound that needs no solver (bound_of): max-leaves <= the degree-sum
//     bound (n (D - 2) + 2)/(D - 1) of a tree with maximum degree D; largest root subtree >=
//     ceil((N - 1)/deg(root)) (N - 1 nodes in deg(root) subtrees, Bertsekas et al. 1991 §3);
//     height >= ecc(root) (a tree path is never shorter than a shortest path), or
//   - the query is UNSAT: the certificate, exported on request as a standalone SMT-LIB2 file in
//     QF_LIA that the z3 and cvc5 command-line tools both read, or
//   - the time budget ends (Gap: the best tree and the proven bound are both reported).
// Every SAT model becomes a tree that check_tree (check.cpp) re-checks from scratch, and
// its objective value is recomputed there; a model that fails is an internal error, never a
// result. Symmetry: on networks without path factors the query is solved for root 0 (with the
// stabiliser constraints of encode.cpp) and the witness is translated to the asked root;
// translation is an automorphism, so leaves, height and root-subtree sizes are unchanged.
// Limitations: the formula has N * H level variables and N * deg(root) subtree variables, so
// exact answers are for networks of a few dozen nodes (measured in docs/tree-search.md).
#include "encodings/tree/search.hpp"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <fstream>

#include "encodings/tree/encode.hpp"
#include "encodings/smt/z3_interrupts.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::tree {

TreeObjective parse_tree_objective(const std::string& s) {
  if (s == "max-leaves") return TreeObjective::MaxLeaves;
  if (s == "balanced") return TreeObjective::Balanced;
  if (s == "min-height") return TreeObjective::MinHeight;
  throw InputError("--objective: '" + s + "' is not one of max-leaves, balanced, min-height");
}

std::string to_string(TreeObjective o) {
  switch (o) {
    case TreeObjective::MaxLeaves: return "max-leaves";
    case TreeObjective::Balanced: return "balanced";
    case TreeObjective::MinHeight: return "min-height";
  }
  return "?";
}

std::uint32_t objective_value(TreeObjective o, const TreeMetrics& m) {
  switch (o) {
    case TreeObjective::MaxLeaves: return m.leaves;
    case TreeObjective::Balanced: return m.max_subtree;
    case TreeObjective::MinHeight: return m.height;
  }
  return 0;
}

namespace {

bool maximise(TreeObjective o) { return o == TreeObjective::MaxLeaves; }

bool better(TreeObjective o, std::uint32_t a, std::uint32_t b) {
  return maximise(o) ? a > b : a < b;
}

bool meets(const TreeQuery& q, const TreeMetrics& m) {
  return (!q.max_height || m.height <= *q.max_height) &&
         (!q.max_subtree || m.max_subtree <= *q.max_subtree) &&
         (!q.min_leaves || m.leaves >= *q.min_leaves);
}

// The solver-free bound on the objective and its argument.
std::pair<std::uint32_t, std::string> bound_of(const TreeQuery& q, const Network& net, Node root) {
  const std::uint32_t n = net.num_nodes();
  switch (q.objective) {
    case TreeObjective::MaxLeaves: {
      if (n <= 2) return {n, "a tree on at most 2 nodes has at most 2 leaves"};
      std::uint32_t D = 0;
      for (Node v = 0; v < n; ++v) D = std::max(D, net.degree(v));
      if (D < 2) return {n, "maximum degree < 2"};
      const std::uint32_t b = (n * (D - 2) + 2) / (D - 1);
      return {std::min(b, n - 1), "degree sum: a tree with L leaves and maximum degree D = " +
                                      std::to_string(D) + " has 2(N - 1) <= L + (N - L) D, so L <= " +
                                      std::to_string(b)};
    }
    case TreeObjective::Balanced: {
      const std::uint32_t deg = net.degree(root);
      const std::uint32_t b = (n - 1 + deg - 1) / deg;
      return {b, "the N - 1 = " + std::to_string(n - 1) + " non-root nodes lie in at most deg(root) = " +
                     std::to_string(deg) + " root subtrees, so one holds at least ceil((N - 1)/" +
                     std::to_string(deg) + ") = " + std::to_string(b)};
    }
    case TreeObjective::MinHeight: {
      const std::uint32_t e = net.eccentricity(root);
      return {e, "a tree path is never shorter than a shortest path: height >= ecc(root) = " +
                     std::to_string(e)};
    }
  }
  return {0, ""};
}

std::string describe(const TreeBounds& b, std::uint32_t n) {
  std::string s;
  auto add = [&](const std::string& x) { s += (s.empty() ? "" : ", ") + x; };
  if (b.min_leaves) add("leaves >= " + std::to_string(*b.min_leaves));
  if (b.max_subtree) add("every root subtree <= " + std::to_string(*b.max_subtree));
  if (b.max_height < n - 1 || s.empty()) add("height <= " + std::to_string(b.max_height));
  return s;
}

}  // namespace

TreeAnswer search_tree(const TreeQuery& q) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  const Network net = Network::parse(q.network);
  if (net.size() > 4096)
    throw InputError("--network: " + net.name() + " has " + std::to_string(net.size()) +
                     " nodes; tree search takes at most 4096");
  const Node n = net.num_nodes();
  if (n < 2) throw InputError("--network: " + net.name() + " has one node; a tree search needs two");
  if (q.root >= n)
    throw InputError("--root: " + std::to_string(q.root) + " is not a node of " + net.name() + " (0.." +
                     std::to_string(n - 1) + ")");
  TreeAnswer a;
  a.network = net.name();
  a.root = q.root;
  a.objective = q.objective;
  const TreeObjective o = q.objective;

  auto consider = [&](const RootedTree& t, const std::string& who) {
    std::string why;
    auto m = check_tree(net, t, &why);
    if (!m) throw std::logic_error("search tree: " + who + " is not a spanning tree: " + why);
    if (!meets(q, *m)) return false;
    if (!a.best || better(o, objective_value(o, *m), objective_value(o, a.best_metrics))) {
      a.best = t;
      a.best_metrics = *m;
    }
    return true;
  };
  if (q.than) {
    if (q.than->root != q.root) throw InputError("--than: the tree is rooted at " + std::to_string(q.than->root));
    std::string why;
    auto m = check_tree(net, *q.than, &why);
    if (!m) throw InputError("--than: " + q.than_name + " is not a spanning tree of " + net.name() + ": " + why);
    a.than_metrics = *m;
    a.than_meets_constraints = consider(*q.than, q.than_name);
  }
  consider(bfs_tree(net, q.root), "the breadth-first tree");
  for (const auto& t : q.seeds) {
    if (t.root != q.root) throw InputError("--seed: the tree is rooted at " + std::to_string(t.root));
    std::string why;
    if (!check_tree(net, t, &why)) throw InputError("--seed: not a spanning tree of " + net.name() + ": " + why);
    consider(t, "a seed tree");
  }

  const auto [bound, bound_why] = bound_of(q, net, q.root);
  const std::uint32_t ecc = net.eccentricity(q.root);
  const bool sym = q.symmetry && net.is_translation_invariant();
  const Node solve_root = sym ? 0 : q.root;
  a.symmetry = sym ? "available (root 0 and its stabiliser), not used: no query" : "off";
  if (q.max_height && *q.max_height < ecc) {
    a.status = TreeStatus::Infeasible;
    a.certificate = "--max-height " + std::to_string(*q.max_height) +
                    " is below the root's eccentricity " + std::to_string(ecc) +
                    ": a tree path is never shorter than a shortest path";
  } else {
    // proven: the objective cannot beat this value (bound, raised by UNSAT answers).
    std::uint32_t proven = bound;
    TreeBounds last, cert;
    bool asked = false, have_cert = false;
    std::string last_answer;
    while (true) {
      const bool has_best = a.best.has_value();
      const std::uint32_t best_v = has_best ? objective_value(o, a.best_metrics) : 0;
      if (has_best && best_v == proven) {
        a.status = TreeStatus::Optimal;
        if (!have_cert) a.certificate = "bound: " + bound_why;  // proven == bound: no UNSAT moved it
        break;
      }
      // Binary search between the incumbent and the proven value; the first query (no
      // incumbent: only the constraints) decides feasibility.
      TreeBounds b;
      b.max_height = q.max_height ? *q.max_height : n - 1;
      b.min_leaves = q.min_leaves;
      b.max_subtree = q.max_subtree;
      std::uint32_t target = 0;
      if (has_best) {
        target = maximise(o) ? (best_v + 1 + proven + 1) / 2 : (proven + best_v - 1) / 2;
        if (o == TreeObjective::MaxLeaves) b.min_leaves = std::max(b.min_leaves.value_or(0), target);
        if (o == TreeObjective::Balanced) b.max_subtree = std::min(b.max_subtree.value_or(n), target);
        if (o == TreeObjective::MinHeight) b.max_height = std::min(b.max_height, target);
      }
      const double left = q.timeout_ms ? q.timeout_ms - elapsed_ms() : 1e12;
      if (q.timeout_ms && left < 1) {
        a.status = TreeStatus::Gap;
        break;
      }
      const auto t0 = std::chrono::steady_clock::now();
      z3::context ctx;
      TreeEncoding e = encode_tree(ctx, net, solve_root, b, false, sym);
      a.symmetry = sym ? "root translated to 0; " + e.symmetry : "off";
      z3::solver sol(ctx, "QF_FD");
      z3::params prm(ctx);
      prm.set("ctrl_c", smt::z3_ctrl_c());  // the time limit is a Z3Deadline (z3_interrupts.hpp)
      sol.set(prm);
      sol.add(e.constraints);
      // The command's budget (a watchdog's stop, Ctrl-C in the Python module) interrupts the
      // query: unknown, so the answer is a gap.
      const auto hook = schedules::budget::command_budget().on_stop([&ctx] { ctx.interrupt(); });
      const z3::check_result cr =
          smt::check_within(ctx, sol, q.timeout_ms ? static_cast<unsigned>(left) : 0u);
      last = b;
      asked = true;
      last_answer = cr == z3::sat ? "sat" : cr == z3::unsat ? "unsat" : "unknown";
      a.queries.push_back({describe(b, n), last_answer,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()});
      if (cr == z3::unknown) {
        a.status = TreeStatus::Gap;
        break;
      }
      if (cr == z3::unsat) {
        const std::string why = "UNSAT: no spanning tree of " + net.name() + " rooted at " +
                                std::to_string(solve_root) + " with " + describe(b, n) +
                                (sym ? " (root 0 stands for every root: translations are automorphisms)" : "");
        if (!has_best) {
          a.status = TreeStatus::Infeasible;
          a.certificate = why;
          cert = b;
          have_cert = true;
          break;
        }
        // The latest UNSAT is the tightest; it is the certificate once a tree reaches `proven`.
        proven = maximise(o) ? target - 1 : target + 1;
        a.certificate = why;
        cert = b;
        have_cert = true;
        continue;
      }
      RootedTree t = decode_tree(sol.get_model(), e, solve_root);
      if (sym && q.root != 0) t = translate_tree(net, t, q.root);
      const bool had = a.best.has_value();
      if (!consider(t, "the Z3 model"))
        throw std::logic_error("search tree: the Z3 model misses a constraint: " + describe(b, n));
      if (had && !better(o, objective_value(o, a.best_metrics), best_v))
        throw std::logic_error("search tree: the Z3 model is not better than the incumbent");
    }
    if (maximise(o)) {
      a.lower = a.best ? objective_value(o, a.best_metrics) : 0;
      a.upper = proven;
    } else {
      a.lower = proven;
      a.upper = a.best ? objective_value(o, a.best_metrics) : n;
    }
    if (a.status == TreeStatus::Gap)
      a.certificate = "time budget reached: the optimum lies in [" + std::to_string(a.lower) + ", " +
                      std::to_string(a.upper) + "] (" + bound_why +
                      (proven != bound ? "; tightened by UNSAT answers" : "") + ")";
    if (!q.emit_smt2.empty() && asked) {
      const TreeBounds& w = have_cert ? cert : last;
      const std::string answer = have_cert ? "unsat" : last_answer;
      const std::string note = "schedcert search tree: is there a spanning tree of " + net.name() +
                               " rooted at " + std::to_string(solve_root) + " with " +
                               describe(w, n) + "?\n" + "Symmetry breaking: " + a.symmetry +
                               " (encode.cpp).\nz3 QF_FD answered " + answer;
      std::ofstream f(q.emit_smt2);
      if (!f) throw InputError("--emit-smt2: cannot write '" + q.emit_smt2 + "'");
      f << tree_query_smt2(net, solve_root, w, sym, note);
      if (have_cert) a.certificate_smt2 = q.emit_smt2;
    }
  }
  if (q.than && a.best) {
    a.than_beaten = !a.than_meets_constraints ||
                    better(o, objective_value(o, a.best_metrics), objective_value(o, *a.than_metrics));
  }
  a.seconds = elapsed_ms() / 1000;
  return a;
}

}  // namespace schedcert::encodings::tree
