// Allreduce by duality (Bertsekas et al. 1991, §1 and Fig. 2): reduction = reversed broadcast,
// then the broadcast of the reduced value. The reduction phase keeps the reversed schedule's
// packets (its item ids are already allreduce item ids); the broadcast phase carries complete
// values, which overwrite the receivers' partial sums (docs/allreduce.md), so no contribution is
// counted twice even though every receiver already holds its own. Whether the result is valid is
// for the verifier to say.
#include "schedules/transforms/allreduce_compose.hpp"

#include "schedules/error.hpp"
#include "schedules/transforms/reverse.hpp"

namespace schedcert::schedules::transforms {

namespace {

// Appends `s`'s steps to `out`, each packet item mapped to a list of output items.
template <class Map>
void append(const Schedule& s, Schedule& out, Map map) {
  std::vector<Item> packet;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    out.begin_step();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      packet.clear();
      for (Item i : s.packet(k)) map(i, packet);
      out.add(s.from(k), s.to(k), packet);
    }
  }
}

Schedule compose(const Schedule& reduction, const Schedule& bc, std::uint32_t chunks,
                 const char* how) {
  Problem p;
  p.kind = ProblemKind::Allreduce;
  p.messages = chunks;
  Schedule out(bc.network(), bc.model(), p);
  const std::uint64_t n = bc.network().size();
  append(reduction, out, [](Item i, std::vector<Item>& pk) { pk.push_back(i); });
  // Broadcast item t (of source t, or the root's single item) becomes the complete chunk.
  append(bc, out, [&](Item i, std::vector<Item>& pk) {
    const std::uint64_t chunk = chunks == 1 ? 0 : bc.problem().origin(i, n);
    for (std::uint64_t s = 0; s < n; ++s) pk.push_back(s * chunks + chunk);
  });
  out.provenance() = bc.provenance();
  out.provenance().parameters.emplace_back("transform", how);
  return out;
}

}  // namespace

Schedule allreduce_from_mnb(const Schedule& mnb) {
  const Problem& p = mnb.problem();
  if (p.kind != ProblemKind::MultinodeBroadcast || p.messages != 1 || p.packet_items != 1)
    throw InputError("allreduce from a multinode broadcast: needs multinode-broadcast(M=1) with "
                     "one item per packet, got " + p.describe());
  const std::uint64_t n = mnb.network().size();
  if (n > (std::uint64_t{1} << 20))
    throw InputError("allreduce from a multinode broadcast: N = " + std::to_string(n) +
                     " chunks exceed M <= 2^20");
  return compose(reverse(mnb), mnb, static_cast<std::uint32_t>(n), "mna-then-mnb");
}

Schedule allreduce_from_broadcast(const Schedule& bc) {
  const Problem& p = bc.problem();
  if (p.kind != ProblemKind::Broadcast || p.messages != 1)
    throw InputError("allreduce from a broadcast: needs broadcast(M=1), got " + p.describe());
  return compose(reverse(bc), bc, 1, "reduce-then-broadcast");
}

}  // namespace schedcert::schedules::transforms
