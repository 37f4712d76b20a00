// MSCCL rounds -> schedcert Schedule (see msccl_convert.hpp).
#include "interop/msccl_convert.hpp"

#include <algorithm>
#include <string>

#include "schedules/error.hpp"

namespace schedcert::interop {

Conversion to_schedcert(const MscclAlgo& a, const MscclRounds& r, const DataflowReport& d,
                        const schedules::Network& net, schedules::Model model,
                        std::vector<schedules::Node> placement) {
  Conversion c;
  if (net.size() != static_cast<std::uint64_t>(a.ngpus))
    throw InputError("--network " + net.name() + " has " + std::to_string(net.size()) +
                     " nodes, but " + a.source + " has ngpus = " + std::to_string(a.ngpus));
  if (placement.empty())
    for (int g = 0; g < a.ngpus; ++g) placement.push_back(static_cast<schedules::Node>(g));
  if (placement.size() != static_cast<std::size_t>(a.ngpus))
    throw InputError("--placement: " + std::to_string(placement.size()) + " nodes for " +
                     std::to_string(a.ngpus) + " ranks");
  std::vector<bool> used(placement.size(), false);
  for (std::size_t g = 0; g < placement.size(); ++g) {
    if (placement[g] >= placement.size() || used[placement[g]])
      throw InputError("--placement: rank " + std::to_string(g) + " -> node " +
                       std::to_string(placement[g]) +
                       (placement[g] >= placement.size() ? " is out of range" : " is used twice") +
                       " (give a permutation of 0.." + std::to_string(placement.size() - 1) + ")");
    used[placement[g]] = true;
  }
  schedules::Problem p;
  const bool allreduce = d.shape.coll == "allreduce";
  if (d.shape.coll == "allgather") p.kind = schedules::ProblemKind::MultinodeBroadcast;
  else if (d.shape.coll == "alltoall") p.kind = schedules::ProblemKind::TotalExchange;
  else if (allreduce) p.kind = schedules::ProblemKind::Allreduce;
  else if (d.shape.coll == "broadcast") {
    p.kind = schedules::ProblemKind::Broadcast;
    p.root = placement[static_cast<std::size_t>(d.shape.root)];
  } else {
    c.why_not = d.shape.coll + ": data flow verified at MSCCL level; schedcert schedule conversion needs the " +
                d.shape.coll + " problem kind";
    return c;
  }
  if (!d.valid) {
    c.why_not = "the data flow is wrong, so chunks do not map to items";
    return c;
  }
  p.messages = static_cast<std::uint32_t>(d.shape.cf);
  // Contribution (rank r, input chunk k) -> item, with ranks moved to their nodes.
  const auto n = static_cast<std::uint64_t>(a.ngpus);
  const auto cf = static_cast<std::uint64_t>(d.shape.cf);
  const auto ic = static_cast<std::uint64_t>(d.shape.in_chunks);
  auto item = [&](std::uint64_t contribution) -> schedules::Item {
    const std::uint64_t r = contribution / ic, k = contribution % ic;
    if (allreduce) return placement[r] * ic + k;  // contribution of node src to chunk k, M = ic
    if (d.shape.coll == "allgather") return placement[r] * cf + k;
    if (d.shape.coll == "broadcast") return k;  // item m, from the root
    return (placement[r] * n + placement[k / cf]) * cf + k % cf;  // alltoall: k = dst*cf + m
  };
  std::vector<std::vector<schedules::Item>> packets(r.transfers.size());
  std::uint32_t b = 1;
  for (std::size_t t = 0; t < r.transfers.size(); ++t) {
    if (allreduce) {
      // The packet lists every contribution in the slots the transfer sends, as the simulation
      // computed them at send time: per chunk one partial sum (or the complete value).
      for (const Contributions& v : d.payload[t])
        for (std::uint64_t x : v) packets[t].push_back(item(x));
      std::sort(packets[t].begin(), packets[t].end());
      const auto dup = std::adjacent_find(packets[t].begin(), packets[t].end());
      if (dup != packets[t].end()) {
        const MscclTransfer& tr = r.transfers[t];
        std::uint64_t rank = 0;  // the rank placed on the item's node
        while (placement[rank] != *dup / ic) ++rank;
        c.why_not = "allreduce: the transfer " + describe_step(a, tr.send.gpu, tr.send.tb, tr.send.step) +
                    " (round " + std::to_string(tr.round) + ") carries " +
                    describe_contribution(d.shape, rank * ic + *dup % ic) +
                    " in two of its chunks; a schedcert packet holds one partial sum per chunk, so "
                    "it is not an allreduce transmission";
        return c;
      }
      continue;
    }
    for (const Contributions& v : d.payload[t]) {
      if (v.size() != 1) {
        c.why_not = "a transfer carries a chunk that is not one rank's input chunk";
        return c;
      }
      packets[t].push_back(item(v[0]));
    }
    std::sort(packets[t].begin(), packets[t].end());
    b = std::max<std::uint32_t>(b, static_cast<std::uint32_t>(packets[t].size()));
  }
  p.packet_items = allreduce ? 1 : b;  // allreduce packets have no size limit (docs/allreduce.md)
  c.schedule.emplace(net, model, p);
  schedules::Schedule& s = *c.schedule;
  s.provenance().construction = "msccl-import";
  s.provenance().parameters = {{"file", a.source}, {"algo", a.name}, {"layering", "asap"}};
  std::size_t t = 0;
  for (int round = 1; round <= r.rounds; ++round) {
    s.begin_step();
    for (; t < r.transfers.size() && r.transfers[t].round == round; ++t)
      s.add(placement[r.transfers[t].from], placement[r.transfers[t].to], packets[t]);
  }
  return c;
}

}  // namespace schedcert::interop

namespace schedcert::interop {

std::vector<schedules::Node> parse_placement(const std::string& text) {
  std::vector<schedules::Node> out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string tok = text.substr(pos, comma - pos);
    std::size_t used = 0;
    unsigned long v = 0;
    try {
      v = std::stoul(tok, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (tok.empty() || used != tok.size() || tok[0] == '-' || v > 0xffffffffUL)
      throw InputError("--placement: '" + tok + "' is not a node id (give node ids separated by commas, rank 0 first)");
    out.push_back(static_cast<schedules::Node>(v));
    pos = comma + 1;
  }
  return out;
}

}  // namespace schedcert::interop
