// SCCL's (steps, rounds) question, exactly (issue 16): does an algorithm of S steps and R rounds
// exist for a collective on a network, and the least S for the least R.
//
// Design note. SCCL (Cai, Liu, Maleki, Musuvathi, Mytkowicz, Nelson, Saarikivi, "Synthesizing
// optimal collective algorithms", PPoPP 2021, §3-4) describes an algorithm by (C chunks per node,
// S steps, R rounds): step s lasts r_s >= 1 rounds, sum r_s = R, in step s every link carries at
// most r_s x b chunks (b its bandwidth: here the link's multiplicity, a double NVLink of dgx1
// carries 2 per round), and a chunk received in step s can be sent on only from step s + 1 (steps
// are the synchronisation points). S is the latency term, R the bandwidth term. schedcert's own
// synthesis (synthesis.hpp) minimises rounds only: one schedcert step = one SCCL round, which is
// the case S = R (every step one round). Since any (S, R) algorithm is also an (R, R) one (split
// each step into its rounds, below), the least R over all S is schedcert's least T; this file adds
// the least S for that R.
//
// The encoding (one Z3 query per (S, R); not SCCL's own, which uses integer send times):
//   has(c, v, s)      chunk c is at v at the end of step s (s = 0: its origin only);
//   snd(c, u->v, s)   c crosses the directed link u->v in step s;
//   len(s, k)         step s lasts k rounds (exactly one k in 1..R-S+1 per step);
//   has(c, v, s) <=> has(c, v, s-1) or some snd(c, u->v, s);  snd(c, u->v, s) => has(c, u, s-1);
//   every node that needs c has it at s = S;  len(s, k) => at most b(u->v) x k sends on u->v in s;
//   sum over s of k x len(s, k) = R (pseudo-Boolean).
// Pruning, each a valid normalisation (deleting a send never breaks a rule, since link limits are
// upper bounds): no send to a node that holds c at the start of the step, at most one send of c
// into a node per step, nothing sent before it can have arrived (distance from its origin), and a
// personalised chunk (total exchange) is never sent from its target nor to a node farther from
// the target than the steps left.
//
// A Found answer expands into an R-round schedcert schedule: in step s, the j-th chunk (j from 0,
// in chunk order) a link u->v of multiplicity b carries goes in round offset(s) + floor(j / b) + 1.
// Each chunk a step sends was at its sender at the step's start, so the rounds are causal. The
// schedule is checked by the native verifier and, independently of the encoding, by
// check_sccl_steps (no chunk is forwarded within the step it arrived in, and the rounds per step
// sum to R); a rejection is a bug (std::logic_error). Impossible answers are Z3's unsat of the
// exact query, or the distance argument (a chunk that must travel d hops needs d steps), named
// in `engine`. Unknown (timeout) is reported as such and never as impossible.
//
// Supported: multinode-broadcast (allgather, M = C) and total-exchange (alltoall), all-port.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "encodings/synth/synthesis.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

struct ScclOptions {
  unsigned timeout_ms = 600000;  // per (S, R) query
  bool quiet = true;             // false: one progress line per query on stderr
};

struct ScclResult {
  SynthesisStatus status = SynthesisStatus::Unknown;
  unsigned steps = 0, rounds = 0;
  std::vector<unsigned> rounds_per_step;        // Found: r_1 .. r_S
  std::optional<schedules::Schedule> schedule;  // Found: R rounds, verified natively, grouping checked
  std::string engine;       // "z3" or "distance argument"
  std::string certificate;  // Impossible: why
  std::string reason;       // Unknown: Z3's reason
  std::string stats;        // query size, Z3 statistics
  double seconds = 0.0;
};

// InputError (naming the option) for a model other than all-port or a problem other than
// multinode-broadcast and total-exchange: the checks of synthesize_sccl that do not need S and R.
void check_sccl_request(const schedules::Network& net, schedules::Model model, const schedules::Problem& problem);

// InputError for a model other than all-port, a problem other than multinode-broadcast and
// total-exchange, S = 0, S > R, or R above kMaxSynthesisSteps.
ScclResult synthesize_sccl(const schedules::Network& net, schedules::Model model,
                           const schedules::Problem& problem, unsigned steps, unsigned rounds,
                           const ScclOptions& options = {});

// The least S for R rounds: S from the distance bound up to R, the first Found. `least_steps` is
// set only when every smaller S was refuted (no Unknown below it). `tried` holds every (S, R)
// decided, in order (below the distance bound one entry, the largest such S <= R, says why).
// Every entry Impossible: no S <= R works (R is below the least R).
struct ScclSearchResult {
  std::optional<unsigned> least_steps;
  std::vector<ScclResult> tried;
};
ScclSearchResult minimize_sccl_steps(const schedules::Network& net, schedules::Model model,
                                     const schedules::Problem& problem, unsigned rounds,
                                     const ScclOptions& options = {});

// Independent of the encoding: the schedule's rounds grouped into steps of rounds_per_step[s]
// rounds (which must sum to the schedule's number of steps) form an SCCL algorithm: no
// transmission sends an item its sender first received within the same step. The first problem
// in words, or nullopt. (Link and causality limits are the native verifier's.)
std::optional<std::string> check_sccl_steps(const schedules::Schedule& s,
                                            const std::vector<unsigned>& rounds_per_step);

}  // namespace schedcert::encodings::synth
