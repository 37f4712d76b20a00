// Translation of a single-node schedule to every root (Bertsekas et al. 1991, §2, the sets
// A_i(t) = {(t xor x, t xor y)}; Fragopoulou-Akl 1995 §3, translation Tr_s on the torus).
//
// Translation by t is an automorphism of a Cayley graph of Z_k0 x ... x Z_km (hypercube, ring,
// complete factors), so the translate of a valid single-node schedule is valid for root t.
// Whether all translates together respect link capacity is the "key observation" (distinct edge
// types per step); that is checked by verifier/symmetric, not assumed here: this transform only
// materialises the union so the explicit verifier can be run on it.
#include "schedules/transforms/translate.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules::transforms {

ProblemKind multinode_kind(ProblemKind single) {
  switch (single) {
    case ProblemKind::Broadcast: return ProblemKind::MultinodeBroadcast;
    case ProblemKind::Scatter:
    case ProblemKind::Gather: return ProblemKind::TotalExchange;
    case ProblemKind::Accumulation: return ProblemKind::MultinodeAccumulation;
    default:
      throw InputError("translation: problem " + to_string(single) +
                       " is not a single-node problem (broadcast, scatter, gather, accumulation)");
  }
}

Item translate_item(const Network& net, const Problem& single, Item i, Node t) {
  const std::uint64_t n = net.size();
  const std::uint64_t m = single.messages;
  switch (single.kind) {
    case ProblemKind::Broadcast: return static_cast<Item>(t) * m + i;
    case ProblemKind::Scatter: {
      const Node dst = net.translate(static_cast<Node>(i / m), t);
      return (static_cast<Item>(t) * n + dst) * m + i % m;
    }
    case ProblemKind::Gather: {
      const Node src = net.translate(static_cast<Node>(i / m), t);
      return (static_cast<Item>(src) * n + t) * m + i % m;
    }
    case ProblemKind::Accumulation:
      return static_cast<Item>(net.translate(static_cast<Node>(i), t)) * n + t;
    default: break;
  }
  throw InputError("translation: not a single-node problem");
}

Schedule translate_to_all_roots(const Schedule& s) {
  const Network& net = s.network();
  const Problem& p = s.problem();
  if (!net.is_translation_invariant())
    throw InputError("translation: network " + net.name() +
                     " has a path factor, so translations are not automorphisms");
  if (!p.has_root() || p.root != 0)
    throw InputError("translation: needs a single-node schedule rooted at node 0 (problem " +
                     p.describe() + ")");
  Problem mp;
  mp.kind = multinode_kind(p.kind);
  mp.messages = p.messages;
  mp.packet_items = p.packet_items;
  Schedule out(net, s.model(), mp);
  out.provenance() = s.provenance();
  out.provenance().parameters.emplace_back("transform", "translate-to-all-roots");
  const Node n = net.num_nodes();
  // Translation is an automorphism of the network's nodes and of the problem's items only:
  // an out-of-range id would be wrapped onto a real one and hide the root schedule's error.
  const std::uint64_t items = p.num_items(n);
  for (std::size_t k = 0; k < s.num_transmissions(); ++k) {
    if (s.from(k) >= n || s.to(k) >= n)
      throw InputError("translation: transmission " + std::to_string(k) + " of the root schedule names node " +
                       std::to_string(s.from(k) >= n ? s.from(k) : s.to(k)) + ", not a node of " +
                       net.name() + " (verify the root schedule first)");
    for (Item i : s.packet(k))
      if (i >= items)
        throw InputError("translation: transmission " + std::to_string(k) + " of the root schedule carries item " +
                         std::to_string(i) + ", not an item of " + p.describe() +
                         " (verify the root schedule first)");
  }
  out.reserve(checked_mul(s.num_transmissions(), n, "translation: transmissions of the union"));
  std::vector<Item> packet;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    out.begin_step();
    for (Node t = 0; t < n; ++t)
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
        packet.clear();
        for (Item i : s.packet(k)) packet.push_back(translate_item(net, p, i, t));
        out.add(net.translate(s.from(k), t), net.translate(s.to(k), t), packet);
      }
  }
  return out;
}

