// SCCL's (S, R) question as one Z3 query per pair (see sccl.hpp for the design note).
#include "encodings/synth/sccl.hpp"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <stdexcept>

#include "encodings/smt/z3_interrupts.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"
#include "verifier/native.hpp"

namespace schedcert::encodings::synth {

namespace {

using schedules::Item;
using schedules::Node;

struct Link {
  Node from, to;
  unsigned cap;
};

}  // namespace

void check_sccl_request(const schedules::Network& net, schedules::Model model, const schedules::Problem& p) {
  if (model != schedules::Model::AllPort)
    throw InputError("--model " + schedules::to_string(model) +
                     ": SCCL steps are defined here for all-port only (every link carries its own "
                     "chunks in a round; SCCL's bandwidth constraints are per link)");
  if (p.kind != schedules::ProblemKind::MultinodeBroadcast && p.kind != schedules::ProblemKind::TotalExchange)
    throw InputError("--problem " + schedules::to_string(p.kind) +
                     ": SCCL steps are supported for multinode-broadcast (allgather) and "
                     "total-exchange (alltoall)");
  if (p.packet_items != 1)
    throw InputError("--packet-items: SCCL chunks are sent one per link and round (B = 1)");
  p.validate(net);
}

namespace {

void check_supported(const schedules::Network& net, schedules::Model model, const schedules::Problem& p,
                     unsigned steps, unsigned rounds) {
  check_sccl_request(net, model, p);
  if (steps == 0) throw InputError("--sccl-steps: S must be at least 1");
  if (rounds < steps)
    throw InputError("--sccl-steps " + std::to_string(steps) + " with --steps (rounds) " +
                     std::to_string(rounds) + ": every step lasts at least one round, so S <= R");
  check_synthesis_steps(rounds, "--steps (rounds)");
}

std::vector<Link> links_of(const schedules::Network& net) {
  std::vector<Link> out;
  const Node n = net.num_nodes();
  for (Node u = 0; u < n; ++u)
    net.for_each_neighbour(u, [&](Node v, int dim) {
      out.push_back({u, v, net.link_capacity(u, v, dim)});
    });
  std::sort(out.begin(), out.end(), [](const Link& a, const Link& b) {
    return std::tie(a.from, a.to) < std::tie(b.from, b.to);
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Link& a, const Link& b) { return a.from == b.from && a.to == b.to; }),
            out.end());
  return out;
}

// The largest distance any item must travel: no S below it works (one hop per step at most).
unsigned distance_bound(const schedules::Network& net, const schedules::Problem& p, Item* worst) {
  const std::uint64_t n = net.size();
  unsigned best = 0;
  for (Item i = 0; i < p.num_items(n); ++i) {
    const Node o = p.origin(i, n), t = p.target(i, n);
    unsigned d = 0;
    if (t == schedules::kAllNodes) {
      for (Node v = 0; v < n; ++v) d = std::max(d, net.distance(o, v));
    } else {
      d = net.distance(o, t);
    }
    if (d > best) {
      best = d;
      if (worst) *worst = i;
    }
  }
  return best;
}

}  // namespace

std::optional<std::string> check_sccl_steps(const schedules::Schedule& s,
                                            const std::vector<unsigned>& rounds_per_step) {
  std::uint64_t total = 0;
  for (unsigned r : rounds_per_step) {
    if (r == 0) return "a step of 0 rounds";
    total += r;
  }
  if (total != s.num_steps())
    return "the steps' rounds sum to " + std::to_string(total) + ", but the schedule has " +
           std::to_string(s.num_steps()) + " rounds";
  const std::uint64_t n = s.network().size();
  // arrived[(node, item)] = the SCCL step (1-based) in which the node first received the item.
  std::map<std::pair<Node, Item>, std::size_t> arrived;
  std::size_t round = 0;
  for (std::size_t step = 0; step < rounds_per_step.size(); ++step)
    for (unsigned k = 0; k < rounds_per_step[step]; ++k, ++round) {
      for (std::size_t t = s.step_begin(round); t < s.step_end(round); ++t)
        for (Item x : s.packet(t)) {
          if (s.problem().origin(x, n) == s.from(t)) continue;
          const auto it = arrived.find({s.from(t), x});
          if (it != arrived.end() && it->second == step + 1)
            return "round " + std::to_string(round + 1) + " (step " + std::to_string(step + 1) + "): node " +
                   std::to_string(s.from(t)) + " sends item " + std::to_string(x) +
                   ", which it received in the same step (a chunk received in step s can be sent "
                   "only from step s + 1)";
        }
      for (std::size_t t = s.step_begin(round); t < s.step_end(round); ++t)
        for (Item x : s.packet(t)) arrived.emplace(std::make_pair(s.to(t), x), step + 1);
    }
  return std::nullopt;
}

