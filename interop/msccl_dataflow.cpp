// Symbolic data flow of an MSCCL-IR program (see msccl_dataflow.hpp).
#include "interop/msccl_dataflow.hpp"

#include <algorithm>

#include "schedules/error.hpp"

namespace schedcert::interop {

CollectiveShape collective_shape(const MscclAlgo& a) {
  CollectiveShape s;
  s.coll = a.coll;
  const std::int64_t n = a.ngpus, c = a.nchunksperloop;
  const bool split = a.coll == "allgather" || a.coll == "alltoall" || a.coll == "reduce_scatter";
  const bool rooted = a.coll == "broadcast" || a.coll == "reduce";
  if (!split && !rooted && a.coll != "allreduce")
    throw InputError(a.source + ": <algo>: attribute 'coll' = \"" + a.coll +
                     "\": no data-flow rule for this collective (allgather, alltoall, allreduce, "
                     "reduce_scatter, broadcast, reduce)" +
                     (a.coll == "custom" ? std::string("; state it with --collective") : std::string()));
  if (rooted && (a.root < 0 || a.root >= a.ngpus))
    throw InputError(a.source + ": <algo>: " + a.coll + " needs its root rank (--root)");
  s.root = rooted ? a.root : -1;
  if (split && c % n != 0)
    throw InputError(a.source + ": <algo>: attribute 'nchunksperloop' = " + std::to_string(c) +
                     " is not a multiple of ngpus = " + std::to_string(n) + ", as " + a.coll +
                     " needs");
  s.cf = split ? c / n : c;
  s.in_chunks = a.coll == "allgather" ? s.cf : c;
  s.reduction = a.coll == "allreduce" || a.coll == "reduce_scatter" || a.coll == "reduce";
  // The simulation holds every slot of every gpu, and a reduction's slots hold up to ngpus
  // contributions: refuse sizes that would not fit instead of running out of memory.
  const std::int64_t cap = std::int64_t{1} << 27;
  std::int64_t slots = 0;
  for (const MscclGpu& g : a.gpus) slots += g.i_chunks + g.o_chunks + g.s_chunks;
  const std::int64_t cells = (slots > cap ? cap + 1 : slots) * (s.reduction ? n : 1);
  if (slots > cap || cells > cap || n * c * (s.reduction ? n : 1) > cap)
    throw InputError(a.source + ": <gpu>: attributes 'i_chunks', 'o_chunks', 's_chunks' (with ngpus = " +
                     std::to_string(n) + ", nchunksperloop = " + std::to_string(c) +
                     "): more than 2^27 chunk contributions to follow; the data-flow check refuses "
                     "programs this large");
  return s;
}

std::string describe_contribution(const CollectiveShape& s, std::uint64_t c) {
  const auto ic = static_cast<std::uint64_t>(s.in_chunks);
  return "(rank " + std::to_string(c / ic) + ", chunk " + std::to_string(c % ic) + ")";
}

namespace {

std::string show(const CollectiveShape& s, const Contributions& v) {
  if (v.empty()) return "nothing";
  std::string out = "{";
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (k == 4 && v.size() > 5) {
      out += ", ... " + std::to_string(v.size() - 4) + " more";
      break;
    }
    out += (k ? ", " : "") + describe_contribution(s, v[k]);
  }
  return out + "}";
}

struct Slot {
  MscclBuffer buf;
  std::int64_t off;
};

class Simulator {
 public:
  Simulator(const MscclAlgo& a, const MscclRounds& r, DataflowReport& rep)
      : a_(a), r_(r), rep_(rep), idx_(a) {
    const int n = a.ngpus;
    mem_.resize(n);
    access_.resize(n);
    last_writer_.resize(n);
    for (int g = 0; g < n; ++g) {
      const MscclGpu& gpu = a.gpus[g];
      mem_[g].resize(static_cast<std::size_t>(gpu.i_chunks + gpu.o_chunks + gpu.s_chunks));
      access_[g].resize(mem_[g].size());
      last_writer_[g].assign(mem_[g].size(), -1);
    }
    ref_.resize(static_cast<std::size_t>(idx_.size()));
    for (const StepRef& at : r.order) ref_[idx_(at)] = at;
    rep_.payload.resize(r.transfers.size());
  }

  void violation(const std::string& m) {
    if (rep_.num_violations++ < 10) rep_.violations.push_back(m);
  }

