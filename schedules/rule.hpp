// The rules a schedule can break, in the order that ranks violations at one transmission
// (verifier/verdict.hpp defines "first"), and their names as the schedule format, the messages
// and the fixtures' "expect" blocks spell them (docs/schedule-format.md).
#pragma once
#include <string>

namespace schedcert::schedules {

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

}  // namespace schedcert::schedules
