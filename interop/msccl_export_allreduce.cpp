// schedcert allreduce Schedule -> MSCCL-IR (see msccl_export.hpp, "Allreduce").
//
// Layout (not in place): rank g's input chunk m is i[m] and is never written, so g's own
// contribution stays sendable; a local tb copies i -> o first, and o[m] is g's current value of
// chunk m (the accumulator). A transmission names, per chunk m, a set S of contributions; the
// sender must have S in one slot:
//   * S = the sender's current value of m (or a complete value): o[m];
//   * S = {sender}: i[m];
//   * S = a partial sum the sender received earlier, unchanged: the scratch slot that receipt was
//     kept in (a pre-pass marks the receipts that are forwarded later; they are received with `r`
//     into fresh scratch slots and then added to o[m] with `re`).
// Anything else (a part of the value that no slot holds) is refused in words: an MSCCL send
// moves one slot's whole value. The receiver overwrites o[m] (`r`) with a complete value and
// combines (`rrc` o[m] := o[m] + received) a partial sum.
//
// Order: every slot access depends on the slot's last write, and a write on every read since
// (so no two accesses race); a send of round r also waits for a step of its gpu in round r - 1
// when nothing else makes it, so that the importer's ASAP layering gives back the schedule's
// steps. Runs of chunks contiguous at both ends with one receive kind become one MSCCL step; the
// j-th run of a (sender, receiver) pair in one step goes on channel j (its own thread blocks), so
// several runs keep one round.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "interop/msccl_export.hpp"
#include "schedules/error.hpp"

namespace schedcert::interop {

namespace {

using schedules::Item;
using Set = std::vector<Item>;  // sorted contribution sources (node ids) of one chunk

struct At {
  int tb = -1, step = -1, round = 0;  // round: the step's finish time in the importer's layering
};

enum class RecvKind { Overwrite, Combine, Keep };  // r / rrc / r into scratch + re

struct BufSlot {
  MscclBuffer buf = MscclBuffer::Output;
  std::int64_t off = 0;
  bool operator<(const BufSlot& o) const { return std::tie(buf, off) < std::tie(o.buf, o.off); }
};

class AllreduceExporter {
 public:
  AllreduceExporter(const schedules::Schedule& s, const std::string& name) : s_(s) {
    n_ = static_cast<int>(s.network().num_nodes());
    m_ = s.problem().messages;
    a_.name = name;
    a_.proto = "Simple";
    a_.coll = "allreduce";
    a_.ngpus = n_;
    a_.nchunksperloop = m_;
    a_.inplace = false;
    a_.gpus.resize(n_);
    for (int g = 0; g < n_; ++g) {
      a_.gpus[g].id = g;
      a_.gpus[g].i_chunks = m_;
      a_.gpus[g].o_chunks = m_;
    }
    slots_.resize(n_);
    at_time_.resize(n_);
    kept_.resize(n_);
    finish_.resize(n_);
  }

  MscclAlgo run() {
    plan();
    // Local tb: o := i on every gpu, before anything else touches o.
    for (int g = 0; g < n_; ++g) {
      const int t = new_tb(g, -1, -1, 0);
      MscclStep c;
      c.op = MscclOp::Copy;
      c.srcbuf = MscclBuffer::Input;
      c.srcoff = 0;
      c.dstbuf = MscclBuffer::Output;
      c.dstoff = 0;
      c.cnt = m_;
      const At at = place(g, t, c, {}, 0);
      for (std::int64_t k = 0; k < m_; ++k) {
        access(g, {MscclBuffer::Input, k}, at, false);
        access(g, {MscclBuffer::Output, k}, at, true);
      }
    }
    for (std::size_t k = 0; k < s_.num_steps(); ++k) {
      const int round = static_cast<int>(k) + 1;
      std::vector<Tx> txs;
      std::map<std::pair<int, int>, int> channel;  // (from, to) -> next channel this step
      for (std::size_t t = s_.step_begin(k); t < s_.step_end(k); ++t) {
        txs.push_back(make_tx(t));
        txs.back().chan = channel[{txs.back().from, txs.back().to}]++;
      }
      // Sends first: they read the values at the start of the step.
      for (Tx& x : txs) send(round, x);
      for (const Tx& x : txs) receive(round, x);
    }
    for (MscclGpu& g : a_.gpus)
      for (MscclThreadBlock& t : g.tbs) a_.nchannels = std::max(a_.nchannels, t.chan + 1);
    return a_;
  }

