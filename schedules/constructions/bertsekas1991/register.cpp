// Registers the constructions of Bertsekas et al. 1991 (one file per construction in this
// folder). The SBT broadcast and the Gray-code ring are registered by core.cpp.
// Claimed values are the paper's formulas (Tables 1 and 2); the verifier measures the schedules.
#include <optional>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/constructions/bertsekas1991/gather.hpp"
#include "schedules/constructions/bertsekas1991/mnb.hpp"
#include "schedules/constructions/bertsekas1991/scatter.hpp"
#include "schedules/constructions/bertsekas1991/te_rules.hpp"
#include "schedules/constructions/bertsekas1991/total_exchange.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

namespace {

using Claim = std::function<std::optional<std::uint64_t>(const Params&)>;

std::uint64_t pow2(int d) { return std::uint64_t{1} << d; }

// Table 1: time by problem family and model.
Claim mnb_time() {
  return [](const Params& p) -> std::optional<std::uint64_t> {
    return p.model == Model::AllPort ? bertsekas1991::ceil_mnb(p.dim) : pow2(p.dim) - 1;
  };
}
Claim mnb_transmissions() {
  return [](const Params& p) -> std::optional<std::uint64_t> {
    return pow2(p.dim) * (pow2(p.dim) - 1);
  };
}
Claim scatter_transmissions() {
  return [](const Params& p) -> std::optional<std::uint64_t> {
    return static_cast<std::uint64_t>(p.dim) * pow2(p.dim - 1);
  };
}
Claim te_time() {
  return [](const Params& p) -> std::optional<std::uint64_t> {
    return p.model == Model::AllPort ? pow2(p.dim - 1)
                                     : static_cast<std::uint64_t>(p.dim) * pow2(p.dim - 1);
  };
}
Claim te_transmissions() {
  return [](const Params& p) -> std::optional<std::uint64_t> {
    return static_cast<std::uint64_t>(p.dim) * pow2(2 * p.dim - 1);
  };
}

Construction base(std::string name, std::string section, std::string summary, ProblemKind k,
                  std::vector<Model> models, std::string params, int max_dim) {
  Construction c;
  c.name = std::move(name);
  c.paper = "bertsekas1991";
  c.section = std::move(section);
  c.summary = std::move(summary);
  c.problem = k;
  c.models = std::move(models);
  c.parameters = std::move(params);
  c.min_dim = 1;
  c.max_dim = max_dim;
  return c;
}

}  // namespace

