// Single-node gather extracted from the multinode broadcast (Bertsekas et al. 1991, §3, first
// paragraph after Eq. (2)).
#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::bertsekas1991 {

// Gather to `root`: the packet of node t travels only along the path p(t, root) of t's §2
// broadcast tree A(t), at the times the multinode broadcast uses those links. all-port: the
// MLA multinode broadcast, ceil((2^d - 1)/d) steps; single-port-full: the SLA one, 2^d - 1 steps
// (the paper states the extraction for MLA; the SLA variant is the same extraction applied to
// the SLA multinode broadcast and is ours). Transmissions d 2^(d-1) in both.
Schedule gather_from_mnb(int d, Node root, Model model);

}  // namespace schedcert::schedules::constructions::bertsekas1991
