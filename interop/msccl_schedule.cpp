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

// For each step k of t, the step after which the runtime's flag of t reaches k (-1: never).
// The runtime (msccl src/graph/topo.cc, mscclGetAlgoFromXmlFile; src/collectives/device/
// msccl_interpreter.h) drops nops, hands their dependencies to the next step, fuses a chain of
// `re` steps with one destination and no depid into one transfer (at most 16 reductions per tb
// before the chain breaks), and runs a counter `step` that advances by the dependencies and the
// fused reductions of each transfer, then writes flag = step after a transfer whose (last) XML
// step has hasdep="1". A wait for (tb, k) ends when flag >= k.
std::vector<int> tb_release(const MscclThreadBlock& t) {
  struct Transfer {
    int ndeps = 0, nred = 0, last = 0;
    bool hasdep = false;
  };
  std::vector<Transfer> ts;
  int pending = 0, total_red = 0;
  bool open = false;
  const MscclStep* chain = nullptr;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const MscclStep& st = t.steps[k];
    if (st.depid >= 0) ++pending;
    if (st.op == MscclOp::Nop) continue;
    const bool cont = st.op == MscclOp::Reduce && open && chain && chain->dstbuf == st.dstbuf &&
                      chain->dstoff == st.dstoff && chain->srcbuf == st.srcbuf && st.depid < 0;
    if (!cont) {
      ts.push_back({pending, 0, k, false});
      pending = 0;
    }
    Transfer& x = ts.back();
    x.last = k;
    x.hasdep = st.hasdep;
    if (st.op == MscclOp::Reduce) {
      ++x.nred;
      ++total_red;
      open = !(st.hasdep || total_red == 16);
      chain = &st;
    } else {
      open = false;
    }
  }
  std::vector<std::pair<int, int>> flags;  // (flag value, last XML step), increasing
  int counter = 0;
  for (const Transfer& x : ts) {
    if (x.ndeps > 0) counter += x.ndeps - 1;
    if (x.nred > 0) counter += x.nred - 1;
    if (x.hasdep) flags.emplace_back(counter, x.last);
    ++counter;
  }
  std::vector<int> out(t.steps.size(), -1);
  std::size_t f = 0;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    while (f < flags.size() && flags[f].first < k) ++f;
    if (f < flags.size()) out[k] = flags[f].second;
  }
  return out;
}

}  // namespace

