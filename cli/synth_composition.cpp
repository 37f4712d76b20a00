// Design note: see synth_composition.hpp.
#include "cli/synth_composition.hpp"

#include <iostream>

#include "cli/words.hpp"

namespace schedcert::cli {

using schedules::Model;
using schedules::Network;
using schedules::Problem;

// Allreduce's restricted phase (issue 28, item 3): the optimal reduce-scatter + allgather (or
// reduce + broadcast), composed and verified natively, becomes the walk's upper bound when it is
// shorter than the known one and in the class the query states; the walk then decides whether
// anything shorter exists.
std::optional<encodings::synth::ComposedAllreduce> composition_upper(const Network& net, Model m, const Problem& p,
                                                                     const encodings::synth::SynthesisOptions& so,
                                                                     std::optional<encodings::synth::KnownUpper>& upper) {
  auto c = encodings::synth::compose_reduce_distribute(net, m, p, so);
  if (!c.result) {
    std::cout << "composition (reduce + distribute): none: " << c.why_not << "\n";
    return std::nullopt;
  }
  const auto& r = *c.result;
  const unsigned T = r.reduce_steps + r.distribute_steps;
  std::cout << "composition: " << r.label << " = " << count_of(T, "step") << " (each half the optimum of its own walk; "
            << "the composed schedule verified by the native verifier"
            << (r.whole_values ? ", whole values)" : "; it sends partial sums that are not its senders' current values)")
            << "\n";
  const bool in_class = r.whole_values || !so.allreduce_whole_values;
  if (in_class && (!upper || T < upper->schedule.num_steps()))
    upper = encodings::synth::KnownUpper{r.schedule, "composition " + r.label};
  return c.result;
}

void print_composition_verdict(const encodings::synth::ComposedAllreduce& c, const encodings::synth::OptimumResult& best,
                               bool whole_values) {
  const unsigned T = c.reduce_steps + c.distribute_steps;
  const std::string cls = whole_values ? " (whole-values class)" : " (any-subsets class)";
  if (!best.optimum)
    std::cout << "composition " << c.label << ": " << count_of(T, "step")
              << "; whether anything shorter exists is not established\n";
  else if (*best.optimum < T)
    std::cout << "composition " << c.label << ": the exact query beats it by " << count_of(T - *best.optimum, "step")
              << cls << "\n";
  else
    std::cout << "composition " << c.label << ": no shorter allreduce exists" << cls << "\n";
}

}  // namespace schedcert::cli
