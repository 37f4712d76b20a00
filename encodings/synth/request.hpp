// What a synthesis request decides before any solver runs, shared by `schedcert synthesize`
// (cli/cmd_synthesize.cpp) and the Python module's synthesize() (python/py_search.cpp), so that
// both front ends send a request down the same pipeline over the same range of T (issue 17).
//
// route_synthesis: successive broadcasts with a bijective allocation (given, the binary-reflected
// Gray code of Desprez et al. 1993, or "free": the solver picks it) go to the exact
// successive-broadcast encoding (successive.hpp); everything else, including a successive
// broadcast whose source list is not a bijection, to the general pipeline (synthesis.hpp).
// synthesis_range: a walk over T starts at the computed lower bound (at least 1) and ends at
// max_steps, or at the bound + 64 when max_steps is 0.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::encodings::synth {

struct SynthesisOptions;

struct SynthesisRoute {
  bool successive = false;                     // the exact successive-broadcast encoding
  std::vector<schedules::Node> fixed_sources;  // successive: the bijection; empty = free
  schedules::Problem problem;  // validated (sources resolved), except for a free allocation
};

// allocation: "free", "gray" or "" (then problem.sources, for successive broadcasts). Throws
// InputError naming the option (--allocation, --sources, --messages) as the CLI spells it.
SynthesisRoute route_synthesis(const schedules::Network& net, const schedules::Problem& problem,
                               const std::string& allocation);

struct SynthesisRange {
  unsigned lo = 1, hi = 1;  // the walk: T = lo .. hi (hi < lo: only T = hi is asked)
  std::uint64_t bound = 0;  // the lower bound as computed (lo = max(bound, 1))
  std::string argument;     // why no schedule is shorter than `bound`
};
SynthesisRange synthesis_range(const schedules::Network& net, schedules::Model model,
                               const SynthesisRoute& route, unsigned max_steps);

// The phases of the general pipeline a caller may leave out, by name: "cayley", "routes",
// "bounds", "slack", "counts" (`synthesize --no-<name>`, Python `skip=[...]`). Leaving out all
// but the exact query's own rules is issue 19's exact mode (docs/synthesis.md). Throws
// InputError for an unknown name, and for any name when the request does not run the general
// pipeline (`elsewhere` names what runs instead, e.g. "successive broadcasts"; "" = it does).
void skip_phases(SynthesisOptions& so, const std::vector<std::string>& names,
                 const std::string& elsewhere);
// Where a walk over T starts: the range's lower end, or T = 0 when the bounds were left out
// (every T below is then refuted by a query).
unsigned walk_start(const SynthesisOptions& so, const SynthesisRange& range);

}  // namespace schedcert::encodings::synth
