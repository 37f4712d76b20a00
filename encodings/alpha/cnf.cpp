// Clauses for "is there a connected dominating set S of Q_d with |S| <= k?" (alpha(d) = 2^d -
// gamma_c(Q_d) for d >= 2: the non-leaves of a spanning tree are a connected dominating set, and
// any connected dominating set is the non-leaf set of a spanning tree with at least 2^d - |S|
// leaves). Connectivity is NOT encoded up front: cds.cpp adds separator cuts lazily.
//
// Why every clause family keeps a YES instance a YES instance (so UNSAT proves "no CDS of
// size <= k"):
//  - domination, the cardinality counter: the definition of the question.
//  - separator cuts (separator_cuts): if B = N(C) \ C for a vertex set C with a in C and b
//    outside C u B, every a-b path of Q_d leaves C through a vertex of B; so a connected S
//    containing a and b meets B. The clause holds for EVERY connected set, whatever the other
//    clauses say; check_cut re-checks each cut natively (B disconnects a from b in Q_d - B).
//  - symmetry breaking (add_symmetry_breaking): Aut(Q_d) (translations v -> v xor t and
//    coordinate permutations, 2^d d! elements) maps connected dominating sets of size m to
//    connected dominating sets of size m. Order the characteristic vectors (x_0, ..., x_{n-1})
//    lexicographically with 1 > 0 and take T = the lex-largest set in the orbit of a CDS S.
//    Then (i) x_0 = 1 in T (some translate contains 0), (ii) x_1 = 1 in T (S is connected with
//    at least 2 vertices, so it has an edge, and an automorphism maps it to {0, 1} while keeping
//    0 in the set), (iii) T >=lex T o tau for EVERY automorphism tau (T o tau, the vector
//    v -> x_{tau(v)}, is the image of T under tau^-1, in the orbit). So T satisfies the units
//    x_0, x_1 and any family of lex constraints, and T satisfies every cut (cuts hold for all
//    connected sets). Hence the CNF (domination + |S| <= k + symmetry + any cuts) is
//    satisfiable whenever a CDS of size <= k exists.
// Lex constraint x >=lex x o tau, positions v in increasing order skipping fixed points of tau,
// with "equal so far" variables e: e -> (x_v | -x_tau(v)), e & x_v & x_tau(v) -> e',
// e & -x_v & -x_tau(v) -> e' (the first e is true). Constraint t owns the n variables
// n + t n + 1 .. n + (t + 1) n (position p: n + t n + p + 1), the counter's follow.
// coq/alpha/AlphaCnf.v generates the same clauses for levels 0 and 1 (alpha_cnf) and proves
// this argument there (cds_sat); schedcert-lrat --alpha compares the two CNFs.
// Limitation: only subgroups of the stabiliser of the edge {0, 1} are offered (level 2 is the
// whole stabiliser); the full group would need 2^d d! constraints.
#include "encodings/alpha/cnf.hpp"

#include <algorithm>
#include <numeric>
#include <queue>

