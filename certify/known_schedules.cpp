// Known schedules as upper bounds (design note in known_schedules.hpp).
#include "certify/known_schedules.hpp"

#include <algorithm>

#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert::certify {

using namespace schedcert::schedules;

std::vector<Params> candidates(const Network& net) {
  std::vector<Params> ps;
  if (net.is_hypercube()) {
    Params p;
    p.dim = net.dims();
    ps.push_back(p);
  } else {
    bool same_ring = true;
    for (const auto& f : net.factors())
      same_ring = same_ring && f.kind == FactorKind::Ring && f.size == net.factors()[0].size;
    if (same_ring) {
      Params p;
      p.dim = net.dims();
      p.radix = static_cast<int>(net.factors()[0].size);
      ps.push_back(p);
    }
  }
  Params p;
  p.network = net.name();
  ps.push_back(p);
  return ps;
}

bool same_problem(const Problem& a, const Problem& want) {
  if (a.kind != want.kind || a.messages != want.messages || a.packet_items != want.packet_items)
    return false;
  if (a.has_root() && a.root != want.root) return false;
  return true;  // successive broadcasts: the construction's own order is kept
}

std::vector<Built> built_schedules(const Network& net, const Problem& want) {
  std::vector<Built> out;
  for (const auto& c : Registry::instance().all()) {
    if (c.problem != want.kind) continue;
    for (Model m : c.models) {
      for (Params p : candidates(net)) {
        p.model = m;
        try {
          Schedule s = generate(c, p);
          if (s.network().name() != net.name() || !same_problem(s.problem(), want)) continue;
          out.push_back({&c, p, std::move(s)});
          break;
        } catch (const InputError&) {
          continue;  // these parameters are not this construction's
        }
      }
    }
  }
  return out;
}

Schedule rebound(const Schedule& s, Model m, const Problem& p, Split split) {
  Schedule out(s.network(), m, p);
  const std::size_t n = s.network().num_nodes();
  std::vector<std::vector<char>> busy;  // per sub-step: nodes already sending or receiving
  std::vector<std::size_t> colour;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    if (split == Split::None) {
      out.begin_step();
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
        out.add(s.from(k), s.to(k), s.packet(k));
      continue;
    }
    busy.clear();
    colour.clear();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      std::size_t c = 0;
      if (split == Split::Parity) {
        c = __builtin_popcount(s.from(k)) & 1;
      } else {
        while (c < busy.size() && (busy[c][s.from(k)] || busy[c][s.to(k)])) ++c;
      }
      if (c >= busy.size()) busy.resize(c + 1, std::vector<char>(n, 0));
      busy[c][s.from(k)] = busy[c][s.to(k)] = 1;
      colour.push_back(c);
    }
    for (std::size_t c = 0; c < busy.size(); ++c) {
      bool opened = false;
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
        if (colour[k - s.step_begin(st)] != c) continue;
        if (!opened) out.begin_step();
        opened = true;
        out.add(s.from(k), s.to(k), s.packet(k));
      }
    }
  }
  return out;
}

std::optional<Derived> derive_best(const std::vector<Known>& pool, Model m, const Problem& p) {
  std::optional<Derived> best;
  for (const auto& b : pool) {
    if (b.model == m) continue;
    for (Split split : {Split::None, Split::Parity, Split::Greedy}) {
      if (split == Split::Parity && !b.s.network().is_hypercube()) continue;
      Schedule s = rebound(b.s, m, p, split);
      if (best && s.num_steps() >= best->s.num_steps()) continue;
      if (!verifier::verify_native(s).valid) continue;
      const char* how = split == Split::None     ? ""
                        : split == Split::Parity ? "+parity-split"
                                                 : "+greedy-split";
      best = Derived{std::move(s), "derived:" + b.label + "/" + schedules::to_string(b.model) + how};
    }
  }
  return best;
}

std::optional<Derived> best_known_schedule(const Network& net, Model m, const Problem& want) {
  std::vector<Known> pool;
  std::optional<Derived> best;
  for (auto& b : built_schedules(net, want)) {
    if (b.p.model == m && verifier::verify_native(b.s).valid &&
        (!best || b.s.num_steps() < best->s.num_steps()))
      best = Derived{b.s, "construction:" + b.c->name};
    pool.push_back({b.c->name, b.p.model, std::move(b.s)});
  }
  if (auto d = derive_best(pool, m, want); d && (!best || d->s.num_steps() < best->s.num_steps())) best = std::move(d);
  return best;
}

}  // namespace schedcert::certify
