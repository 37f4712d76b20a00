// Registers the constructions of Desprez, Fraigniaud & Tourancheau 1993 (one file per
// construction in this folder): successive broadcasts on Q_d under shout-whisper
// (successive_broadcast.hpp), claimed time Proposition 1, 2p + log2 p - 2.
#include <optional>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

void register_desprez1993(Registry& r) {
  Construction c;
  c.name = "desprez-successive-broadcasts";
  c.paper = "desprez1993";
  c.section = "§3, Proposition 1 (Lemmas 1-3): BRGC allocation, rotated SBTs";
  c.summary = "successive broadcasts from all 2^d nodes in Gray-code order, one every 2 steps";
  c.problem = ProblemKind::SuccessiveBroadcast;
  c.models = {Model::ShoutWhisper};
  c.parameters = "--dim 1..12 [--variant rotated|unrotated|every-step]";
  c.min_dim = 1;
  c.max_dim = 12;
  c.claimed_steps = [](const Params& p) -> std::optional<std::uint64_t> {
    if (desprez1993::parse_variant(p.variant) != desprez1993::Variant::Rotated)
      return std::nullopt;  // the rejected variants claim nothing
    return desprez1993::proposition1_steps(p.dim);
  };
  c.claimed_transmissions = [](const Params& p) -> std::optional<std::uint64_t> {
    const std::uint64_t n = std::uint64_t{1} << p.dim;
    return n * (n - 1);  // p broadcasts along spanning trees
  };
  c.generate = [](const Params& p) {
    return desprez1993::successive_broadcasts(p.dim, desprez1993::parse_variant(p.variant));
  };
  r.add(std::move(c));
}

}  // namespace schedcert::schedules::constructions
