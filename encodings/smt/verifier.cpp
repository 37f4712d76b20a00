// The SMT verifier: solves the query of query.cpp with Z3 and turns the answer into a Verdict.
//
// Flow: build_query -> Z3 solver (fresh context, timeout) -> unsat: valid; sat: evaluate every
// check Bool in the model and report the least one in the order of verifier/verdict.hpp:
// transmission index, then Rule enum order, then the check's rank inside its rule (the node and
// item attribution: e.g. an out-of-range sender before an out-of-range receiver, the lowest item
// of a packet); completion failures last, lowest item then lowest node. unknown: UnknownResult.
// The query given to Z3 is the body of the exported file (smt2_query), so what `z3 FILE` and
// `cvc5 FILE` check is what verify_smt checked.
// Metrics are recomputed here with plain counting (they are measurements, not rules); the link
// load counts only transmissions whose adjacency checks are false in the model, as the native
// verifier does.
#include "encodings/smt/verifier.hpp"

#include <z3++.h>

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "encodings/smt/query.hpp"
#include "schedules/io/check_log.hpp"
#include "schedules/error.hpp"
#include "encodings/smt/z3_interrupts.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::smt {

using detail::Check;
using detail::CheckVar;
using schedules::Schedule;
using verifier::Rule;
using verifier::Verdict;
using verifier::Violation;

namespace {

verifier::Metrics metrics(const Schedule& s, const std::vector<bool>& bad_adjacency) {
  verifier::Metrics m;
  m.steps = s.num_steps();
  m.transmissions = s.num_transmissions();
  m.directed_links = s.network().directed_links();
  std::unordered_map<std::uint64_t, std::uint64_t> load;
  for (std::size_t k = 0; k < s.num_transmissions(); ++k) {
    m.item_transmissions += s.packet(k).size();
    if (bad_adjacency[k]) continue;
    auto& l = load[(static_cast<std::uint64_t>(s.from(k)) << 32) | s.to(k)];
    m.max_link_load = std::max(m.max_link_load, ++l);
  }
  if (m.steps > 0 && m.directed_links > 0)
    m.link_utilisation = static_cast<double>(m.transmissions) /
                         (static_cast<double>(m.steps) * static_cast<double>(m.directed_links));
  return m;
}

std::string what(const Schedule& s, const CheckVar& c, std::size_t step) {
  const auto& prob = s.problem();
  const std::uint64_t n = s.network().size();
  // Completion checks (c.tx < 0) name no transmission; the schedule may have none at all.
  const bool has_tx = c.tx >= 0 && static_cast<std::size_t>(c.tx) < s.num_transmissions();
  const std::size_t k = has_tx ? static_cast<std::size_t>(c.tx) : 0;
  const std::string F = has_tx ? std::to_string(s.from(k)) : "?",
                    T = has_tx ? std::to_string(s.to(k)) : "?", v = std::to_string(c.node);
  auto item = [&](schedules::Item i) { return prob.describe_item(i, n); };
  switch (c.check) {
    case Check::FromRange:
    case Check::ToRange:
      return "node " + v + " is not a node of " + s.network().name() + " (nodes 0.." + std::to_string(n - 1) + ")";
    case Check::NotAdjacent: return "nodes " + F + " and " + T + " are not neighbours in " + s.network().name();
    case Check::ItemRange:
      return "item " + std::to_string(c.item) + " does not exist (" + prob.describe() +
             " has items 0.." + std::to_string(detail::item_count(prob, n) - 1) + ")";
    case Check::PacketSize:
      return "the packet holds " + std::to_string(has_tx ? s.packet(k).size() : 0) + " items, more than B = " +
             std::to_string(prob.packet_items);
    case Check::RepeatedItem:
      return "item " + std::to_string(c.item) +
             " is listed twice in the packet (a packet is a set of distinct items)";
    case Check::MixedTargets:
      return "the packet combines " + (has_tx ? item(s.packet(k)[0]) : std::string("?")) + " with " +
             item(c.item) + ", bound for another node";
    case Check::LinkTwice:
      if (s.network().multi_links())
        return "link " + F + " -> " + T + " carries more packets than its capacity in this step";
      return "link " + F + " -> " + T + " carries a second packet in this step";
    case Check::SendTwice: return "node " + v + " sends a second packet in this step (single-port)";
    case Check::ReceiveTwice: return "node " + v + " receives a second packet in this step (single-port)";
    case Check::HalfFromBusy:
    case Check::HalfToBusy:
      return "node " + v + " is in a second transmission in this step (single-port half duplex)";
    case Check::ShoutOtherPacket:
      return "node " + v + " sends two different packets in this step (shout-whisper: one message)";
    case Check::ShoutReceiveTwice: return "node " + v + " receives a second packet in this step (shout-whisper)";
    case Check::ShoutFromReceived:
    case Check::ShoutToSent: return "node " + v + " both sends and receives in this step (shout-whisper)";
    case Check::NotHeld:
      return "node " + v + " sends " + item(c.item) + " without holding it at the start of step " +
             std::to_string(step + 1) + " (store-and-forward)";
    case Check::AlreadyHeld: return "node " + v + " already holds " + item(c.item) + " (it would be combined twice)";
    case Check::SourceEarly:
      return "source " + v + " sends broadcast #" + std::to_string(c.item + 1) + " before it holds broadcast #" +
             std::to_string(c.item);
    case Check::ReceiverEarly:
      return "node " + v + " receives broadcast #" + std::to_string(c.item + 1) + " before broadcast #" +
             std::to_string(c.item);
    case Check::Missing: return "node " + v + " never receives " + item(c.item);
  }
  return "";
}

Violation violation(const Schedule& s, const CheckVar& c) {
  Violation v;
  v.rule = detail::rule_of(c.check);
  v.item = c.item;
  v.node = c.node;
  if (c.tx < 0) {
    v.message = "completion: " + what(s, c, 0) + " (after " + std::to_string(s.num_steps()) + " steps)";
    return v;
  }
  const auto k = static_cast<std::size_t>(c.tx);
  std::size_t step = 0;
  while (s.step_end(step) <= k) ++step;
  v.transmission = c.tx;
  v.step = static_cast<std::int64_t>(step);
  v.from = s.from(k);
  v.to = s.to(k);
  const std::string detail = what(s, c, step);
  v.message = "step " + std::to_string(step + 1) + ", transmission " + std::to_string(k) + " (" +
              std::to_string(v.from) + " -> " + std::to_string(v.to) + ", item " + std::to_string(v.item) +
              "): " + to_string(v.rule) + ": " + detail;
  return v;
}

// The smallest item that occurs twice in transmission k's packet.
schedules::Item repeated_item(const Schedule& s, std::size_t k) {
  auto pk = s.packet(k);
  std::vector<schedules::Item> v(pk.begin(), pk.end());
  std::sort(v.begin(), v.end());
  auto d = std::adjacent_find(v.begin(), v.end());
  return d == v.end() ? pk[0] : *d;
}

// Header comment + (set-logic QF_LIA) + body + (check-sat).
std::string standalone(const Schedule& s, const detail::Query& q) {
  std::string o;
  o.reserve(q.body.size() + 1024);
  o += "; schedcert SMT verifier query (encodings/smt/query.cpp, docs/smt-encoding.md)\n";
  o += "; schedule: " + s.network().name() + ", " + to_string(s.model()) + ", " + s.problem().describe() +
       ", " + std::to_string(s.num_steps()) + " steps, " + std::to_string(s.num_transmissions()) +
       " transmissions\n";
  o += "; The query asserts that the schedule breaks some rule of verifier/verdict.hpp.\n";
  o += ";   sat   = the schedule is INVALID (the true Bools adjF_/pkR_/link_/cau_/miss_... name the\n";
  o += ";           violations; the first in verdict.hpp's order is the reported one)\n";
  o += ";   unsat = the schedule is VALID\n";
  o += "(set-logic QF_LIA)\n";
  o += q.body;
  o += "(check-sat)\n";
  return o;
}

}  // namespace

