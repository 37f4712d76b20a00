// Total exchange (Bertsekas et al. 1991, §4, Fig. 8, Eqs. (5)-(6); "Total Exchange Under the SLA
// Assumption").
//
// Recursion from T_d to T_(d+1) with C_1 = nodes below 2^d, C_2 = their counterparts (new
// dimension d, the paper's link d + 1). Phase one: T_d inside C_1 and C_2. Phase two: node i
// sends its counterpart i + 2^d, one per step, the 2^d packets bound for the other cube:
// (a) the packet for j before the one for j' when s(i, j - 2^d, d) < s(i, j' - 2^d, d), ties
// broken by the smaller dimension of the first hop; (b) the packet for i + 2^d last. Phase three:
// T_d inside each cube on the packets received in phase two, the counterpart forwarding i's
// packet for j exactly when T_d makes it send its own packet for j.
// MLA: phase three starts right after phase one (offset T_d), while phase two runs through
// steps 1..2^d on the otherwise idle links of dimension d; causality of the forwarded packets is
// what Eq. (5) guarantees, and the native/symmetric verifiers check it on the result.
// SLA (MTADEA): phase two occupies steps T_d + 1 .. T_d + 2^d and phase three follows it.
//
// We build the routes of node 0's packets only (te_routes) and obtain the total exchange by
// XOR translation: by induction s(i, j, d) = s(0, i xor j, d), so the phase-two orders of all
// nodes are translates of node 0's and the recursive algorithm is the translate of its root
// part. te_rules.cpp generates the same algorithm node by node from the "Implementation" rules
// without this argument, and the tests compare the two.
#include "schedules/constructions/bertsekas1991/total_exchange.hpp"

#include <algorithm>
#include <numeric>

#include "schedules/error.hpp"
#include "schedules/transforms/translate.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

TeRoutes te_routes(int d, Model model) {
  if (d < 1 || d > kMaxTeDim)
    throw InputError("--dim: the §4 total exchange takes d in [1, " + std::to_string(kMaxTeDim) +
                     "], not " + std::to_string(d));
  if (model != Model::AllPort && model != Model::SinglePortFull)
    throw InputError("--model: the §4 total exchange is built for all-port and single-port-full, "
                     "not " + to_string(model));
  TeRoutes r;
  r.model = model;
  r.d = 1;
  r.steps = 1;
  r.begin = {0, 0, 1};  // u = 0: no hops; u = 1: one hop at step 1 over dimension 0
  r.step = {1};
  r.dim = {0};
  for (int D = 1; D < d; ++D) {
    const Node half = Node{1} << D;
    // Phase-two order: v = 1..2^D - 1 by (s(0, v, D), first dimension), then v = 0 (rule (b)).
    std::vector<Node> order(half - 1);
    std::iota(order.begin(), order.end(), Node{1});
    std::stable_sort(order.begin(), order.end(), [&](Node a, Node b) {
      if (r.first_step(a) != r.first_step(b)) return r.first_step(a) < r.first_step(b);
      return r.dim[r.begin[a]] < r.dim[r.begin[b]];
    });
    order.push_back(0);
    const std::uint64_t phase2_start = model == Model::AllPort ? 0 : r.steps;
    const std::uint64_t phase3_offset = model == Model::AllPort ? r.steps : r.steps + half;
    std::vector<std::uint32_t> p(half, 0);
    for (std::size_t k = 0; k < order.size(); ++k)
      p[order[k]] = static_cast<std::uint32_t>(phase2_start + k + 1);
    TeRoutes nx;
    nx.d = D + 1;
    nx.model = model;
    nx.steps = model == Model::AllPort ? 2 * r.steps : 2 * r.steps + half;
    nx.begin.reserve(2 * half + 1);
    nx.step.reserve(2 * r.step.size() + half);
    nx.dim.reserve(2 * r.step.size() + half);
    nx.begin.push_back(0);
    for (Node u = 0; u < 2 * half; ++u) {
      const Node v = u & (half - 1);
      if (u >= half) {  // phase two hop, then v's route in the other cube, delayed
        nx.step.push_back(p[v]);
        nx.dim.push_back(static_cast<std::uint8_t>(D));
      }
      for (std::uint64_t h = r.begin[v]; h < r.begin[v + 1]; ++h) {
        nx.step.push_back(static_cast<std::uint32_t>(r.step[h] + (u >= half ? phase3_offset : 0)));
        nx.dim.push_back(r.dim[h]);
      }
      nx.begin.push_back(nx.step.size());
    }
    r = std::move(nx);
  }
  return r;
}

