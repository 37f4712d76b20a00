// Soundness of the lower bounds: no valid schedule (greedy ones of bounds_test_util.hpp, for every
// problem and model, and every registered construction) may beat a bound.
#include <doctest/doctest.h>

#include "tests/verifier/bounds_test_util.hpp"

#include "schedules/registry.hpp"
#include "schedules/transforms/reverse.hpp"

namespace schedcert_test_verifier_bounds_soundness_test {

using namespace bounds_test;

TEST_CASE("bounds: greedy valid schedules never beat a bound (all problems, all models)") {
  const std::vector<std::string> nets = {"K2",    "C3",    "C5",    "P3",    "P5",
                                         "K4",    "Q2",    "Q3",    "C3xC3", "P3xP3",
                                         "P2xP3", "P3xK3", "C4xP3", "K3xK2"};
  unsigned seed = 1;
  for (const auto& spec : nets) {
    const Network net = Network::parse(spec);
    const Node last = net.num_nodes() - 1, mid = net.num_nodes() / 2;
    for (Model m : all_models()) {
      for (std::uint32_t msgs : {1u, 2u}) {
        for (Node root : {Node{0}, mid, last}) {
          for (ProblemKind k :
               {ProblemKind::Broadcast, ProblemKind::Scatter, ProblemKind::Gather}) {
            const Schedule s = greedy(net, m, make(k, root, msgs), seed++);
            check_sound(s, spec + " " + to_string(m) + " " + s.problem().describe());
            if (k == ProblemKind::Broadcast && msgs == 1) {
              const Schedule r = transforms::reverse(s);
              if (verify_native(r).valid)
                check_sound(r, spec + " reversed " + r.problem().describe());
            }
          }
        }
        for (ProblemKind k : {ProblemKind::MultinodeBroadcast, ProblemKind::TotalExchange}) {
          const Schedule s = greedy(net, m, make(k, 0, msgs), seed++);
          check_sound(s, spec + " " + to_string(m) + " " + s.problem().describe());
          if (k == ProblemKind::MultinodeBroadcast && msgs == 1) {
            const Schedule r = transforms::reverse(s);
            if (verify_native(r).valid)
              check_sound(r, spec + " reversed " + r.problem().describe());
          }
        }
      }
      // Packets of B = 2 items (the greedy sends one item each: still valid, bounds are lower).
      check_sound(greedy(net, m, make(ProblemKind::TotalExchange, 0, 3, 2), seed++),
                  spec + " TE B=2");
      check_sound(greedy(net, m, make(ProblemKind::Broadcast, 0, 5, 2), seed++),
                  spec + " bcast B=2");
      // Successive broadcasts: every node in order, and a list with repeats.
      Problem sb = make(ProblemKind::SuccessiveBroadcast);
      for (Node v = 0; v < net.num_nodes(); ++v) sb.sources.push_back(v);
      check_sound(greedy(net, m, sb, seed++), spec + " successive all");
      sb.sources = {last, last, 0, mid, 0, last};
      check_sound(greedy(net, m, sb, seed++), spec + " successive repeats");
    }
  }
}

TEST_CASE("bounds: registered constructions never beat a bound") {
  int checked = 0;
  for (const Construction& c : Registry::instance().all()) {
    for (Model m : c.models)
      for (int d = std::max(1, c.min_dim); d <= std::min(c.max_dim, 6); ++d) {
        Params p;
        p.dim = d;
        p.model = m;
        p.network = "Q" + std::to_string(d);
        std::optional<Schedule> s;
        try {
          s.emplace(generate(c, p));
        } catch (const std::exception&) {
          continue;  // parameters this construction does not take
        }
        const Verdict v = verify_native(*s);
        if (!v.valid) continue;  // the construction's own tests report that
        const LowerBounds lb = lower_bounds(s->network(), s->model(), s->problem());
        CAPTURE(c.name);
        CAPTURE(d);
        CAPTURE(to_string(m));
        CHECK_MESSAGE(lb.steps.value <= v.metrics.steps, lb.steps.argument);
        CHECK_MESSAGE(lb.transmissions.value <= v.metrics.transmissions, lb.transmissions.argument);
        ++checked;
      }
  }
  CHECK(checked > 0);
}

}  // namespace schedcert_test_verifier_bounds_soundness_test
