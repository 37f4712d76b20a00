#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions {

// Spanning binomial tree broadcast on Q_d from `root` (Bertsekas et al. 1991, §2, Fig. 4).
// All-port: every node forwards to all its children at once, d steps. Single-port (SLA): the
// priority rule of Fig. 4, larger identity numbers first, also d steps.
Schedule sbt_broadcast(int d, Node root, Model model);

// Receive time of node x (relative to root 0) in the tree: all-port popcount(x), single-port
// d - (index of the lowest set bit of x). Exposed for tests and for the constructions built on it.
int sbt_receive_step(int d, Node x, Model model);

}  // namespace schedcert::schedules::constructions
