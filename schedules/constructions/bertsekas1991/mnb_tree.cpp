// The §2 broadcast tree (Bertsekas et al. 1991, §2, "Multinode Broadcast Under the MLA
// Assumption", Fig. 6).
//
// mnb_tree() numbers the nodes: n(0) = 0, then the rotation classes in the order of
// ordered_classes() (classes.hpp), then n(11..1) = 2^d - 1. A class occupies a contiguous range
// of numbers, so m(t) = 1 + ((n(t) - 1) mod d) of its first element is known before the element
// is chosen. First element: in R_k1 (one cyclic block of k unity bits) the element whose block
// starts at position m(t), which is the only one with a one at m(t) and a zero at m(t) - 1; in
// the other classes the smallest rotation of the representative with a one at position m(t)
// (the paper leaves this choice free). Then successive left rotations: rotating moves the one in
// position m(t) to m(t) + 1, which is the next element's m, so property (1) holds for every
// element of a class once it holds for the first. The link of t goes to t xor e_m(t)
// (parent[t]), and E_i = { t : (i - 1) d < n(t) <= i d } (E_q takes what is left).
//
// The paper proves the sets A_i legitimate (every parent lies in an earlier E): for t in R_kn,
// n > 1, because all of R_k1 lies between t' and t; for t in R_k1, because R_(k-1)2 .. lie
// between, which has >= d elements when d >= 5 and 2 < k < d; d = 3, 4 "handled individually";
// for t = 11..1 it uses the Appendix (d does not divide 2^d - 1, so m(11..1) != d and E_q has at
// most d - 1 elements: the parent, the second element of R_(d-1)1, is not in E_q). We do not
// rely on the proof: key_observation() checks the conclusion for the given d and returns the
// first counterexample. Nothing here repairs a failure; a rule that cannot be met is recorded
// in rule_failures and reported by key_observation() as a "numbering" failure.
#include "schedules/constructions/bertsekas1991/mnb_tree.hpp"

#include <algorithm>

#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

int MnbTree::m(Node t) const { return m_of_number(number[t], d); }

std::uint64_t MnbTree::set_index(Node t) const {
  if (t == 0) return 0;
  return (static_cast<std::uint64_t>(number[t]) - 1) / static_cast<std::uint64_t>(d) + 1;
}

MnbTree mnb_tree(int d) {
  if (d < 1 || d > kMaxClassDim)
    throw InputError("--dim: the §2 multinode broadcast tree takes d in [1, " +
                     std::to_string(kMaxClassDim) + "], not " + std::to_string(d));
  MnbTree tr;
  tr.d = d;
  tr.q = ceil_mnb(d);
  const std::uint64_t n = std::uint64_t{1} << d;
  tr.by_number.assign(n, 0);
  tr.number.assign(n, 0);
  tr.parent.assign(n, 0);
  std::uint32_t next = 1;
  for (const RotationClass& c : ordered_classes(d)) {
    const int m = m_of_number(next, d);
    const bool first_class = (c.rep == (Node{1} << c.k) - 1);
    // Candidate first elements: rotations of rep with a one at position m (and, in R_k1, a zero
    // at position m - 1). Among them the smallest.
    std::optional<Node> first;
    Node r = c.rep;
    for (int i = 0; i < c.size; ++i, r = rotl(r, d)) {
      if (!bit_at(r, m)) continue;
      if (first_class && bit_at(r, pos_below(m, d))) continue;
      if (!first || r < *first) first = r;
    }
    if (!first) {
      tr.rule_failures.push_back("class of " + std::to_string(c.rep) + " (k = " +
                                 std::to_string(c.k) + ", numbers " + std::to_string(next) +
                                 "..): no element has the bits required at position m = " +
                                 std::to_string(m));
      first = c.rep;  // keep numbering so the check can point at the consequences
    }
    Node t = *first;
    for (int i = 0; i < c.size; ++i, t = rotl(t, d)) {
      tr.by_number[next] = t;
      tr.number[t] = next;
      ++next;
    }
  }
  const Node all = static_cast<Node>(n - 1);
  tr.by_number[n - 1] = all;
  tr.number[all] = static_cast<std::uint32_t>(n - 1);
  for (Node t = 1; t < n; ++t) tr.parent[t] = t ^ (Node{1} << (tr.m(t) - 1));
  return tr;
}

