// Registers the constructions of Fragopoulou and Akl 1995 (k-ary n-dimensional tori, all-port):
//   fa-mnb                multinode broadcast, §4.2 (mnb.cpp), translate of a root broadcast
//   fa-scatter            single-node scattering, §4.3 (scatter.cpp)
//   fa-multinode-scatter  multinode scattering = total exchange, §4.4 (multinode_scatter.cpp),
//                         translate of a root scatter
// Parameters: --dim n, --radix k (odd, default 3), --messages M, --variant (see each file).
// Claimed values are the paper's formulas (claims.hpp); the verifier measures the schedules.
#include <optional>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/fragopoulou1995/bsg.hpp"
#include "schedules/constructions/fragopoulou1995/claims.hpp"
#include "schedules/constructions/fragopoulou1995/mnb.hpp"
#include "schedules/constructions/fragopoulou1995/multinode_scatter.hpp"
#include "schedules/constructions/fragopoulou1995/scatter.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

namespace {

namespace fa = fragopoulou1995;

constexpr int kDefaultRadix = 3;
int radix(const Params& p) {
  return p.radix == 0 ? kDefaultRadix : p.radix;
}
fa::Bsg bsg(const Params& p) {
  return fa::Bsg(fa::Torus(p.dim, radix(p)));
}

using Formula = std::uint64_t (*)(int, int, std::uint32_t);
std::function<std::optional<std::uint64_t>(const Params&)> claim(Formula f) {
  return [f](const Params& p) -> std::optional<std::uint64_t> {
    return f(p.dim, radix(p), p.messages);
  };
}

Construction base(std::string name, std::string section, std::string summary, ProblemKind k,
                  std::string params) {
  Construction c;
  c.name = std::move(name);
  c.paper = "fragopoulou1995";
  c.section = std::move(section);
  c.summary = std::move(summary);
  c.problem = k;
  c.models = {Model::AllPort};
  c.parameters = std::move(params);
  c.min_dim = 1;
  c.max_dim = 6;
  c.default_radix = kDefaultRadix;
  return c;
}

}  // namespace

void register_fragopoulou1995(Registry& r) {
  {
    auto c =
        base("fa-mnb", "§4.2 (BSG of §3, Definition 7; Lemma 1)",
             "multinode broadcast on MT_{n,k}: simultaneous DFS of the 2n BSG subtrees with "
             "message splitting, translated to every root",
             ProblemKind::MultinodeBroadcast,
             "--dim n (1..6) [--radix k odd, default 3] [--messages M] [--variant paper|balanced]");
    c.claimed_steps = claim(fa::mnb_claimed_steps);
    c.claimed_transmissions = claim(fa::mnb_claimed_transmissions);
    c.generate_root = [](const Params& p) {
      return fa::mnb_root_broadcast(bsg(p), p.messages, fa::parse_mnb_variant(p.variant));
    };
    r.add(std::move(c));
  }
  {
    auto c = base("fa-scatter", "§4.3 (BSG of §3)",
                  "single-node scattering on MT_{n,k}: farthest table entries first, one message "
                  "per port per step, split over the 2n/P paths of non-full necklaces",
                  ProblemKind::Scatter,
                  "--dim n (1..6) [--radix k odd, default 3] [--messages M] [--root R]");
    c.claimed_steps = claim(fa::scatter_claimed_steps);
    c.claimed_transmissions = claim(fa::scatter_claimed_transmissions);
    c.generate = [](const Params& p) {
      if (!p.variant.empty())
        throw InputError("--variant: fa-scatter has no variants, not '" + p.variant + "'");
      return fa::single_node_scatter(bsg(p), p.root, p.messages);
    };
    r.add(std::move(c));
  }
  {
    auto c =
        base("fa-multinode-scatter", "§4.4 (BSG of §3; Lemma 1)",
             "multinode scattering (total exchange) on MT_{n,k}: table entries in turn, "
             "groups stored and forwarded in lockstep along the 2n subtrees",
             ProblemKind::TotalExchange,
             "--dim n (1..6) [--radix k odd, default 3] [--messages M] [--variant paper|greedy]");
    c.claimed_steps = claim(fa::multinode_scatter_claimed_steps);
    c.claimed_transmissions = claim(fa::multinode_scatter_claimed_transmissions);
    c.generate_root = [](const Params& p) {
      return fa::multinode_scatter_root(bsg(p), p.messages,
                                        fa::parse_multinode_scatter_variant(p.variant));
    };
    r.add(std::move(c));
  }
}

}  // namespace schedcert::schedules::constructions
