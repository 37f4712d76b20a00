#include "schedules/problem.hpp"

#include <algorithm>
#include <limits>

#include "schedules/error.hpp"

namespace schedcert::schedules {

const char* const kNoMessagesInSuccessive =
    "successive-broadcast takes no messages (broadcast j is one item from sources[j]; M has no "
    "meaning there)";

namespace {
struct KindName {
  ProblemKind kind;
  const char* name;
};
constexpr KindName kNames[] = {
    {ProblemKind::Broadcast, "broadcast"},
    {ProblemKind::Accumulation, "accumulation"},
    {ProblemKind::Scatter, "scatter"},
    {ProblemKind::Gather, "gather"},
    {ProblemKind::MultinodeBroadcast, "multinode-broadcast"},
    {ProblemKind::MultinodeAccumulation, "multinode-accumulation"},
    {ProblemKind::TotalExchange, "total-exchange"},
    {ProblemKind::SuccessiveBroadcast, "successive-broadcast"},
    {ProblemKind::Allreduce, "allreduce"},
};
}  // namespace

std::string to_string(ProblemKind k) {
  for (const auto& kn : kNames)
    if (kn.kind == k) return kn.name;
  return "?";
}

ProblemKind parse_problem_kind(const std::string& name) {
  for (const auto& kn : kNames)
    if (name == kn.name) return kn.kind;
  if (name == "allgather") return ProblemKind::MultinodeBroadcast;
  if (name == "reduce") return ProblemKind::Accumulation;
  if (name == "reduce-scatter") return ProblemKind::MultinodeAccumulation;
  if (name == "all-to-all" || name == "alltoall") return ProblemKind::TotalExchange;
  std::string valid;
  for (const auto& kn : kNames) valid += std::string(valid.empty() ? "" : ", ") + kn.name;
  throw InputError("problem '" + name + "' is unknown (valid: " + valid + ")");
}

std::vector<ProblemKind> all_problem_kinds() {
  std::vector<ProblemKind> v;
  for (const auto& kn : kNames) v.push_back(kn.kind);
  return v;
}

bool Problem::combining() const {
  return kind == ProblemKind::Accumulation || kind == ProblemKind::MultinodeAccumulation ||
         kind == ProblemKind::Allreduce;
}

bool Problem::has_root() const {
  return kind == ProblemKind::Broadcast || kind == ProblemKind::Accumulation ||
         kind == ProblemKind::Scatter || kind == ProblemKind::Gather;
}

void Problem::validate(const Network& net) const {
  const std::uint64_t n = net.size();
  if (has_root() && root >= n)
    throw InputError("problem.root: node " + std::to_string(root) + " is out of range [0, " +
                     std::to_string(n) + ") for network " + net.name());
  if (messages < 1) throw InputError("problem.messages: must be at least 1");
  if (kind == ProblemKind::SuccessiveBroadcast && messages != 1)
    throw InputError(std::string("problem.messages: ") + kNoMessagesInSuccessive);
  if (messages > (1u << 20)) throw InputError("problem.messages: at most 2^20");
  if (packet_items < 1) throw InputError("problem.packet_items: must be at least 1");
  if (targeted_combining() && messages != 1)
    throw InputError("problem.messages: accumulation problems take exactly one value per source");
  if (kind == ProblemKind::SuccessiveBroadcast) {
    if (sources.empty()) throw InputError("problem.sources: successive broadcasts need sources");
    for (std::size_t j = 0; j < sources.size(); ++j)
      if (sources[j] >= n)
        throw InputError("problem.sources[" + std::to_string(j) + "]: node " +
                         std::to_string(sources[j]) + " is out of range [0, " +
                         std::to_string(n) + ")");
  } else if (!sources.empty()) {
    throw InputError("problem.sources: only successive-broadcast takes sources");
  }
  // Item ids are 64-bit; keep them well inside that range. The count is exact (128 bits), so
  // it cannot wrap past this limit (issue 13: N x N x M wrapped to 0 on Q31 with M = 4).
  const u128 items = exact_items(n);
  if (items > kMaxItems)
    throw InputError("problem: too many items for network " + net.name() + ": " + describe() +
                     " has " + item_formula(n) + " = " + to_string_u128(items) +
                     " items (at most 10^15)");
}

u128 Problem::exact_items(std::uint64_t n) const {
  const u128 m = messages, nn = n;
  switch (kind) {
    case ProblemKind::Broadcast: return m;
    case ProblemKind::Accumulation: return nn;
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce: return nn * m;
    case ProblemKind::MultinodeAccumulation: return nn * nn;
    case ProblemKind::TotalExchange: {
      u128 r;  // n < 2^64 and m < 2^32: only N x N x M can exceed 128 bits; saturate then
      return __builtin_mul_overflow(nn * nn, m, &r) ? ~u128{0} : r;
    }
    case ProblemKind::SuccessiveBroadcast: return sources.size();
  }
  return 0;
}

std::string Problem::item_formula(std::uint64_t n) const {
  const std::string N = std::to_string(n), M = std::to_string(messages);
  switch (kind) {
    case ProblemKind::Broadcast: return "M = " + M;
    case ProblemKind::Accumulation: return "N = " + N;
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce: return "N x M = " + N + " x " + M;
    case ProblemKind::MultinodeAccumulation: return "N x N = " + N + " x " + N;
    case ProblemKind::TotalExchange: return "N x N x M = " + N + " x " + N + " x " + M;
    case ProblemKind::SuccessiveBroadcast: return "p = " + std::to_string(sources.size());
  }
  return "?";
}

std::uint64_t Problem::num_items(std::uint64_t n) const {
  const u128 items = exact_items(n);
  if (items > std::numeric_limits<std::uint64_t>::max())
    throw InputError("problem: the number of items of " + describe() + ", " + item_formula(n) +
                     " = " + to_string_u128(items) + ", does not fit in 64 bits");
  return static_cast<std::uint64_t>(items);
}

Node Problem::origin(Item i, std::uint64_t n) const {
  const std::uint64_t m = messages;
  switch (kind) {
    case ProblemKind::Broadcast:
    case ProblemKind::Scatter: return root;
    case ProblemKind::Accumulation: return static_cast<Node>(i);
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce: return static_cast<Node>(i / m);
    case ProblemKind::MultinodeAccumulation: return static_cast<Node>(i / n);
    case ProblemKind::TotalExchange: return static_cast<Node>(i / m / n);
    case ProblemKind::SuccessiveBroadcast: return sources[i];
  }
  return 0;
}

Node Problem::target(Item i, std::uint64_t n) const {
  const std::uint64_t m = messages;
  switch (kind) {
    case ProblemKind::Broadcast:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::SuccessiveBroadcast:
    case ProblemKind::Allreduce: return kAllNodes;
    case ProblemKind::Accumulation:
    case ProblemKind::Gather: return root;
    case ProblemKind::Scatter: return static_cast<Node>(i / m);
    case ProblemKind::MultinodeAccumulation: return static_cast<Node>(i % n);
    case ProblemKind::TotalExchange: return static_cast<Node>((i / m) % n);
  }
  return 0;
}

std::string Problem::describe() const {
  std::string s = to_string(kind) + "(";
  std::string sep;
  if (has_root()) {
    s += "root=" + std::to_string(root);
    sep = ", ";
  }
  if (!targeted_combining() && kind != ProblemKind::SuccessiveBroadcast) {
    s += sep + "M=" + std::to_string(messages);
    sep = ", ";
  }
  if (packet_items != 1) {
    s += sep + "B=" + std::to_string(packet_items);
    sep = ", ";
  }
  if (kind == ProblemKind::SuccessiveBroadcast) s += sep + "p=" + std::to_string(sources.size());
  if (s.back() == '(') return s.substr(0, s.size() - 1);
  return s + ")";
}

std::string Problem::describe_item(Item i, std::uint64_t n) const {
  std::string s = "item " + std::to_string(i) + " (";
  Node o = origin(i, n), t = target(i, n);
  if (kind == ProblemKind::SuccessiveBroadcast)
    s += "broadcast #" + std::to_string(i + 1) + " from " + std::to_string(o);
  else if (kind == ProblemKind::Allreduce)
    return s + "contribution of " + std::to_string(o) +
           (messages > 1 ? " to chunk " + std::to_string(chunk(i)) : "") + ")";
  else if (t == kAllNodes)
    s += "from " + std::to_string(o);
  else
    s += "from " + std::to_string(o) + " to " + std::to_string(t);
  if (messages > 1 && !combining()) s += ", message " + std::to_string(i % messages);
  return s + ")";
}

}  // namespace schedcert::schedules
