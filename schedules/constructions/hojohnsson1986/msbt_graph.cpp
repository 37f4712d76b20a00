// Ho-Johnsson 1986 §3.2 (children/parent of the ERSBTs) and §3.3.2 (the labelling f); the
// formulas are restated in msbt_graph.hpp.
#include "schedules/constructions/hojohnsson1986/msbt_graph.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
bool bit(Node c, int m) { return (c >> m) & 1u; }
Node flip(Node i, int m) { return i ^ (Node{1} << m); }
}  // namespace

int msbt_k(int n, Node c, int j) {
  if (c == 0) return -1;
  for (int t = 1; t < n; ++t) {
    const int m = ((j - t) % n + n) % n;
    if (bit(c, m)) return m;
  }
  return j;  // bit j is the only set bit
}

Node msbt_parent(int n, Node i, int j, Node s) {
  const Node c = i ^ s;
  const int k = msbt_k(n, c, j);
  if (k == -1) return kNone;
  return bit(c, j) ? flip(i, k) : flip(i, j);
}

std::vector<Node> msbt_children(int n, Node i, int j, Node s) {
  const Node c = i ^ s;
  const int k = msbt_k(n, c, j);
  if (k == -1) return {flip(i, j)};
  if (!bit(c, j)) return {};
  std::vector<Node> out;
  for (int m = (k + 1) % n; m != j; m = (m + 1) % n) out.push_back(flip(i, m));
  if (k != j) out.push_back(flip(i, j));
  return out;
}

int msbt_label(int n, Node i, int j, Node s) {
  const Node c = i ^ s;
  const int k = msbt_k(n, c, j);
  if (k == -1) return kNoLabel;
  if (!bit(c, j)) return j + n;
  return k >= j ? k : k + n;
}

SpanningTree msbt_tree(int n, int j, Node s) {
  check_dim_root(n, s, 20, "the MSBT");
  SpanningTree t;
  materialise("ERSBT", n, s, [&](Node i) { return msbt_parent(n, i, j, s); }, t);
  return t;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