namespace schedcert::encodings::alpha::cnf {

namespace {

Node permute(Node v, const std::vector<int>& pi) {
  Node w = 0;
  for (std::size_t i = 0; i < pi.size(); ++i)
    if (v >> i & 1u) w |= Node{1} << pi[i];
  return w;
}

// e(p): the "equal so far" variable of position p (a closed form, so that coq/alpha/AlphaCnf.v
// numbers the variables the same way; the variables of fixed points are never used).
void add_lex(sat::Cnf& cnf, Node n, const std::vector<Node>& tau, int e0) {
  int eq = 0;  // 0: true
  for (Node v = 0; v < n; ++v) {
    const Node w = tau[v];
    if (w == v) continue;
    auto with = [&](std::vector<int> c) {
      if (eq) c.push_back(-eq);
      return c;
    };
    const int next = e0 + static_cast<int>(v);
    cnf.add(with({x(v), -x(w)}));
    cnf.add(with({-x(v), -x(w), next}));
    cnf.add(with({x(v), x(w), next}));
    eq = next;
  }
}

}  // namespace

void add_domination(sat::Cnf& cnf, int d) {
  const Node n = Node{1} << d;
  for (Node v = 0; v < n; ++v) {
    std::vector<int> c{x(v)};
    for (int i = 0; i < d; ++i) c.push_back(x(v ^ (Node{1} << i)));
    cnf.add(c);
  }
}

int add_symmetry_breaking(sat::Cnf& cnf, int d, int level) {
  const Node n = Node{1} << d;
  cnf.add({x(0)});
  if (d >= 1) cnf.add({x(1)});
  if (level <= 0 || d < 2) return 0;
  std::vector<std::vector<Node>> taus;
  auto push = [&](const std::vector<int>& pi, Node t) {
    std::vector<Node> tau(n);
    for (Node v = 0; v < n; ++v) tau[v] = permute(v, pi) ^ t;
    taus.push_back(std::move(tau));
  };
  std::vector<int> id(d);
  std::iota(id.begin(), id.end(), 0);
  if (level == 1) {
    push(id, 1);
    for (int i = 1; i < d; ++i)
      for (int j = i + 1; j < d; ++j) {
        auto pi = id;
        std::swap(pi[i], pi[j]);
        push(pi, 0);
      }
  } else {
    auto pi = id;
    do {
      for (Node t : {Node{0}, Node{1}})
        if (t != 0 || pi != id) push(pi, t);
    } while (std::next_permutation(pi.begin() + 1, pi.end()));
  }
  // n "equal so far" variables per constraint: constraint t, position p is n + t n + p + 1.
  const int base = cnf.vars() + 1;
  for (std::size_t i = 0; i < taus.size() * n; ++i) cnf.new_var();
  for (std::size_t t = 0; t < taus.size(); ++t) add_lex(cnf, n, taus[t], base + static_cast<int>(t * n));
  return static_cast<int>(taus.size());
}

std::vector<std::vector<Node>> components(int d, const std::vector<bool>& in_s) {
  const Node n = Node{1} << d;
  std::vector<bool> seen(n, false);
  std::vector<std::vector<Node>> out;
  for (Node s = 0; s < n; ++s) {
    if (!in_s[s] || seen[s]) continue;
    std::vector<Node> comp{s};
    seen[s] = true;
    for (std::size_t i = 0; i < comp.size(); ++i)
      for (int b = 0; b < d; ++b) {
        const Node w = comp[i] ^ (Node{1} << b);
        if (in_s[w] && !seen[w]) {
          seen[w] = true;
          comp.push_back(w);
        }
      }
    out.push_back(std::move(comp));
  }
  return out;  // s = 0 is visited first, so the component of node 0 (if in S) comes first
}

std::vector<std::vector<int>> separator_cuts(int d, const std::vector<bool>& in_s) {
  const Node n = Node{1} << d;
  const auto comps = components(d, in_s);
  std::vector<std::vector<int>> cuts;
  if (comps.size() < 2 || !in_s[0]) return cuts;
  for (std::size_t ci = 0; ci < comps.size(); ++ci) {
    std::vector<bool> in_c(n, false), in_b(n, false);
    for (Node v : comps[ci]) in_c[v] = true;
    std::vector<int> boundary;
    for (Node v : comps[ci])
      for (int b = 0; b < d; ++b) {
        const Node w = v ^ (Node{1} << b);
        if (!in_c[w] && !in_b[w]) {
          in_b[w] = true;
          boundary.push_back(x(w));
        }
      }
    // Pairs (a in C, b = 0) for the other components; (a = 0, b in S \ C) for node 0's.
    std::vector<Node> others;
    if (ci == 0) {
      for (std::size_t cj = 1; cj < comps.size(); ++cj) others.insert(others.end(), comps[cj].begin(), comps[cj].end());
    } else {
      others = comps[ci];
    }
    for (Node a : others) {
      std::vector<int> c{-x(0), -x(a)};
      c.insert(c.end(), boundary.begin(), boundary.end());
      cuts.push_back(std::move(c));
    }
  }
  return cuts;
}

std::string check_cut(int d, const std::vector<int>& clause) {
  const Node n = Node{1} << d;
  std::vector<Node> neg;
  std::vector<bool> blocked(n, false);
  for (int l : clause) {
    if (l == 0 || static_cast<Node>(std::abs(l)) > n) return "literal " + std::to_string(l) + " is not a vertex variable";
    const Node v = static_cast<Node>(std::abs(l)) - 1;
    if (l < 0) neg.push_back(v);
    else blocked[v] = true;
  }
  if (neg.size() != 2) return "a cut has exactly two negative literals";
  const Node a = neg[0], b = neg[1];
  if (a == b || blocked[a] || blocked[b]) return "a and b must be distinct and outside the separator";
  std::vector<bool> seen(n, false);
  std::queue<Node> q;
  q.push(a);
  seen[a] = true;
  while (!q.empty()) {
    const Node u = q.front();
    q.pop();
    if (u == b) return "the positive literals do not separate " + std::to_string(a) + " from " + std::to_string(b);
    for (int i = 0; i < d; ++i) {
      const Node w = u ^ (Node{1} << i);
      if (!blocked[w] && !seen[w]) {
        seen[w] = true;
        q.push(w);
      }
    }
  }
  return "";
}

}  // namespace schedcert::encodings::alpha::cnf
