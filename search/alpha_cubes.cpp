// The alpha family (design note in alpha_cubes.hpp).
#include "search/alpha_cubes.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "encodings/alpha/alpha.hpp"
#include "encodings/alpha/cnf.hpp"
#include "encodings/sat/backend.hpp"
#include "encodings/sat/cnf.hpp"
#include "encodings/sat/lex_chain.hpp"
#include "schedules/automorphisms.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"
#include "search/coverage.hpp"

namespace schedcert::search {

using nlohmann::json;
using schedules::Node;
namespace ac = encodings::alpha::cnf;

std::string check_cds(int d, const std::vector<Node>& s) {
  const Node n = Node{1} << d;
  std::vector<bool> in(n, false);
  for (Node v : s) {
    if (v >= n) return "node " + std::to_string(v) + " is not a node of Q" + std::to_string(d);
    if (in[v]) return "node " + std::to_string(v) + " listed twice";
    in[v] = true;
  }
  for (Node v = 0; v < n; ++v) {
    bool dom = in[v];
    for (int i = 0; i < d && !dom; ++i) dom = in[v ^ (Node{1} << i)];
    if (!dom) return "node " + std::to_string(v) + " is not dominated";
  }
  if (s.empty() || ac::components(d, in).size() != 1) return "the set is not connected";
  return "";
}

namespace {

// Pairs {i < j} of coordinates, ordered by the node id e_i | e_j (the lex order of the note).
struct Pairs {
  std::vector<std::pair<int, int>> list;
  std::vector<std::vector<int>> index;  // index[i][j]
  explicit Pairs(int d) : index(static_cast<std::size_t>(d), std::vector<int>(static_cast<std::size_t>(d), -1)) {
    std::vector<std::pair<Node, std::pair<int, int>>> v;
    for (int i = 0; i < d; ++i)
      for (int j = i + 1; j < d; ++j) v.push_back({(Node{1} << i) | (Node{1} << j), {i, j}});
    std::sort(v.begin(), v.end());
    for (auto& [node, p] : v) {
      index[p.first][p.second] = index[p.second][p.first] = static_cast<int>(list.size());
      list.push_back(p);
    }
  }
  int size() const { return static_cast<int>(list.size()); }
  Node node(int p) const { return (Node{1} << list[p].first) | (Node{1} << list[p].second); }
};

// Bit of pair p in a mask: the first pair is the most significant, so that comparing masks as
// integers is the lex order with 1 > 0.
inline std::uint32_t bit(int P, int p) { return std::uint32_t{1} << (P - 1 - p); }

class AlphaFamily : public Family {
 public:
  // The query is checked before anything is sized by it (a shift by d = 99 was undefined).
  explicit AlphaFamily(const AlphaQuery& q) : q_(q), n_(check_alpha_query(q)), pairs_(q.d) {
    // Before building (issue 18): n vertex variables, the counter's n x (k + 1), ~2 n k clauses.
    schedules::budget::command_budget().admit(
        encodings::sat::sat_estimate_bytes(std::uint64_t{n_} * (q.max_size + 2),
                                           std::uint64_t{n_} * (2 * std::uint64_t{q.max_size} + 3)),
        "the alpha query of Q" + std::to_string(q.d) + " (a counter up to " +
            std::to_string(q.max_size + 1) + ")");
    encodings::sat::Cnf cnf;
    std::vector<int> xs;
    for (Node v = 0; v < n_; ++v) xs.push_back(cnf.new_var());
    ac::add_domination(cnf, q.d);
    cnf.add({ac::x(0)});
    const auto at_least = cnf.counter(xs, static_cast<int>(q.max_size) + 1);
    cnf.add({-at_least[q.max_size]});
    base_ = cnf.clauses();
    base_vars_ = cnf.vars();
    if (q.lex) graph_ = schedules::Graph::of(schedules::Network::hypercube(q.d));
  }

