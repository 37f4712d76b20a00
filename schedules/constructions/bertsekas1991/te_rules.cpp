// Total exchange by the forwarding rules (Bertsekas et al. 1991, §4, "Implementation of the
// Optimal Algorithm").
//
// own_packet_tables(): table 1 is column [e_1]; table k keeps the k - 1 columns of table k - 1 and
// adds column k: for each row of table k - 1 top to bottom, its entries left to right with bit k
// set, then e_k last. Node i sends its own packet for i xor table[k][tau - 1] on link k at step
// tau <= 2^(k-1).
// total_exchange_rules(): a packet for (i_d..i_k, x_(k-1)..x_1) arriving at i goes to the queue of
// link k0 = max{m <= k - 1 : x_m != i_m} (it is delivered when no such m exists). Queues are
// priority queues keyed by (origin xor i, arrival step): "packets originating from different
// nodes j, j' ... ordered according to the lexicographic order between j xor i and j' xor i"
// (high bit first, i.e. numerically), "packets originating from the same node ... preserve their
// order of arrival" (they come over one link, one per step). Link k forwards from step
// 2^(k-1) + 1, link d never. We send the smallest key present; if a packet that the paper's order
// puts earlier arrives later, or a queue is empty, we record a deviation instead of hiding it. The
// paper says neither happens ("packets are always in time"); the verifier then checks the result.
#include "schedules/constructions/bertsekas1991/te_rules.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <tuple>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

std::vector<std::vector<Node>> own_packet_tables(int d) {
  std::vector<std::vector<Node>> col(1, std::vector<Node>{1});
  for (int k = 2; k <= d; ++k) {
    const Node ek = Node{1} << (k - 1);
    std::vector<Node> c;
    const std::size_t rows = col.back().size();  // the longest column of table k - 1
    for (std::size_t row = 0; row < rows; ++row)
      for (const auto& prev : col)
        if (row < prev.size()) c.push_back(prev[row] | ek);
    c.push_back(ek);
    col.push_back(std::move(c));
  }
  return col;
}

TeRulesResult total_exchange_rules(int d) {
  if (d < 1 || d > kMaxTeRulesDim)
    throw InputError("--dim: the §4 forwarding rules generator takes d in [1, " +
                     std::to_string(kMaxTeRulesDim) + "], not " + std::to_string(d));
  const Node n = Node{1} << d;
  const std::uint64_t horizon = std::uint64_t{1} << (d - 1);
  const auto table = own_packet_tables(d);
  Problem p;
  p.kind = ProblemKind::TotalExchange;
  TeRulesResult res{Schedule(Network::hypercube(d), Model::AllPort, p), {}, 0};
  Schedule& s = res.schedule;
  s.reserve(static_cast<std::size_t>(d) * n * horizon);
  struct Entry {
    std::uint64_t key;  // (origin xor node) << 32 | arrival step
    Node origin, dest;
    bool operator>(const Entry& o) const { return key > o.key; }
  };
  std::vector<std::vector<Entry>> queue(static_cast<std::size_t>(n) * d);
  std::vector<std::uint64_t> last_key(static_cast<std::size_t>(n) * d, 0);
  struct Arrival {
    Node at, origin, dest;
    int link;  // dimension it came over
  };
  std::vector<Arrival> arrivals;
  auto deviate = [&](std::string what) {
    if (res.deviations.size() < 8) res.deviations.push_back(std::move(what));
    ++res.num_deviations;
  };
  for (std::uint64_t tau = 1; tau <= horizon; ++tau) {
    s.begin_step();
    arrivals.clear();
    for (Node i = 0; i < n; ++i) {
      for (int k0 = 0; k0 < d; ++k0) {
        const Node to = i ^ (Node{1} << k0);
        auto where = [&] {
          return "step " + std::to_string(tau) + ", node " + std::to_string(i) + ", link " +
                 std::to_string(k0 + 1);
        };
        Node origin = i, dest = 0;
        if (tau <= (std::uint64_t{1} << k0)) {
          dest = i ^ table[static_cast<std::size_t>(k0)][tau - 1];
        } else {
          auto& q = queue[static_cast<std::size_t>(i) * d + k0];
          if (q.empty()) {
            deviate(where() + ": the forwarding queue is empty (the link idles)");
            continue;
          }
          std::pop_heap(q.begin(), q.end(), std::greater<>{});
          const Entry e = q.back();
          q.pop_back();
          auto& last = last_key[static_cast<std::size_t>(i) * d + k0];
          if (e.key < last)
            deviate(where() + ": forwards the packet " + std::to_string(e.origin) + " -> " +
                    std::to_string(e.dest) + " after a packet it should follow (it arrived late)");
          last = e.key;
          origin = e.origin;
          dest = e.dest;
        }
        s.add(i, to, Item{origin} * n + dest);
        if (to != dest) arrivals.push_back({to, origin, dest, k0});
      }
    }
    for (const Arrival& a : arrivals) {
      const Node diff = a.dest ^ a.at;
      const int k0 = std::bit_width(diff) - 1;  // highest bit still to fix
      if (k0 >= a.link)
        deviate("step " + std::to_string(tau) + ": node " + std::to_string(a.at) +
                " receives the packet " + std::to_string(a.origin) + " -> " +
                std::to_string(a.dest) + " on link " + std::to_string(a.link + 1) +
                " but must forward it on link " + std::to_string(k0 + 1) + ", not a lower one");
      auto& q = queue[static_cast<std::size_t>(a.at) * d + k0];
      q.push_back({(static_cast<std::uint64_t>(a.origin ^ a.at) << 32) | tau, a.origin, a.dest});
      std::push_heap(q.begin(), q.end(), std::greater<>{});
    }
  }
  for (Node i = 0; i < n; ++i)
    for (int k0 = 0; k0 < d; ++k0)
      if (!queue[static_cast<std::size_t>(i) * d + k0].empty())
        deviate("end: node " + std::to_string(i) + " still holds " +
                std::to_string(queue[static_cast<std::size_t>(i) * d + k0].size()) +
                " packets for link " + std::to_string(k0 + 1));
  return res;
}

