// Counting and cut lower bounds on the number of steps, each with its argument in words.
//
// These answer "impossible" before any solver runs (Bertsekas et al. 1991, §2-§4 use the same
// arguments for their lower bounds: distance, per-node reception, root transmission, total link
// usage). Every bound is a necessary condition on ANY valid schedule of the model; the proofs are
// one paragraph each in docs/synthesis.md ("Counting arguments"). For a node v, rp/sp = packets
// v can receive/send per step (deg(v) all-port, 1 otherwise), B = items per packet.
//   distance   an item needs dist(origin, target) steps (ecc(origin) when all need it);
//   receive    node v needs c items from nodes at distance >= d: T >= d - 1 + ceil(c / (rp B));
//   send       origin o has c items whose farthest target is >= d away:
//              T >= d - 1 + ceil(c / (sp B));
//   doubling   single-port, all-node items of origin o: the last leaves o at step
//              >= ceil(M_o / B) with 2 holders, holders at most double: + ceil(log2 N) - 1;
//   duplex     single-port half duplex and shout-whisper: v sends and receives in different
//              steps: T >= ceil(R_v / B) + ceil(S_v / B);
//   ordered    successive broadcasts: a run of consecutive broadcasts a node does not
//              originate arrives there one per step, in order;
//   hops       total item-hops (dist for personalised items, N - 1 receptions for all-node
//              items) over the packets-per-step capacity of the model (links all-port;
//              min(links, N) single-port full; N/2 half duplex; shout-whisper: k senders and
//              at most min(N - k, k * maxdeg) receivers, and at most N - gamma receivers, gamma
//              the domination number by exhaustive search: the senders and the nodes no sender
//              reaches dominate the network);
//   cut        slabs S = {v : digit_k(v) in A}: items that must cross from S over the capacity
//              of the cut (directed links S -> not S; single-port also <= |S|, |not S|).
// Combining problems get the distance bound only (solve them as reversed broadcasts instead).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"

namespace schedcert::encodings::synth {

struct LowerBound {
  unsigned steps = 0;    // T >= steps in every valid schedule
  std::string argument;  // why, naming the node/items/cut
};

// The slab cuts of the cut bound: S = {v : digit k of v in A} for every dimension k and every
// proper non-empty digit set A (all of them for factors of at most `all_sets_up_to` nodes, else
// the cyclic intervals), with what must cross and what can: `cross` items originate in S and are
// needed outside it (one crossing each at least), and at most `capacity` packets cross per step
// (the multiplicities of the directed links S -> not S; single-port also <= |S|, |not S|).
// Shared by the cut bound and the exact query's cut-count rules (timeindexed.hpp).
struct SlabCut {
  std::vector<bool> in_s;          // per node
  std::vector<std::size_t> cross;  // indices of the items that must cross
  std::uint64_t capacity = 0;      // packets per step
  std::uint64_t links = 0;         // directed links S -> not S, with multiplicity
  std::string name;                // "S = {v : digit k of v in {..}} (n nodes)"
};
std::vector<SlabCut> slab_cuts(const Topology& topo, schedules::Model model,
                               const std::vector<FlowItem>& items, std::uint32_t all_sets_up_to = 12);

// All bounds that apply, strongest first.
std::vector<LowerBound> lower_bounds(const Topology& topo, schedules::Model model,
                                     const schedules::Problem& p);

}  // namespace schedcert::encodings::synth
