// MSCCL rounds -> schedcert Schedule (see msccl_convert.hpp).
#include "interop/msccl_convert.hpp"

#include <algorithm>

#include "schedules/error.hpp"

namespace schedcert::interop {

Conversion to_schedcert(const MscclAlgo& a, const MscclRounds& r, const DataflowReport& d,
                        const schedules::Network& net, schedules::Model model) {
  Conversion c;
  if (net.size() != static_cast<std::uint64_t>(a.ngpus))
    throw InputError("--network " + net.name() + " has " + std::to_string(net.size()) +
                     " nodes, but " + a.source + " has ngpus = " + std::to_string(a.ngpus));
  schedules::Problem p;
  if (d.shape.coll == "allgather") p.kind = schedules::ProblemKind::MultinodeBroadcast;
  else if (d.shape.coll == "alltoall") p.kind = schedules::ProblemKind::TotalExchange;
  else {
    c.why_not = d.shape.coll + ": data flow verified at MSCCL level; schedcert schedule conversion needs the " +
                d.shape.coll + " problem kind";
    return c;
  }
  if (!d.valid) {
    c.why_not = "the data flow is wrong, so chunks do not map to items";
    return c;
  }
  p.messages = static_cast<std::uint32_t>(d.shape.cf);
  std::vector<std::vector<schedules::Item>> packets(r.transfers.size());
  std::uint32_t b = 1;
  for (std::size_t t = 0; t < r.transfers.size(); ++t) {
    for (const Contributions& v : d.payload[t]) {
      if (v.size() != 1) {
        c.why_not = "a transfer carries a chunk that is not one rank's input chunk";
        return c;
      }
      packets[t].push_back(v[0]);
    }
    std::sort(packets[t].begin(), packets[t].end());
    b = std::max<std::uint32_t>(b, static_cast<std::uint32_t>(packets[t].size()));
  }
  p.packet_items = b;
  c.schedule.emplace(net, model, p);
  schedules::Schedule& s = *c.schedule;
  s.provenance().construction = "msccl-import";
  s.provenance().parameters = {{"file", a.source}, {"algo", a.name}, {"layering", "asap"}};
  std::size_t t = 0;
  for (int round = 1; round <= r.rounds; ++round) {
    s.begin_step();
    for (; t < r.transfers.size() && r.transfers[t].round == round; ++t)
      s.add(static_cast<schedules::Node>(r.transfers[t].from),
            static_cast<schedules::Node>(r.transfers[t].to), packets[t]);
  }
  return c;
}

}  // namespace schedcert::interop
