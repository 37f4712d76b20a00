// The native verifier on generated schedules and on hand-made corruptions.
#include <doctest/doctest.h>

#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_verifier_native_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::verifier;

namespace {

Schedule copy_without(const Schedule& s, std::size_t drop) {
  Schedule out(s.network(), s.model(), s.problem());
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    out.begin_step();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k)
      if (k != drop) out.add(s.from(k), s.to(k), s.packet(k));
  }
  return out;
}

}  // namespace

TEST_CASE("native: SBT broadcast is valid and meets d steps, 2^d - 1 transmissions") {
  for (int d = 1; d <= 12; ++d)
    for (Model m : {Model::AllPort, Model::SinglePortFull})
      for (Node root : {Node{0}, Node{(1u << d) - 1}, Node{1}}) {
        Schedule s = constructions::sbt_broadcast(d, root, m);
        Verdict v = verify_native(s);
        CAPTURE(d);
        CAPTURE(to_string(m));
        REQUIRE_MESSAGE(v.valid, (v.violation ? v.violation->message : ""));
        CHECK(v.metrics.steps == static_cast<std::uint64_t>(d));
        CHECK(v.metrics.transmissions == (1u << d) - 1);
        CHECK(v.metrics.max_link_load == 1);
      }
}

TEST_CASE("native: SBT with the all-port timing breaks single-port") {
  Schedule s = constructions::sbt_broadcast(3, 0, Model::AllPort);
  Schedule t(s.network(), Model::SinglePortFull, s.problem());
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    t.begin_step();
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) t.add(s.from(k), s.to(k), s.packet(k));
  }
  Verdict v = verify_native(t);
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Port);
  CHECK(v.violation->step == 0);
  CHECK(v.violation->transmission == 1);
}

TEST_CASE("native: Gray ring multinode broadcast is valid for d = 1..10") {
  for (int d = 1; d <= 10; ++d) {
    Verdict v = verify_native(constructions::gray_ring_mnb(d, Model::SinglePortFull));
    CAPTURE(d);
    REQUIRE(v.valid);
    CHECK(v.metrics.steps == (1u << d) - 1);
    CHECK(v.metrics.transmissions == (std::uint64_t{1} << d) * ((1u << d) - 1));
  }
}

TEST_CASE("native: dropping any one transmission of a tree broadcast is caught") {
  Schedule s = constructions::sbt_broadcast(4, 0, Model::AllPort);
  for (std::size_t k = 0; k < s.num_transmissions(); ++k) {
    Verdict v = verify_native(copy_without(s, k));
    CAPTURE(k);
    REQUIRE_FALSE(v.valid);
    // A dropped leaf edge leaves a node without the item; a dropped inner edge makes its
    // child send what it never received.
    CHECK((v.violation->rule == Rule::Completion || v.violation->rule == Rule::Causality));
  }
}

TEST_CASE("native: each rule on a tiny schedule") {
  Network q2 = Network::parse("Q2");
  Problem bc;
  SUBCASE("adjacency") {
    Schedule s(q2, Model::AllPort, bc);
    s.begin_step();
    s.add(0, 3, Item{0});
    Verdict v = verify_native(s);
    REQUIRE(v.violation);
    CHECK(v.violation->rule == Rule::Adjacency);
    CHECK(v.violation->message == "step 1, transmission 0 (0 -> 3, item 0): adjacency: nodes 0 and 3 are not adjacent in Q2");
  }
  SUBCASE("node out of range") {
    Schedule s(q2, Model::AllPort, bc);
    s.begin_step();
    s.add(0, 7, Item{0});
    CHECK(verify_native(s).violation->rule == Rule::Adjacency);
  }
  SUBCASE("causality: send before receive") {
    Schedule s(q2, Model::AllPort, bc);
    s.begin_step();
    s.add(0, 1, Item{0});
    s.add(1, 3, Item{0});
    s.add(0, 2, Item{0});
    Verdict v = verify_native(s);
    REQUIRE(v.violation);
    CHECK(v.violation->rule == Rule::Causality);
    CHECK(v.violation->transmission == 1);
  }
  SUBCASE("link capacity") {
    Problem mnb;
    mnb.kind = ProblemKind::MultinodeBroadcast;
    Schedule s(q2, Model::AllPort, mnb);
    s.begin_step();
    s.add(0, 1, Item{0});
    s.add(0, 1, Item{0});
    Verdict v = verify_native(s);
    CHECK(v.violation->rule == Rule::LinkCapacity);
    CHECK(v.violation->transmission == 1);
  }
  SUBCASE("completion names the lowest item and node") {
    Schedule s(q2, Model::AllPort, bc);
    s.begin_step();
    s.add(0, 1, Item{0});
    s.add(0, 2, Item{0});
    Verdict v = verify_native(s);
    CHECK(v.violation->rule == Rule::Completion);
    CHECK(v.violation->node == 3);
    CHECK(v.violation->transmission == -1);
  }
  SUBCASE("combining: contribution twice") {
    Problem acc;
    acc.kind = ProblemKind::Accumulation;
    Schedule s(q2, Model::AllPort, acc);
    s.begin_step();
    s.add(3, 1, Item{3});
    s.add(2, 0, Item{2});
    s.begin_step();
    std::vector<Item> p13{1, 3};
    s.add(1, 0, p13);
    s.begin_step();
    s.add(2, 0, Item{2});
    Verdict v = verify_native(s);
    CHECK(v.violation->rule == Rule::Duplicate);
    CHECK(v.violation->transmission == 3);
  }
  SUBCASE("combining: different targets in a packet") {
    Problem mna;
    mna.kind = ProblemKind::MultinodeAccumulation;
    Schedule s(q2, Model::AllPort, mna);
    s.begin_step();
    std::vector<Item> bad{0 * 4 + 1, 0 * 4 + 2};
    s.add(0, 1, bad);
    CHECK(verify_native(s).violation->rule == Rule::Packet);
  }
  SUBCASE("successive broadcasts out of order") {
    Problem sb;
    sb.kind = ProblemKind::SuccessiveBroadcast;
    sb.sources = {0, 3};
    Schedule s(q2, Model::AllPort, sb);
    s.begin_step();
    s.add(3, 1, Item{1});  // source 3 sends #2 before it holds #1
    CHECK(verify_native(s).violation->rule == Rule::Order);
  }
}

