// Symmetric check for translated schedules (Bertsekas et al. 1991, §2, the "key observation";
// Fragopoulou and Akl 1995, Lemma 1).
//
// Let S be a single-node schedule rooted at 0 on a Cayley graph (hypercube, tori, K_n factors)
// and U the union of its translates S + t over all nodes t. The items of different roots are
// disjoint and each root's transmissions are a translate of S, so causality, duplicates,
// packets and completion hold in U iff they hold in S (translation is an automorphism). What
// remains are the shared resources of one step:
//  - links: transmissions x -> y and x' -> y' of S in one step collide in U iff they have the
//    same directed type (dimension, digit difference): then t = x' - x maps one onto the other.
//    So U respects link capacity iff every step of S uses pairwise distinct types.
//  - single-port-full: node u sends once for every transmission of S in the step (u = x + t has
//    one t per x), likewise receives: U is valid iff every step of S has at most one transmission.
//  - single-port-half and shout-whisper: a sender of U is also a receiver in the same step (the
//    translate of the receiver), so U is valid only if every step of S is empty.
// Metrics follow by the same argument: a directed link of type tau carries, over the whole
// schedule, as many packets as S has transmissions of type tau.
#include "verifier/symmetric.hpp"

#include <unordered_map>

#include "schedules/io/check_log.hpp"
#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/native.hpp"

namespace schedcert::verifier {

using schedules::Model;
using schedules::Schedule;

Verdict verify_translated(const Schedule& s) {
  const auto& net = s.network();
  const auto& p = s.problem();
  if (!net.is_translation_invariant())
    throw InputError("symmetric check: network " + net.name() +
                     " has a path factor, so translations are not automorphisms");
  if (!p.has_root() || p.root != 0)
    throw InputError("symmetric check: needs a single-node schedule rooted at node 0");
  // The verdict is about the union, a multinode problem with n times the items: it must be a
  // problem the explicit path accepts too (issue 13: N x N x M can exceed 64 bits).
  schedules::Problem union_problem;
  union_problem.kind = schedules::transforms::multinode_kind(p.kind);
  union_problem.messages = p.messages;
  union_problem.packet_items = p.packet_items;
  union_problem.validate(net);

  Verdict root = verify_native(s);
  Verdict v;
  v.engine = "symmetric";
  const std::uint64_t n = net.size();
  v.metrics.steps = s.num_steps();
  v.metrics.transmissions = checked_mul(s.num_transmissions(), n, "symmetric check: transmissions");
  v.metrics.item_transmissions =
      checked_mul(root.metrics.item_transmissions, n, "symmetric check: packet items sent");
  v.metrics.directed_links = checked_mul(n, net.degree(0), "symmetric check: directed links");
  if (v.metrics.steps > 0)
    v.metrics.link_utilisation = static_cast<double>(v.metrics.transmissions) /
                                 (static_cast<double>(v.metrics.steps) * v.metrics.directed_links);

  // Per step: is any shared resource possibly over-used by the translates?
  std::unordered_map<std::uint64_t, std::uint64_t> load;  // type -> packets over the schedule
  std::optional<std::size_t> bad_step;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    std::unordered_map<std::uint64_t, int> types;
    const std::size_t len = s.step_end(st) - s.step_begin(st);
    bool clash = false;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      if (!net.adjacent(s.from(k), s.to(k))) continue;  // the root check reports it
      const std::uint64_t type = net.edge_type(s.from(k), s.to(k));
      ++load[type];
      if (++types[type] > 1) clash = true;
    }
    if (s.model() == Model::SinglePortFull && len > 1) clash = true;
    if ((s.model() == Model::SinglePortHalf || s.model() == Model::ShoutWhisper) && len > 0)
      clash = true;
    if (clash && !bad_step) bad_step = st;
  }
  // Locate the first collision of that step exactly: materialise only that step of the union
  // (root t's copies in increasing t, as translate_to_all_roots orders them) and run the
  // per-step rules of the native verifier on it.
  std::optional<Violation> shared;
  if (bad_step) {
    const std::size_t st = *bad_step;
    schedules::Problem mp;
    mp.kind = schedules::transforms::multinode_kind(p.kind);
    mp.messages = p.messages;
    mp.packet_items = p.packet_items;
    Schedule one(net, s.model(), mp);
    one.begin_step();
    std::vector<schedules::Item> packet;
    for (schedules::Node t = 0; t < n; ++t)
      for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
        packet.clear();
        for (schedules::Item i : s.packet(k))
          packet.push_back(schedules::transforms::translate_item(net, p, i, t));
        one.add(net.translate(s.from(k), t), net.translate(s.to(k), t), packet);
      }
    shared = first_step_rule_violation(one);
    if (shared) {
      const std::size_t len = s.step_end(st) - s.step_begin(st);
      const std::size_t j = static_cast<std::size_t>(shared->transmission);
      shared->transmission = static_cast<std::int64_t>(s.step_begin(st) * n + j);
      shared->step = static_cast<std::int64_t>(st);
      shared->message = "translated schedule, step " + std::to_string(st + 1) + ": copy of root " +
                        std::to_string(j / len) + " of root transmission " +
                        std::to_string(s.step_begin(st) + j % len) + ": " +
                        shared->message.substr(shared->message.find(": ") + 2);
    }
  }
  for (auto& [type, count] : load) v.metrics.max_link_load = std::max(v.metrics.max_link_load, count);

  // The first violation of the union: the root's own (its copy t = 0 comes first in each step)
  // unless a shared-resource collision happens in an earlier step, or in the same step (the
  // union lists root 0's copy first, so a root violation within the step wins).
  const bool root_first =
      root.violation && (!shared || (root.violation->rule != Rule::Completion &&
                                     root.violation->step <= shared->step));
  if (root_first) {
    v.violation = root.violation;
    if (v.violation->rule != Rule::Completion) {
      // Root 0's copy of step st comes first in the union's step st.
      const auto st = static_cast<std::size_t>(v.violation->step);
      v.violation->transmission = static_cast<std::int64_t>(
          s.step_begin(st) * n + (static_cast<std::size_t>(v.violation->transmission) - s.step_begin(st)));
    }
    v.violation->message = "root-0 schedule: " + v.violation->message;
  } else if (shared) {
    v.violation = shared;
  }
  v.valid = !v.violation;
  schedules::io::note_check("symmetric", v.valid, net.name());
  return v;
}

}  // namespace schedcert::verifier