  // In-place aliasing, then the flat slot index on the gpu (-1 when out of range).
  Slot resolve(int g, Slot s) const {
    if (!a_.inplace) return s;
    const auto& sh = rep_.shape;
    if (sh.coll == "allgather" && s.buf == MscclBuffer::Input) return {MscclBuffer::Output, g * sh.cf + s.off};
    if (sh.coll != "allgather" && s.buf == MscclBuffer::Output)
      return {MscclBuffer::Input, s.off + (sh.coll == "reduce_scatter" ? g * sh.cf : 0)};
    return s;
  }
  long flat(int g, Slot s) const {
    s = resolve(g, s);
    const MscclGpu& gpu = a_.gpus[g];
    if (s.off < 0 || s.off >= gpu.chunks(s.buf)) return -1;
    const std::int64_t base = s.buf == MscclBuffer::Input ? 0
                              : s.buf == MscclBuffer::Output ? gpu.i_chunks
                                                             : gpu.i_chunks + gpu.o_chunks;
    return static_cast<long>(base + s.off);
  }
  std::string name(int g, Slot s) const {
    const Slot p = resolve(g, s);
    std::string out = std::string(to_string(s.buf)) + "[" + std::to_string(s.off) + "]";
    if (p.buf != s.buf) out += " (in place: " + std::string(to_string(p.buf)) + "[" + std::to_string(p.off) + "])";
    return out;
  }

  std::string flat_name(int g, long f) const {
    const MscclGpu& gpu = a_.gpus[g];
    if (f < gpu.i_chunks) return "i[" + std::to_string(f) + "]";
    if (f < gpu.i_chunks + gpu.o_chunks) return "o[" + std::to_string(f - gpu.i_chunks) + "]";
    return "s[" + std::to_string(f - gpu.i_chunks - gpu.o_chunks) + "]";
  }

  // Initial contents: each rank's input chunks.
  void init() {
    const auto& sh = rep_.shape;
    for (int g = 0; g < a_.ngpus; ++g)
      for (std::int64_t k = 0; k < sh.in_chunks && (sh.coll != "broadcast" || g == sh.root); ++k) {
        const long f = flat(g, {MscclBuffer::Input, k});
        if (f < 0)
          throw InputError(a_.source + ":" + std::to_string(a_.gpus[g].line) + ": <gpu id=\"" +
                           std::to_string(g) + "\">: " + sh.coll + " puts input chunk " +
                           std::to_string(k) + " at " + name(g, {MscclBuffer::Input, k}) +
                           ", which the declared buffer sizes (i_chunks, o_chunks) do not hold");
        mem_[g][f] = {static_cast<std::uint64_t>(g * sh.in_chunks + k)};
      }
  }

  Contributions read(int step, const StepRef& at, Slot s) {
    const long f = flat(at.gpu, s);
    if (f < 0) {
      violation(describe_step(a_, at.gpu, at.tb, at.step) + " reads " + name(at.gpu, s) + ", outside the buffer");
      return {};
    }
    access_[at.gpu][f].push_back({step, false});
    if (mem_[at.gpu][f].empty()) {
      if (rep_.num_violations < 10) early_.push_back({rep_.violations.size(), at.gpu, f, access_[at.gpu][f].size() - 1});
      violation(describe_step(a_, at.gpu, at.tb, at.step) + " reads " + name(at.gpu, s) +
                " on gpu " + std::to_string(at.gpu) + " before anything arrives there");
    }
    return mem_[at.gpu][f];
  }
  void write(int step, const StepRef& at, Slot s, Contributions v, bool check_redundant) {
    const long f = flat(at.gpu, s);
    if (f < 0) {
      violation(describe_step(a_, at.gpu, at.tb, at.step) + " writes " + name(at.gpu, s) + ", outside the buffer");
      return;
    }
    access_[at.gpu][f].push_back({step, true});
    last_writer_[at.gpu][f] = step;
    if (check_redundant && mem_[at.gpu][f] != v) all_redundant_ = false;
    mem_[at.gpu][f] = std::move(v);
  }
  Contributions combine(const StepRef& at, const Contributions& x, const Contributions& y) {
    Contributions u;
    std::set_union(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(u));
    if (u.size() < x.size() + y.size()) {
      Contributions both;
      std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(both));
      violation(describe_step(a_, at.gpu, at.tb, at.step) + " counts " +
                describe_contribution(rep_.shape, both[0]) + " twice (" + std::to_string(both.size()) +
                " contribution(s) reduced twice)");
    }
    return u;
  }

