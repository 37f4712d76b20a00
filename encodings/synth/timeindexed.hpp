// The full time-indexed synthesis encoding: "a schedule of T steps exists" for any network,
// model and problem, exactly (its UNSAT is a proof of impossibility).
//
// Built on the item-flow core (flow.hpp) with, per step t:
//   link capacity   non-combining: at most B items on each directed link;
//                   combining with several targets (multinode accumulation): a target selector
//                   per link, every item on the link must match it (one packet, one target);
//   all-port        nothing more;
//   single-port     at most one active out-link and one active in-link per node (full duplex),
//                   or one active link in total (half duplex);
//   shout-whisper   one packet per sender: a variable per (node, item) "the node shouts i", each
//                   send of i implies it, at most one (B items) shouted; with multi-item packets
//                   every active out-link carries every shouted item; at most one active in-link;
//                   a node that sends does not receive.
// With B = 1 and no combining a link carries at most one item, so the port rules count send
// variables directly; otherwise a link-activity variable (OR of its sends) is introduced.
// Slack rules (slack.hpp), B = 1 without combining: the whole network's link-steps
// (all-port) or sender-steps (single-port full), and per node its receive and send ports (one
// port for half duplex; for shout-whisper a step holds one shouted item or one reception), when
// the counting bound leaves little room.
// Reception counts (EncodeFlags::counts, not for combining problems): node v receives at most
// cap(v) items per step (the in-links' multiplicities times B under all-port, B otherwise), so of
// the R_v items it needs and does not originate it holds at most t * cap(v) at the start of step t
// and at least R_v - (T - t) * cap(v) (all of them at the end). Both follow from the port and link
// rules for every schedule (normalised or not); stated per step they propagate what the solver
// would otherwise have to count by search (docs/synthesis.md, issue 19). The same counts across
// the slab cuts of bounds.hpp (items in the complement of S, at most cap(S) crossing per
// step) are part of the same flag: a node is the smallest cut.
// Sender counts (EncodeFlags::leaf_bound, items every node needs): the nodes that send such an
// item at least once are a connected dominating set (each other node's first reception comes
// from one of them, and each of them other than the origin got the item from another), so the
// tree of first receptions, whose internal nodes all send, has at least n - |senders| leaves:
// at least n - L senders when L bounds the leaves of every spanning tree (alpha(d) of Q_d,
// certified, or the degree count). This is the argument of the CDS step bound
// (verifier/bounds.hpp); per item it tells the solver that the sends are tight when the bound
// is (Q3 shout-whisper multinode broadcast at T = 11: every node sends 4 times and receives
// 7 times, never idle). Implied by validity, so it cuts no schedule (docs/synthesis.md).
// With EncodeFlags::routes the query is restricted to the routes phase's paths (routes.hpp).
// Symmetry breaking: symmetry.hpp at the root (single-node problems), node 0 (multinode
// problems) or the common source of a successive broadcast with a single source.
// The pruning of flow.hpp is on except for shout-whisper with multi-item packets, where
// removing one item from one link's packet could break "same packet on every link".
#pragma once
#include <memory>
#include <string>

#include "encodings/synth/flow.hpp"
#include "schedules/model.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::encodings::synth {

struct EncodeFlags {
  bool symmetry = true;     // symmetry.hpp
  bool slack = true;        // slack.hpp
  bool counts = true;       // per-node reception counts per step (add_count_rules)
  bool cut_counts = true;   // with `counts`: the same across slab cuts (add_cut_count_rules)
  // Sender counts of broadcast items (add_cds_rules): an upper bound L on the leaves of every
  // spanning tree of the network (alpha; 0: the rule is off). The nodes that send an item that
  // every node needs form a connected dominating set, so there are at least n - L of them.
  std::uint64_t leaf_bound = 0;
  // With `symmetry`: lex-leader constraints over the network's whole automorphism group
  // (lex_leader.hpp) instead of the anchor rules of symmetry.hpp.
  bool lex_leader = false;
  bool keep_names = false;  // readable variable names (for the SMT-LIB2 export)
  // Restricted to fixed routes (routes.hpp): no longer exact, so SAT only, and without
  // symmetry breaking (the routes are not invariant under the anchor's stabiliser).
  const std::vector<std::vector<std::uint32_t>>* routes = nullptr;
};

class TimeIndexedEncoding {
 public:
  TimeIndexedEncoding(const Topology& topo, schedules::Model model, const schedules::Problem& p,
                      unsigned steps, const EncodeFlags& flags);
  Formula& formula() { return f_; }
  const Formula& formula() const { return f_; }
  // The schedule a satisfying assignment describes (exactly `steps` steps, some maybe empty).
  schedules::Schedule decode(const SolveOutcome& sat) const;
  const std::string& notes() const { return notes_; }
  // The bytes the query at `steps` would take, computed before building it (Flow::estimate_bytes
  // with the options the constructor uses).
  static std::uint64_t estimate_bytes(const Topology& topo, schedules::Model model,
                                      const schedules::Problem& p, unsigned steps);

 private:
  void add_link_rules();
  void add_port_rules();
  void add_slack_rules();
  void add_count_rules(bool cuts);
  void add_cut_count_rules();
  void add_cds_rules(std::uint64_t leaf_bound);
  void add_idle_rules(std::uint64_t relays_needed, const std::vector<Lit>& relay_sent);
  void add_gather_rules(std::uint64_t leaf_bound);

  const Topology& topo_;
  schedules::Model model_;
  schedules::Problem problem_;
  unsigned steps_;
  Formula f_;
  std::unique_ptr<Flow> flow_;
  std::vector<Lit> active_;  // active_[t * L + l]: link l carries a packet in step t
  // Shout-whisper: shout_[t * N + v] = (item index, "v shouts the item in step t").
  std::vector<std::vector<std::pair<std::size_t, Lit>>> shout_;
  std::string notes_;
};

}  // namespace schedcert::encodings::synth
