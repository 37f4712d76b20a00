// Routing and the T range of a synthesis request (request.hpp): moved here from the CLI's
// `synthesize` so that the Python module takes the same decisions (issue 17).
#include "encodings/synth/request.hpp"

#include <algorithm>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/checked.hpp"
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/error.hpp"

namespace schedcert::encodings::synth {

using namespace schedcert::schedules;

namespace {

bool is_bijection(const std::vector<Node>& s, std::uint64_t n) {
  if (s.size() != n) return false;
  std::vector<bool> seen(n, false);
  for (Node v : s) {
    if (v >= n || seen[v]) return false;
    seen[v] = true;
  }
  return true;
}

}  // namespace

SynthesisRoute route_synthesis(const Network& net, const Problem& problem,
                               const std::string& allocation) {
  SynthesisRoute route;
  Problem p = problem;
  if (!allocation.empty() && allocation != "free" && allocation != "gray")
    throw InputError("--allocation: '" + allocation + "' is unknown (valid: free, gray)");
  if (p.kind == ProblemKind::SuccessiveBroadcast) {
    if (allocation.empty() == p.sources.empty())
      throw InputError(
          "--allocation/--sources: successive-broadcast needs exactly one of "
          "--allocation free, --allocation gray or --sources");
    if (p.messages != 1)
      throw InputError("--messages: successive-broadcast sends one value per source");
    std::vector<Node> src = p.sources;
    if (allocation == "gray") {
      if (!net.is_hypercube())
        throw InputError("--allocation: 'gray' needs a hypercube network, got " + net.name());
      src = constructions::desprez1993::brgc(net.dims());
    }
    if (allocation == "free" || is_bijection(src, net.size())) {
      route.successive = true;
      if (allocation != "free") {
        p.sources = src;
        p.validate(net);
        route.fixed_sources = src;
      }
      route.problem = p;
      return route;
    }
    p.sources = src;  // not a bijection: the general pipeline
  } else if (!allocation.empty() || !p.sources.empty()) {
    throw InputError("--allocation/--sources: only for --problem successive-broadcast");
  }
  p.validate(net);
  route.problem = p;
  return route;
}

SynthesisRange synthesis_range(const Network& net, Model model, const SynthesisRoute& route,
                               unsigned max_steps) {
  SynthesisRange r;
  if (route.successive) {
    const auto free_lb = successive_free_lower_bound(net, model);
    r.lo = std::max(1u, free_lb.steps);
    r.argument = free_lb.argument;
    if (!route.fixed_sources.empty()) {
      const auto lb = alpha::best_lower_bounds(net, model, route.problem);
      if (lb.steps.value > r.lo)
        r.lo = checked_cast<unsigned>(lb.steps.value, "synthesis: the lower bound on steps"),
        r.argument = lb.steps.argument;
    }
    r.bound = r.lo;
  } else {
    const auto lb = alpha::best_lower_bounds(net, model, route.problem);
    r.bound = lb.steps.value;
    r.argument = lb.steps.argument;
    r.lo = checked_cast<unsigned>(std::max<std::uint64_t>(lb.steps.value, 1),
                                  "synthesis: the lower bound on steps");
  }
  r.hi = max_steps > 0
             ? max_steps
             : checked_cast<unsigned>(checked_add(r.lo, 64, "synthesis: the largest T searched"),
                                      "synthesis: the largest T searched");
  return r;
}

void skip_phases(SynthesisOptions& so, const std::vector<std::string>& names,
                 const std::string& elsewhere) {
  static const char* const known = "cayley, routes, bounds, slack, counts, cds";
  for (const std::string& n : names) {
    if (!elsewhere.empty())
      throw InputError("skipping phase '" + n + "': the phases (" + known +
                       ") are those of the time-indexed pipeline; " + elsewhere + " do not run it");
    if (n == "cayley")
      so.cayley_first = false;
    else if (n == "routes")
      so.routes_first = false;
    else if (n == "bounds")
      so.counting_bounds = false;
    else if (n == "slack")
      so.slack_rules = false;
    else if (n == "counts")
      so.count_rules = false;
    else if (n == "cds")
      so.cds_rules = false;
    else
      throw InputError("skip: '" + n + "' is not a phase (valid: " + known + ")");
  }
}

unsigned walk_start(const SynthesisOptions& so, const SynthesisRange& range) {
  return so.counting_bounds ? range.lo : 0;
}

}  // namespace schedcert::encodings::synth