 private:
  struct Tx {
    int from = 0, to = 0, chan = 0;
    std::size_t t = 0;                 // transmission
    std::vector<std::int64_t> chunks;  // increasing
    std::vector<BufSlot> src;             // per chunk, the sender's slot
    std::vector<RecvKind> kind;        // per chunk
    BufSlot sent, landed;                 // the send's first slot, the receive's first slot
    bool direct = true;                // received straight into o (one kind, contiguous chunks)
  };

  std::string where(std::size_t t) const {
    std::size_t k = 0;
    while (s_.step_end(k) <= t) ++k;
    return "step " + std::to_string(k + 1) + ", node " + std::to_string(s_.from(t)) + " -> " +
           std::to_string(s_.to(t));
  }
  static std::string show(const Set& v) {
    std::string o = "{";
    for (std::size_t k = 0; k < v.size(); ++k) o += (k ? ", " : "") + std::to_string(v[k]);
    return o + "}";
  }

  // Per transmission, per chunk it names: the contributions it lists.
  std::map<std::int64_t, Set> chunks_of(std::size_t t) const {
    std::map<std::int64_t, Set> out;
    for (Item x : s_.packet(t)) out[static_cast<std::int64_t>(x % m_)].push_back(x / m_);
    for (auto& [m, v] : out) std::sort(v.begin(), v.end());
    return out;
  }

  // Pre-pass: the holdings step by step (the verifier's rules), the source slot of every chunk a
  // transmission sends, and the partial sums that must be kept because they are forwarded later.
  void plan() {
    const auto n = static_cast<std::size_t>(n_);
    std::vector<std::vector<Set>> h(n, std::vector<Set>(static_cast<std::size_t>(m_)));
    for (std::size_t g = 0; g < n; ++g)
      for (auto& v : h[g]) v = {static_cast<Item>(g)};
    // Partial sums received so far, per node: (chunk, set) -> the transmission that brought it.
    std::vector<std::map<std::pair<std::int64_t, Set>, std::size_t>> received(n);
    src_.resize(s_.num_transmissions());
    for (std::size_t k = 0; k < s_.num_steps(); ++k) {
      for (std::size_t t = s_.step_begin(k); t < s_.step_end(k); ++t) {
        const std::size_t u = s_.from(t);
        for (const auto& [m, v] : chunks_of(t)) {
          BufSlot sl{MscclBuffer::Output, m};
          const Set& cur = h[u][static_cast<std::size_t>(m)];
          if (v == cur || v.size() == n) {
            if (v != cur)
              throw InputError("export msccl: allreduce: " + where(t) + " sends the complete value of chunk " +
                               std::to_string(m) + " before its sender holds it (verify the schedule first)");
          } else if (v.size() == 1 && v[0] == u) {
            sl = {MscclBuffer::Input, m};
          } else {
            const auto it = received[u].find({m, v});
            if (it == received[u].end())
              throw InputError(
                  "export msccl: allreduce: " + where(t) + " sends the partial sum " + show(v) + " of chunk " +
                  std::to_string(m) + ", but its sender's value of chunk " + std::to_string(m) + " is then " +
                  show(cur) + " and no slot holds " + show(v) +
                  " alone (not its own input, not a partial sum it received): an MSCCL send moves one "
                  "slot's whole value, so this schedule has no MSCCL-IR program here");
            keep_.insert({it->second, m});
            sl = {MscclBuffer::Scratch, -1};  // the slot the receipt is kept in, known when it is emitted
          }
          src_[t][m] = sl;
        }
      }
      for (std::size_t t = s_.step_begin(k); t < s_.step_end(k); ++t) {
        const std::size_t v = s_.to(t);
        for (const auto& [m, set] : chunks_of(t)) {
          Set& cur = h[v][static_cast<std::size_t>(m)];
          if (set.size() == n) {
            cur = set;
            continue;
          }
          received[v].emplace(std::make_pair(m, set), t);
          Set u;
          std::set_union(cur.begin(), cur.end(), set.begin(), set.end(), std::back_inserter(u));
          cur = std::move(u);
        }
      }
    }
  }