Schedule te_root_schedule(const TeRoutes& r) {
  const Node n = Node{1} << r.d;
  // Bucket hops by step with a counting sort.
  std::vector<std::uint64_t> count(r.steps + 2, 0);
  for (std::uint32_t st : r.step) ++count[st + 1];
  std::partial_sum(count.begin(), count.end(), count.begin());
  struct Hop {
    Node from, to;
    Item item;
  };
  std::vector<Hop> hops(r.step.size());
  for (Node u = 1; u < n; ++u) {
    Node at = 0;
    for (std::uint64_t h = r.begin[u]; h < r.begin[u + 1]; ++h) {
      const Node nxt = at ^ (Node{1} << r.dim[h]);
      hops[count[r.step[h]]++] = {at, nxt, Item{u}};
      at = nxt;
    }
  }
  Problem p;
  p.kind = ProblemKind::Scatter;
  p.root = 0;
  Schedule s(Network::hypercube(r.d), r.model, p);
  s.reserve(hops.size());
  std::size_t k = 0;
  for (std::uint64_t st = 1; st <= r.steps; ++st) {
    s.begin_step();
    for (; k < count[st]; ++k) s.add(hops[k].from, hops[k].to, hops[k].item);
  }
  return s;
}

Schedule total_exchange(int d, Model model) {
  return transforms::translate_to_all_roots(te_root_schedule(te_routes(d, model)));
}

namespace {

void consider(InductionReport& rep, bool& first, Node i, std::uint64_t n, std::uint64_t count) {
  const std::int64_t bound =
      static_cast<std::int64_t>((std::uint64_t{1} << (rep.d - 1)) + n - 1);
  const std::int64_t slack = bound - static_cast<std::int64_t>(count);
  if (first || slack < rep.min_slack) {
    rep.min_slack = slack;
    rep.node = i;
    rep.n = n;
    rep.count = count;
    first = false;
  }
}

}  // namespace

InductionReport induction_property(const Schedule& s) {
  const auto& net = s.network();
  if (!net.is_hypercube() || s.problem().kind != ProblemKind::TotalExchange)
    throw InputError("induction property: needs a total exchange schedule on a hypercube");
  InductionReport rep;
  rep.d = net.dims();
  const std::uint64_t nn = net.size();
  const std::uint64_t horizon = std::uint64_t{1} << (rep.d - 1);
  std::vector<std::uint64_t> own(nn, 0);
  bool first = true;
  for (std::uint64_t st = 0; st < horizon; ++st) {
    if (st < s.num_steps())
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
        for (Item it : s.packet(k))
          if (s.problem().origin(it, nn) == s.from(k)) ++own[s.from(k)];
    for (Node i = 0; i < nn; ++i) consider(rep, first, i, st + 1, own[i]);
  }
  rep.holds = rep.min_slack >= 0;
  return rep;
}

InductionReport induction_property(const TeRoutes& r) {
  InductionReport rep;
  rep.d = r.d;
  const std::uint64_t horizon = std::uint64_t{1} << (r.d - 1);
  std::vector<std::uint64_t> first_at(r.steps + 2, 0);
  for (Node u = 1; u < (Node{1} << r.d); ++u) ++first_at[r.first_step(u)];
  bool first = true;
  std::uint64_t own = 0;
  for (std::uint64_t n = 1; n <= horizon; ++n) {
    own += n <= r.steps ? first_at[n] : 0;
    consider(rep, first, 0, n, own);
  }
  rep.holds = rep.min_slack >= 0;
  return rep;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