ScclResult synthesize_sccl(const schedules::Network& net, schedules::Model model,
                           const schedules::Problem& problem, unsigned S, unsigned R,
                           const ScclOptions& options) {
  check_supported(net, model, problem, S, R);
  const auto start = std::chrono::steady_clock::now();
  ScclResult out;
  out.steps = S;
  out.rounds = R;
  auto finish = [&]() -> ScclResult {
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!options.quiet)
      std::cerr << "sccl: S = " << S << ", R = " << R << ": " << to_string(out.status) << " ("
                << out.engine << ", " << out.seconds << " s)\n";
    return out;
  };
  Item worst = 0;
  const unsigned dist = distance_bound(net, problem, &worst);
  const std::uint64_t n = net.size();
  if (S < dist) {
    out.status = SynthesisStatus::Impossible;
    out.engine = "distance argument";
    out.certificate = problem.describe_item(worst, n) + " must travel " + std::to_string(dist) +
                      " links, at most one per step, so it needs " + std::to_string(dist) +
                      " steps > S = " + std::to_string(S);
    return finish();
  }
  out.engine = "z3";
  const std::vector<Link> links = links_of(net);
  const Node N = net.num_nodes();
  // Items that have to move (an item whose origin is its only target is delivered at start).
  std::vector<Item> items;
  for (Item i = 0; i < problem.num_items(n); ++i)
    if (problem.origin(i, n) != problem.target(i, n)) items.push_back(i);

  const schedules::budget::Budget& budget = schedules::budget::command_budget();
  z3::context ctx;
  // Z3's default solver (its pseudo-Boolean theory): on dgx1 allgather C = 6, (3, 7) is found in
  // about 1 s, against 22 s with the QF_FD solver, and implied per-node limits made both slower
  // (12 s and 39 s), so they are not added.
  z3::solver solver(ctx);
  const z3::expr F = ctx.bool_val(false);
  std::uint64_t num_vars = 0;
  auto fresh = [&](const std::string& name) {
    ++num_vars;
    return ctx.bool_const(name.c_str());
  };
  // has[c][v][s], s = 0..S; snd[c][l][s-1], s = 1..S (false when pruned).
  const std::size_t C = items.size(), L = links.size();
  std::vector<std::vector<std::vector<z3::expr>>> has(C), snd(C);
  std::vector<std::vector<unsigned>> into(N);  // link ids into each node
  for (std::size_t l = 0; l < L; ++l) into[links[l].to].push_back(static_cast<unsigned>(l));
  for (std::size_t c = 0; c < C; ++c) {
    const Item i = items[c];
    const Node o = problem.origin(i, n), g = problem.target(i, n);
    const bool personal = g != schedules::kAllNodes;
    has[c].assign(N, {});
    for (Node v = 0; v < N; ++v) {
      has[c][v].push_back(ctx.bool_val(v == o));
      for (unsigned s = 1; s <= S; ++s)
        has[c][v].push_back(net.distance(o, v) <= s && v != o
                                ? fresh("has_" + std::to_string(i) + "_" + std::to_string(v) + "_" + std::to_string(s))
                                : ctx.bool_val(v == o));
    }
    snd[c].assign(L, {});
    for (std::size_t l = 0; l < L; ++l) {
      const Link& k = links[l];
      for (unsigned s = 1; s <= S; ++s) {
        const bool possible = net.distance(o, k.from) <= s - 1 && k.to != o &&
                              (!personal || (k.from != g && net.distance(k.to, g) <= S - s));
        snd[c][l].push_back(possible ? fresh("snd_" + std::to_string(i) + "_" + std::to_string(k.from) + "_" +
                                             std::to_string(k.to) + "_" + std::to_string(s))
                                     : F);
      }
    }
    for (Node v = 0; v < N; ++v)
      for (unsigned s = 1; s <= S; ++s) {
        z3::expr_vector in(ctx);
        for (unsigned l : into[v])
          if (!snd[c][l][s - 1].is_false()) in.push_back(snd[c][l][s - 1]);
        if (v == o) continue;
        // has(c, v, s) <=> has(c, v, s-1) or an incoming send in step s.
        z3::expr any = in.empty() ? F : z3::mk_or(in);
        solver.add(has[c][v][s] == (has[c][v][s - 1] || any));
        if (in.size() > 1) solver.add(z3::atmost(in, 1));
        for (unsigned e = 0; e < in.size(); ++e) solver.add(z3::implies(in[e], !has[c][v][s - 1]));
      }
    for (std::size_t l = 0; l < L; ++l)
      for (unsigned s = 1; s <= S; ++s)
        if (!snd[c][l][s - 1].is_false()) solver.add(z3::implies(snd[c][l][s - 1], has[c][links[l].from][s - 1]));
    // Completion.
    for (Node v = 0; v < N; ++v)
      if (!personal || v == g) solver.add(has[c][v][S]);
  }
  // Step lengths: len[s][k-1] <=> step s lasts k rounds, k = 1..R-S+1.
  const unsigned K = R - S + 1;
  std::vector<std::vector<z3::expr>> len(S);
  z3::expr_vector all_len(ctx);
  std::vector<int> weights;
  for (unsigned s = 0; s < S; ++s) {
    z3::expr_vector one(ctx);
    for (unsigned k = 1; k <= K; ++k) {
      len[s].push_back(fresh("len_" + std::to_string(s + 1) + "_" + std::to_string(k)));
      one.push_back(len[s].back());
      all_len.push_back(len[s].back());
      weights.push_back(static_cast<int>(k));
    }
    std::vector<int> ones(K, 1);
    solver.add(z3::pbeq(one, ones.data(), 1));
  }
  solver.add(z3::pbeq(all_len, weights.data(), static_cast<int>(R)));
  // Bandwidth: in step s, link l carries at most cap x r_s chunks.
  std::uint64_t cards = 0;
  for (std::size_t l = 0; l < L; ++l)
    for (unsigned s = 0; s < S; ++s) {
      z3::expr_vector on(ctx);
      for (std::size_t c = 0; c < C; ++c)
        if (!snd[c][l][s].is_false()) on.push_back(snd[c][l][s]);
      for (unsigned k = 1; k <= K; ++k) {
        const std::uint64_t cap = static_cast<std::uint64_t>(links[l].cap) * k;
        if (on.size() <= cap) break;
        solver.add(z3::implies(len[s][k - 1], z3::atmost(on, static_cast<unsigned>(cap))));
        ++cards;
      }
    }
  out.stats = "variables " + std::to_string(num_vars) + ", chunks to move " + std::to_string(C) +
              ", directed links " + std::to_string(L) + ", conditional link limits " + std::to_string(cards);

  // Our own deadline, not Z3's "timeout" parameter (encodings/smt/z3_interrupts.hpp says why).
  const unsigned limit_ms = budget.has_deadline() ? budget.solver_timeout_ms(options.timeout_ms) : options.timeout_ms;
  z3::params prm(ctx);
  prm.set("ctrl_c", smt::z3_ctrl_c());
  solver.set(prm);
  bool timed_out = false;
  const z3::check_result r = [&] {
    const auto solving = budget.phase("Z3 check (SCCL S=" + std::to_string(S) + ", R=" + std::to_string(R) + ")");
    const auto hook = budget.on_stop([&ctx] { ctx.interrupt(); });
    return smt::check_within(ctx, solver, limit_ms, &timed_out);
  }();
  if (r == z3::unknown) {
    out.status = SynthesisStatus::Unknown;
    out.reason = timed_out ? "timeout" : solver.reason_unknown();
    return finish();
  }
  if (r == z3::unsat) {
    out.status = SynthesisStatus::Impossible;
    out.certificate = "Z3 answers unsat for the exact (S = " + std::to_string(S) + ", R = " +
                      std::to_string(R) + ") query";
    return finish();
  }
  // Decode: step lengths, then each link's chunks of a step spread over the step's rounds.
  const z3::model m = solver.get_model();
  auto truth = [&](const z3::expr& e) { return m.eval(e, true).is_true(); };
  out.rounds_per_step.assign(S, 0);
  for (unsigned s = 0; s < S; ++s)
    for (unsigned k = 1; k <= K; ++k)
      if (truth(len[s][k - 1])) out.rounds_per_step[s] = k;
  std::vector<std::vector<std::pair<Node, Node>>> round_links(R);
  std::vector<std::vector<Item>> round_items(R);
  unsigned offset = 0;
  for (unsigned s = 0; s < S; ++s) {
    for (std::size_t l = 0; l < L; ++l) {
      unsigned j = 0;
      for (std::size_t c = 0; c < C; ++c) {
        if (snd[c][l][s].is_false() || !truth(snd[c][l][s])) continue;
        const unsigned rr = offset + j / links[l].cap;
        if (rr >= offset + out.rounds_per_step[s])
          throw std::logic_error("sccl: decoded step " + std::to_string(s + 1) + " overfills a link");
        round_links[rr].push_back({links[l].from, links[l].to});
        round_items[rr].push_back(items[c]);
        ++j;
      }
    }
    offset += out.rounds_per_step[s];
  }
  schedules::Schedule sched(net, model, problem);
  for (unsigned rr = 0; rr < R; ++rr) {
    sched.begin_step();
    for (std::size_t t = 0; t < round_items[rr].size(); ++t)
      sched.add(round_links[rr][t].first, round_links[rr][t].second, round_items[rr][t]);
  }
  sched.provenance().construction = "sccl-synthesis";
  std::string split;
  for (unsigned s = 0; s < S; ++s) split += (s ? "+" : "") + std::to_string(out.rounds_per_step[s]);
  sched.provenance().parameters = {{"sccl_steps", std::to_string(S)}, {"rounds", std::to_string(R)},
                                   {"rounds_per_step", split}};
  const verifier::Verdict v = verifier::verify_native(sched);
  if (!v.valid)
    throw std::logic_error("sccl: the decoded (S = " + std::to_string(S) + ", R = " + std::to_string(R) +
                           ") schedule is rejected by the native verifier: " + v.violation->message);
  if (const auto bad = check_sccl_steps(sched, out.rounds_per_step))
    throw std::logic_error("sccl: the decoded schedule breaks the step grouping: " + *bad);
  out.schedule.emplace(std::move(sched));
  out.status = SynthesisStatus::Found;
  return finish();
}

ScclSearchResult minimize_sccl_steps(const schedules::Network& net, schedules::Model model,
                                     const schedules::Problem& problem, unsigned rounds,
                                     const ScclOptions& options) {
  check_supported(net, model, problem, 1, rounds);
  ScclSearchResult out;
  const unsigned from = std::max(1u, distance_bound(net, problem, nullptr));
  bool refuted_below = true;
  // Below the distance bound, one entry says why (no query is needed).
  if (from > 1) out.tried.push_back(synthesize_sccl(net, model, problem, std::min(from - 1, rounds), rounds, options));
  for (unsigned S = from; S <= rounds; ++S) {
    ScclResult r = synthesize_sccl(net, model, problem, S, rounds, options);
    const SynthesisStatus st = r.status;
    out.tried.push_back(std::move(r));
    if (st == SynthesisStatus::Found) {
      if (refuted_below) out.least_steps = S;
      break;
    }
    if (st == SynthesisStatus::Unknown) refuted_below = false;
  }
  return out;
}

}  // namespace schedcert::encodings::synth
