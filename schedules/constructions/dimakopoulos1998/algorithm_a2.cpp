// Algorithm A2: all-port total exchange, both dimensions at once.
//
// Dimakopoulos & Dimopoulos 1998, §5 and Fig. 5 (homogeneous G = H x H, recursively H^(2^k)),
// and §6 (A x B with |A| = |B|, time n max(T_A, T_B)). Indices are 0-based here; the paper's
// x (+)_n y is (x + y) mod n, and its (r-1) (+)_{n-1} l (values 1..n-1) is
// sigma_r(l) = ((r - 1) + (l - 1)) mod (n - 1) + 1.
// a2_compose runs n rounds; in round r (1..n), at the same time,
//   TEA  every A_j = (*, u_j) runs A's pattern: round 1 carries m_(v_i,u_j)(*, u_j); round r > 1
//        carries what (v_i, u_j) received in round r - 1 of TEB: the slot (v_s -> v_t), with
//        a = t - s mod n, carries m_(v_s, u_(j - l))(v_t, u_j) where sigma_(r-1)(l) = a.
//   TEB  every B_i = (v_i, *) runs B's pattern: for r < n the slot (u_s -> u_t), l = t - s mod n,
//        carries m_(v_i,u_s)(v_(i + sigma_r(l)), u_t), the set (7); in round n it carries
//        m_(v_i,u_s)(v_i,u_t), the last column of Table 1.
// Over rounds 1..n-1, sigma_r(l) takes every value 1..n-1 for each l, so each message with
// both coordinates different crosses B once and A once; the others cross one dimension.
// A uses only dimension-A links and B only dimension-B links, so all-port patterns give an
// all-port schedule of n max(T_A, T_B) steps (Theorem 4; §6 for A != B).
// Finding: the set (8) as printed, m_(v_i, u_(j (+) ((r-1) (+)_{n-1} l)))(v_(i (+) l), u_j), is
// not what (v_i, u_j) receives: the source offset has the wrong sign and sigma on the wrong
// side. What it receives is m_(v_i, u_(j (-) l))(v_(i (+) sigma_r(l)), u_j) (for r = 1 the paper
// states this correctly in the text before (7): "receive m_(v_i,u_(j (-) 1))(v_(i (+) 1), u_j)").
// tests/dimakopoulos1998/a2_test.cpp reads both sets off the schedule. The algorithm itself is
// unaffected: either way every node receives one message for each node of its copy of A.
// Recursion (emit_a2): H^(2^k) = H^(2^(k-1)) x H^(2^(k-1)) (Corollary 4); sub-patterns are
// materialised (they have sqrt(n) nodes), the top level streams.
#include "schedules/constructions/dimakopoulos1998/algorithm_a2.hpp"

#include <algorithm>

#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

namespace {

std::uint64_t range_size(const Network& net, std::size_t lo, std::size_t hi) {
  std::uint64_t n = 1;
  for (std::size_t i = lo; i < hi; ++i) n *= net.factors()[i].size;
  return n;
}

std::string range_name(const Network& net, std::size_t lo, std::size_t hi) {
  std::string s;
  for (std::size_t i = lo; i < hi; ++i) s += (s.empty() ? "" : "x") + net.factors()[i].name();
  return s;
}

std::uint64_t sigma(std::uint64_t r, std::uint64_t l, std::uint64_t n) {
  return ((r - 1) + (l - 1)) % (n - 1) + 1;
}

void emit_range(const Network& net, std::size_t lo, std::size_t hi, bool strict, TeSink& out);

TePattern collect_range(const Network& net, std::size_t lo, std::size_t hi, bool strict) {
  PatternCollector c(static_cast<std::uint32_t>(range_size(net, lo, hi)));
  emit_range(net, lo, hi, strict, c);
  return c.take();
}

void emit_range(const Network& net, std::size_t lo, std::size_t hi, bool strict, TeSink& out) {
  if (hi - lo == 1) return replay(factor_te(net.factors()[lo], Model::AllPort), out);
  if (auto p = a2_split(net, lo, hi))
    return a2_compose(collect_range(net, lo, *p, strict), collect_range(net, *p, hi, strict), out);
  if (strict)
    throw InputError("--network: A2 needs |A| = |B| at every level, and " +
                     range_name(net, lo, hi) +
                     " has no split into two halves of equal size "
                     "(use --variant hybrid, or a network H^(2^k))");
  const std::uint32_t na = static_cast<std::uint32_t>(range_size(net, lo, hi - 1));
  a1_compose([&](TeSink& s) { emit_range(net, lo, hi - 1, strict, s); }, na,
             factor_te(net.factors()[hi - 1], Model::AllPort), out);
}

std::uint64_t range_steps(const Network& net, std::size_t lo, std::size_t hi, bool strict,
                          std::string* formula) {
  if (hi - lo == 1) {
    const std::uint64_t t = factor_te_steps(net.factors()[lo], Model::AllPort);
    if (formula) *formula = "T_" + net.factors()[lo].name() + " = " + std::to_string(t);
    return t;
  }
  std::string fa, fb;
  if (auto p = a2_split(net, lo, hi)) {
    const std::uint64_t n = range_size(net, lo, *p);
    const std::uint64_t ta = range_steps(net, lo, *p, strict, formula ? &fa : nullptr);
    const std::uint64_t tb = range_steps(net, *p, hi, strict, formula ? &fb : nullptr);
    if (formula)
      *formula = "n max(T_A, T_B) = " + std::to_string(n) + " max(" + std::to_string(ta) + ", " +
                 std::to_string(tb) + ") = " + std::to_string(n * std::max(ta, tb)) +
                 (hi - lo > 2 ? " [A: " + fa + "; B: " + fb + "]" : "");
    return n * std::max(ta, tb);
  }
  if (strict)
    throw InputError("--network: A2 needs |A| = |B| at every level, and " +
                     range_name(net, lo, hi) + " has no split into two halves of equal size");
  const std::uint64_t n1 = range_size(net, lo, hi - 1), n2 = net.factors()[hi - 1].size;
  const std::uint64_t ta = range_steps(net, lo, hi - 1, strict, formula ? &fa : nullptr);
  const std::uint64_t tb = factor_te_steps(net.factors()[hi - 1], Model::AllPort);
  const std::uint64_t t = theorem2_steps(n1, ta, n2, tb);
  if (formula)
    *formula = "A1 level n1 T_B + n2 T_A = " + std::to_string(n1) + "*" + std::to_string(tb) +
               " + " + std::to_string(n2) + "*" + std::to_string(ta) + " = " + std::to_string(t) +
               " [A: " + fa + "]";
  return t;
}

}  // namespace