  json query() const override {
    json q{{"family", "alpha-cds"}, {"dim", q_.d}, {"max_size", q_.max_size}};
    if (q_.lex) q["lex"] = true;  // absent when off: the queries of earlier runs are unchanged
    return q;
  }
  std::string title() const override {
    return "Q" + std::to_string(q_.d) + ": is there a connected dominating set with at most " +
           std::to_string(q_.max_size) + " nodes?" +
           (q_.lex ? " (lex-leader constraints over each cube's stabiliser)" : "");
  }
  std::string unsat_meaning() const override {
    return "no connected dominating set of Q" + std::to_string(q_.d) + " has <= " + std::to_string(q_.max_size) +
           " nodes, so gamma_c(Q" + std::to_string(q_.d) + ") >= " + std::to_string(q_.max_size + 1) + " and alpha(" +
           std::to_string(q_.d) + ") <= " + std::to_string(n_ - q_.max_size - 1);
  }
  std::string sat_meaning(const json& w) const override {
    const auto s = w.at("cds").get<std::vector<Node>>();
    return "a connected dominating set of Q" + std::to_string(q_.d) + " with " + std::to_string(s.size()) +
           " nodes, so alpha(" + std::to_string(q_.d) + ") >= " + std::to_string(n_ - s.size());
  }
  const std::vector<Clause>& base() const override { return base_; }
  int num_vars() const override { return static_cast<int>(n_); }
  std::vector<int> frozen() const override {
    std::vector<int> v(n_);
    std::iota(v.begin(), v.end(), 1);
    return v;
  }

  std::vector<Cube> make_cubes(const CubeOptions& o) const override;
  std::vector<Clause> cube_clauses(const Cube& c) const override;
  Coverage check_coverage(const std::vector<Cube>& cubes) const override;

  Refinement refine(const std::vector<bool>& values) const override {
    std::vector<bool> in(n_);
    for (Node v = 0; v < n_; ++v) in[v] = values[ac::x(v)];
    Refinement r;
    r.clauses = ac::separator_cuts(q_.d, in);
    if (r.clauses.empty()) {
      std::vector<Node> s;
      for (Node v = 0; v < n_; ++v)
        if (in[v]) s.push_back(v);
      r.witness = json{{"cds", s}, {"dim", q_.d}};
    }
    return r;
  }
  std::string validate_extra(const Clause& c) const override { return ac::check_cut(q_.d, c); }
  bool pool_extras() const override { return true; }
  std::string check_witness(const json& w) const override {
    if (!w.is_object() || !w.contains("cds")) return "no \"cds\" list";
    const auto s = w["cds"].get<std::vector<Node>>();
    if (s.size() > q_.max_size)
      return std::to_string(s.size()) + " nodes, more than " + std::to_string(q_.max_size);
    if (auto why = check_cds(q_.d, s); !why.empty()) return why;
    // The spanning tree it stands for, re-checked as a tree.
    std::vector<bool> in(n_, false);
    for (Node v : s) in[v] = true;
    if (!in[0]) return "";  // tree_from_set wants node 0 in S; the set is a valid CDS anyway
    std::string why;
    const auto leaves = encodings::alpha::spanning_tree_leaves(
        q_.d, encodings::alpha::tree_from_set(q_.d, in), &why);
    if (!leaves || *leaves < n_ - s.size()) return "the tree built from the set fails: " + why;
    return "";
  }

 private:
  // m of a cube: the number of positive literals on x_{e_i}.
  int cube_m(const Cube& c) const {
    int m = 0;
    for (int l : c.lits)
      for (int i = 0; i < q_.d; ++i)
        if (l == ac::x(Node{1} << i)) ++m;
    return m;
  }
  std::vector<int> prefix_lits(int m) const {
    std::vector<int> lits;
    for (int i = 0; i < q_.d; ++i) lits.push_back(i < m ? ac::x(Node{1} << i) : -ac::x(Node{1} << i));
    return lits;
  }
  std::vector<std::vector<int>> group_m(int m) const;  // G_m as coordinate permutations
  std::vector<std::uint32_t> orbit_reps(int m) const;  // lex-largest masks, one per G_m-orbit
  void add_stabiliser_lex(const Cube& c, std::vector<Clause>& out) const;

