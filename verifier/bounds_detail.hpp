// Internals of the lower bounds (bounds*.cpp); not a public API. The context every argument
// adds its candidates to, the numeric helpers (128-bit values saturated to 64 bits), the shared
// arguments (bounds_arguments.cpp) and one function per problem family:
// bounds_single_node.cpp (broadcast, accumulation, scatter, gather), bounds_multinode.cpp
// (multinode broadcast and accumulation, total exchange), bounds_successive.cpp.
#pragma once
#include <limits>
#include <string>
#include <vector>

#include "verifier/bounds.hpp"
#include "schedules/status.hpp"

namespace schedcert::verifier::bounds_detail {

using schedules::FactorKind;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::ProblemKind;
using schedules::Wide;
using schedules::directed_links;
using schedules::distance_profile;
using schedules::min_degree;
using schedules::max_degree;
using schedules::status_formula;
using schedules::total_status;
using u64 = std::uint64_t;

inline constexpr u64 kU64Max = std::numeric_limits<u64>::max();

inline u64 sat(Wide x) {
  return x > kU64Max ? kU64Max : static_cast<u64>(x);
}
inline Wide cdiv(Wide a, Wide b) {
  return b == 0 ? 0 : (a + b - 1) / b;
}

inline std::string S(Wide x) {
  if (x == 0) return "0";
  std::string s;
  while (x > 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  }
  return s;
}

inline u64 ceil_log2(u64 n) {
  u64 j = 0;
  while (j < 64 && (u64{1} << j) < n) ++j;
  return j;
}

struct Ctx {
  const Network& net;
  Model model;
  const schedules::Problem& p;
  Wide n, M, B;
  std::string net_name, model_name;
  std::vector<Bound> cands;
  Bound tx;
  LeafBound leaves;  // an upper bound on the leaves of a spanning tree, with its reason

  bool all_port() const { return model == Model::AllPort; }
  // Single-port half duplex and shout-whisper: a node never sends and receives in one step.
  bool exclusive() const { return model == Model::SinglePortHalf || model == Model::ShoutWhisper; }
  void add(Wide v, std::string arg) {
    if (v > kU64Max) arg += " (saturated to 2^64 - 1)";
    cands.push_back({sat(v), std::move(arg)});
  }
  void set_tx(Wide v, std::string arg) {
    if (v > kU64Max) arg += " (saturated to 2^64 - 1)";
    tx = {sat(v), std::move(arg)};
  }
  // Rate bound on packets: at most `per_step` transmissions per step.
  void rate(Wide per_step, const std::string& why) {
    if (per_step == 0) return;
    add(cdiv(tx.value, per_step), "at least " + S(tx.value) + " transmissions are needed and " +
                                      why + " allows at most " + S(per_step) + " per step");
  }
  void half_rate() {
    if (model == Model::SinglePortHalf)
      rate(n / 2, "single-port-half (each transmission occupies two of the " + S(n) + " nodes)");
  }
};

// Shared arguments (bounds_arguments.cpp).
void shells(Ctx& c, Node v, Wide per_pair, Wide cap, const std::string& what);
Wide forwarders(const Ctx& c, Node origin);
Wide degree_one_nodes(const Network& net);
Wide neighbour_startup(const Ctx& c, Node v);
void forward_exclusive(Ctx& c, Wide receive_items, Wide own_items, Wide forwards,
                       const std::string& who);

// One function per problem.
void broadcast(Ctx& c);
void accumulation(Ctx& c);
void scatter_gather(Ctx& c, bool scatter);
void multinode_broadcast(Ctx& c);
void multinode_accumulation(Ctx& c);
void total_exchange(Ctx& c);
void successive(Ctx& c);
void allreduce(Ctx& c);  // bounds_allreduce.cpp
// Networks with a graph factor: distance, node counting and max-flow cut bounds only
// (bounds_graph.cpp), for every problem.
void graph_bounds(Ctx& c);

}  // namespace schedcert::verifier::bounds_detail