int release_step(const MscclAlgo& a, int gpu, int tb, int step) {
  return tb_release(a.gpus[gpu].tbs[tb])[step];
}

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

  // Each dependency as written (dep_of) and as the runtime releases it (released_of: the step
  // of the same tb after which the flag reaches it; -1 = never).
  std::vector<StepRef> ref(n);
  std::vector<int> dep_of(n, -1), released_of(n, -1);
  std::vector<bool> depended(n, false);
  for (const MscclGpu& g : a.gpus) {
    std::vector<std::vector<int>> rel;
    for (const MscclThreadBlock& t : g.tbs) rel.push_back(tb_release(t));
    for (const MscclThreadBlock& t : g.tbs)
      for (int s = 0; s < static_cast<int>(t.steps.size()); ++s) {
        const StepRef r{g.id, t.id, s};
        const int i = idx(r);
        ref[i] = r;
        const MscclStep& st = t.steps[s];
        if (st.depid < 0) continue;
        const int d = idx({g.id, st.depid, st.deps});
        dep_of[i] = d;
        depended[d] = true;
        const int rs = rel[st.depid][st.deps];
        released_of[i] = rs < 0 ? -1 : idx({g.id, st.depid, rs});
      }
  }

  // hasdep against the dependencies: a flag no dependency needs is a note; a dependency that
  // nothing releases is a hang; one released by a later step is a note (it waits longer).
  int hasdep_unused = 0, late = 0;
  std::string first_unused, first_late;
  std::vector<bool> hang_reported(n, false);
  for (int i = 0; i < n; ++i) {
    const MscclStep& st = step_of(a, ref[i]);
    if (st.hasdep && !depended[i] && st.op != MscclOp::Nop && hasdep_unused++ == 0) first_unused = where(a, ref[i]);
    if (dep_of[i] < 0) continue;
    const int d = dep_of[i];
    if (released_of[i] < 0) {
      if (!hang_reported[d] && out.num_hangs++ < 10)
        out.hangs.push_back(
            where(a, ref[i]) + " waits for " + where(a, ref[d]) + " (depid/deps), which has hasdep=\"" +
            (step_of(a, ref[d]).hasdep ? "1\" but is a nop" : "0\"") + " and no later step of its tb has hasdep=\"1\": the msccl runtime " +
            "signals a thread block's progress to others only after a step with hasdep=\"1\", so this wait never ends");
      hang_reported[d] = true;
    } else if (released_of[i] != d && late++ == 0) {
      first_late = where(a, ref[i]) + " waits for " + where(a, ref[d]) + ", released only after " +
                   where(a, ref[released_of[i]]);
    }
  }
  if (hasdep_unused)
    out.notes.push_back(std::to_string(hasdep_unused) + " step(s) have hasdep=\"1\" but no step depends on them (first: " + first_unused + ")");
  if (late)
    out.notes.push_back(std::to_string(late) + " dependenc" + (late == 1 ? "y is" : "ies are") +
                        " on a step with hasdep=\"0\", released by the runtime only after a later step of its tb with hasdep=\"1\" (first: " +
                        first_late + "); the rounds count from that step");

  // Longest paths (Kahn's algorithm with the timing rules) over tb order, send -> receive and
  // the dependencies as the runtime releases them; if that has a cycle that the dependencies as
  // written do not have, the late release deadlocks (a hang) and the layering is redone with
  // the dependencies as written.
  auto layer = [&](const std::vector<int>& dep, std::string& cycle, bool& through_late) -> bool {
    std::vector<std::vector<int>> preds(n), succs(n);
    for (int i = 0; i < n; ++i) {
      if (ref[i].step > 0) preds[i].push_back(i - 1);
      if (dep[i] >= 0) preds[i].push_back(dep[i]);
      if (out.recv_transfer[i] >= 0) preds[i].push_back(idx(out.transfers[out.recv_transfer[i]].send));
    }
    for (int i = 0; i < n; ++i)
      for (int p : preds[i]) succs[p].push_back(i);
    out.order.clear();
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
      if (dep[i] >= 0) ready = std::max(ready, out.finish[dep[i]]);
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
    if (static_cast<int>(queue.size()) == n) return true;
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
    through_late = false;
    for (std::size_t k = pos[i]; k < path.size(); ++k) {
      const int x = path[k];
      const int p = k + 1 < path.size() ? path[k + 1] : path[pos[i]];
      const bool in_tb = p == x - 1 && ref[p].tb == ref[x].tb && ref[p].gpu == ref[x].gpu;
      std::string why = in_tb ? "the step before it in its tb"
                        : p == dep[x] && dep[x] != dep_of[x]
                            ? "its dependency " + where(a, ref[dep_of[x]]) + " (depid/deps), released only after " + where(a, ref[p]) + " (the first later step of that tb with hasdep=\"1\")"
                        : p == dep[x] ? "its dependency (depid/deps)"
                                      : "its matching send";
      if (!in_tb && p == dep[x] && dep[x] != dep_of[x]) through_late = true;
      cycle += where(a, ref[x]) + " waits for " + why + ", ";
    }
    cycle += "and so on around";
    return false;
  };
  std::vector<int> runtime_dep(n, -1);
  for (int i = 0; i < n; ++i) runtime_dep[i] = released_of[i] >= 0 ? released_of[i] : dep_of[i];
  std::string cycle;
  bool through_late = false;
  if (!layer(runtime_dep, cycle, through_late)) {
    if (!through_late) throw InputError(a.source + ": the dependencies allow no schedule: a cycle: " + cycle);
    if (out.num_hangs++ < 10)
      out.hangs.push_back("a deadlock on the msccl runtime, which releases a dependency on a step with hasdep=\"0\" only after a later step of its tb with hasdep=\"1\": " + cycle);
    for (auto& t : out.transfers) t.round = 0;
    std::fill(out.finish.begin(), out.finish.end(), 0);
    cycle.clear();
    if (!layer(dep_of, cycle, through_late))
      throw InputError(a.source + ": the dependencies allow no schedule: a cycle: " + cycle);
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
