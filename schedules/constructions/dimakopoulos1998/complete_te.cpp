// Total exchange on the complete graph K_n (n >= 2; K2 included), both port models.
//
// Every message is one hop. Single-port (1 send + 1 receive per step): in step r = 1..n-1 every
// node v sends its message for v + r (mod n) directly; the step is a permutation, so each node
// sends and receives exactly once. n - 1 steps = AS(K_n) = n - 1, the bound of Dimakopoulos
// eq. (3): optimal. All-port: all n(n-1) messages in one step over the n(n-1) directed links;
// the cut bound (4) is 1: optimal. This is the schedule behind the paper's remark that products
// of complete graphs (generalized hypercubes) meet the bound (§4.1, via [8]).
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

TePattern complete_te(std::uint32_t n, Model model) {
  check_model(model);
  PatternCollector c(n);
  if (model == Model::AllPort) {
    c.step();
    for (Node v = 0; v < n; ++v)
      for (Node w = 0; w < n; ++w)
        if (v != w) c.tx(v, w, v, w);
    return c.take();
  }
  for (Node r = 1; r < n; ++r) {
    c.step();
    for (Node v = 0; v < n; ++v) c.tx(v, (v + r) % n, v, (v + r) % n);
  }
  return c.take();
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
