// Internal interface between the SMT query builder (query.cpp, macros.cpp) and the SMT
// verifier (verifier.cpp): the query text and, for every violation Boolean it declares, what that
// Boolean means (rule, transmission, item, node) and where it ranks in the order of verdict.hpp.
#pragma once
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::encodings::smt::detail {

// The individual checks. Several checks share one Rule; their order inside a rule fixes which
// node/item a violation is attributed to (the same attribution as the native verifier).
enum class Check : std::uint8_t {
  FromRange, ToRange, NotAdjacent,                          // Rule::Adjacency
  ItemRange, PacketSize, RepeatedItem, MixedTargets,        // Rule::Packet
  LinkTwice,                                                // Rule::LinkCapacity
  SendTwice, ReceiveTwice,                                  // Rule::Port, single-port-full
  HalfFromBusy, HalfToBusy,                                 // Rule::Port, single-port-half
  ShoutOtherPacket, ShoutReceiveTwice, ShoutFromReceived, ShoutToSent,  // Rule::Port, shout-whisper
  NotHeld,                                                  // Rule::Causality
  AlreadyHeld,                                              // Rule::Duplicate
  SourceEarly, ReceiverEarly,                               // Rule::Order
  Missing,                                                  // Rule::Completion
};

verifier::Rule rule_of(Check c);

struct CheckVar {
  std::string name;          // the Bool constant in the query
  Check check;
  std::int64_t tx = -1;      // transmission index, -1 for completion
  std::uint64_t rank1 = 0;   // tie-break inside (tx, rule), then rank2
  std::uint64_t rank2 = 0;
  schedules::Item item = 0;  // the item the violation is about
  schedules::Node node = 0;  // the node it is about
  std::uint32_t extra = 0;   // packet slot (ItemRange, MixedTargets)
};

struct Query {
  std::string body;  // declarations and assertions; no set-logic, no check-sat
  std::vector<CheckVar> checks;
  std::size_t int_consts = 0;   // declared Int constants (the schedule data)
  std::size_t hold_macros = 0;  // items with a holds macro
  std::size_t pair_terms = 0;   // same-step pair terms (capacity and port rules)
};

Query build_query(const schedules::Schedule& s);

// macros.cpp: node, d<j>, nb<j>, adj (network) and origin, target (problem).
std::string network_macros(const schedules::Network& net);
std::string problem_macros(const schedules::Problem& p, std::uint64_t nodes);

// Origin of item i and its target (kAllNodes when every node needs it), decoded from the item
// numbering of problem.hpp independently of Problem::origin/target (the tests compare them).
schedules::Node item_origin(const schedules::Problem& p, schedules::Item i, std::uint64_t n);
schedules::Node item_target(const schedules::Problem& p, schedules::Item i, std::uint64_t n);
std::uint64_t item_count(const schedules::Problem& p, std::uint64_t n);

// Text helpers.
inline void num(std::string& o, std::uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  o.append(buf, r.ptr);
}
// "pre<a>" and "pre<a>_<b>" symbol names.
inline std::string sym(const char* pre, std::uint64_t a) {
  std::string s(pre);
  num(s, a);
  return s;
}
inline std::string sym(const char* pre, std::uint64_t a, std::uint64_t b) {
  std::string s = sym(pre, a);
  s += '_';
  num(s, b);
  return s;
}
// An n-ary application that is well-formed SMT-LIB for 0 and 1 arguments too.
inline std::string nary(const char* op, const char* empty, const std::vector<std::string>& args) {
  if (args.empty()) return empty;
  if (args.size() == 1) return args[0];
  std::string s = "(";
  s += op;
  for (const auto& a : args) s += ' ' + a;
  return s + ")";
}

}  // namespace schedcert::encodings::smt::detail