  Tx make_tx(std::size_t t) {
    Tx x;
    x.from = static_cast<int>(s_.from(t));
    x.to = static_cast<int>(s_.to(t));
    x.t = t;
    const auto n = static_cast<std::size_t>(n_);
    for (const auto& [m, v] : chunks_of(t)) {
      BufSlot sl = src_[t].at(m);
      if (sl.buf == MscclBuffer::Scratch) sl = kept_[x.from].at({m, v});
      x.chunks.push_back(m);
      x.src.push_back(sl);
      x.kind.push_back(v.size() == n ? RecvKind::Overwrite : keep_.count({t, m}) ? RecvKind::Keep : RecvKind::Combine);
    }
    for (std::size_t k = 1; k < x.chunks.size(); ++k)
      if (x.chunks[k] != x.chunks[0] + static_cast<std::int64_t>(k) || x.kind[k] != x.kind[0]) x.direct = false;
    if (x.kind[0] == RecvKind::Keep) x.direct = false;
    // rrc reads its own src slot (o[m]), and the importer compares a receive's src with its
    // send's: combine straight into o only what the sender sends from its o[m] too.
    for (std::size_t k = 0; k < x.chunks.size(); ++k)
      if (x.kind[k] == RecvKind::Combine && !(x.src[k].buf == MscclBuffer::Output && x.src[k].off == x.chunks[k]))
        x.direct = false;
    return x;
  }

  int new_tb(int g, int send, int recv, int chan) {
    MscclThreadBlock t;
    t.id = static_cast<int>(a_.gpus[g].tbs.size());
    t.send = send;
    t.recv = recv;
    t.chan = chan;
    a_.gpus[g].tbs.push_back(t);
    finish_[g].emplace_back();
    return t.id;
  }
  int tb(int g, int peer, bool sending, int chan) {
    const auto key = std::make_tuple(g, peer, sending, chan);
    const auto it = tbs_.find(key);
    if (it != tbs_.end()) return it->second;
    const int id = new_tb(g, sending ? peer : -1, sending ? -1 : peer, chan);
    tbs_.emplace(key, id);
    return id;
  }

  // What an access to a slot must wait for: its last write, and for a write every read since.
  void needs(int g, const BufSlot& sl, bool write, std::vector<At>& deps) const {
    const auto it = slots_[g].find(sl);
    if (it == slots_[g].end()) return;
    if (it->second.last_write.tb >= 0) deps.push_back(it->second.last_write);
    if (write)
      for (const At& r : it->second.reads) deps.push_back(r);
  }
  void access(int g, const BufSlot& sl, const At& at, bool write) {
    SlotState& st = slots_[g][sl];
    if (write) {
      st.last_write = at;
      st.reads.clear();
    } else {
      st.reads.push_back(at);
    }
  }

  // The importer's timing (msccl_schedule.hpp): ready = the latest finish of the previous step of
  // the tb and of the dependency; a send finishes at ready + 1, a receive at max(ready, arrival),
  // local steps at ready.
  int ready(int g, int t, const std::vector<At>& deps) const {
    int r = finish_[g][t].empty() ? 0 : finish_[g][t].back();
    for (const At& d : deps) r = std::max(r, d.round);
    return r;
  }