  AlphaQuery q_;
  Node n_;
  Pairs pairs_;
  std::vector<Clause> base_;
  int base_vars_ = 0;     // the base's variables (vertices, counter); lex chains number above
  schedules::Graph graph_;  // Q_d, with q_.lex
};

// The subdivided K_d: coordinates 0..d-1, then one vertex per pair (adjacent to its two ends).
schedules::Graph subdivided(int d, const Pairs& pairs) {
  schedules::Graph g;
  g.adj.resize(static_cast<std::size_t>(d + pairs.size()));
  for (int p = 0; p < pairs.size(); ++p) {
    const auto [i, j] = pairs.list[p];
    const Node pv = static_cast<Node>(d + p);
    g.adj[pv] = {static_cast<Node>(i), static_cast<Node>(j)};
    g.adj[i].push_back(pv);
    g.adj[j].push_back(pv);
  }
  return g;
}

std::vector<std::vector<int>> AlphaFamily::group_m(int m) const {
  const int d = q_.d;
  const auto g = subdivided(d, pairs_);
  std::vector<int> base(g.size(), 2);
  for (int i = 0; i < d; ++i) base[i] = i < m ? 0 : 1;
  const auto aut = schedules::automorphisms(g, base);
  std::vector<int> id(d);
  std::iota(id.begin(), id.end(), 0);
  std::set<std::vector<int>> seen{id};
  std::vector<std::vector<int>> todo{id};
  while (!todo.empty()) {
    auto p = todo.back();
    todo.pop_back();
    for (const auto& gen : aut.generators) {
      std::vector<int> q(d);
      for (int i = 0; i < d; ++i) q[i] = static_cast<int>(gen[p[i]]);
      if (seen.insert(q).second) todo.push_back(q);
    }
  }
  // Independent of nauty: G_m has m! (d - m)! elements, all fixing {0..m-1}.
  double expect = 1;
  for (int i = 2; i <= m; ++i) expect *= i;
  for (int i = 2; i <= d - m; ++i) expect *= i;
  if (static_cast<double>(seen.size()) != expect) throw std::logic_error("alpha cubes: G_m has the wrong order");
  for (const auto& p : seen)
    for (int i = 0; i < m; ++i)
      if (p[i] >= m) throw std::logic_error("alpha cubes: G_m element moves the prefix");
  return {seen.begin(), seen.end()};
}

std::vector<std::uint32_t> AlphaFamily::orbit_reps(int m) const {
  const int d = q_.d, P = pairs_.size();
  const auto g = subdivided(d, pairs_);
  std::vector<int> colour(g.size(), 20);
  for (int i = 0; i < d; ++i) colour[i] = i < m ? 0 : 1;
  auto caps_ok = [&](std::uint32_t mask) {
    for (int i = 0; i < m; ++i) {
      int deg = 0;
      for (int j = 0; j < d; ++j)
        if (j != i && (mask & bit(P, pairs_.index[i][j]))) ++deg;
      if (deg > m - 1) return false;
    }
    return true;
  };
  auto key = [&](std::uint32_t mask) {
    for (int p = 0; p < P; ++p) colour[d + p] = (mask & bit(P, p)) ? 21 : 20;
    const auto f = schedules::canonical_form(g, colour);
    std::vector<int> k = f.colours;
    for (auto [u, v] : f.edges) {
      k.push_back(static_cast<int>(u));
      k.push_back(static_cast<int>(v));
    }
    return k;
  };
  // Orderly generation: orbits with s + 1 pairs are extensions of orbits with s pairs (the caps
  // are closed under removing pairs, so every feasible orbit is reached).
  std::vector<std::uint32_t> all, level{0};
  std::set<std::vector<int>> seen{key(0)};
  while (!level.empty()) {
    all.insert(all.end(), level.begin(), level.end());
    std::vector<std::uint32_t> next;
    for (std::uint32_t mask : level)
      for (int p = 0; p < P; ++p) {
        const std::uint32_t ext = mask | bit(P, p);
        if (ext == mask || !caps_ok(ext)) continue;
        if (seen.insert(key(ext)).second) next.push_back(ext);
      }
    level = std::move(next);
  }
  // The lex-largest element of each orbit, by running through G_m.
  const auto group = group_m(m);
  std::vector<std::vector<int>> pair_perm;
  for (const auto& pi : group) {
    std::vector<int> pp(P);
    for (int p = 0; p < P; ++p) pp[p] = pairs_.index[pi[pairs_.list[p].first]][pi[pairs_.list[p].second]];
    pair_perm.push_back(std::move(pp));
  }
  std::set<std::uint32_t> reps;
  for (std::uint32_t mask : all) {
    std::uint32_t best = 0;
    for (const auto& pp : pair_perm) {
      std::uint32_t img = 0;
      for (int p = 0; p < P; ++p)
        if (mask & bit(P, p)) img |= bit(P, pp[p]);
      best = std::max(best, img);
    }
    if (!reps.insert(best).second) throw std::logic_error("alpha cubes: two canonical forms in one G_m-orbit");
  }
  return {reps.rbegin(), reps.rend()};
}

std::vector<Cube> AlphaFamily::make_cubes(const CubeOptions& o) const {
  const int depth = o.depth < 0 ? 2 : o.depth;
  if (depth > 2) throw InputError("--depth: the alpha family splits to depth 0, 1 or 2");
  if (depth == 2 && q_.d > 8) throw InputError("--depth 2: needs d <= 8");
  std::vector<Cube> cubes;
  if (depth == 0) {
    cubes.push_back(Cube{0, {}, "whole query"});
    return cubes;
  }
  const int P = pairs_.size();
  for (int m = 1; m <= q_.d; ++m) {
    if (depth == 1 || m == 0) {
      cubes.push_back(Cube{static_cast<std::uint32_t>(cubes.size()), prefix_lits(m), "m=" + std::to_string(m)});
      continue;
    }
    for (std::uint32_t mask : orbit_reps(m)) {
      Cube c{static_cast<std::uint32_t>(cubes.size()), prefix_lits(m), ""};
      std::ostringstream label;
      label << "m=" << m << " B={";
      bool first = true;
      for (int p = 0; p < P; ++p) {
        const bool in = mask & bit(P, p);
        c.lits.push_back(in ? ac::x(pairs_.node(p)) : -ac::x(pairs_.node(p)));
        if (in) {
          label << (first ? "" : ",") << pairs_.list[p].first << pairs_.list[p].second;
          first = false;
        }
      }
      label << "}";
      c.label = label.str();
      cubes.push_back(std::move(c));
    }
  }
  return cubes;
}

// The lex-leader clauses of the design note: x >=lex x o g for nauty's generators g of the
// cube's stabiliser H_c, each a chain over the vertices outside P_c (fresh variables above the
// base's: every cube's CNF is separate, so cubes reuse the same numbers).
void AlphaFamily::add_stabiliser_lex(const Cube& c, std::vector<Clause>& out) const {
  std::vector<int> colour(n_, 0);  // 0: free, 1: in S, 2: not in S
  colour[0] = 1;                   // the base's unit x_0
  for (int l : c.lits) colour[static_cast<std::size_t>(std::abs(l)) - 1] = l > 0 ? 1 : 2;
  const schedules::AutomorphismGroup h = schedules::automorphisms(graph_, colour);
  int next_var = base_vars_;
  for (const schedules::Perm& g : h.generators) {
    encodings::sat::LexChain chain([&next_var] { return ++next_var; },
                                   [&out](std::vector<int> cl) { out.push_back(std::move(cl)); }, n_);
    for (Node v = 0; v < n_; ++v)
      if (colour[v] == 0) chain.add(-ac::x(v), -ac::x(g[v]));
  }
}

std::vector<Clause> AlphaFamily::cube_clauses(const Cube& c) const {
  std::vector<Clause> out = Family::cube_clauses(c);
  if (q_.lex) add_stabiliser_lex(c, out);
  const int m = cube_m(c);
  if (m == 0 || m >= q_.d) return out;  // depth 0: no side clauses
  // x_v -> at most m of N(v): every (m+1)-subset of N(v) has a node outside S.
  std::vector<int> pick(static_cast<std::size_t>(q_.d), 0);
  std::fill(pick.end() - (m + 1), pick.end(), 1);
  do {
    for (Node v = 0; v < n_; ++v) {
      Clause cl{-ac::x(v)};
      for (int i = 0; i < q_.d; ++i)
        if (pick[i]) cl.push_back(-ac::x(v ^ (Node{1} << i)));
      out.push_back(std::move(cl));
    }
  } while (std::next_permutation(pick.begin(), pick.end()));
  return out;
}

Coverage AlphaFamily::check_coverage(const std::vector<Cube>& cubes) const {
  const int d = q_.d, P = pairs_.size();
  int depth = 0;
  for (const auto& c : cubes) depth = std::max(depth, c.lits.empty() ? 0 : c.lits.size() > static_cast<std::size_t>(d) ? 2 : 1);
  std::vector<Clause> side;
  std::string argument = "every CDS S of Q" + std::to_string(d) + " with |S| >= 2 has an automorphic image";
  if (depth >= 1) {
    // (a), (b): N(0) n S = {e_0, ..., e_{m-1}}, m >= 1.
    side.push_back({ac::x(1)});
    for (int i = 0; i + 1 < d; ++i) side.push_back({-ac::x(Node{1} << (i + 1)), ac::x(Node{1} << i)});
    argument += " with 0 of maximum degree m in G[S] and N(0) n S = {e_0..e_{m-1}} (translation, coordinate "
                "permutation)";
  }
  if (depth >= 2) {
    int next_var = static_cast<int>(n_);
    for (int m = 1; m <= d; ++m) {
      // not M_m: the prefix is not exactly m long.
      Clause not_m{-ac::x(Node{1} << (m - 1))};
      if (m < d) not_m.push_back(ac::x(Node{1} << m));
      auto guarded = [&](Clause c) {
        c.insert(c.end(), not_m.begin(), not_m.end());
        side.push_back(std::move(c));
      };
      // (d): deg_B(i) <= m - 1 for i < m.
      for (int i = 0; i < m; ++i) {
        std::vector<int> ps;
        for (int j = 0; j < d; ++j)
          if (j != i) ps.push_back(ac::x(pairs_.node(pairs_.index[i][j])));
        if (static_cast<int>(ps.size()) < m) continue;
        std::vector<int> pick(ps.size(), 0);
        std::fill(pick.end() - m, pick.end(), 1);
        do {
          Clause c;
          for (std::size_t k = 0; k < ps.size(); ++k)
            if (pick[k]) c.push_back(-ps[k]);
          guarded(c);
        } while (std::next_permutation(pick.begin(), pick.end()));
      }
      // (c): B >=lex B o g for every g in G_m.
      for (const auto& pi : group_m(m)) {
        int eq = 0;
        for (int p = 0; p < P; ++p) {
          const int gp = pairs_.index[pi[pairs_.list[p].first]][pi[pairs_.list[p].second]];
          if (gp == p) continue;
          const int a = ac::x(pairs_.node(p)), b = ac::x(pairs_.node(gp));
          auto with = [&](Clause c) {
            if (eq) c.push_back(-eq);
            return c;
          };
          guarded(with({a, -b}));
          const int e = ++next_var;
          guarded(with({-a, -b, e}));
          guarded(with({a, b, e}));
          eq = e;
        }
      }
    }
    argument += ", and the pairs B = {ij : e_i xor e_j in S} lex-largest under S_m x S_{d-m} with deg_B(i) <= m - 1 "
                "for i < m (alpha_cubes.hpp (a)-(d))";
  }
  return check_cover_cadical(side, cubes, argument);
}

}  // namespace

Node check_alpha_query(const AlphaQuery& q) {
  if (q.d < 2 || q.d > 10) throw InputError("--dim: the alpha cube family takes d in [2, 10], not " + std::to_string(q.d));
  const Node n = Node{1} << q.d;
  if (q.max_size < 1 || q.max_size >= n)
    throw InputError("--max-size: must be in [1, " + std::to_string(n - 1) + "], not " + std::to_string(q.max_size));
  return n;
}

std::unique_ptr<Family> make_alpha_family(const AlphaQuery& q) { return std::make_unique<AlphaFamily>(q); }

}  // namespace schedcert::search
