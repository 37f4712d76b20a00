// Native verifier.
//
// Two passes over flat arrays, no per-transmission heap objects (DESIGN-HINTS "Performance").
//  1. Step pass (native_step_pass.hpp), in schedule order: node range and adjacency, packet
//     rules, link capacity and the model's port limits, with per-step counters reset by
//     generation stamps; it also fills the metrics.
//  2. Item pass: causality, duplicate, order and completion, either step by step over a
//     nodes x items bitset (native_item_bitset.cpp) or item by item over transmissions bucketed
//     by item (native_item_buckets.hpp). Memory O(nodes + transmissions): total exchange on
//     Q_12 works.
// The first violation is the minimum over both passes in the order of verdict.hpp; pass 2 only
// looks at transmissions before pass 1's first violation, and its completion failure counts
// only when no transmission broke a rule.
//
// Memory proportional to the schedule (finding F3, docs/trust.md): per-node and per-item arrays
// of network size would need gigabytes for one transmission on Q31. The compact path runs the
// same two passes over the nodes and items the schedule touches, renumbered densely in id order
// (native_touched.cpp), so "lowest node, lowest item" keeps its meaning; items no transmission
// carries are complete iff their origin is their only target, decided from the numbering alone.
// Auto picks it when the network and its items outweigh the schedule (kDenseFloor below).
#include "verifier/native.hpp"
#include "schedules/io/check_log.hpp"

#include "schedules/error.hpp"
#include "verifier/native_detail.hpp"
#include "verifier/native_item_buckets.hpp"
#include "verifier/native_step_pass.hpp"

namespace schedcert::verifier {

using schedules::Schedule;

namespace {

// Auto takes the compact path when nodes + items exceed both this floor and 4 cells per
// transmission and item slot: arrays of network size would then dominate the memory.
constexpr std::uint64_t kDenseFloor = std::uint64_t{1} << 22;

// The passes keep steps in 32-bit stamps and 31-bit arrival times and transmissions in 32-bit
// slots: refuse what does not fit instead of wrapping (issue 13).
void check_native_limits(const Schedule& s) {
  constexpr std::uint64_t kMaxSteps = (std::uint64_t{1} << 31) - 2;
  constexpr std::uint64_t kMaxSlots = (std::uint64_t{1} << 32) - 2;
  if (s.num_steps() > kMaxSteps)
    throw InputError("schedule: " + std::to_string(s.num_steps()) +
                     " steps; the native verifier handles at most 2^31 - 2");
  if (s.num_item_slots() > kMaxSlots)
    throw InputError("schedule: " + std::to_string(s.num_item_slots()) +
                     " packet items in all; the native verifier handles at most 2^32 - 2");
}

bool network_outweighs_schedule(const Schedule& s) {
  const std::uint64_t n = s.network().size();
  const long double cells =
      static_cast<long double>(n) + static_cast<long double>(s.problem().num_items(n));
  const long double schedule =
      static_cast<long double>(s.num_transmissions()) + static_cast<long double>(s.num_item_slots());
  return cells > static_cast<long double>(kDenseFloor) && cells > 4 * schedule;
}

}  // namespace

std::optional<Violation> first_step_rule_violation(const Schedule& s) {
  check_native_limits(s);
  Metrics m;
  if (network_outweighs_schedule(s)) {
    const auto touched = detail::Touched::of(s);
    return detail::step_pass(s, m, detail::CompactNodes{&touched}).first;
  }
  return detail::step_pass(s, m, detail::DenseNodes{s.network().size()}).first;
}

Verdict verify_native(const Schedule& s, NativePath path) {
  check_native_limits(s);
  Verdict v;
  v.engine = "native";
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.num_nodes();
  const std::uint64_t items = prob.num_items(n);

  Metrics& m = v.metrics;
  m.steps = s.num_steps();
  m.transmissions = s.num_transmissions();
  m.directed_links = detail::directed_links(net);
  if (m.steps > 0 && m.directed_links > 0)
    m.link_utilisation = static_cast<double>(m.transmissions) /
                         (static_cast<double>(m.steps) * static_cast<double>(m.directed_links));

  if (path == NativePath::Auto && network_outweighs_schedule(s)) path = NativePath::Compact;
  const bool bitset_fits = !prob.combining() && !prob.ordered() &&
                           static_cast<long double>(n) * static_cast<long double>(items) <=
                               static_cast<long double>(std::uint64_t{1} << 31);
  if (path == NativePath::Bitset && !bitset_fits)
    throw InputError("native verifier: the bitset path does not apply to this problem or size");

  detail::StepPass p1;
  detail::ItemPass p2;
  auto limit_of = [&] {
    return p1.first ? static_cast<std::size_t>(p1.first->transmission) : s.num_transmissions();
  };
  if (path == NativePath::Compact) {
    const auto touched = detail::Touched::of(s);
    const detail::CompactNodes nodes{&touched};
    p1 = detail::step_pass(s, m, nodes);
    p2 = detail::item_pass_buckets(s, limit_of(), nodes, detail::CompactItems{&touched});
  } else {
    const detail::DenseNodes nodes{n};
    p1 = detail::step_pass(s, m, nodes);
    const bool use_bitset = path == NativePath::Bitset || (path == NativePath::Auto && bitset_fits);
    p2 = use_bitset ? detail::item_pass_bitset(s, limit_of())
                    : detail::item_pass_buckets(s, limit_of(), nodes, detail::DenseItems{items});
  }

  if (p2.first_tx && (!p1.first || p2.first_tx->transmission < p1.first->transmission))
    v.violation = std::move(p2.first_tx);
  else if (p1.first)
    v.violation = std::move(p1.first);
  else if (p2.completion)
    v.violation = std::move(p2.completion);
  v.valid = !v.violation.has_value();
  schedules::io::note_check("native", v.valid, s.network().name());
  return v;
}

}  // namespace schedcert::verifier
