// The SMT query: the rules of verifier/verdict.hpp as one SMT-LIB2 formula over a schedule.
//
// Design (docs/smt-encoding.md has sizes and times). Independent of verifier/native.cpp and of
// Network::adjacent/port: every rule is restated here as a formula, and the solver evaluates it.
//  * Data (data). Transmission k is the Int constants fr<k>, to<k>, st<k> (sender, receiver,
//    0-based step) and it<k>_<p> (packet slot p), each defined as its value (define-fun: Z3
//    substitutes them while parsing, 5x faster than declare-const plus an asserted equality).
//    Packet lengths and the grouping into steps are the shape of the formula: a rule that pairs
//    two transmissions "in the same step" is written for the pairs of one step only, keeping
//    the guard (= st<j> st<k>); a holds term for item i is written only for the transmissions
//    whose packet holds i, keeping the guard (= it<j>_<q> i). The omitted terms are exactly
//    those that are false under the data: pruning changes the size, not the meaning.
//  * Network and problem (macros.cpp): adj(u, v) by mixed-radix digit arithmetic, one
//    factor kind at a time; origin(i) and target(i) of the item numbering in div/mod.
//  * holds. h<i>(v, time) = v = origin(i) or some transmission carrying i to v has a step
//    < time: "v holds i at the start of step time" under store-and-forward (hold_macro).
//  * Rules (per transmission k, in transmission_checks): one Bool per check, asserted equal
//    to its definition. Capacity and port limits count over the transmissions j < k of k's
//    step (a limit of one is exceeded at k iff some earlier j of the step already used the
//    resource), so they fire on the transmission that exceeds the limit, as verdict.hpp says.
//    Shout-whisper's one-packet rule is "two sends of one node in a step carry different sets
//    of items" (an item of one in no slot of the other; order is irrelevant): it can fire at a
//    later transmission than native's "differs from the first send", but never first.
//    Causality: not h<i>(fr<k>, st<k>). Duplicate (combining): h<i>(to<k>, st<k>) or an earlier
//    transmission of the same step brought i to to<k>; under allreduce only when the packet is
//    not complete for i's chunk (fewer than N of its slots have chunk(i); docs/allreduce.md).
//    Order (successive broadcasts): the
//    source of i sends it only when it holds i-1; a node receives i only when it holds i-1 or
//    already holds i.
//  * Completion (completion_checks): one Bool per (item, node that needs it):
//    not h<i>(v, T) with T the number of steps.
//  * Query: the disjunction of all check Bools. Every symbol is a function of the defined data,
//    so a model is unique and evaluating every check in it is sound.
// Limitation: the pair rules are quadratic in the transmissions of one step, and the holds
// terms quadratic in the transmissions of one item; meant for schedules of a few thousand
// transmissions (Q_2..Q_5 in about a second), not for the native verifier's Q_12 sizes.
#include "encodings/smt/query.hpp"

#include <algorithm>
#include <string>

#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::smt::detail {

using schedules::Item;
using schedules::kAllNodes;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;
using verifier::Rule;

Rule rule_of(Check c) {
  switch (c) {
    case Check::FromRange:
    case Check::ToRange:
    case Check::NotAdjacent: return Rule::Adjacency;
    case Check::ItemRange:
    case Check::PacketSize:
    case Check::RepeatedItem:
    case Check::MixedTargets: return Rule::Packet;
    case Check::LinkTwice: return Rule::LinkCapacity;
    case Check::NotHeld: return Rule::Causality;
    case Check::AlreadyHeld: return Rule::Duplicate;
    case Check::SourceEarly:
    case Check::ReceiverEarly: return Rule::Order;
    case Check::Missing: return Rule::Completion;
    default: return Rule::Port;
  }
}

namespace {

std::string any(const std::vector<std::string>& a) { return nary("or", "false", a); }

std::string eq(const std::string& a, const std::string& b) { return "(= " + a + " " + b + ")"; }
std::string eqn(const std::string& a, std::uint64_t v) {
  std::string s = "(= " + a + " ";
  num(s, v);
  return s + ")";
}

struct Slot {  // one (transmission, packet slot) carrying an item
  std::uint32_t k, p;
};

class Builder {
 public:
  explicit Builder(const Schedule& s)
      : s_(s), prob_(s.problem()), n_(s.network().size()), items_(item_count(prob_, n_)) {}

