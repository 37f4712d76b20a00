// ASAP rounds from an MSCCL-IR program (see msccl_schedule.hpp for the timing rules).
#include "interop/msccl_schedule.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "schedules/error.hpp"

namespace schedcert::interop {

StepIndex::StepIndex(const MscclAlgo& a) {
  base_.resize(a.gpus.size());
  for (std::size_t g = 0; g < a.gpus.size(); ++g)
    for (const auto& t : a.gpus[g].tbs) {
      base_[g].push_back(size_);
      size_ += static_cast<int>(t.steps.size());
    }
}

namespace {

const MscclStep& step_of(const MscclAlgo& a, const StepRef& r) {
  return a.gpus[r.gpu].tbs[r.tb].steps[r.step];
}

std::string where(const MscclAlgo& a, const StepRef& r) {
  return describe_step(a, r.gpu, r.tb, r.step);
}

struct Channel {
  int tb = -1;
  std::vector<StepRef> steps;
};

// Send or receive steps per (gpu, peer, channel), each from the one tb that serves that triple.
std::map<std::tuple<int, int, int>, Channel> collect(const MscclAlgo& a, bool sending) {
  std::map<std::tuple<int, int, int>, Channel> out;
  for (const MscclGpu& g : a.gpus)
    for (const MscclThreadBlock& t : g.tbs) {
      const int peer = sending ? t.send : t.recv;
      if (peer < 0) continue;
      Channel& c = out[{g.id, peer, t.chan}];
      if (c.tb >= 0)
        throw InputError(a.source + ":" + std::to_string(t.line) + ": gpu " + std::to_string(g.id) +
                         " <tb id=\"" + std::to_string(t.id) + "\">: attribute '" +
                         (sending ? "send" : "recv") + "' = " + std::to_string(peer) +
                         " on channel " + std::to_string(t.chan) + " repeats tb " +
                         std::to_string(c.tb) + "'s: the order of their " +
                         (sending ? "sends" : "receives") + " would be undefined");
      c.tb = t.id;
      for (std::size_t s = 0; s < t.steps.size(); ++s)
        if (sending ? op_sends(t.steps[s].op) : op_receives(t.steps[s].op))
          c.steps.push_back({g.id, t.id, static_cast<int>(s)});
    }
  return out;
}

}  // namespace

MscclRounds derive_rounds(const MscclAlgo& a) {
  const StepIndex idx(a);
  const int n = idx.size();
  MscclRounds out;
  out.recv_transfer.assign(n, -1);
  out.send_transfer.assign(n, -1);
  out.finish.assign(n, 0);

  // Pair sends with receives, in order, per (sender, receiver, channel).
  const auto sends = collect(a, true);
  const auto recvs = collect(a, false);
  for (const auto& [key, sc] : sends) {
    const auto [from, to, chan] = key;
    const auto it = recvs.find({to, from, chan});
    const std::size_t nr = it == recvs.end() ? 0 : it->second.steps.size();
    for (std::size_t k = 0; k < sc.steps.size(); ++k) {
      if (k >= nr)
        throw InputError(a.source + ": " + where(a, sc.steps[k]) + " is send number " +
                         std::to_string(k + 1) + " to gpu " + std::to_string(to) + " (its tb's attribute 'send') on channel " +
                         std::to_string(chan) + ", but gpu " + std::to_string(to) +
                         (it == recvs.end() ? " has no tb with recv=" + std::to_string(from) + " on that channel"
                                            : " receives only " + std::to_string(nr) + " (tb " +
                                                  std::to_string(it->second.tb) + ")") +
                         ": a send with no receive");
      const StepRef& rr = it->second.steps[k];
      const MscclStep& ss = step_of(a, sc.steps[k]);
      const MscclStep& rs = step_of(a, rr);
      if (ss.cnt != rs.cnt)
        throw InputError(a.source + ": " + where(a, sc.steps[k]) + " sends attribute 'cnt' = " +
                         std::to_string(ss.cnt) + " chunks, but its matching receive " +
                         where(a, rr) + " has 'cnt' = " + std::to_string(rs.cnt) +
                         ": a count mismatch");
      MscclTransfer tr;
      tr.send = sc.steps[k];
      tr.recv = rr;
      tr.from = from;
      tr.to = to;
      tr.chan = chan;
      tr.cnt = ss.cnt;
      out.send_transfer[idx(tr.send)] = static_cast<int>(out.transfers.size());
      out.recv_transfer[idx(tr.recv)] = static_cast<int>(out.transfers.size());
      out.transfers.push_back(tr);
      if (ss.dstbuf != rs.dstbuf || ss.dstoff != rs.dstoff || ss.srcbuf != rs.srcbuf || ss.srcoff != rs.srcoff)
        out.notes.push_back("the send " + where(a, tr.send) + " and its receive " + where(a, rr) +
                            " disagree on src/dst fields (" + to_string(ss.srcbuf) + std::to_string(ss.srcoff) +
                            "->" + to_string(ss.dstbuf) + std::to_string(ss.dstoff) + " vs " +
                            to_string(rs.srcbuf) + std::to_string(rs.srcoff) + "->" +
                            to_string(rs.dstbuf) + std::to_string(rs.dstoff) + ")");
    }
  }
  for (const auto& [key, rc] : recvs) {
    const auto [to, from, chan] = key;
    const auto it = sends.find({from, to, chan});
    const std::size_t ns = it == sends.end() ? 0 : it->second.steps.size();
    if (rc.steps.size() > ns)
      throw InputError(a.source + ": " + where(a, rc.steps[ns]) + " is receive number " +
                       std::to_string(ns + 1) + " from gpu " + std::to_string(from) + " (its tb's attribute 'recv') on channel " +
                       std::to_string(chan) + ", but gpu " + std::to_string(from) + " sends only " +
                       std::to_string(ns) + " there: a receive with no matching send");
  }

  // Graph: predecessors of each step (tb order, dependency, matching send).
  std::vector<StepRef> ref(n);
  std::vector<std::vector<int>> preds(n);
  std::vector<std::vector<int>> succs(n);
  std::vector<int> dep_of(n, -1);
  std::vector<bool> depended(n, false);
  for (const MscclGpu& g : a.gpus)
    for (const MscclThreadBlock& t : g.tbs)
      for (int s = 0; s < static_cast<int>(t.steps.size()); ++s) {
        const StepRef r{g.id, t.id, s};
        const int i = idx(r);
        ref[i] = r;
        if (s > 0) preds[i].push_back(i - 1);
        const MscclStep& st = t.steps[s];
        if (st.depid >= 0) {
          const int d = idx({g.id, st.depid, st.deps});
          preds[i].push_back(d);
          dep_of[i] = d;
          depended[d] = true;
        }
        if (out.recv_transfer[i] >= 0) preds[i].push_back(idx(out.transfers[out.recv_transfer[i]].send));
      }
  for (int i = 0; i < n; ++i)
    for (int p : preds[i]) succs[p].push_back(i);

  // hasdep flags against the dependencies.
  int hasdep_unused = 0, hasdep_missing = 0;
  std::string first_unused, first_missing;
  for (int i = 0; i < n; ++i) {
    const bool flag = step_of(a, ref[i]).hasdep;
    if (flag && !depended[i] && hasdep_unused++ == 0) first_unused = where(a, ref[i]);
    if (!flag && depended[i] && hasdep_missing++ == 0) first_missing = where(a, ref[i]);
  }
  if (hasdep_unused)
    out.notes.push_back(std::to_string(hasdep_unused) + " step(s) have hasdep=\"1\" but no step depends on them (first: " + first_unused + ")");
  if (hasdep_missing)
    out.notes.push_back(std::to_string(hasdep_missing) + " step(s) are a dependency but have hasdep=\"0\" (first: " + first_missing + ")");

  // Kahn's algorithm with the timing rules.
  std::vector<int> indeg(n);
  for (int i = 0; i < n; ++i) indeg[i] = static_cast<int>(preds[i].size());
  std::vector<int> queue;
  for (int i = 0; i < n; ++i)
    if (indeg[i] == 0) queue.push_back(i);
  std::vector<int> send_round(n, 0);
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const int i = queue[q];
    const MscclStep& st = step_of(a, ref[i]);
    int ready = 0;
    if (ref[i].step > 0) ready = std::max(ready, out.finish[i - 1]);
    if (dep_of[i] >= 0) ready = std::max(ready, out.finish[dep_of[i]]);
    int f = ready;
    if (out.recv_transfer[i] >= 0)
      f = std::max(f, send_round[idx(out.transfers[out.recv_transfer[i]].send)]);
    if (op_sends(st.op)) {
      f = f + 1;
      send_round[i] = f;
      if (out.send_transfer[i] >= 0) out.transfers[out.send_transfer[i]].round = f;
    }
    out.finish[i] = f;
    out.order.push_back(ref[i]);
    for (int s : succs[i])
      if (--indeg[s] == 0) queue.push_back(s);
  }
  if (static_cast<int>(queue.size()) < n) {
    // A cycle among the unprocessed steps: follow unprocessed predecessors until one repeats.
    std::vector<int> pos(n, -1);
    std::vector<int> path;
    int i = 0;
    while (indeg[i] == 0) ++i;
    while (pos[i] < 0) {
      pos[i] = static_cast<int>(path.size());
      path.push_back(i);
      for (int p : preds[i])
        if (indeg[p] > 0) {
          i = p;
          break;
        }
    }
    std::string msg = a.source + ": the dependencies allow no schedule: a cycle: ";
    for (std::size_t k = pos[i]; k < path.size(); ++k) {
      const int x = path[k];
      const int p = k + 1 < path.size() ? path[k + 1] : path[pos[i]];
      std::string why = p == x - 1 && ref[p].tb == ref[x].tb && ref[p].gpu == ref[x].gpu
                            ? "the step before it in its tb"
                        : p == dep_of[x] ? "its dependency (depid/deps)"
                                         : "its matching send";
      msg += where(a, ref[x]) + " waits for " + why + ", ";
    }
    msg += "and so on around";
    throw InputError(msg);
  }
  for (const auto& t : out.transfers) out.rounds = std::max(out.rounds, t.round);
  std::vector<int> order(out.transfers.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    const auto& p = out.transfers[x];
    const auto& q = out.transfers[y];
    return std::tie(p.round, p.from, p.to) < std::tie(q.round, q.from, q.to);
  });
  std::vector<MscclTransfer> sorted;
  for (int k : order) sorted.push_back(out.transfers[k]);
  out.transfers = std::move(sorted);
  for (std::size_t k = 0; k < out.transfers.size(); ++k) {
    out.send_transfer[idx(out.transfers[k].send)] = static_cast<int>(k);
    out.recv_transfer[idx(out.transfers[k].recv)] = static_cast<int>(k);
  }
  return out;
}

}  // namespace schedcert::interop
