// Registers the constructions of Dimakopoulos & Dimopoulos 1998 (one file per construction in
// this folder): the per-dimension total exchanges (factor_te.hpp), Algorithm A1 (§4) and
// Algorithm A2 (§5-6). All take the network from --network (default Q_dim). Claimed steps are
// the paper's formulas (Corollary 3; Theorem 4, Corollary 4 and §6) evaluated with the
// per-dimension times T_i of factor_te_steps; the verifier measures the schedules.
#include <optional>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"
#include "schedules/constructions/dimakopoulos1998/algorithm_a2.hpp"
#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"
#include "schedules/constructions/dimakopoulos1998/network_param.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

namespace dimakopoulos1998 {

Network network_of(const Params& p) {
  if (!p.network.empty()) return Network::parse(p.network);
  if (p.dim < 1 || p.dim > 31)
    throw InputError("--network: give a network (e.g. C5xP4xK3), or --dim d in [1, 31] for Q_d");
  return Network::hypercube(p.dim);
}

namespace {

Network checked_network(const Params& p) {
  Network net = network_of(p);
  check_model(p.model);
  check_size(net, p.messages, p.packet_items, kMaxTransmissions);
  return net;
}

bool a2_strict(const Params& p) {
  if (p.variant.empty() || p.variant == "hybrid") return false;
  if (p.variant == "strict") return true;
  throw InputError("--variant: dimakopoulos-a2 takes 'hybrid' (default) or 'strict', not '" +
                   p.variant + "'");
}

Construction base(std::string name, std::string section, std::string summary,
                  std::vector<Model> models, std::string params) {
  Construction c;
  c.name = std::move(name);
  c.paper = "dimakopoulos1998";
  c.section = std::move(section);
  c.summary = std::move(summary);
  c.problem = ProblemKind::TotalExchange;
  c.models = std::move(models);
  c.parameters = std::move(params);
  c.min_dim = 0;
  c.max_dim = 31;
  return c;
}

}  // namespace

}  // namespace dimakopoulos1998

void register_dimakopoulos1998(Registry& r) {
  namespace dd = dimakopoulos1998;
  using Opt = std::optional<std::uint64_t>;

  Construction dim =
      dd::base("dimakopoulos-dim-te", "§4.1, §5.1 (the per-dimension schedules of refs [7], [8])",
               "total exchange on one dimension: K2, K_n, ring C_n or path P_n",
               {Model::SinglePortFull, Model::AllPort},
               "--network K2|Kn|Cn|Pn (or --dim n for C_n) [--model single-port-full|all-port] "
               "[--messages M]");
  // Without --network, --dim n names one dimension: K2 for n <= 2, the ring C_n otherwise.
  auto dim_params = [](Params p) {
    if (p.network.empty()) p.network = p.dim <= 2 ? "K2" : "C" + std::to_string(p.dim);
    return p;
  };
  dim.generate = [dim_params](const Params& given) {
    const Params p = dim_params(given);
    Network net = dd::checked_network(p);
    if (net.dims() != 1)
      throw InputError("--network: dimakopoulos-dim-te takes one dimension, not " + p.network);
    return dd::pattern_schedule(dd::factor_te(net.factors()[0], p.model), net, p.model, p.messages);
  };
  dim.claimed_steps = [dim_params](const Params& given) -> Opt {
    const Params p = dim_params(given);
    Network net = dd::network_of(p);
    if (net.dims() != 1) return std::nullopt;
    return p.messages * dd::factor_te_steps(net.factors()[0], p.model);
  };
  r.add(std::move(dim));

  Construction a1 =
      dd::base("dimakopoulos-a1", "§4, Fig. 3, Theorem 2, Corollary 3, Theorem 3",
               "Algorithm A1: total exchange on any product from per-dimension total exchanges",
               {Model::SinglePortFull, Model::AllPort},
               "--network G1xG2x...  (or --dim d for Q_d) [--model single-port-full|all-port] "
               "[--messages M]");
  a1.generate = [](const Params& p) {
    return dd::algorithm_a1(dd::checked_network(p), p.model, p.messages);
  };
  a1.claimed_steps = [](const Params& p) -> Opt {
    return p.messages * dd::corollary3_steps(dd::network_of(p), p.model);
  };
  r.add(std::move(a1));

  Construction a2 = dd::base(
      "dimakopoulos-a2", "§5, Fig. 5, sets (7)-(8), Theorem 4, Corollary 4, Theorem 5; §6",
      "Algorithm A2: all-port total exchange on A x B with |A| = |B|, recursively (H^(2^k))",
      {Model::AllPort},
      "--network HxH, H^4, AxB with |A| = |B| (or --dim d for Q_d) [--variant hybrid|strict] "
      "[--messages M]");
  a2.generate = [](const Params& p) {
    return dd::algorithm_a2(dd::checked_network(p), p.messages, dd::a2_strict(p));
  };
  a2.claimed_steps = [](const Params& p) -> Opt {
    return p.messages * dd::a2_steps(dd::network_of(p), dd::a2_strict(p));
  };
  r.add(std::move(a2));
}

}  // namespace schedcert::schedules::constructions