  void run() {
    init();
    std::size_t redundant_copies = 0;
    for (const StepRef& at : r_.order) {
      const int i = idx_(at);
      const MscclStep& st = a_.gpus[at.gpu].tbs[at.tb].steps[at.step];
      const std::int64_t cnt = st.cnt;
      const int rt = r_.recv_transfer[i], stt = r_.send_transfer[i];
      std::vector<Contributions> out(static_cast<std::size_t>(cnt));
      all_redundant_ = true;
      for (std::int64_t k = 0; k < cnt; ++k) {
        const Slot src{st.srcbuf, st.srcoff + k}, dst{st.dstbuf, st.dstoff + k};
        const Contributions* got = rt >= 0 ? &rep_.payload[rt][k] : nullptr;
        switch (st.op) {
          case MscclOp::Send: out[k] = read(i, at, src); break;
          case MscclOp::Recv: write(i, at, dst, *got, true); break;
          case MscclOp::RecvCopySend: out[k] = *got; write(i, at, dst, *got, true); break;
          case MscclOp::RecvReduceCopy: write(i, at, dst, combine(at, read(i, at, src), *got), false); break;
          case MscclOp::RecvReduceCopySend:
            out[k] = combine(at, read(i, at, src), *got);
            write(i, at, dst, out[k], false);
            break;
          case MscclOp::RecvReduceSend: out[k] = combine(at, read(i, at, src), *got); break;
          case MscclOp::Reduce: {
            const Contributions x = read(i, at, src);
            write(i, at, dst, combine(at, read(i, at, dst), x), false);
            break;
          }
          case MscclOp::Copy: write(i, at, dst, read(i, at, src), true); break;
          case MscclOp::Nop: break;
        }
      }
      if (stt >= 0) rep_.payload[stt] = std::move(out);
      if (cnt > 0 && all_redundant_ && (st.op == MscclOp::Recv || st.op == MscclOp::RecvCopySend)) {
        if (rep_.redundant_transfers++ == 0)
          rep_.notes.push_back("redundant transfer: " + describe_step(a_, at.gpu, at.tb, at.step) +
                               " receives what its destination already holds");
      }
      if (cnt > 0 && all_redundant_ && st.op == MscclOp::Copy && redundant_copies++ == 0)
        rep_.notes.push_back("redundant copy: " + describe_step(a_, at.gpu, at.tb, at.step) +
                             " copies what its destination already holds");
    }
    // A read before arrival names the write it came before (the other step of the conflict).
    for (const auto& [v, g, f, pos] : early_) {
      const auto& acc = access_[g][f];
      std::size_t k = pos + 1;
      while (k < acc.size() && (!acc[k].second || acc[k].first == acc[pos].first)) ++k;
      if (v >= rep_.violations.size()) continue;
      rep_.violations[v] += k < acc.size() ? " (the first write to it is " + where(acc[k].first) +
                                                 ", not ordered before the read: read before arrival)"
                                           : " (no other step writes it: read before arrival)";
    }
    if (rep_.redundant_transfers > 1)
      rep_.notes.push_back(std::to_string(rep_.redundant_transfers) + " redundant transfers in all");
    if (redundant_copies > 1)
      rep_.notes.push_back(std::to_string(redundant_copies) + " redundant copies in all");
  }

  // Two accesses to one slot, at least one a write, with no path between them.
  void check_races() {
    const int n = idx_.size();
    // Ancestor sets as bitsets: n^2 / 8 bytes (136 MB at the cap).
    if (n > 33000) {
      rep_.notes.push_back("race check skipped: more than 33000 steps (its ancestor bitsets grow as steps^2)");
      return;
    }
    const std::size_t words = (static_cast<std::size_t>(n) + 63) / 64;
    std::vector<std::uint64_t> anc(words * n, 0);
    for (const StepRef& at : r_.order) {
      const int i = idx_(at);
      std::uint64_t* me = &anc[words * i];
      auto add = [&](int p) {
        const std::uint64_t* pa = &anc[words * p];
        for (std::size_t w = 0; w < words; ++w) me[w] |= pa[w];
        me[p / 64] |= std::uint64_t{1} << (p % 64);
      };
      const MscclStep& st = a_.gpus[at.gpu].tbs[at.tb].steps[at.step];
      if (at.step > 0) add(i - 1);
      if (st.depid >= 0) add(idx_({at.gpu, st.depid, st.deps}));
      if (r_.recv_transfer[i] >= 0) add(idx_(r_.transfers[r_.recv_transfer[i]].send));
    }
    auto before = [&](int x, int y) { return (anc[words * y + x / 64] >> (x % 64)) & 1; };
    std::vector<StepRef> ref(n);
    for (const StepRef& at : r_.order) ref[idx_(at)] = at;
    for (int g = 0; g < a_.ngpus; ++g)
      for (std::size_t f = 0; f < access_[g].size(); ++f) {
        const auto& acc = access_[g][f];
        for (std::size_t p = 0; p < acc.size(); ++p)
          for (std::size_t q = p + 1; q < acc.size(); ++q) {
            const auto [x, wx] = acc[p];
            const auto [y, wy] = acc[q];
            if (x == y || !(wx || wy) || before(x, y) || before(y, x)) continue;
            violation("race on gpu " + std::to_string(g) + " " + flat_name(g, static_cast<long>(f)) + ": " +
                      describe_step(a_, ref[x].gpu, ref[x].tb, ref[x].step) + (wx ? " writes" : " reads") +
                      " it and " + describe_step(a_, ref[y].gpu, ref[y].tb, ref[y].step) +
                      (wy ? " writes" : " reads") +
                      " it, with no order between them (tb order, depid/deps, send before receive)");
          }
      }
    rep_.race_check_done = true;
  }

