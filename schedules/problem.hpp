// Communication problems and their dense item numbering.
//
// An item is the unit of data a problem moves. Each item has one origin (the node holding it at
// the start) and is needed either by every node or by one target node. Item ids are dense:
//   broadcast(root, M)            item m                    origin root, needed by all
//   accumulation(root)            item s       (source s)   origin s,    needed by root, combining
//   scatter(root, M)              item dst*M + m            origin root, needed by dst
//   gather(root, M)               item src*M + m            origin src,  needed by root
//   multinode-broadcast(M)        item src*M + m            origin src,  needed by all
//   multinode-accumulation        item src*N + tgt          origin src,  needed by tgt, combining
//   total-exchange(M)             item (src*N + dst)*M + m  origin src,  needed by dst
//   allreduce(M)                  item src*M + m            origin src,  needed by all, combining
//                                 (contribution of src to chunk m; docs/allreduce.md)
//   successive-broadcast(sources) item j (j-th broadcast)   origin sources[j], needed by all,
//                                 received in order: a node receives j only in a step after
//                                 the one in which it got j-1 (the same step is out of order);
//                                 sources[j] sends j only once it holds j-1.
// Items whose origin is their only target (e.g. scatter item for the root) are delivered at start.
// Combining problems (accumulations, allreduce) let a packet carry any number of items: the
// accumulations only items bound for one target, allreduce items of any chunks (one partial sum
// per chunk); a packet holding every contribution to a chunk is that chunk's complete value.
// the others carry at most `packet_items` items per packet (default 1, Ho-Johnsson's B otherwise).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedules/checked.hpp"
#include "schedules/network.hpp"

namespace schedcert::schedules {

enum class ProblemKind {
  Broadcast,
  Accumulation,
  Scatter,
  Gather,
  MultinodeBroadcast,
  MultinodeAccumulation,
  TotalExchange,
  SuccessiveBroadcast,
  Allreduce,
};

std::string to_string(ProblemKind k);
ProblemKind parse_problem_kind(const std::string& name);  // throws InputError
std::vector<ProblemKind> all_problem_kinds();

inline constexpr Node kAllNodes = ~Node{0};
// Why `messages` is refused on a successive broadcast (Problem::validate and the loader).
extern const char* const kNoMessagesInSuccessive;
// Problem::validate refuses more items than this (item ids stay far inside 64 bits, and below
// the 2^53 a schedule file can write).
inline constexpr std::uint64_t kMaxItems = 1000000000000000;  // 10^15

struct Problem {
  ProblemKind kind = ProblemKind::Broadcast;
  Node root = 0;                  // single-node problems
  std::uint32_t messages = 1;     // M per source-destination pair (or per source)
  std::uint32_t packet_items = 1; // B: items per packet for non-combining problems
  std::vector<Node> sources;      // successive broadcasts, in broadcast order

  bool combining() const;
  // Combining with one target per item (the accumulations): a packet holds items of one target.
  bool targeted_combining() const { return combining() && kind != ProblemKind::Allreduce; }
  // Allreduce: the chunk of item i (0..M-1) and the item of contribution src to chunk m.
  std::uint64_t chunk(Item i) const { return i % messages; }
  bool has_root() const;
  bool ordered() const { return kind == ProblemKind::SuccessiveBroadcast; }
  // Throws InputError if the problem's parameters do not fit the network.
  void validate(const Network& net) const;
  // The number of items on n nodes; InputError when it does not fit in 64 bits (validate
  // refuses anything above kMaxItems first). exact_items never wraps (128 bits, saturated).
  std::uint64_t num_items(std::uint64_t n) const;
  u128 exact_items(std::uint64_t n) const;
  std::string item_formula(std::uint64_t n) const;  // e.g. "N x N x M = 8 x 8 x 2"
  Node origin(Item i, std::uint64_t n) const;
  Node target(Item i, std::uint64_t n) const;  // kAllNodes when every node needs it
  std::string describe() const;                // e.g. "scatter(root=0, M=1)"
  std::string describe_item(Item i, std::uint64_t n) const;  // e.g. "item 17 (src 1 -> dst 2)"
};

}  // namespace schedcert::schedules