  // Appends `step` to tb t of gpu g after nop steps that carry all but one of `deps` (a step
  // names one dependency); deps on t itself are implied by the tb order. `arrival`: a receive's
  // round.
  At place(int g, int t, MscclStep step, const std::vector<At>& deps, int arrival) {
    std::map<int, At> latest;  // per tb, the latest step depended on
    for (const At& d : deps) {
      if (d.tb == t) continue;
      auto [it, fresh] = latest.emplace(d.tb, d);
      if (!fresh && d.step > it->second.step) it->second = d;
    }
    std::vector<At> keep;
    for (const auto& [tbid, d] : latest) keep.push_back(d);
    for (std::size_t k = 0; k + 1 < keep.size(); ++k) {
      mark(g, keep[k]);
      append(g, t, wait_for(keep[k].tb, keep[k].step), ready(g, t, {keep[k]}));
    }
    int f = ready(g, t, keep);
    if (op_sends(step.op)) f += 1;
    else if (op_receives(step.op)) f = std::max(f, arrival);
    if (!keep.empty()) {
      step.depid = keep.back().tb;
      step.deps = keep.back().step;
      mark(g, keep.back());
    }
    const At at = append(g, t, step, f);
    if (op_sends(step.op) || op_receives(step.op)) at_time_[g][f] = at;
    return at;
  }
  At append(int g, int t, MscclStep st, int f) {
    auto& steps = a_.gpus[g].tbs[t].steps;
    st.s = static_cast<int>(steps.size());
    steps.push_back(st);
    finish_[g][t].push_back(f);
    return {t, st.s, f};
  }
  void mark(int g, const At& d) { a_.gpus[g].tbs[d.tb].steps[d.step].hasdep = true; }

  static MscclStep local(MscclOp op, BufSlot src, BufSlot dst, std::int64_t cnt) {
    MscclStep st;
    st.op = op;
    st.srcbuf = src.buf;
    st.srcoff = src.off;
    st.dstbuf = dst.buf;
    st.dstoff = dst.off;
    st.cnt = cnt;
    return st;
  }

  // Maximal runs [b, e) of x's chunks whose slots (given per chunk) are consecutive, optionally
  // also with one receive kind.
  template <class SlotOf>
  static std::vector<std::pair<std::size_t, std::size_t>> runs(const Tx& x, SlotOf slot, bool by_kind) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (std::size_t k = 0; k < x.chunks.size(); ++k) {
      if (!out.empty()) {
        const std::size_t b = out.back().first;
        const BufSlot first = slot(b), cur = slot(k);
        if (cur.buf == first.buf && cur.off == first.off + static_cast<std::int64_t>(k - b) &&
            (!by_kind || x.kind[k] == x.kind[b])) {
          out.back().second = k + 1;
          continue;
        }
      }
      out.push_back({k, k + 1});
    }
    return out;
  }

  void send(int round, Tx& x) {
    const int g = x.from;
    const int t = tb(g, x.to, true, x.chan);
    const auto cnt = static_cast<std::int64_t>(x.chunks.size());
    // The receiver's slots: o[first chunk ..] when direct, fresh scratch otherwise.
    if (x.direct) {
      x.landed = {MscclBuffer::Output, x.chunks.front()};
    } else {
      x.landed = {MscclBuffer::Scratch, a_.gpus[x.to].s_chunks};
      a_.gpus[x.to].s_chunks += cnt;
    }
    // The sender's slots: the chunks' own when consecutive, else a staging area filled by cpy.
    const auto src_runs = runs(x, [&](std::size_t k) { return x.src[k]; }, false);
    std::vector<At> deps;
    int latest = 0;
    if (src_runs.size() == 1) {
      x.sent = x.src.front();
      for (std::int64_t k = 0; k < cnt; ++k) needs(g, {x.sent.buf, x.sent.off + k}, false, deps);
    } else {
      x.sent = {MscclBuffer::Scratch, a_.gpus[g].s_chunks};
      a_.gpus[g].s_chunks += cnt;
      for (const auto& [b, e] : src_runs) {
        std::vector<At> cd;
        for (std::size_t k = b; k < e; ++k) needs(g, x.src[k], false, cd);
        const At c = place(g, t,
                           local(MscclOp::Copy, x.src[b], {x.sent.buf, x.sent.off + static_cast<std::int64_t>(b)},
                                 static_cast<std::int64_t>(e - b)),
                           cd, 0);
        for (std::size_t k = b; k < e; ++k) {
          access(g, x.src[k], c, false);
          access(g, {x.sent.buf, x.sent.off + static_cast<std::int64_t>(k)}, c, true);
        }
      }
    }
    latest = ready(g, t, deps);
    // Without a step of round - 1 to wait for, the importer would send earlier.
    if (round > 1 && latest < round - 1) {
      const auto it = at_time_[g].find(round - 1);
      if (it != at_time_[g].end()) deps.push_back(it->second);
    }
    MscclStep st = local(MscclOp::Send, x.sent, x.landed, cnt);
    const At at = place(g, t, st, deps, 0);
    for (std::int64_t k = 0; k < cnt; ++k) access(g, {x.sent.buf, x.sent.off + k}, at, false);
  }

