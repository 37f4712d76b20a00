// Exact time-indexed allreduce synthesis (design note in allreduce.hpp).
#include "encodings/synth/allreduce.hpp"

#include <algorithm>

#include "schedules/budget/budget.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

void AllreduceEncoding::check_model(Model model) {
  if (model == Model::ShoutWhisper)
    throw InputError("synthesis: allreduce under shout-whisper is not supported (one packet on every "
                     "out-link: the normalisation of encodings/synth/allreduce.hpp does not hold)");
}

std::uint64_t AllreduceEncoding::estimate_bytes(const Topology& topo, const Problem& p, unsigned steps) {
  const unsigned __int128 items = p.num_items(topo.n());
  const unsigned __int128 vars =
      items * steps * topo.links().size() * 2 + items * (steps + 1) * topo.n() +
      static_cast<unsigned __int128>(p.messages) * steps * topo.links().size() * 2;
  const unsigned __int128 total = vars * Flow::kBytesPerVariable;
  return total > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(total);
}

AllreduceEncoding::AllreduceEncoding(const Topology& topo, Model model, const Problem& p,
                                     unsigned steps, const Flags& flags)
    : topo_(topo), model_(model), problem_(p), steps_(steps), n_(topo.n()),
      links_(topo.links().size()), f_(flags.keep_names) {
  if (p.kind != ProblemKind::Allreduce) throw std::logic_error("AllreduceEncoding: not an allreduce");
  check_model(model);
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  budget.admit(estimate_bytes(topo, p, steps),
               "the allreduce query (T = " + std::to_string(steps) + ", " + std::to_string(links_) + " links)");
  const auto building = budget.phase("building the allreduce query, T = " + std::to_string(steps));
  const std::uint32_t M = p.messages;
  const unsigned T = steps;
  items_ = p.num_items(n_);
  h_.assign(checked_mul(checked_mul(items_, std::uint64_t{T} + 1, "synthesis: items x (T + 1)"), n_,
                        "synthesis: items x (T + 1) x nodes"),
            kFalse);
  x_.assign(checked_mul(checked_mul(items_, T, "synthesis: items x T"), links_, "synthesis: items x T x links"),
            kFalse);
  const bool names = flags.keep_names;
  auto nm = [&](const char* k, std::uint64_t a, unsigned t, std::uint64_t b) {
    return names ? std::string(k) + std::to_string(a) + "_t" + std::to_string(t) + "_" + std::to_string(b)
                 : std::string{};
  };
  for (std::size_t i = 0; i < items_; ++i) H(i, 0, p.origin(i, n_)) = kTrue;
  std::vector<Lit> active;  // single-port: per link, "carries a packet in step t"
  std::vector<Lit> lits;
  for (unsigned t = 0; t < T; ++t) {
    building.tick([&] { return "step " + std::to_string(t) + ", " + std::to_string(f_.num_vars()) + " variables"; });
    active.assign(links_, kFalse);
    // Senders: x and c per link and chunk.
    for (std::uint32_t l = 0; l < links_; ++l) {
      const Node u = topo.links()[l].from;
      std::vector<Lit> any;
      for (std::uint32_t m = 0; m < M; ++m) {
        Lit s = kFalse;
        if (flags.whole_values) {
          s = f_.new_var(nm("s_m", m, t, l));
          any.push_back(s);
        }
        bool all_possible = true;
        for (Node src = 0; src < n_; ++src) {
          const std::size_t i = static_cast<std::size_t>(src) * M + m;
          const Lit hu = H(i, t, u);
          Lit& x = x_[(i * T + t) * links_ + l];
          if (hu == kFalse) {
            all_possible = false;
            continue;
          }
          if (flags.whole_values) {
            if (hu == kTrue) {
              x = s;
            } else {  // x <=> s and hu
              x = f_.new_var(nm("x_i", i, t, l));
              f_.implies(x, s);
              f_.implies(x, hu);
              f_.add_clause({x, -s, -hu});
            }
          } else {
            x = f_.new_var(nm("x_i", i, t, l));
            f_.implies(x, hu);
            any.push_back(x);
          }
        }
        // c(m, t, l): the complete value of chunk m on l (only when u can hold all of it).
        // Receiver rule: a partial sum is disjoint from v's value, a complete one overwrites.
        const Lit c = all_possible ? f_.new_var(nm("c_m", m, t, l)) : kFalse;
        const Node v = topo.links()[l].to;
        std::vector<Lit> useful{-c};  // a complete value only to a node missing a contribution
        for (Node src = 0; src < n_; ++src) {
          const std::size_t i = static_cast<std::size_t>(src) * M + m;
          if (c != kFalse) f_.implies(c, X(i, t, l));
          f_.add_clause({-X(i, t, l), c, -H(i, t, v)});
          useful.push_back(-H(i, t, v));
        }
        f_.add_clause(std::move(useful));
      }
      if (model != Model::AllPort) active[l] = f_.make_or(any);
    }
    // Receivers: pairwise disjoint packets, then the new holdings.
    for (Node v = 0; v < n_; ++v) {
      const auto& in = topo.in(v);
      for (std::size_t i = 0; i < items_; ++i) {
        lits.clear();
        for (std::uint32_t l : in)
          if (X(i, t, l) != kFalse) lits.push_back(X(i, t, l));
        for (std::size_t a = 0; a < lits.size(); ++a)
          for (std::size_t b = a + 1; b < lits.size(); ++b) f_.add_clause({-lits[a], -lits[b]});
        const Lit hv = H(i, t, v);
        Lit& next = H(i, t + 1, v);
        if (hv == kTrue || lits.empty()) {
          next = hv;
          continue;
        }
        const Lit y = f_.new_var(nm("h_i", i, t + 1, v));
        next = y;
        std::vector<Lit> def{-y, hv};
        for (Lit x : lits) {
          def.push_back(x);
          f_.implies(x, y);
        }
        f_.add_clause(std::move(def));
        f_.implies(hv, y);
      }
    }
    // Ports.
    if (model == Model::SinglePortFull || model == Model::SinglePortHalf) {
      for (Node v = 0; v < n_; ++v) {
        std::vector<Lit> out, in;
        for (std::uint32_t l : topo.out(v)) out.push_back(active[l]);
        for (std::uint32_t l : topo.in(v)) in.push_back(active[l]);
        if (model == Model::SinglePortFull) {
          f_.at_most(out, 1);
          f_.at_most(in, 1);
        } else {
          out.insert(out.end(), in.begin(), in.end());
          f_.at_most(out, 1);
        }
      }
    }
  }
  for (std::size_t i = 0; i < items_; ++i)
    for (Node v = 0; v < n_; ++v) f_.add_clause({H(i, T, v)});
  notes_ = std::string("allreduce time-indexed (") +
           (flags.whole_values ? "whole values: a packet carries the sender's current partial sum of each chunk it names"
                               : "any subsets: a packet carries any contributions the sender holds") +
           "; normalised: one complete value or disjoint partial sums per node, chunk and step)";
}