std::optional<std::string> first_difference(const Schedule& a, const Schedule& b) {
  if (a.num_steps() != b.num_steps())
    return "the schedules have " + std::to_string(a.num_steps()) + " and " +
           std::to_string(b.num_steps()) + " steps";
  // (from, to, smallest item, packet size, index of the transmission): packets with more than
  // one item are compared in full only when the cheap key ties.
  using Tx = std::tuple<Node, Node, Item, std::size_t, std::size_t>;
  auto step_of = [](const Schedule& s, std::size_t st) {
    std::vector<Tx> v;
    v.reserve(s.step_end(st) - s.step_begin(st));
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      auto pk = s.packet(k);
      v.emplace_back(s.from(k), s.to(k), *std::min_element(pk.begin(), pk.end()), pk.size(), k);
    }
    std::sort(v.begin(), v.end());
    return v;
  };
  auto same = [&](const Tx& x, const Tx& y) {
    if (std::get<0>(x) != std::get<0>(y) || std::get<1>(x) != std::get<1>(y) ||
        std::get<2>(x) != std::get<2>(y) || std::get<3>(x) != std::get<3>(y))
      return false;
    if (std::get<3>(x) == 1) return true;
    auto p = a.packet(std::get<4>(x)), q = b.packet(std::get<4>(y));
    std::vector<Item> u(p.begin(), p.end()), w(q.begin(), q.end());
    std::sort(u.begin(), u.end());
    std::sort(w.begin(), w.end());
    return u == w;
  };
  for (std::size_t st = 0; st < a.num_steps(); ++st) {
    const auto x = step_of(a, st), y = step_of(b, st);
    std::size_t k = 0;
    while (k < x.size() && k < y.size() && same(x[k], y[k])) ++k;
    if (k == x.size() && k == y.size()) continue;
    auto show = [](const std::vector<Tx>& v, std::size_t k) -> std::string {
      if (k >= v.size()) return "nothing";
      return std::to_string(std::get<0>(v[k])) + " -> " + std::to_string(std::get<1>(v[k])) +
             " item " + std::to_string(std::get<2>(v[k]));
    };
    return "step " + std::to_string(st + 1) + ": " + show(x, k) + " vs " + show(y, k) + " (" +
           std::to_string(x.size()) + " vs " + std::to_string(y.size()) + " transmissions)";
  }
  return std::nullopt;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
