// Allreduce (issue 16 part 2, docs/allreduce.md): the constructions are valid and meet their
// claims and no lower bound exceeds them; the native and Z3 engines give the same first violation
// on the double-count, missing-contribution and causality mutants; the strict "whole values"
// reading holds for every construction; the tool refuses allreduce where it cannot state it.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>

#include "../encodings/smt_test_schedules.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/transforms/reverse.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert_test_allreduce_allreduce_test {

using namespace schedcert;
using namespace schedcert::schedules;
using schedcert::verifier::Rule;
using schedcert::verifier::verify_native;
using smt_test::Steps;

namespace {

Problem allreduce(std::uint32_t chunks = 1) {
  Problem p;
  p.kind = ProblemKind::Allreduce;
  p.messages = chunks;
  return p;
}

struct Case {
  const char* name;
  Model model;
  int dim, radix;
};

std::vector<Case> cases(int max_dim) {
  std::vector<Case> out;
  for (const char* name : {"allreduce-recursive-doubling", "allreduce-halving-doubling",
                           "allreduce-mna-mnb", "allreduce-tree"})
    for (Model m : {Model::AllPort, Model::SinglePortFull})
      for (int d = 1; d <= max_dim; ++d) out.push_back({name, m, d, 0});
  for (int n = 1; n <= std::min(max_dim, 3); ++n)
    out.push_back({"allreduce-mna-mnb-torus", Model::AllPort, n, 3});
  if (max_dim >= 2) out.push_back({"allreduce-mna-mnb-torus", Model::AllPort, 1, 5});
  for (int n = 1; n <= std::min(max_dim, 4); ++n)
    out.push_back({"allreduce-tree-torus", Model::AllPort, n, 3});
  if (max_dim >= 2) out.push_back({"allreduce-tree-torus", Model::AllPort, 2, 5});
  for (int n = 1; n <= std::min(max_dim, 4); ++n)
    out.push_back({"allreduce-torus-rings", Model::AllPort, n, 3});
  for (int n = 1; n <= std::min(max_dim, 2); ++n)
    out.push_back({"allreduce-torus-rings", Model::AllPort, n, 5});
  return out;
}

Schedule make(const Case& c, std::uint32_t messages = 1) {
  Params p;
  p.dim = c.dim;
  p.model = c.model;
  p.radix = c.radix;
  p.messages = messages;
  return generate(Registry::instance().find(c.name), p);
}

// The strict reading of docs/allreduce.md: every partial sum a node sends is its whole current
// value of that chunk (or its own contribution alone); with `buffered`, also a partial sum it
// received in an earlier step, forwarded unchanged.
bool sends_whole_values(const Schedule& s, std::string& why, bool buffered = false) {
  const std::uint64_t n = s.network().size(), M = s.problem().messages;
  std::map<std::pair<Node, Item>, std::set<Node>> value;  // (node, chunk) -> contributions
  std::map<std::pair<Node, Item>, std::set<std::set<Node>>> received, received_now;
  for (Node v = 0; v < n; ++v)
    for (Item m = 0; m < M; ++m) value[{v, m}] = {v};
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    auto next = value;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      std::map<Item, std::set<Node>> sums;
      for (Item i : s.packet(k)) sums[i % M].insert(static_cast<Node>(i / M));
      for (const auto& [m, sum] : sums) {
        const auto& mine = value[{s.from(k), m}];
        const bool forwarded = buffered && received[{s.from(k), m}].count(sum) > 0;
        received_now[{s.to(k), m}].insert(sum);
        if (sum != mine && sum != std::set<Node>{s.from(k)} && !forwarded) {
          why = "transmission " + std::to_string(k) + " sends a part of a value";
          return false;
        }
        auto& theirs = next[{s.to(k), m}];
        if (sum.size() == n) {
          theirs = sum;
        } else {
          for (Node c : sum)
            if (!theirs.insert(c).second) {
              why = "transmission " + std::to_string(k) + " counts a contribution twice";
              return false;
            }
        }
      }
    }
    value = std::move(next);
    for (auto& [key, sums] : received_now) received[key].insert(sums.begin(), sums.end());
    received_now.clear();
  }
  for (const auto& [key, sum] : value)
    if (sum.size() != n) {
      why = "node " + std::to_string(key.first) + " ends incomplete";
      return false;
    }
  return true;
}

