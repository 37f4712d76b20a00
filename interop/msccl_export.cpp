// schedcert Schedule -> MSCCL-IR (see msccl_export.hpp).
#include "interop/msccl_export.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "schedules/error.hpp"

namespace schedcert::interop {

namespace {

struct Loc {
  MscclBuffer buf;
  std::int64_t off;
};

struct StepAt {
  int tb = -1, step = -1, round = 0;
};

class Exporter {
 public:
  Exporter(const schedules::Schedule& s, const std::string& name) : s_(s) {
    const auto& p = s.problem();
    if (p.kind != schedules::ProblemKind::MultinodeBroadcast && p.kind != schedules::ProblemKind::TotalExchange)
      throw InputError("export msccl: problem " + p.describe() +
                       " has no MSCCL collective here (multinode-broadcast -> allgather, "
                       "total-exchange -> alltoall, allreduce -> allreduce)");
    n_ = static_cast<int>(s.network().num_nodes());
    m_ = p.messages;
    te_ = p.kind == schedules::ProblemKind::TotalExchange;
    a_.name = name;
    a_.proto = "Simple";
    a_.coll = te_ ? "alltoall" : "allgather";
    a_.ngpus = n_;
    a_.nchunksperloop = static_cast<std::int64_t>(n_) * m_;
    a_.inplace = !te_;
    a_.gpus.resize(n_);
    for (int g = 0; g < n_; ++g) {
      MscclGpu& gpu = a_.gpus[g];
      gpu.id = g;
      gpu.i_chunks = te_ ? a_.nchunksperloop : 0;
      gpu.o_chunks = a_.nchunksperloop;
    }
    held_.resize(n_);
    scratch_.resize(n_);
    last_in_round_.resize(n_);
  }

  // Where item x is (or will be) kept on gpu g; scratch slots are allocated on first use.
  Loc loc(int g, schedules::Item x) {
    const std::uint64_t n = static_cast<std::uint64_t>(n_), m = m_;
    if (!te_) return {MscclBuffer::Output, static_cast<std::int64_t>(x)};
    const std::uint64_t src = x / (n * m), dst = (x / m) % n, k = x % m;
    if (src == static_cast<std::uint64_t>(g)) return {MscclBuffer::Input, static_cast<std::int64_t>(dst * m + k)};
    if (dst == static_cast<std::uint64_t>(g)) return {MscclBuffer::Output, static_cast<std::int64_t>(src * m + k)};
    auto [it, fresh] = scratch_[g].emplace(x, a_.gpus[g].s_chunks);
    if (fresh) ++a_.gpus[g].s_chunks;
    return {MscclBuffer::Scratch, it->second};
  }

  int tb(int g, int peer, bool sending) {
    auto [it, fresh] = tbs_.emplace(std::make_tuple(g, peer, sending), static_cast<int>(a_.gpus[g].tbs.size()));
    if (fresh) {
      MscclThreadBlock t;
      t.id = it->second;
      t.send = sending ? peer : -1;
      t.recv = sending ? -1 : peer;
      a_.gpus[g].tbs.push_back(t);
    }
    return it->second;
  }

  StepAt append(int g, int t, MscclStep st, int round) {
    auto& steps = a_.gpus[g].tbs[t].steps;
    st.s = static_cast<int>(steps.size());
    steps.push_back(st);
    return {t, st.s, round};
  }