namespace {

// Root 0's item for an item of the union (the inverse of translate_item at t = 0), or nullopt
// when the item is not one of root 0's.
std::optional<Item> root_item(const Problem& single, std::uint64_t n, Item i) {
  const std::uint64_t m = single.messages;
  switch (single.kind) {
    case ProblemKind::Broadcast:
      return i < m ? std::optional<Item>(i) : std::nullopt;
    case ProblemKind::Scatter:
      return i < n * m ? std::optional<Item>(i) : std::nullopt;
    case ProblemKind::Gather:  // (src * n + 0) * m + k -> src * m + k
      if ((i / m) % n != 0) return std::nullopt;
      return static_cast<Item>((i / m) / n * m + i % m);
    case ProblemKind::Accumulation:  // src * n + 0 -> src
      if (i % n != 0) return std::nullopt;
      return static_cast<Item>(i / n);
    default:
      return std::nullopt;
  }
}

bool same_schedule(const Schedule& a, const Schedule& b) {
  if (a.num_steps() != b.num_steps() || a.num_transmissions() != b.num_transmissions())
    return false;
  for (std::size_t st = 0; st < a.num_steps(); ++st)
    if (a.step_end(st) != b.step_end(st)) return false;
  for (std::size_t k = 0; k < a.num_transmissions(); ++k) {
    if (a.from(k) != b.from(k) || a.to(k) != b.to(k)) return false;
    const auto x = a.packet(k), y = b.packet(k);
    if (!std::equal(x.begin(), x.end(), y.begin(), y.end())) return false;
  }
  return true;
}

std::optional<Schedule> root_as(const Schedule& s, ProblemKind single, std::string& why) {
  const Network& net = s.network();
  const std::uint64_t n = net.num_nodes();
  Problem p;
  p.kind = single;
  p.root = 0;
  p.messages = s.problem().messages;
  p.packet_items = s.problem().packet_items;
  Schedule root(net, s.model(), p);
  root.provenance() = s.provenance();
  std::vector<Item> packet;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    const std::size_t b = s.step_begin(st), e = s.step_end(st);
    if ((e - b) % n != 0) {
      why = "step " + std::to_string(st + 1) + " has " + std::to_string(e - b) +
            " transmissions, not a multiple of the " + std::to_string(n) + " nodes";
      return std::nullopt;
    }
    root.begin_step();
    for (std::size_t k = b; k < b + (e - b) / n; ++k) {
      packet.clear();
      for (Item i : s.packet(k)) {
        const auto r = root_item(p, n, i);
        if (!r) {
          why = "transmission " + std::to_string(k) + " (the first copies of step " +
                std::to_string(st + 1) + ") carries " + s.problem().describe_item(i, n) +
                ", not an item of root 0's " + to_string(single);
          return std::nullopt;
        }
        packet.push_back(*r);
      }
      root.add(s.from(k), s.to(k), packet);
    }
  }
  try {
    if (same_schedule(translate_to_all_roots(root), s)) return root;
  } catch (const InputError& e) {
    why = e.what();
    return std::nullopt;
  }
  why = "it is not the translate of its root-0 part as translated " + to_string(single) + "s";
  return std::nullopt;
}

}  // namespace

std::optional<Schedule> root_of_translate(const Schedule& s, std::string* why) {
  std::string reason;
  const Network& net = s.network();
  std::vector<ProblemKind> kinds;
  switch (s.problem().kind) {
    case ProblemKind::MultinodeBroadcast:
      kinds = {ProblemKind::Broadcast};
      break;
    case ProblemKind::MultinodeAccumulation:
      kinds = {ProblemKind::Accumulation};
      break;
    case ProblemKind::TotalExchange:
      kinds = {ProblemKind::Scatter, ProblemKind::Gather};
      break;
    default:
      reason = "problem " + s.problem().describe() +
               " is not a multinode problem made of translates (multinode-broadcast, "
               "multinode-accumulation, total-exchange)";
  }
  if (!kinds.empty() && !net.is_translation_invariant()) {
    reason = "network " + net.name() + " has a path factor, so translations are not automorphisms";
    kinds.clear();
  }
  for (ProblemKind k : kinds) {
    std::string w;
    if (auto r = root_as(s, k, w)) return r;
    reason += (reason.empty() ? "" : "; ") + w;
  }
  if (why) *why = reason;
  return std::nullopt;
}

}  // namespace schedcert::schedules::transforms