// Native and Z3 agree exactly (rule, transmission, step, item, node, metrics); returns native's.
verifier::Verdict both(const Schedule& s) {
  const auto nv = verify_native(s);
  const auto zv = encodings::smt::verify_smt(s);
  smt_test::agree(s, nv, zv);
  return nv;
}

}  // namespace

TEST_CASE("allreduce: problem kind, items and messages") {
  const Problem p = parse_problem_kind("allreduce") == ProblemKind::Allreduce ? allreduce(4)
                                                                                : Problem{};
  REQUIRE(p.kind == ProblemKind::Allreduce);
  CHECK(to_string(p.kind) == "allreduce");
  CHECK(p.combining());
  CHECK_FALSE(p.targeted_combining());
  CHECK(p.num_items(8) == 32);
  CHECK(p.origin(13, 8) == 3);
  CHECK(p.target(13, 8) == kAllNodes);
  CHECK(p.describe() == "allreduce(M=4)");
  CHECK(p.describe_item(13, 8) == "item 13 (contribution of 3 to chunk 1)");
  CHECK(allreduce(1).describe_item(5, 8) == "item 5 (contribution of 5)");
  CHECK_NOTHROW(allreduce(4).validate(Network::hypercube(3)));  // chunks: M may exceed 1
}

TEST_CASE("allreduce: every construction is valid for d = 1..6, meets its claim, and no bound exceeds it") {
  int checked = 0;
  for (const Case& c : cases(6)) {
    for (std::uint32_t m : {1u, 3u}) {
      if (m == 3 && std::string(c.name) != "allreduce-recursive-doubling") continue;
      CAPTURE(c.name);
      CAPTURE(to_string(c.model));
      CAPTURE(c.dim);
      CAPTURE(c.radix);
      CAPTURE(m);
      const Schedule s = make(c, m);
      const auto v = verify_native(s);
      INFO((v.violation ? v.violation->message : "valid"));
      CHECK(v.valid);
      const Construction& con = Registry::instance().find(c.name);
      Params p;
      p.dim = c.dim;
      p.model = c.model;
      p.radix = c.radix;
      CHECK(v.metrics.steps == *con.claimed_steps(p));
      CHECK(v.metrics.transmissions == *con.claimed_transmissions(p));
      const auto lb = verifier::lower_bounds(s.network(), s.model(), s.problem());
      CHECK(lb.steps.value <= v.metrics.steps);
      CHECK(lb.transmissions.value <= v.metrics.transmissions);
      ++checked;
    }
  }
  CHECK(checked >= 55);
}

TEST_CASE("allreduce: the Z3 verifier agrees with native on every construction, small d") {
  for (const Case& c : cases(3)) {
    if (std::string(c.name).find("torus") != std::string::npos && c.dim > 2) continue;
    CAPTURE(c.name);
    CAPTURE(to_string(c.model));
    CAPTURE(c.dim);
    CHECK(both(make(c)).valid);
  }
}

TEST_CASE("allreduce: every construction sends whole current values (the strict reading)") {
  // allreduce-torus-rings forwards received blocks unchanged: only the buffered reading holds.
  for (const Case& c : cases(5)) {
    CAPTURE(c.name);
    CAPTURE(to_string(c.model));
    CAPTURE(c.dim);
    CAPTURE(c.radix);
    const bool rings = std::string(c.name) == "allreduce-torus-rings";
    std::string why;
    CHECK_MESSAGE(sends_whole_values(make(c), why, rings), why);
    if (rings && c.radix == 5) CHECK_FALSE(sends_whole_values(make(c), why, false));
  }
}

