#pragma once
#include "schedules/schedule.hpp"

namespace schedcert::schedules::transforms {

// The dual problem under time reversal (Bertsekas et al. 1991, §1, Fig. 2):
// broadcast <-> accumulation, scatter <-> gather, multinode broadcast <-> multinode
// accumulation, total exchange <-> total exchange.
ProblemKind reversed_kind(ProblemKind k);

// Reverses a schedule: step i of T becomes step T - 1 - i, every transmission u -> v becomes
// v -> u. Items are renamed to the dual problem's. Going from a broadcast-type schedule to an
// accumulation, each reversed transmission v -> u carries every contribution for that target
// that v holds and has not yet sent (on a tree: its whole subtree, combined); a transmission
// that would carry nothing new is dropped. Throws InputError for successive broadcasts and for
// broadcasts of more than one message (an accumulation combines one value per source).
Schedule reverse(const Schedule& s);

}  // namespace schedcert::schedules::transforms