  void receive(int round, const Tx& x) {
    const int g = x.to;
    const int t = tb(g, x.from, false, x.chan);
    const auto cnt = static_cast<std::int64_t>(x.chunks.size());
    // A receive's src fields describe the sender's buffer (rrc: its own src, o[m]).
    if (x.direct) {
      MscclStep st = local(x.kind[0] == RecvKind::Overwrite ? MscclOp::Recv : MscclOp::RecvReduceCopy,
                           x.kind[0] == RecvKind::Overwrite ? x.sent : x.landed, x.landed, cnt);
      std::vector<At> deps;
      for (std::int64_t k = 0; k < cnt; ++k) needs(g, {x.landed.buf, x.landed.off + k}, true, deps);
      const At got = place(g, t, st, deps, round);
      for (std::int64_t k = 0; k < cnt; ++k) access(g, {x.landed.buf, x.landed.off + k}, got, true);
      return;
    }
    // Into fresh scratch, then per run into o: `re` (combine) or `cpy` (a complete value).
    const At got = place(g, t, local(MscclOp::Recv, x.sent, x.landed, cnt), {}, round);
    for (std::int64_t k = 0; k < cnt; ++k) {
      const BufSlot sc{x.landed.buf, x.landed.off + k};
      access(g, sc, got, true);
      if (x.kind[static_cast<std::size_t>(k)] == RecvKind::Keep)
        kept_[g][{x.chunks[static_cast<std::size_t>(k)], chunk_set(x.t, x.chunks[static_cast<std::size_t>(k)])}] = sc;
    }
    const auto o_runs = runs(x, [&](std::size_t k) { return BufSlot{MscclBuffer::Output, x.chunks[k]}; }, true);
    for (const auto& [b, e] : o_runs) {
      const bool over = x.kind[b] == RecvKind::Overwrite;
      const BufSlot from{x.landed.buf, x.landed.off + static_cast<std::int64_t>(b)};
      const BufSlot o{MscclBuffer::Output, x.chunks[b]};
      const auto len = static_cast<std::int64_t>(e - b);
      std::vector<At> deps;
      for (std::int64_t k = 0; k < len; ++k) needs(g, {o.buf, o.off + k}, true, deps);
      const At add = place(g, t, local(over ? MscclOp::Copy : MscclOp::Reduce, from, o, len), deps, 0);
      for (std::int64_t k = 0; k < len; ++k) {
        access(g, {from.buf, from.off + k}, add, false);
        access(g, {o.buf, o.off + k}, add, true);
      }
    }
  }

  Set chunk_set(std::size_t t, std::int64_t m) const { return chunks_of(t).at(m); }

  struct SlotState {
    At last_write;
    std::vector<At> reads;
  };

  const schedules::Schedule& s_;
  MscclAlgo a_;
  int n_ = 0;
  std::int64_t m_ = 1;
  std::vector<std::map<std::int64_t, BufSlot>> src_;  // per transmission, per chunk
  std::set<std::pair<std::size_t, std::int64_t>> keep_;  // receipts (transmission, chunk) kept
  std::vector<std::map<std::pair<std::int64_t, Set>, BufSlot>> kept_;  // per gpu: (chunk, set) -> slot
  std::vector<std::map<BufSlot, SlotState>> slots_;
  std::map<std::tuple<int, int, bool, int>, int> tbs_;
  std::vector<std::vector<std::vector<int>>> finish_;  // per gpu, tb, step: the importer's finish
  std::vector<std::map<int, At>> at_time_;  // per gpu: a send or receive finishing at that round
};

}  // namespace

MscclAlgo allreduce_to_msccl(const schedules::Schedule& s, const std::string& name) {
  return AllreduceExporter(s, name).run();
}

}  // namespace schedcert::interop
