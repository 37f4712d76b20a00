// The per-node rules of Bertsekas et al. 1991, §4, "Implementation of the Optimal Algorithm":
// the all-port total exchange generated node by node, without the recursion.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// The d tables of the paper for node 0: column k (link k, dimension k - 1) lists the
// destinations of node 0's own packets on link k in time order, 2^(k-1) entries.
std::vector<std::vector<Node>> own_packet_tables(int d);

struct TeRulesResult {
  Schedule schedule;
  // Where the rules could not be followed literally: a queue empty when its link should forward
  // (the link idles), a packet sent out of the queue order because a packet that should precede
  // it had not arrived yet, or a packet arriving on link k whose next link is not below k. The
  // first few, as sentences; empty when every step went as the paper says.
  std::vector<std::string> deviations;
  std::uint64_t num_deviations = 0;
};

// Simulates every node for 2^(d-1) steps: own packets on link k in steps 1..2^(k-1) from the
// tables (xor node id); from step 2^(k-1) + 1 link k (k < d) forwards the queued packets whose
// highest bit to fix is k, smallest (origin xor node) first, same origin in arrival order.
// Throws InputError for d outside 1..kMaxTeRulesDim.
inline constexpr int kMaxTeRulesDim = 12;
TeRulesResult total_exchange_rules(int d);

// The first difference between two schedules compared step by step as multisets of
// (from, to, packet), or nullopt when they are the same schedule.
std::optional<std::string> first_difference(const Schedule& a, const Schedule& b);

}  // namespace schedcert::schedules::constructions::bertsekas1991