void register_bertsekas1991(Registry& r) {
  namespace b = bertsekas1991;
  {
    auto c = base("bertsekas-mnb", "§2, Multinode Broadcast Under the MLA Assumption (Figs. 5-6)",
                  "multinode broadcast: translates of the tree A_1..A_q with distinct link types "
                  "per step",
                  ProblemKind::MultinodeBroadcast, {Model::AllPort}, "--dim 1..12", 12);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = mnb_transmissions();
    c.generate = [](const Params& p) { return b::multinode_broadcast(p.dim, p.model); };
    c.generate_root = [](const Params& p) { return b::mnb_root_broadcast(p.dim, p.model); };
    c.max_dim_root = 20;  // symmetric check of the root schedule (d = 20: seconds)
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-mnb-sla", "§2, Multinode Broadcast Under the SLA Assumption",
                  "multinode broadcast: the packet of t crosses (t^x, t^y) at time n(y)",
                  ProblemKind::MultinodeBroadcast, {Model::SinglePortFull}, "--dim 1..12", 12);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = mnb_transmissions();
    c.generate = [](const Params& p) { return b::multinode_broadcast(p.dim, p.model); };
    c.generate_root = [](const Params& p) { return b::mnb_root_broadcast(p.dim, p.model); };
    c.max_dim_root = 20;  // symmetric check of the root schedule (d = 20: seconds)
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-mna", "§1 (duality, Fig. 2) applied to §2",
                  "multinode accumulation: time reversal of bertsekas-mnb (all-port) or "
                  "bertsekas-mnb-sla (single-port-full)",
                  ProblemKind::MultinodeAccumulation, {Model::AllPort, Model::SinglePortFull},
                  "--dim 1..10 [--model all-port|single-port-full]", 10);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = mnb_transmissions();
    c.generate = [](const Params& p) { return b::multinode_accumulation(p.dim, p.model); };
    c.generate_root = [](const Params& p) { return b::mna_root_accumulation(p.dim, p.model); };
    c.max_dim_root = 20;  // symmetric check of the root schedule (d = 20: seconds)
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-gather", "§3, first algorithm (paths p(t, s) of the §2 trees)",
                  "single-node gather: each packet follows its multinode-broadcast path to the root",
                  ProblemKind::Gather, {Model::AllPort, Model::SinglePortFull},
                  "--dim 1..20 [--root R] [--model all-port|single-port-full]", 20);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = scatter_transmissions();
    c.generate = [](const Params& p) { return b::gather_from_mnb(p.dim, p.root, p.model); };
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-scatter", "§3, Single Node Scatter Under the MLA Assumption (Fig. 7)",
                  "single-node scatter: farthest first into each subtree of the compatible-class "
                  "tree",
                  ProblemKind::Scatter, {Model::AllPort}, "--dim 1..20 [--root R]", 20);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = scatter_transmissions();
    c.generate = [](const Params& p) { return b::scatter_mla(p.dim, p.root); };
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-scatter-sla", "§3, Single Node Scatter Under the SLA Assumption",
                  "single-node scatter: one packet per step, farthest first, along a shortest-path "
                  "tree (variant sbt: Fig. 4 tree, fig7: the §3 tree)",
                  ProblemKind::Scatter, {Model::SinglePortFull},
                  "--dim 1..20 [--root R] [--variant sbt|fig7]", 20);
    c.claimed_steps = mnb_time();
    c.claimed_transmissions = scatter_transmissions();
    c.generate = [](const Params& p) { return b::scatter_sla(p.dim, p.root, p.variant); };
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-te", "§4, Total Exchange (Fig. 8, Eqs. (5)-(6)): recursive, phase "
                  "two overlapping phases one and three",
                  "total exchange in 2^(d-1) steps with every directed link busy every step",
                  ProblemKind::TotalExchange, {Model::AllPort}, "--dim 1..11", 11);
    c.claimed_steps = te_time();
    c.claimed_transmissions = te_transmissions();
    c.generate = [](const Params& p) { return b::total_exchange(p.dim, p.model); };
    c.generate_root = [](const Params& p) {
      return b::te_root_schedule(b::te_routes(p.dim, p.model));
    };
    c.max_dim_root = 20;  // symmetric check of the root schedule (d = 20: seconds)
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-te-rules", "§4, Implementation of the Optimal Algorithm",
                  "total exchange from the per-node tables and forwarding rules (simulated)",
                  ProblemKind::TotalExchange, {Model::AllPort}, "--dim 1..10", 10);
    c.claimed_steps = te_time();
    c.claimed_transmissions = te_transmissions();
    c.generate = [](const Params& p) { return b::total_exchange_rules(p.dim).schedule; };
    r.add(std::move(c));
  }
  {
    auto c = base("bertsekas-te-sla", "§4, Total Exchange Under the SLA Assumption (MTADEA)",
                  "total exchange: the three phases one after the other, d 2^(d-1) steps",
                  ProblemKind::TotalExchange, {Model::SinglePortFull}, "--dim 1..11", 11);
    c.claimed_steps = te_time();
    c.claimed_transmissions = te_transmissions();
    c.generate = [](const Params& p) { return b::total_exchange(p.dim, p.model); };
    c.generate_root = [](const Params& p) {
      return b::te_root_schedule(b::te_routes(p.dim, p.model));
    };
    c.max_dim_root = 20;  // symmetric check of the root schedule (d = 20: seconds)
    r.add(std::move(c));
  }
}

}  // namespace schedcert::schedules::constructions
