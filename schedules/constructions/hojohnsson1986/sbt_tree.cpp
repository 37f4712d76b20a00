// Ho-Johnsson 1986 §3.1: the SBT children and parent functions (see sbt_tree.hpp).
#include "schedules/constructions/hojohnsson1986/sbt_tree.hpp"

#include <bit>

namespace schedcert::schedules::constructions::hojohnsson1986 {

namespace {
int highest_bit(Node c) { return c == 0 ? -1 : 31 - std::countl_zero(c); }
}  // namespace

Node sbt_parent(int /*n*/, Node i, Node s) {
  const Node c = i ^ s;
  if (c == 0) return kNone;
  return i ^ (Node{1} << highest_bit(c));
}

std::vector<Node> sbt_children(int n, Node i, Node s) {
  std::vector<Node> out;
  for (int m = highest_bit(i ^ s) + 1; m < n; ++m) out.push_back(i ^ (Node{1} << m));
  return out;
}

StructuralCheck check_sbt_consistency(int n, Node s) {
  check_dim_root(n, s, 20, "the SBT check");
  return check_consistency(
      "SBT n=" + std::to_string(n) + " s=" + std::to_string(s), n, s,
      [&](Node i) { return sbt_parent(n, i, s); }, [&](Node i) { return sbt_children(n, i, s); });
}

SpanningTree sbt_tree(int n, Node s) {
  check_dim_root(n, s, 20, "the SBT");
  SpanningTree t;
  materialise("SBT", n, s, [&](Node i) { return sbt_parent(n, i, s); }, t);
  return t;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
