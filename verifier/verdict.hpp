// What a check says about a schedule: valid or the first violation, plus metrics.
//
// "First" is one total order shared by every engine (native, SMT, symmetric): violations tied to
// a transmission are ordered by transmission index (steps are contiguous, so this is step order,
// then position within the step); at one transmission the rules rank in the order of the Rule
// enum; a completion failure (some node lacks an item at the end) comes after all of them, the
// lowest item first, then the lowest node. Capacity and port rules fire on the transmission that
// exceeds the limit (the second packet on a link in a step, not the first).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "schedules/network.hpp"

namespace schedcert::verifier {

using schedules::Item;
using schedules::Node;

enum class Rule {
  Adjacency,     // from and to are not neighbours (or a node id is out of range)
  Packet,        // item out of range, more than B items, an item listed twice (a packet is a
                 // set of distinct items, under every problem), combining items of different targets
  LinkCapacity,  // a directed link carries two packets in one step
  Port,          // the communication model's per-node limits (shout-whisper: a node's sends in
                 // one step carry the same packet, compared as sets of items)
  Causality,     // a node sends an item it does not hold at the start of the step
  Duplicate,     // combining: a contribution reaches a node twice (allreduce: outside a complete value)
  Order,         // successive broadcasts: received out of order, or a source sends too early
  Completion,    // at the end some node lacks an item it needs
};

std::string to_string(Rule r);
Rule parse_rule(const std::string& s);  // throws InputError

struct Violation {
  Rule rule = Rule::Completion;
  std::int64_t transmission = -1;  // global index, -1 for completion
  std::int64_t step = -1;          // 0-based step index, -1 for completion
  Node from = 0, to = 0;
  Item item = 0;
  Node node = 0;  // the node the rule is about (sender, receiver, or the one lacking the item)
  std::string message;  // one sentence a person understands, with step numbered from 1
};

struct Metrics {
  std::uint64_t steps = 0;
  std::uint64_t transmissions = 0;
  std::uint64_t item_transmissions = 0;  // sum of packet sizes
  std::uint64_t max_link_load = 0;       // most packets on one directed link over the schedule
  std::uint64_t directed_links = 0;
  double link_utilisation = 0.0;         // transmissions / (steps * directed links)
};

struct Verdict {
  bool valid = false;
  std::optional<Violation> violation;
  Metrics metrics;
  std::string engine;  // "native", "smt", "symmetric"
};

}  // namespace schedcert::verifier