std::optional<KeyObservationFailure> key_observation(const MnbTree& tr) {
  const int d = tr.d;
  const std::uint64_t n = std::uint64_t{1} << d;
  auto fail = [&](std::string rule, Node t, std::string msg) {
    KeyObservationFailure f;
    f.rule = std::move(rule);
    f.node = t;
    f.set = t < n ? tr.set_index(t) : 0;
    f.parent = t < n ? tr.parent[t] : 0;
    f.message = "d = " + std::to_string(d) + ": " + std::move(msg);
    return f;
  };
  if (!tr.rule_failures.empty()) return fail("numbering", 0, tr.rule_failures.front());
  // n is a bijection.
  std::vector<char> seen(n, 0);
  for (std::uint64_t k = 0; k < n; ++k) {
    const Node t = tr.by_number[k];
    if (t >= n || seen[t] || tr.number[t] != k)
      return fail("numbering", t < n ? t : 0,
                  "number " + std::to_string(k) + " is not assigned to exactly one node");
    seen[t] = 1;
  }
  if (tr.by_number[0] != 0 || tr.by_number[n - 1] != n - 1)
    return fail("numbering", 0, "n(00..0) must be 0 and n(11..1) must be 2^d - 1");
  std::vector<std::uint64_t> types_in_set(tr.q + 1, 0);  // bitmask of types seen per set
  std::vector<std::uint64_t> size_of_set(tr.q + 1, 0);
  for (std::uint64_t k = 1; k < n; ++k) {
    const Node t = tr.by_number[k];
    const int m = tr.m(t);
    const std::uint64_t i = tr.set_index(t);
    const std::string who = "node " + std::to_string(t) + " (n = " + std::to_string(k) +
                            ", m = " + std::to_string(m) + ", in E_" + std::to_string(i) + ")";
    if (!bit_at(t, m))
      return fail("property (1)", t, who + " has a zero in position m(t), so flipping it does "
                                           "not lead to a node with fewer unity bits");
    if (in_first_class(t, d) && bit_at(t, pos_below(m, d)))
      return fail("R_k1 zero", t, who + " is in R_k1 but has a one in position " +
                                      std::to_string(pos_below(m, d)));
    const Node p = tr.parent[t];
    if (tr.set_index(p) >= i)
      return fail("earlier set", t,
                  who + ": its link in A_" + std::to_string(i) + " starts at node " +
                      std::to_string(p) + " (n = " + std::to_string(tr.number[p]) + "), which is in E_" +
                      std::to_string(tr.set_index(p)) + ", not in E_0 .. E_" + std::to_string(i - 1) +
                      ", so it does not hold the packet yet");
    const std::uint64_t type = std::uint64_t{1} << (m - 1);
    if (types_in_set[i] & type)
      return fail("distinct types", t, who + ": A_" + std::to_string(i) +
                                           " already holds a link of type " + std::to_string(m));
    types_in_set[i] |= type;
    ++size_of_set[i];
  }
  for (std::uint64_t i = 1; i < tr.q; ++i)
    if (size_of_set[i] != static_cast<std::uint64_t>(d))
      return fail("set size", tr.by_number[(i - 1) * d + 1],
                  "A_" + std::to_string(i) + " holds " + std::to_string(size_of_set[i]) +
                      " links, not d");
  return std::nullopt;
}

std::optional<KeyObservationFailure> key_observation(int d) { return key_observation(mnb_tree(d)); }

}  // namespace schedcert::schedules::constructions::bertsekas1991