  void send_run(int round, int from, int to, const std::vector<schedules::Item>& run) {
    const Loc sl = loc(from, run.front()), rl = loc(to, run.front());
    const int st = tb(from, to, true), rt = tb(to, from, false);
    // Dependencies: the receives that brought the items, and a step of the previous round.
    std::vector<StepAt> deps;
    int latest = 0;
    for (schedules::Item x : run) {
      const auto it = held_[from].find(x);
      if (it != held_[from].end()) {
        deps.push_back(it->second);
        latest = std::max(latest, it->second.round);
      } else if (origin(x) != from) {
        throw InputError("export msccl: step " + std::to_string(round) + ": node " + std::to_string(from) +
                         " sends item " + std::to_string(x) + " before it holds it (verify the schedule first)");
      }
    }
    const auto& own = a_.gpus[from].tbs[st].steps;
    const int own_latest = own.empty() ? 0 : tb_round_[{from, st}];
    if (round > 1 && latest < round - 1 && own_latest < round - 1 && last_in_round_[from].count(round - 1))
      deps.push_back(last_in_round_[from][round - 1]);
    std::sort(deps.begin(), deps.end(), [](const StepAt& x, const StepAt& y) {
      return std::tie(x.tb, x.step) < std::tie(y.tb, y.step);
    });
    deps.erase(std::unique(deps.begin(), deps.end(),
                           [](const StepAt& x, const StepAt& y) { return x.tb == y.tb && x.step == y.step; }),
               deps.end());
    deps.erase(std::remove_if(deps.begin(), deps.end(), [&](const StepAt& d) { return d.tb == st; }),
               deps.end());
    for (std::size_t k = 0; k + 1 < deps.size(); ++k) {
      mark(from, deps[k]);
      append(from, st, wait_for(deps[k].tb, deps[k].step), round);
    }
    MscclStep s;
    s.op = MscclOp::Send;
    s.srcbuf = sl.buf;
    s.srcoff = sl.off;
    s.dstbuf = rl.buf;
    s.dstoff = rl.off;
    s.cnt = static_cast<std::int64_t>(run.size());
    if (!deps.empty()) {
      s.depid = deps.back().tb;
      s.deps = deps.back().step;
      mark(from, deps.back());
    }
    const StepAt sent = append(from, st, s, round);
    MscclStep r = s;
    r.op = MscclOp::Recv;
    r.depid = r.deps = -1;
    const StepAt got = append(to, rt, r, round);
    tb_round_[{from, st}] = round;
    tb_round_[{to, rt}] = round;
    last_in_round_[from][round] = sent;
    last_in_round_[to][round] = got;
    for (schedules::Item x : run)
      if (origin(x) != to && !held_[to].count(x)) held_[to][x] = got;
  }

  int origin(schedules::Item x) const {
    return static_cast<int>(s_.problem().origin(x, static_cast<std::uint64_t>(n_)));
  }

  void mark(int g, const StepAt& d) { a_.gpus[g].tbs[d.tb].steps[d.step].hasdep = true; }

  MscclAlgo run() {
    for (std::size_t k = 0; k < s_.num_steps(); ++k) {
      const int round = static_cast<int>(k) + 1;
      for (std::size_t t = s_.step_begin(k); t < s_.step_end(k); ++t) {
        const int from = static_cast<int>(s_.from(t)), to = static_cast<int>(s_.to(t));
        std::vector<schedules::Item> items(s_.packet(t).begin(), s_.packet(t).end());
        // Runs contiguous at both ends, in the sender's buffer order.
        std::sort(items.begin(), items.end(), [&](schedules::Item x, schedules::Item y) {
          const Loc a = loc(from, x), b = loc(from, y);
          return std::tie(a.buf, a.off) < std::tie(b.buf, b.off);
        });
        std::vector<schedules::Item> run;
        for (schedules::Item x : items) {
          if (!run.empty()) {
            const Loc ps = loc(from, run.back()), pr = loc(to, run.back());
            const Loc cs = loc(from, x), cr = loc(to, x);
            if (!(cs.buf == ps.buf && cs.off == ps.off + 1 && cr.buf == pr.buf && cr.off == pr.off + 1)) {
              send_run(round, from, to, run);
              run.clear();
            }
          }
          run.push_back(x);
        }
        if (!run.empty()) send_run(round, from, to, run);
      }
    }
    if (te_) {
      for (int g = 0; g < n_; ++g) {
        const int t = static_cast<int>(a_.gpus[g].tbs.size());
        MscclThreadBlock local;
        local.id = t;
        a_.gpus[g].tbs.push_back(local);
        MscclStep c;
        c.op = MscclOp::Copy;
        c.srcbuf = MscclBuffer::Input;
        c.srcoff = static_cast<std::int64_t>(g) * m_;
        c.dstbuf = MscclBuffer::Output;
        c.dstoff = static_cast<std::int64_t>(g) * m_;
        c.cnt = m_;
        append(g, t, c, 0);
      }
    }
    return a_;
  }