TEST_CASE("allreduce: lower bounds on Q_d (diameter, log2 N, 2N - 2) are met") {
  for (int d = 1; d <= 8; ++d) {
    CAPTURE(d);
    const Network q = Network::hypercube(d);
    const std::uint64_t n = q.size();
    for (Model m : all_models()) {
      const auto lb = verifier::lower_bounds(q, m, allreduce());
      CHECK(lb.transmissions.value == 2 * (n - 1));
      if (m == Model::SinglePortHalf)
        CHECK(lb.steps.value ==
              std::max<std::uint64_t>(d, (2 * n - 2 + n / 2 - 1) / (n / 2)));  // rate of N/2
      else
        CHECK(lb.steps.value == static_cast<std::uint64_t>(d));
    }
    // M changes no bound: a packet carries any number of chunks.
    CHECK(verifier::lower_bounds(q, Model::AllPort, allreduce(5)).steps.value ==
          static_cast<std::uint64_t>(d));
  }
  // Recursive doubling meets the step bound, the tree the transmission bound.
  for (Model m : {Model::AllPort, Model::SinglePortFull}) {
    const Schedule rd = make({"allreduce-recursive-doubling", m, 5, 0});
    CHECK(verify_native(rd).metrics.steps ==
          verifier::lower_bounds(rd.network(), m, rd.problem()).steps.value);
    const Schedule tree = make({"allreduce-tree", m, 5, 0});
    CHECK(verify_native(tree).metrics.transmissions ==
          verifier::lower_bounds(tree.network(), m, tree.problem()).transmissions.value);
  }
  // The torus rings meet the diameter bound on C5^2 and C3^4.
  for (const Case& c : {Case{"allreduce-torus-rings", Model::AllPort, 2, 5},
                        Case{"allreduce-torus-rings", Model::AllPort, 4, 3}}) {
    const Schedule t = make(c);
    CHECK(verify_native(t).metrics.steps ==
          verifier::lower_bounds(t.network(), t.model(), t.problem()).steps.value);
  }
  // 2 x radius is not a bound (docs/lower-bounds.md): Q_4 is done in 4 steps, not 8.
  CHECK(verify_native(make({"allreduce-recursive-doubling", Model::AllPort, 4, 0})).metrics.steps == 4);
  // Other networks: the diameter, and 2N - 2 on a path.
  CHECK(verifier::lower_bounds(Network::parse("C5xC5"), Model::AllPort, allreduce()).steps.value == 4);
  CHECK(verifier::lower_bounds(Network::parse("P4"), Model::AllPort, allreduce()).transmissions.value == 6);
}

TEST_CASE("allreduce: greedy valid schedules never beat a bound (small networks, all models)") {
  // The greedy floods every contribution a neighbour lacks: a valid allreduce (partial sums
  // disjoint from what the receiver holds), for both engines on the smallest networks.
  unsigned seed = 0;
  for (const char* spec : {"Q2", "Q3", "C5", "P3", "P4", "K3", "K4", "C3xC3", "P2xP3", "C3xP3"})
    for (Model m : all_models())
      for (std::uint32_t chunks : {1u, 2u}) {
        const Network net = Network::parse(spec);
        const Schedule s = smt_test::greedy(net, m, allreduce(chunks), seed++);
        CAPTURE(spec);
        CAPTURE(to_string(m));
        CAPTURE(chunks);
        const auto v = net.size() <= 4 ? both(s) : verify_native(s);
        INFO((v.violation ? v.violation->message : "valid"));
        REQUIRE(v.valid);
        const auto lb = verifier::lower_bounds(net, m, s.problem());
        CHECK(lb.steps.value <= v.metrics.steps);
        CHECK(lb.transmissions.value <= v.metrics.transmissions);
      }
}

