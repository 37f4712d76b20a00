// Registers the first constructions of the core: SBT broadcast and the Gray-code ring.
#include <bit>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

void register_core(Registry& r) {
  Construction sbt;
  sbt.name = "sbt-broadcast";
  sbt.paper = "bertsekas1991";
  sbt.section = "§2, Fig. 4 (priority rule under SLA); Ho-Johnsson 1986 §3.1";
  sbt.summary = "single-node broadcast along the spanning binomial tree";
  sbt.problem = ProblemKind::Broadcast;
  sbt.models = {Model::AllPort, Model::SinglePortFull};
  sbt.parameters = "--dim 1..24 [--root R] [--model all-port|single-port-full]";
  sbt.min_dim = 1;
  sbt.max_dim = 24;
  sbt.claimed_steps = [](const Params& p) { return std::optional<std::uint64_t>(p.dim); };
  sbt.claimed_transmissions = [](const Params& p) {
    return std::optional<std::uint64_t>((std::uint64_t{1} << p.dim) - 1);
  };
  sbt.generate = [](const Params& p) { return sbt_broadcast(p.dim, p.root, p.model); };
  r.add(std::move(sbt));

  Construction ring;
  ring.name = "gray-ring-mnb";
  ring.paper = "bertsekas1991";
  ring.section = "§2, multinode broadcast under SLA (ring embedded by the Gray code)";
  ring.summary = "multinode broadcast around a Gray-code Hamiltonian cycle";
  ring.problem = ProblemKind::MultinodeBroadcast;
  ring.models = {Model::SinglePortFull, Model::AllPort};
  ring.parameters = "--dim 1..12 [--model single-port-full]";
  ring.min_dim = 1;
  ring.max_dim = 12;  // as documented; Q13 would write a 1.1 GB file (issue 17)
  ring.claimed_steps = [](const Params& p) {
    return std::optional<std::uint64_t>((std::uint64_t{1} << p.dim) - 1);
  };
  ring.claimed_transmissions = [](const Params& p) {
    const std::uint64_t n = std::uint64_t{1} << p.dim;
    return std::optional<std::uint64_t>(n * (n - 1));
  };
  ring.generate = [](const Params& p) { return gray_ring_mnb(p.dim, p.model); };
  r.add(std::move(ring));
}

}  // namespace schedcert::schedules::constructions