 private:
  const schedules::Schedule& s_;
  MscclAlgo a_;
  int n_ = 0;
  std::int64_t m_ = 1;
  bool te_ = false;
  std::vector<std::map<schedules::Item, std::int64_t>> scratch_;
  std::map<std::tuple<int, int, bool>, int> tbs_;
  std::map<std::pair<int, int>, int> tb_round_;
  std::vector<std::map<schedules::Item, StepAt>> held_;
  std::vector<std::map<int, StepAt>> last_in_round_;
};

}  // namespace

MscclAlgo to_msccl(const schedules::Schedule& s, const std::string& name) {
  if (s.problem().kind == schedules::ProblemKind::Allreduce) return allreduce_to_msccl(s, name);
  return Exporter(s, name).run();
}

RoundTrip compare_round_trip(const schedules::Schedule& original, const schedules::Schedule& back) {
  using Key = std::tuple<schedules::Node, schedules::Node, std::vector<schedules::Item>>;
  auto steps_by_key = [](const schedules::Schedule& s) {
    std::map<Key, std::vector<std::size_t>> out;
    for (std::size_t k = 0; k < s.num_steps(); ++k)
      for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
        std::vector<schedules::Item> p(s.packet(t).begin(), s.packet(t).end());
        std::sort(p.begin(), p.end());
        out[{s.from(t), s.to(t), p}].push_back(k);
      }
    return out;
  };
  const auto a = steps_by_key(original), b = steps_by_key(back);
  RoundTrip rt;
  for (const auto& [key, steps] : a) {
    const auto it = b.find(key);
    const std::size_t have = it == b.end() ? 0 : it->second.size();
    for (std::size_t k = 0; k < steps.size(); ++k) {
      if (k >= have || it->second[k] > steps[k]) ++rt.differ;
      else if (it->second[k] < steps[k]) ++rt.earlier;
      else ++rt.matched;
    }
  }
  for (const auto& [key, steps] : b) {  // transmissions the original does not have
    const auto it = a.find(key);
    const std::size_t have = it == a.end() ? 0 : it->second.size();
    if (steps.size() > have) rt.differ += steps.size() - have;
  }
  return rt;
}

void write_msccl_xml(const MscclAlgo& a, std::ostream& out) {
  auto esc = [](const std::string& x) {
    std::string o;
    for (char c : x) {
      if (c == '&') o += "&amp;";
      else if (c == '<') o += "&lt;";
      else if (c == '"') o += "&quot;";
      else o += c;
    }
    return o;
  };
  out << "<algo name=\"" << esc(a.name) << "\" proto=\"" << esc(a.proto) << "\" nchannels=\""
      << a.nchannels << "\" nchunksperloop=\"" << a.nchunksperloop << "\" ngpus=\"" << a.ngpus
      << "\" coll=\"" << esc(a.coll) << "\" inplace=\"" << (a.inplace ? 1 : 0) << "\">\n";
  for (const MscclGpu& g : a.gpus) {
    out << "  <gpu id=\"" << g.id << "\" i_chunks=\"" << g.i_chunks << "\" o_chunks=\"" << g.o_chunks
        << "\" s_chunks=\"" << g.s_chunks << "\">\n";
    for (const MscclThreadBlock& t : g.tbs) {
      out << "    <tb id=\"" << t.id << "\" send=\"" << t.send << "\" recv=\"" << t.recv
          << "\" chan=\"" << t.chan << "\">\n";
      for (const MscclStep& st : t.steps)
        out << "      <step s=\"" << st.s << "\" type=\"" << to_string(st.op) << "\" srcbuf=\""
            << to_string(st.srcbuf) << "\" srcoff=\"" << st.srcoff << "\" dstbuf=\""
            << to_string(st.dstbuf) << "\" dstoff=\"" << st.dstoff << "\" cnt=\"" << st.cnt
            << "\" depid=\"" << st.depid << "\" deps=\"" << st.deps << "\" hasdep=\""
            << (st.hasdep ? 1 : 0) << "\"/>\n";
      out << "    </tb>\n";
    }
    out << "  </gpu>\n";
  }
  out << "</algo>\n";
}

}  // namespace schedcert::interop