TEST_CASE("allreduce mutant: a contribution combined twice is a duplicate for both engines") {
  // Recursive doubling on Q3: in step 3 node 0 sends its sum {0, 1, 2, 3} to node 1, which
  // already combined all four in steps 1 and 2 (instead of to node 4).
  const Schedule rd = make({"allreduce-recursive-doubling", Model::AllPort, 3, 0});
  Steps st = smt_test::steps_of(rd);
  for (auto& t : st[2])
    if (t.from == 0) t.to = 1;
  const auto v = both(smt_test::build(rd.network(), rd.model(), rd.problem(), st));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Duplicate);
  CHECK(v.violation->step == 2);
  CHECK(v.violation->item == 0);
  CHECK(v.violation->node == 1);
  CHECK(v.violation->message.find("combined twice") != std::string::npos);
}

TEST_CASE("allreduce mutant: a partial sum where a complete value was due is a duplicate") {
  // MNA then MNB on Q2: one allgather packet loses a contribution; it is then a partial sum and
  // is combined into the receiver's value, which holds the receiver's own contribution.
  const Schedule s = make({"allreduce-mna-mnb", Model::AllPort, 2, 0});
  Steps st = smt_test::steps_of(s);
  const std::size_t first_allgather = st.size() / 2;
  auto& pk = st[first_allgather][0].packet;
  const Node to = st[first_allgather][0].to;
  pk.erase(std::remove_if(pk.begin(), pk.end(), [&](Item i) { return i / 4 != to && i / 4 != 0; }),
           pk.end());
  if (pk.size() == 4) pk.pop_back();
  const auto v = both(smt_test::build(s.network(), s.model(), s.problem(), st));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Duplicate);
  CHECK(v.violation->step == static_cast<std::int64_t>(first_allgather));
}

TEST_CASE("allreduce mutant: a partial sum after a complete value is a duplicate") {
  // P3 (0 - 1 - 2): the centre combines both ends, then sends them the complete value.
  const Network p3 = Network::parse("P3");
  const Steps ok = {{{0, 1, {0}}, {2, 1, {2}}}, {{1, 0, {0, 1, 2}}, {1, 2, {0, 1, 2}}}};
  CHECK(both(smt_test::build(p3, Model::AllPort, allreduce(), ok)).valid);
  // Complete first, then a partial in a later step: duplicate.
  Steps late = ok;
  late.push_back({{1, 0, {1}}});
  const auto v = both(smt_test::build(p3, Model::AllPort, allreduce(), late));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Duplicate);
  CHECK(v.violation->transmission == 4);
  // A complete value again is harmless (it overwrites with the same set).
  Steps again = ok;
  again.push_back({{1, 0, {0, 1, 2}}});
  CHECK(both(smt_test::build(p3, Model::AllPort, allreduce(), again)).valid);
  // Receipts of one step apply in transmission order (docs/allreduce.md). Q2: node 1 is
  // complete after step 2; in step 3 node 0 gets the complete value from 1 and the partial {2}
  // from 2. Complete first: the partial is then combined into a complete value (duplicate).
  // Partial first: {0} + {2}, then overwritten by the complete value (no violation at step 3).
  const Network q2 = Network::hypercube(2);
  const Steps head = {{{2, 3, {2}}, {0, 1, {0}}}, {{3, 1, {2, 3}}}};
  Steps complete_first = head, partial_first = head;
  complete_first.push_back({{1, 0, {0, 1, 2, 3}}, {2, 0, {2}}});
  partial_first.push_back({{2, 0, {2}}, {1, 0, {0, 1, 2, 3}}});
  const auto cf = both(smt_test::build(q2, Model::AllPort, allreduce(), complete_first));
  REQUIRE_FALSE(cf.valid);
  CHECK(cf.violation->rule == Rule::Duplicate);
  CHECK(cf.violation->transmission == 4);
  CHECK(cf.violation->node == 0);
  const auto pf = both(smt_test::build(q2, Model::AllPort, allreduce(), partial_first));
  REQUIRE_FALSE(pf.valid);
  CHECK(pf.violation->rule == Rule::Completion);  // nodes 2 and 3 never get 0 and 1
}