  Query build() {
    q_.body.reserve(256 * s_.num_transmissions() + 4096);
    data();
    q_.body += network_macros(s_.network());
    q_.body += problem_macros(prob_, n_);
    index_items();
    // Ticks the command's budget (issue 18): a query of 10^5 transmissions takes seconds.
    const auto building = schedules::budget::command_budget().phase(
        "building the SMT query (" + std::to_string(s_.num_transmissions()) + " transmissions)");
    for (Item i = 0; i < items_; ++i) {
      if ((i & 0x3ff) == 0) building.tick();
      hold_macro(i);
    }
    for (std::size_t st = 0; st < s_.num_steps(); ++st) {
      building.tick([&] { return "step " + std::to_string(st + 1) + " of " + std::to_string(s_.num_steps()); });
      for (std::size_t k = s_.step_begin(st); k < s_.step_end(st); ++k) transmission_checks(st, k);
    }
    building.tick();
    completion_checks();
    std::vector<std::string> names;
    names.reserve(q_.checks.size());
    for (const auto& c : q_.checks) names.push_back(c.name);
    q_.body += "; Some rule is violated.\n(assert " + any(names) + ")\n";
    return std::move(q_);
  }

 private:
  std::string fr(std::size_t k) const { return sym("fr", k); }
  std::string to(std::size_t k) const { return sym("to", k); }
  std::string st(std::size_t k) const { return sym("st", k); }
  std::string it(std::size_t k, std::size_t p) const { return sym("it", k, p); }

  void data() {
    std::string& o = q_.body;
    o += "; Schedule data: transmission k sends packet it<k>_* from fr<k> to to<k> in step st<k>.\n";
    auto define = [&](const std::string& name, std::uint64_t v) {
      o += "(define-fun " + name + " () Int ";
      num(o, v);
      o += ")";
      ++q_.int_consts;
    };
    for (std::size_t st = 0; st < s_.num_steps(); ++st)
      for (std::size_t k = s_.step_begin(st); k < s_.step_end(st); ++k) {
        auto pk = s_.packet(k);
        define(fr(k), s_.from(k));
        define(to(k), s_.to(k));
        define(this->st(k), st);
        for (std::size_t p = 0; p < pk.size(); ++p) define(it(k, p), pk[p]);
        o += "\n";
      }
  }

