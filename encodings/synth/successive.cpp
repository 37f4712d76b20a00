// Successive broadcasts with a free allocation: the encoding (design note in
// successive.hpp; rules and proofs in docs/successive-optimum.md).
#include "encodings/synth/successive.hpp"

#include <algorithm>
#include <functional>

#include "encodings/synth/lex_leader.hpp"
#include "schedules/checked.hpp"
#include "schedules/budget/watchdog.hpp"
#include "schedules/error.hpp"

namespace schedcert::encodings::synth {

using schedules::Model;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;

SuccessiveEncoding::SuccessiveEncoding(const Topology& topo, Model model,
                                       const std::vector<Node>& fixed, unsigned steps,
                                       SuccessiveSymmetry symmetry, bool keep_names)
    : topo_(topo),
      model_(model),
      steps_(steps),
      n_(topo.n()),
      L_(topo.links().size()),
      f_(keep_names) {
  if (!fixed.empty() && fixed.size() != n_)
    throw InputError("problem.sources: a fixed allocation for the exact successive-broadcast "
                     "search lists every node once (" + std::to_string(n_) + " sources), got " +
                     std::to_string(fixed.size()));
  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  budget.admit(estimate_bytes(topo, steps),
               "the successive-broadcast query (" + std::to_string(n_) + " values, T = " +
                   std::to_string(steps) + ", " + std::to_string(L_) + " links)");
  const auto building =
      budget.phase("building the successive-broadcast query, T = " + std::to_string(steps));
  add_allocation(fixed);
  add_flow(building);
  building.tick();
  add_port_rules();
  building.tick();
  notes_ = std::string("successive broadcasts, allocation ") +
           (fixed.empty() ? "free (bijection)" : "fixed") + ", item windows";
  if (symmetry == SuccessiveSymmetry::LexLeader) {
    SuccessiveVars vars;
    vars.values = n_;
    vars.steps = steps;
    vars.alloc = &a_;
    const SuccessiveEncoding& self = *this;
    vars.send = [&self](std::size_t j, unsigned t, std::uint32_t l) { return self.send(j, t, l); };
    vars.fixed_sources = fixed;
    notes_ += ", symmetry: " + add_successive_lex_leader(f_, topo, vars);
  } else if (symmetry == SuccessiveSymmetry::Rules && fixed.empty() && topo.net().is_hypercube() &&
             n_ > 1) {
    f_.add_clause({a_[0]});  // broadcast 0 from node 0 (translations)
    add_coordinate_rules(building);
    notes_ += ", symmetry: first source 0, later sources canonical under coordinate permutations (" +
              std::to_string(coordinate_rules_) + " rules, sources 1.." +
              std::to_string(coordinate_depth_) + ")";
  }
}

void SuccessiveEncoding::add_allocation(const std::vector<Node>& fixed) {
  a_.assign(n_ * n_, kFalse);
  if (!fixed.empty()) {
    std::vector<bool> seen(n_, false);
    for (std::size_t j = 0; j < n_; ++j) {
      if (fixed[j] >= n_ || seen[fixed[j]])
        throw InputError("problem.sources[" + std::to_string(j) + "]: node " +
                         std::to_string(fixed[j]) +
                         " is out of range or repeated (the allocation must be a bijection)");
      seen[fixed[j]] = true;
      a_[j * n_ + fixed[j]] = kTrue;
    }
    return;
  }
  for (std::size_t j = 0; j < n_; ++j)
    for (Node v = 0; v < n_; ++v)
      a_[j * n_ + v] = f_.new_var("a_j" + std::to_string(j) + "_v" + std::to_string(v));
  for (std::size_t j = 0; j < n_; ++j) {
    std::vector<Lit> row(a_.begin() + static_cast<std::ptrdiff_t>(j * n_),
                         a_.begin() + static_cast<std::ptrdiff_t>((j + 1) * n_));
    f_.add_clause(row);
    f_.at_most(row, 1);
  }
  for (Node v = 0; v < n_; ++v) {
    std::vector<Lit> col;
    for (std::size_t j = 0; j < n_; ++j) col.push_back(a_[j * n_ + v]);
    f_.add_clause(col);
    f_.at_most(col, 1);
  }
}

std::uint64_t SuccessiveEncoding::estimate_variables(const Topology& topo, unsigned steps) {
  // 128-bit sums: the estimate of a hopeless query must not wrap into a small one.
  const auto n = static_cast<unsigned __int128>(topo.n());
  const auto T = static_cast<long long>(steps);
  unsigned __int128 sends = 0;
  for (long long j = 0; j < static_cast<long long>(topo.n()); ++j) {
    // The window of add_flow: 0-based steps j..T - n + j + 1, inside 0..T - 1.
    const long long lo = j, hi = std::min(T - 1, T - static_cast<long long>(topo.n()) + j + 1);
    if (hi >= lo) sends += static_cast<unsigned __int128>(hi - lo + 1) * topo.links().size();
  }
  const unsigned __int128 vars = sends + n * steps * n + n * n;
  return vars > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(vars);
}

std::uint64_t SuccessiveEncoding::estimate_bytes(const Topology& topo, unsigned steps) {
  const auto n = static_cast<unsigned __int128>(topo.n());
  const unsigned __int128 arrays =
      4 * n * (static_cast<unsigned __int128>(steps) * topo.links().size() + (steps + 1) * n + n);
  const unsigned __int128 total =
      static_cast<unsigned __int128>(estimate_variables(topo, steps)) * kBytesPerVariable + arrays;
  return total > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(total);
}

void SuccessiveEncoding::add_flow(const schedules::budget::Budget::Phase& building) {
  const unsigned T = steps_;
  // Checked sizes (issue 13).
  x_.assign(checked_mul(checked_mul(n_, T, "synthesis: items x T x links"), L_,
                        "synthesis: items x T x links"),
            kFalse);
  h_.assign(checked_mul(checked_mul(n_, std::uint64_t{T} + 1, "synthesis: items x (T + 1) x nodes"),
                        n_, "synthesis: items x (T + 1) x nodes"),
            kFalse);
  const bool names = f_.keeps_names();
  auto nm = [&](const char* k, std::size_t j, unsigned t, Node a, Node b, bool two) {
    if (!names) return std::string{};
    return std::string(k) + "_i" + std::to_string(j) + "_t" + std::to_string(t) + "_" +
           std::to_string(a) + (two ? "_" + std::to_string(b) : std::string{});
  };
  std::vector<Lit> in;
  for (std::size_t j = 0; j < n_; ++j) {
    building.tick([&] {
      return "value " + std::to_string(j) + " of " + std::to_string(n_) + ", " + f_.summary();
    });
    for (Node v = 0; v < n_; ++v) holds(j, 0, v) = a_[j * n_ + v];
    // Window of 0-based steps in which item j may move (docs/successive-optimum.md, rule W).
    const long lo = static_cast<long>(j);
    const long hi = static_cast<long>(T) - static_cast<long>(n_) + static_cast<long>(j) + 1;
    for (unsigned t = 0; t < T; ++t) {
      const long tt = static_cast<long>(t);
      if (tt >= lo && tt <= hi)
        for (std::size_t l = 0; l < L_; ++l) {
          const Node u = topo_.links()[l].from, v = topo_.links()[l].to;
          const Lit hu = holds(j, t, u), hv = holds(j, t, v);
          if (hu == kFalse || hv == kTrue) continue;
          Lit pu = kTrue, pv = kTrue;
          if (j > 0) {
            pu = holds(j - 1, t, u);
            pv = holds(j - 1, t, v);
            if (pu == kFalse || pv == kFalse) continue;
          }
          const Lit x = f_.new_var(nm("x", j, t, u, v, true));
          send(j, t, l) = x;
          f_.implies(x, hu);
          f_.implies(x, -hv);
          f_.implies(x, pu);
          f_.implies(x, pv);
        }
      for (Node v = 0; v < n_; ++v) {
        const Lit hv = holds(j, t, v);
        in.clear();
        for (std::uint32_t l : topo_.in(v))
          if (send(j, t, l) != kFalse) in.push_back(send(j, t, l));
        if (hv == kTrue || in.empty()) {
          holds(j, t + 1, v) = hv;
          continue;
        }
        const Lit y = f_.new_var(nm("h", j, t + 1, v, v, false));
        holds(j, t + 1, v) = y;
        std::vector<Lit> def{-y, hv};
        for (Lit x : in) {
          def.push_back(x);
          f_.implies(x, y);
        }
        f_.add_clause(std::move(def));
        f_.implies(hv, y);
      }
    }
    for (Node v = 0; v < n_; ++v) f_.add_clause({holds(j, T, v)});
  }
}

void SuccessiveEncoding::add_port_rules() {
  std::vector<Lit> in, out, shout;
  for (unsigned t = 0; t < steps_; ++t) {
    if (model_ == Model::AllPort)  // one item per directed link and step (its multiplicity)
      for (std::size_t l = 0; l < L_; ++l) {
        out.clear();
        for (std::size_t j = 0; j < n_; ++j)
          if (send(j, t, l) != kFalse) out.push_back(send(j, t, l));
        const unsigned cap = topo_.links()[l].mult;
        if (out.size() > cap) f_.at_most(out, cap);
      }
    for (Node v = 0; v < n_; ++v) {
      in.clear();
      out.clear();
      shout.clear();
      for (std::size_t j = 0; j < n_; ++j) {
        for (std::uint32_t l : topo_.in(v))
          if (send(j, t, l) != kFalse) in.push_back(send(j, t, l));
        std::vector<Lit> xs;
        for (std::uint32_t l : topo_.out(v))
          if (send(j, t, l) != kFalse) xs.push_back(send(j, t, l));
        out.insert(out.end(), xs.begin(), xs.end());
        if (model_ == Model::ShoutWhisper && !xs.empty()) {
          const Lit s = f_.new_var(f_.keeps_names() ? "s_i" + std::to_string(j) + "_t" +
                                                          std::to_string(t) + "_" + std::to_string(v)
                                                    : std::string{});
          for (Lit x : xs) f_.implies(x, s);
          shout.push_back(s);
        }
      }
      switch (model_) {
        case Model::AllPort: break;  // several receptions in one step are out of order anyway
        case Model::SinglePortFull:
          f_.at_most(out, 1);
          f_.at_most(in, 1);
          break;
        case Model::SinglePortHalf:
          out.insert(out.end(), in.begin(), in.end());
          f_.at_most(out, 1);
          break;
        case Model::ShoutWhisper:
          // One step: one reception, or one shouted item (to any set of neighbours), not both.
          shout.insert(shout.end(), in.begin(), in.end());
          f_.at_most(shout, 1);
          break;
      }
    }
  }
}

// Coordinate permutations fixing node 0 are the automorphisms left after "source 0 = node 0".
// Those that also fix the sources s_1..s_k permute the coordinates inside each cell of the
// partition by the bit pattern (s_1[i], ..., s_k[i]); with canonical earlier sources the cells
// are intervals, and s_{k+1} is canonical when inside every cell its ones come first. For every
// canonical prefix (s_1..s_k) and non-canonical v: clause (not a(1,s_1) or ... or not a(k+1, v)).
// The recursion stops once every cell is a single coordinate (no permutation left), or at the
// deepest prefix length whose rules stay within kMaxCoordinateRules clauses: on Q5 the full set
// has hundreds of millions of clauses (measured: 111 M after 45 s, then out of memory), while its
// first levels do nearly all the pruning. Leaving out the deeper rules is sound: each rule only
// removes schedules whose image under some automorphism satisfies every rule, so any subset of
// the rules keeps an image of every schedule (docs/successive-optimum.md).
void SuccessiveEncoding::add_coordinate_rules(const schedules::budget::Budget::Phase& building) {
  const int d = topo_.net().dims();
  using Cells = std::vector<std::pair<int, int>>;  // [lo, hi)
  auto canonical = [&](Node v, const Cells& cells) {
    for (const auto& [lo, hi] : cells) {
      bool zero_seen = false;
      for (int i = lo; i < hi; ++i) {
        const bool one = (v >> i) & 1u;
        if (one && zero_seen) return false;
        if (!one) zero_seen = true;
      }
    }
    return true;
  };
  std::vector<Lit> prefix;
  std::vector<bool> used(n_, false);  // earlier sources (a(k, v) is false for them anyway)
  // Walks the canonical prefixes up to length `depth`; counts the rules (stopping past `cap`), and
  // adds them when `emit`.
  std::uint64_t rules = 0;
  std::function<void(std::size_t, const Cells&, std::size_t, std::uint64_t, bool)> rec =
      [&](std::size_t k, const Cells& cells, std::size_t depth, std::uint64_t cap, bool emit) {
        bool nontrivial = false;
        for (const auto& c : cells) nontrivial |= c.second - c.first > 1;
        if (!nontrivial || k >= n_ || k > depth || rules > cap) return;
        for (Node v = 1; v < n_; ++v) {
          if (used[v]) continue;
          if (!canonical(v, cells)) {
            if ((++rules & 0xfff) == 0)
              building.tick([&] { return "symmetry rules, " + f_.summary(); });
            if (emit) {
              std::vector<Lit> cl = prefix;
              cl.push_back(-a_[k * n_ + v]);
              f_.add_clause(std::move(cl));
            }
            continue;
          }
          Cells next;
          for (const auto& [lo, hi] : cells) {
            int m = lo;
            while (m < hi && ((v >> m) & 1u)) ++m;
            if (m > lo) next.emplace_back(lo, m);
            if (hi > m) next.emplace_back(m, hi);
          }
          prefix.push_back(-a_[k * n_ + v]);
          used[v] = true;
          rec(k + 1, next, depth, cap, emit);
          used[v] = false;
          prefix.pop_back();
        }
      };
  // The deepest level that fits: each count stops once it passes the cap.
  auto count = [&](std::size_t depth) {
    rules = 0;
    rec(1, Cells{{0, d}}, depth, kMaxCoordinateRules, false);
    return rules;
  };
  std::size_t depth = 1;
  for (std::uint64_t previous = count(1); depth + 1 < n_; ++depth) {
    const std::uint64_t c = count(depth + 1);
    if (c > kMaxCoordinateRules || c == previous) break;  // too many, or nothing deeper
    previous = c;
  }
  rules = 0;
  rec(1, Cells{{0, d}}, depth, UINT64_MAX, true);
  coordinate_rules_ = rules;
  coordinate_depth_ = depth;
}

Schedule SuccessiveEncoding::decode(const SolveOutcome& sat) const {
  Problem p;
  p.kind = ProblemKind::SuccessiveBroadcast;
  for (std::size_t j = 0; j < n_; ++j)
    for (Node v = 0; v < n_; ++v)
      if (sat.value(a_[j * n_ + v])) p.sources.push_back(v);
  Schedule s(topo_.net(), model_, p);
  s.provenance().construction = "smt-synthesis";
  s.provenance().parameters.emplace_back("encoding", "successive-broadcast time-indexed");
  s.provenance().parameters.emplace_back("steps", std::to_string(steps_));
  for (unsigned t = 0; t < steps_; ++t) {
    s.begin_step();
    for (std::size_t l = 0; l < L_; ++l)
      for (std::size_t j = 0; j < n_; ++j) {
        const Lit x = send(j, t, l);
        if (x != kFalse && sat.value(x))
          s.add(topo_.links()[l].from, topo_.links()[l].to, static_cast<schedules::Item>(j));
      }
  }
  return s;
}

}  // namespace schedcert::encodings::synth