std::string smt2_query(const Schedule& s) {
  return standalone(s, detail::build_query(s));
}

Verdict verify_smt(const Schedule& s, const SmtOptions& o) {
  detail::Query q = detail::build_query(s);
  Verdict verdict;
  verdict.engine = "smt";
  std::vector<bool> bad_adjacency(s.num_transmissions(), false);
  // Capped by the command's budget (issue 18: `verify --timeout` covers the whole command).
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  try {
    z3::context ctx;
    z3::solver solver(ctx, "QF_LIA");
    // Our own deadline, not Z3's "timeout" parameter (encodings/smt/z3_interrupts.hpp says why).
    const unsigned limit_ms = budget.has_deadline() ? budget.solver_timeout_ms(o.timeout_ms) : o.timeout_ms;
    solver.set("ctrl_c", z3_ctrl_c());
    bool timed_out = false;
    const z3::check_result r = [&] {
      const auto hook = budget.on_stop([&ctx] { ctx.interrupt(); });
      {
        const auto parsing = budget.phase("Z3 reading the SMT query");
        solver.from_string(q.body.c_str());
        parsing.tick();
      }
      return check_within(ctx, solver, limit_ms, &timed_out);
    }();
    if (r == z3::unknown) {
      const std::string why = timed_out ? std::string("timeout") : solver.reason_unknown();
      const bool timeout = why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos;
      throw UnknownResult(timeout ? "smt: Z3 hit the timeout of " + std::to_string(o.timeout_ms) +
                                        " ms before deciding the schedule (reason: " + why + ")"
                                  : "smt: Z3 answered unknown (reason: " + why + ")");
    }
    if (r == z3::sat) {
      z3::model m = solver.get_model();
      const CheckVar* best = nullptr;
      auto key = [](const CheckVar& c) {
        return std::make_tuple(c.tx < 0 ? INT64_MAX : c.tx,
                               static_cast<int>(detail::rule_of(c.check)), c.rank1, c.rank2);
      };
      for (const CheckVar& c : q.checks) {
        if (!m.eval(ctx.bool_const(c.name.c_str()), true).is_true()) continue;
        if (detail::rule_of(c.check) == Rule::Adjacency)
          bad_adjacency[static_cast<std::size_t>(c.tx)] = true;
        if (!best || key(c) < key(*best)) best = &c;
      }
      if (!best) throw UnknownResult("smt: Z3 answered sat but no violation is true in its model");
      CheckVar pick = *best;
      if (pick.check == Check::RepeatedItem) pick.item = repeated_item(s, static_cast<std::size_t>(pick.tx));
      verdict.violation = violation(s, pick);
    }
  } catch (const z3::exception& e) {
    if (budget.stopped())  // interrupted by the watchdog: the budget's verdict, not an error
      throw UnknownResult(std::string("smt: stopped by the command's budget (Z3: ") + e.msg() + ")");
    throw std::runtime_error(std::string("smt: Z3 error: ") + e.msg());
  }
  verdict.valid = !verdict.violation.has_value();
  verdict.metrics = metrics(s, bad_adjacency);
  schedules::io::note_check("smt", verdict.valid, s.network().name());
  return verdict;
}

}  // namespace schedcert::encodings::smt