  // by_item_: every (item, transmission, slot) in item order, then schedule order; carriers(i)
  // is the range of item i.
  void index_items() {
    for (std::size_t k = 0; k < s_.num_transmissions(); ++k) {
      auto pk = s_.packet(k);
      for (std::size_t p = 0; p < pk.size(); ++p)
        if (pk[p] < items_) by_item_.push_back({pk[p], {static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(p)}});
    }
    std::stable_sort(by_item_.begin(), by_item_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  std::pair<std::size_t, std::size_t> carriers(Item i) const {
    auto lo = std::lower_bound(by_item_.begin(), by_item_.end(), i,
                               [](const auto& e, Item v) { return e.first < v; });
    auto hi = std::upper_bound(lo, by_item_.end(), i,
                               [](Item v, const auto& e) { return v < e.first; });
    return {static_cast<std::size_t>(lo - by_item_.begin()), static_cast<std::size_t>(hi - by_item_.begin())};
  }

  void hold_macro(Item i) {
    std::vector<std::string> terms{"(= v (origin " + std::to_string(i) + "))"};
    auto [b, e] = carriers(i);
    for (std::size_t x = b; x < e; ++x) {
      const Slot sl = by_item_[x].second;
      terms.push_back("(and " + eqn(it(sl.k, sl.p), i) + " (= " + to(sl.k) + " v) (< " + st(sl.k) + " time))");
    }
    q_.body += "(define-fun " + sym("h", i) + " ((v Int) (time Int)) Bool " + any(terms) + ")\n";
    ++q_.hold_macros;
  }
  std::string holds(Item i, const std::string& v, const std::string& time) const {
    return "(" + sym("h", i) + " " + v + " " + time + ")";
  }
  // Transmissions j < k of k's step that bring item i to node v (the same-step part of "already
  // holds i" at transmission k).
  std::vector<std::string> same_step_arrivals(Item i, std::size_t k, std::size_t step, const std::string& v) const {
    std::vector<std::string> terms;
    auto [b, e] = carriers(i);
    for (std::size_t x = b; x < e; ++x) {
      const Slot sl = by_item_[x].second;
      if (sl.k >= k) break;
      if (sl.k < s_.step_begin(step)) continue;
      terms.push_back("(and " + eqn(it(sl.k, sl.p), i) + " " + eq(st(sl.k), st(k)) + " " + eq(to(sl.k), v) + ")");
    }
    return terms;
  }

  void add(std::string name, Check c, std::int64_t tx, std::uint64_t r1, std::uint64_t r2, Item item,
           Node node, const std::string& def, std::uint32_t extra = 0) {
    q_.body += "(declare-const " + name + " Bool)(assert (= " + name + " " + def + "))\n";
    q_.checks.push_back(CheckVar{std::move(name), c, tx, r1, r2, item, node, extra});
  }

  // Pair terms "earlier transmission j of k's step with cond(j)".
  template <class F>
  std::string earlier_in_step(std::size_t step, std::size_t k, F&& cond) {
    std::vector<std::string> terms;
    for (std::size_t j = s_.step_begin(step); j < k; ++j)
      terms.push_back("(and " + eq(st(j), st(k)) + " " + cond(j) + ")");
    q_.pair_terms += terms.size();
    return any(terms);
  }

  void transmission_checks(std::size_t step, std::size_t k) {
    using schedules::Model;
    const auto tx = static_cast<std::int64_t>(k);
    auto pk = s_.packet(k);
    const Node f = s_.from(k), t = s_.to(k);
    const Item first = pk[0];
    const std::string F = fr(k), T = to(k), S = st(k);
    std::string& o = q_.body;
    o += "; transmission " + std::to_string(k) + ", step " + std::to_string(step + 1) + "\n";
    add(sym("adjF", k), Check::FromRange, tx, 0, 0, first, f, "(not (node " + F + "))");
    add(sym("adjT", k), Check::ToRange, tx, 1, 0, first, t, "(not (node " + T + "))");
    add(sym("adjN", k), Check::NotAdjacent, tx, 2, 0, first, f,
        "(and (node " + F + ") (node " + T + ") (not (adj " + F + " " + T + ")))");
    // Packet rules.
    const std::string ni = std::to_string(items_);
    for (std::size_t p = 0; p < pk.size(); ++p)
      add(sym("pkR", k, p), Check::ItemRange, tx, 0, p, pk[p], f,
          "(not (and (<= 0 " + it(k, p) + ") (< " + it(k, p) + " " + ni + ")))", static_cast<std::uint32_t>(p));
    if (pk.size() > 1) {
      if (!prob_.combining())
        add(sym("pkS", k), Check::PacketSize, tx, 1, 0, first, f,
            "(> " + std::to_string(pk.size()) + " " + std::to_string(prob_.packet_items) + ")");
      std::vector<std::string> slots;
      for (std::size_t p = 0; p < pk.size(); ++p) slots.push_back(it(k, p));
      add(sym("pkD", k), Check::RepeatedItem, tx, 2, 0, first, f, "(not " + nary("distinct", "true", slots) + ")");
      if (prob_.targeted_combining())
        for (std::size_t p = 1; p < pk.size(); ++p)
          add(sym("pkT", k, p), Check::MixedTargets, tx, 3, p, pk[p], f,
              "(distinct (target " + it(k, 0) + ") (target " + it(k, p) + "))", static_cast<std::uint32_t>(p));
    }
    // Capacity and port limits: some earlier transmission of the step used the same resource.
    if (k > s_.step_begin(step)) {
      if (s_.network().multi_links()) {  // at least cap(F, T) earlier packets on the link
        std::vector<std::string> terms;
        for (std::size_t j = s_.step_begin(step); j < k; ++j)
          terms.push_back("(ite (and " + eq(st(j), st(k)) + " " + eq(fr(j), F) + " " + eq(to(j), T) + ") 1 0)");
        q_.pair_terms += terms.size();
        add(sym("link", k), Check::LinkTwice, tx, 0, 0, first, f,
            "(>= " + nary("+", "0", terms) + " (cap " + F + " " + T + "))");
      } else {
        add(sym("link", k), Check::LinkTwice, tx, 0, 0, first, f,
            earlier_in_step(step, k, [&](std::size_t j) { return eq(fr(j), F) + " " + eq(to(j), T); }));
      }
      auto port = [&](const char* pre, Check c, std::uint64_t rank, Node node, auto cond) {
        add(sym(pre, k), c, tx, rank, 0, first, node, earlier_in_step(step, k, cond));
      };
      switch (s_.model()) {
        case Model::AllPort: break;
        case Model::SinglePortFull:
          port("pSend", Check::SendTwice, 0, f, [&](std::size_t j) { return eq(fr(j), F); });
          port("pRecv", Check::ReceiveTwice, 1, t, [&](std::size_t j) { return eq(to(j), T); });
          break;
        case Model::SinglePortHalf:
          port("pHalfF", Check::HalfFromBusy, 0, f,
               [&](std::size_t j) { return "(or " + eq(fr(j), F) + " " + eq(to(j), F) + ")"; });
          port("pHalfT", Check::HalfToBusy, 1, t,
               [&](std::size_t j) { return "(or " + eq(fr(j), T) + " " + eq(to(j), T) + ")"; });
          break;
        case Model::ShoutWhisper:
          // Packets compared as sets: some item of one is in no slot of the other.
          port("pShout", Check::ShoutOtherPacket, 0, f, [&](std::size_t j) {
            auto pj = s_.packet(j);
            std::vector<std::string> missing;
            auto not_in = [&](std::size_t a, std::size_t p, std::size_t b, std::size_t len) {
              std::vector<std::string> eqs;
              for (std::size_t q = 0; q < len; ++q) eqs.push_back(eq(it(a, p), it(b, q)));
              return "(not " + any(eqs) + ")";
            };
            for (std::size_t p = 0; p < pk.size(); ++p) missing.push_back(not_in(k, p, j, pj.size()));
            for (std::size_t q = 0; q < pj.size(); ++q) missing.push_back(not_in(j, q, k, pk.size()));
            return eq(fr(j), F) + " " + any(missing);
          });
          port("pRecv", Check::ShoutReceiveTwice, 1, t, [&](std::size_t j) { return eq(to(j), T); });
          port("pSendRecvF", Check::ShoutFromReceived, 2, f, [&](std::size_t j) { return eq(to(j), F); });
          port("pSendRecvT", Check::ShoutToSent, 3, t, [&](std::size_t j) { return eq(fr(j), T); });
          break;
      }
    }
    // Causality, duplicate, order: per item of the packet (items out of range are a packet fault).
    for (std::size_t p = 0; p < pk.size(); ++p) {
      const Item i = pk[p];
      if (i >= items_) continue;
      add(sym("cau", k, p), Check::NotHeld, tx, i, 0, i, f, "(not " + holds(i, F, S) + ")");
      auto already = [&] {
        auto terms = same_step_arrivals(i, k, step, T);
        terms.insert(terms.begin(), holds(i, T, S));
        return any(terms);
      };
      if (prob_.kind == ProblemKind::Allreduce) {
        // A complete value of the chunk overwrites: N slots of the packet hold chunk(i).
        std::vector<std::string> same;
        for (std::size_t q = 0; q < pk.size(); ++q)
          same.push_back("(ite (= (chunk " + it(k, q) + ") (chunk " + std::to_string(i) + ")) 1 0)");
        add(sym("dup", k, p), Check::AlreadyHeld, tx, i, 0, i, t,
            "(and " + already() + " (not (= " + std::to_string(n_) + " " + nary("+", "0", same) + ")))");
      } else if (prob_.combining()) {
        add(sym("dup", k, p), Check::AlreadyHeld, tx, i, 0, i, t, already());
      }
      if (prob_.ordered() && i > 0) {
        add(sym("ordS", k, p), Check::SourceEarly, tx, i, 0, i, f,
            "(and (= " + F + " (origin " + std::to_string(i) + ")) (not " + holds(i - 1, F, S) + "))");
        add(sym("ordR", k, p), Check::ReceiverEarly, tx, i, 1, i, t,
            "(and (not " + holds(i - 1, T, S) + ") (not " + already() + "))");
      }
    }
  }

  void completion_checks() {
    q_.body += "; Completion: every node that needs an item holds it after the last step.\n";
    const std::string end = std::to_string(s_.num_steps());
    for (Item i = 0; i < items_; ++i) {
      const Node tg = item_target(prob_, i, n_);
      if (tg == kAllNodes) {
        for (Node v = 0; v < n_; ++v)
          add(sym("miss", i, v), Check::Missing, -1, i, v, i, v, "(not " + holds(i, std::to_string(v), end) + ")");
      } else {
        add(sym("miss", i), Check::Missing, -1, i, tg, i, tg,
            "(not " + holds(i, "(target " + std::to_string(i) + ")", end) + ")");
      }
    }
  }

  const Schedule& s_;
  const Problem& prob_;
  const std::uint64_t n_;
  const std::uint64_t items_;
  std::vector<std::pair<Item, Slot>> by_item_;
  Query q_;
};

}  // namespace

Query build_query(const Schedule& s) { return Builder(s).build(); }

}  // namespace schedcert::encodings::smt::detail