TEST_CASE("allreduce mutant: a missing contribution is a completion failure for both engines") {
  // Recursive doubling on Q3 without 0 -> 4 in step 3: node 4 never gets contributions 0..3.
  const Schedule rd = make({"allreduce-recursive-doubling", Model::SinglePortFull, 3, 0});
  Steps st = smt_test::steps_of(rd);
  st[2].erase(std::remove_if(st[2].begin(), st[2].end(), [](const auto& t) { return t.from == 0; }),
              st[2].end());
  const auto v = both(smt_test::build(rd.network(), rd.model(), rd.problem(), st));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Completion);
  CHECK(v.violation->item == 0);
  CHECK(v.violation->node == 4);
  // With chunks: the tree of M = 1 has one item per node; halving-doubling (M = 4) without its
  // last allgather packet to node 0 misses the chunk of node 1.
  const Schedule hd = make({"allreduce-halving-doubling", Model::AllPort, 2, 0});
  Steps h = smt_test::steps_of(hd);
  h.back().erase(std::remove_if(h.back().begin(), h.back().end(), [](const auto& t) { return t.to == 0; }),
                 h.back().end());
  const auto w = both(smt_test::build(hd.network(), hd.model(), hd.problem(), h));
  REQUIRE_FALSE(w.valid);
  CHECK(w.violation->rule == Rule::Completion);
  CHECK(w.violation->node == 0);
}

TEST_CASE("allreduce mutant: a partial sum forwarded before it was received breaks causality") {
  // Recursive doubling on Q3: node 0 sends its step-2 sum {0, 1} to node 2 already in step 1,
  // while contribution 1 is only arriving.
  const Schedule rd = make({"allreduce-recursive-doubling", Model::AllPort, 3, 0});
  Steps st = smt_test::steps_of(rd);
  for (std::size_t j = 0; j < st[1].size(); ++j)
    if (st[1][j].from == 0) {
      st[0].push_back(st[1][j]);
      st[1].erase(st[1].begin() + static_cast<std::ptrdiff_t>(j));
      break;
    }
  const auto v = both(smt_test::build(rd.network(), rd.model(), rd.problem(), st));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Causality);
  CHECK(v.violation->step == 0);
  CHECK(v.violation->item == 1);
  CHECK(v.violation->node == 0);
}

TEST_CASE("allreduce: packets of several chunks are allowed, no one-target rule, no B limit") {
  const Network q1 = Network::hypercube(1);
  // M = 2, B = 1 stated: a packet of two chunks and of four items is still one packet.
  Problem p = allreduce(2);
  p.packet_items = 1;
  const Steps st = {{{0, 1, {0, 1}}, {1, 0, {2, 3}}}};
  CHECK(both(smt_test::build(q1, Model::SinglePortFull, p, st)).valid);
  const Steps twice = {{{0, 1, {0, 1, 0}}, {1, 0, {2, 3}}}};
  const auto v = both(smt_test::build(q1, Model::SinglePortFull, p, twice));
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Packet);
}

TEST_CASE("allreduce: coq export writes it, shout-whisper synthesis and reversal refuse it with a message") {
  const Schedule rd = make({"allreduce-recursive-doubling", Model::AllPort, 2, 0});
  auto message = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const InputError& e) {
      return e.what();
    }
    return "(no InputError)";
  };
  std::ostringstream out;
  // coq/Rules.v states allreduce (issue 25); coqc runs in tests/witnesses/coq_graph_test.cpp.
  CHECK(message([&] { witnesses::write_coq(rd, out, ""); }) == "(no InputError)");
  CHECK(out.str().find("(Prob Allreduce 0 1 ") != std::string::npos);
  // Synthesis states allreduce since issue 28 (encodings/synth/allreduce.hpp), except under
  // shout-whisper.
  CHECK(message([&] {
          encodings::synth::synthesize(rd.network(), Model::ShoutWhisper, rd.problem(), 2);
        }).find("synthesis: allreduce under shout-whisper is not supported") != std::string::npos);
  CHECK(message([&] { transforms::reverse(rd); }).find("allreduce has no time-reversed") !=
        std::string::npos);
}

}  // namespace schedcert_test_allreduce_allreduce_test