Schedule AllreduceEncoding::decode(const SolveOutcome& sat) const {
  Schedule s(topo_.net(), model_, problem_);
  s.provenance().construction = "smt-synthesis";
  s.provenance().parameters.emplace_back("encoding", "allreduce-time-indexed");
  s.provenance().parameters.emplace_back("steps", std::to_string(steps_));
  std::vector<Item> packet;
  for (unsigned t = 0; t < steps_; ++t) {
    s.begin_step();
    for (std::uint32_t l = 0; l < links_; ++l) {
      packet.clear();
      for (std::size_t i = 0; i < items_; ++i) {
        const Lit x = X(i, t, l);
        if (x != kFalse && sat.value(x)) packet.push_back(i);
      }
      if (!packet.empty()) s.add(topo_.links()[l].from, topo_.links()[l].to, packet);
    }
  }
  return s;
}

bool sends_whole_values(const Schedule& s) {
  const std::uint32_t n = s.network().num_nodes(), M = s.problem().messages;
  // held[v * M + m][src]: v's value of chunk m holds src's contribution.
  std::vector<std::vector<bool>> held(std::size_t{n} * M, std::vector<bool>(n, false));
  for (Node v = 0; v < n; ++v)
    for (std::uint32_t m = 0; m < M; ++m) held[std::size_t{v} * M + m][v] = true;
  std::vector<std::vector<bool>> sent(M, std::vector<bool>(n, false));
  std::vector<bool> named(M, false);
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    auto next = held;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      for (std::uint32_t m = 0; m < M; ++m) {
        std::fill(sent[m].begin(), sent[m].end(), false);
        named[m] = false;
      }
      for (Item i : s.packet(k)) {
        sent[i % M][i / M] = true;
        named[i % M] = true;
      }
      for (std::uint32_t m = 0; m < M; ++m) {
        if (!named[m]) continue;
        if (sent[m] != held[std::size_t{s.from(k)} * M + m]) return false;
        auto& h = next[std::size_t{s.to(k)} * M + m];
        for (Node src = 0; src < n; ++src) h[src] = h[src] || sent[m][src];
      }
    }
    held = std::move(next);
  }
  return true;
}

std::vector<LowerBound> allreduce_lower_bounds(const Topology& topo, Model model) {
  std::vector<LowerBound> out;
  const std::uint32_t n = topo.n();
  Node far_from = 0;
  for (Node a = 0; a < n; ++a)
    if (topo.ecc(a) > topo.ecc(far_from)) far_from = a;
  Node far = 0;
  for (Node b = 0; b < n; ++b)
    if (topo.dist(far_from, b) > topo.dist(far_from, far)) far = b;
  out.push_back(LowerBound{topo.ecc(far_from),
                           "the contribution of node " + std::to_string(far_from) + " must reach node " +
                               std::to_string(far) + " at distance " + std::to_string(topo.ecc(far_from)) +
                               ", one link per step"});
  if (model != Model::AllPort && n > 1) {
    unsigned k = 0;
    while ((std::uint64_t{1} << k) < n) ++k;
    out.push_back(LowerBound{k, "a node receives at most one packet per step, so the contributions its value "
                                "of a chunk holds at most double per step (1 at the start, " +
                                    std::to_string(n) + " at the end)"});
  }
  std::stable_sort(out.begin(), out.end(), [](const LowerBound& a, const LowerBound& b) { return a.steps > b.steps; });
  return out;
}

}  // namespace schedcert::encodings::synth