  void check_post() {
    const auto& sh = rep_.shape;
    const auto n = static_cast<std::uint64_t>(a_.ngpus);
    const auto cf = static_cast<std::uint64_t>(sh.cf);
    const auto ic = static_cast<std::uint64_t>(sh.in_chunks);
    const bool by_chunk = sh.coll == "allreduce" || sh.coll == "broadcast" || sh.coll == "reduce";
    const std::uint64_t outs = sh.coll == "allgather" || sh.coll == "alltoall" ? n * cf
                               : by_chunk                                       ? ic
                                                                                : cf;
    std::size_t wrong = 0;
    std::string first;
    for (int q = 0; q < a_.ngpus; ++q)
      for (std::uint64_t j = 0; j < outs && (sh.coll != "reduce" || q == sh.root); ++j) {
        Contributions want;
        if (sh.coll == "allgather") want = {j};  // (r, k) with j = r*cf + k and in_chunks = cf
        else if (sh.coll == "alltoall") want = {(j / cf) * ic + q * cf + j % cf};
        else if (sh.coll == "broadcast") want = {static_cast<std::uint64_t>(sh.root) * ic + j};
        else
          for (std::uint64_t r = 0; r < n; ++r)
            want.push_back(r * ic + (by_chunk ? j : q * cf + j));
        const Slot s{MscclBuffer::Output, static_cast<std::int64_t>(j)};
        const long f = flat(q, s);
        const Contributions got = f < 0 ? Contributions{} : mem_[q][f];
        if (got != want && wrong++ == 0)
          first = "at the end gpu " + std::to_string(q) + " " + name(q, s) + " holds " + show(sh, got) +
                  ", but " + sh.coll + " needs " + show(sh, want) +
                  (f >= 0 && last_writer_[q][f] >= 0 ? " (last written by " + where(last_writer_[q][f]) + ": wrong final buffer)"
                                                      : " (never written: wrong final buffer)");
      }
    if (wrong)
      violation(first + (wrong > 1 ? " (" + std::to_string(wrong) + " output chunks are wrong)" : ""));
  }

 private:
  const MscclAlgo& a_;
  const MscclRounds& r_;
  DataflowReport& rep_;
  StepIndex idx_;
  std::vector<std::vector<Contributions>> mem_;
  std::vector<std::vector<std::vector<std::pair<int, bool>>>> access_;
  bool all_redundant_ = true;
  std::vector<std::vector<int>> last_writer_;  // flat step index of each slot's last write (-1)
  std::vector<StepRef> ref_;
  struct EarlyRead {
    std::size_t violation;
    int gpu;
    long slot;
    std::size_t access;
  };
  std::vector<EarlyRead> early_;
  std::string where(int step) const {
    const StepRef& r = ref_[static_cast<std::size_t>(step)];
    return describe_step(a_, r.gpu, r.tb, r.step);
  }
};

}  // namespace

DataflowReport check_dataflow(const MscclAlgo& a, const MscclRounds& r) {
  DataflowReport rep;
  rep.shape = collective_shape(a);
  Simulator sim(a, r, rep);
  sim.run();
  sim.check_races();
  sim.check_post();
  rep.valid = rep.num_violations == 0;
  return rep;
}

}  // namespace schedcert::interop