TEST_CASE("native: port rules of each model") {
  Network q2 = Network::parse("Q2");
  Problem mnb;
  mnb.kind = ProblemKind::MultinodeBroadcast;
  auto run = [&](Model m, std::initializer_list<std::pair<Node, Node>> edges, bool same_item) {
    Schedule s(q2, m, mnb);
    s.begin_step();
    for (auto [u, v] : edges) s.add(u, v, Item{same_item ? u : u});
    return verify_native(s);
  };
  CHECK(run(Model::SinglePortFull, {{0, 1}, {0, 2}}, true).violation->rule == Rule::Port);
  CHECK(run(Model::SinglePortFull, {{1, 0}, {2, 0}}, true).violation->rule == Rule::Port);
  CHECK(run(Model::SinglePortFull, {{0, 1}, {1, 0}}, true).violation->rule != Rule::Port);
  CHECK(run(Model::SinglePortHalf, {{0, 1}, {1, 0}}, true).violation->rule == Rule::Port);
  CHECK(run(Model::ShoutWhisper, {{0, 1}, {0, 2}}, true).violation->rule != Rule::Port);
  CHECK(run(Model::ShoutWhisper, {{1, 0}, {2, 0}}, true).violation->rule == Rule::Port);
  CHECK(run(Model::ShoutWhisper, {{0, 1}, {1, 3}}, true).violation->rule == Rule::Port);
  CHECK(run(Model::AllPort, {{0, 1}, {0, 2}, {1, 0}, {2, 0}}, true).violation->rule == Rule::Completion);
}

TEST_CASE("native: the bitset and bucket paths give identical verdicts") {
  auto same = [](const Schedule& s) {
    Verdict a = verify_native(s, NativePath::Buckets);
    Verdict b = verify_native(s, NativePath::Bitset);
    REQUIRE(a.valid == b.valid);
    if (!a.valid) {
      CHECK(a.violation->rule == b.violation->rule);
      CHECK(a.violation->transmission == b.violation->transmission);
      CHECK(a.violation->item == b.violation->item);
      CHECK(a.violation->node == b.violation->node);
      CHECK(a.violation->message == b.violation->message);
    }
    CHECK(a.metrics.max_link_load == b.metrics.max_link_load);
  };
  std::vector<Schedule> bases;
  bases.push_back(constructions::sbt_broadcast(4, 3, Model::AllPort));
  bases.push_back(constructions::sbt_broadcast(4, 0, Model::SinglePortFull));
  bases.push_back(constructions::gray_ring_mnb(3, Model::SinglePortFull));
  for (const Schedule& s : bases) {
    same(s);
    for (std::size_t k = 0; k < s.num_transmissions(); ++k) same(copy_without(s, k));
    // Move each transmission one step earlier (a send before its receive, or harmless).
    for (std::size_t k = 0; k < s.num_transmissions(); ++k) {
      Schedule t(s.network(), s.model(), s.problem());
      for (std::size_t st = 0; st < s.num_steps(); ++st) {
        t.begin_step();
        for (std::size_t j = s.step_begin(st); j < s.step_end(st); ++j)
          if (j != k) t.add(s.from(j), s.to(j), s.packet(j));
        if (st + 1 < s.num_steps())
          for (std::size_t j = s.step_begin(st + 1); j < s.step_end(st + 1); ++j)
            if (j == k) t.add(s.from(j), s.to(j), s.packet(j));
      }
      same(t);
    }
  }
}

}  // namespace schedcert_test_verifier_native_test