void a2_compose(const TePattern& a, const TePattern& b, TeSink& out) {
  const std::uint64_t n = a.nodes;
  const std::size_t ta = a.steps.size(), tb = b.steps.size(), len = std::max(ta, tb);
  auto id = [n](std::uint64_t v, std::uint64_t u) { return static_cast<Node>(v + n * u); };
  for (std::uint64_t r = 1; r <= n; ++r)
    for (std::size_t t = 0; t < len; ++t) {
      out.step();
      if (t < ta)  // TEA in every A_j
        for (const PatternTx& x : a.steps[t])
          for (std::uint64_t j = 0; j < n; ++j) {
            std::uint64_t src_u = j;
            if (r > 1) {
              const std::uint64_t off = (x.dst + n - x.src) % n;
              const std::uint64_t l = ((off - 1) + (n - 1) - (r - 2) % (n - 1)) % (n - 1) + 1;
              src_u = (j + n - l) % n;
            }
            out.tx(id(x.from, j), id(x.to, j), id(x.src, src_u), id(x.dst, j));
          }
      if (t < tb)  // TEB in every B_i
        for (const PatternTx& x : b.steps[t])
          for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t l = (x.dst + n - x.src) % n;
            const std::uint64_t v = r < n ? (i + sigma(r, l, n)) % n : i;
            out.tx(id(i, x.from), id(i, x.to), id(i, x.src), id(v, x.dst));
          }
    }
}

std::optional<std::size_t> a2_split(const Network& net, std::size_t lo, std::size_t hi) {
  std::optional<std::size_t> best;
  const std::size_t mid2 = lo + hi;  // compare 2p with lo + hi
  for (std::size_t p = lo + 1; p < hi; ++p)
    if (range_size(net, lo, p) == range_size(net, p, hi)) {
      auto dist = [mid2](std::size_t q) { return q * 2 > mid2 ? q * 2 - mid2 : mid2 - q * 2; };
      if (!best || dist(p) < dist(*best)) best = p;
    }
  return best;
}

void emit_a2(const Network& net, bool strict, TeSink& out) {
  emit_range(net, 0, net.factors().size(), strict, out);
}

Schedule algorithm_a2(const Network& net, std::uint32_t messages, bool strict) {
  Problem prob;
  prob.kind = ProblemKind::TotalExchange;
  prob.messages = messages;
  Schedule s(net, Model::AllPort, prob);
  net.num_nodes();
  for (std::uint32_t m = 0; m < messages; ++m) {
    ScheduleWriter w(s, m);
    emit_a2(net, strict, w);
  }
  return s;
}

std::uint64_t a2_steps(const Network& net, bool strict) {
  return range_steps(net, 0, net.factors().size(), strict, nullptr);
}

std::string a2_formula(const Network& net, bool strict) {
  std::string f;
  range_steps(net, 0, net.factors().size(), strict, &f);
  return f;
}

std::uint64_t corollary4_steps(std::uint64_t n, int d, std::uint64_t t_h) {
  std::uint64_t p = 1;
  for (int i = 0; i + 1 < d; ++i) p *= n;
  return p * t_h;
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
