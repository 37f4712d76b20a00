// The symmetric check: certifies translate_to_all_roots(S) from S alone.
#pragma once
#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::verifier {

// Verdict on the multinode schedule made of every translate of the root-0 schedule S, without
// materialising it: O(|S| + n) time. Exact (necessary and sufficient) for all-port and
// single-port-full; see symmetric.cpp. A violation is located exactly (rule, step and the
// transmission index it has in translate_to_all_roots(S)); only the offending step of the union
// is ever built.
Verdict verify_translated(const schedules::Schedule& rooted_at_0);

}  // namespace schedcert::verifier
