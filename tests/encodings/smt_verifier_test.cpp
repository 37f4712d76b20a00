// The SMT verifier against the native verifier: constructions, greedy schedules of every problem
// kind and model, random corruptions of them, one tiny schedule per rule, the tie order inside
// one transmission, the fixture files, and the timeout.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>

#include "encodings/smt/query.hpp"
#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/io/schedule_json.hpp"
#include "smt_test_schedules.hpp"
#include "tests/fixture_list.hpp"

namespace schedcert_test_encodings_smt_verifier_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::schedules::io;
using namespace schedcert::verifier;
using encodings::smt::verify_smt;
using smt_test::agree;
using smt_test::build;
using smt_test::greedy;
using smt_test::Steps;
using smt_test::steps_of;

namespace {

Problem problem(ProblemKind k, std::uint32_t m = 1, std::uint32_t b = 1, Node root = 0) {
  Problem p;
  p.kind = k;
  p.root = p.has_root() ? root : 0;
  p.messages = p.combining() || k == ProblemKind::SuccessiveBroadcast ? 1 : m;
  p.packet_items = b;
  if (k == ProblemKind::SuccessiveBroadcast) p.sources = {root, 0, 1, root};
  return p;
}

const char* const kNetworks[] = {"Q2", "Q3", "C5", "P3", "K3", "C3xP2"};

}  // namespace

TEST_CASE("smt: item numbering decoded as problem.hpp says") {
  for (const char* spec : {"Q2", "C3xP2"}) {
    Network net = Network::parse(spec);
    const std::uint64_t n = net.size();
    for (ProblemKind k : all_problem_kinds())
      for (std::uint32_t m : {1u, 3u}) {
        Problem p = problem(k, m, 1, 1);
        p.validate(net);
        REQUIRE(encodings::smt::detail::item_count(p, n) == p.num_items(n));
        for (Item i = 0; i < p.num_items(n); ++i) {
          CHECK(encodings::smt::detail::item_origin(p, i, n) == p.origin(i, n));
          CHECK(encodings::smt::detail::item_target(p, i, n) == p.target(i, n));
        }
      }
  }
}

TEST_CASE("smt: SBT broadcast and Gray ring are valid, with native's metrics") {
  for (int d = 1; d <= 4; ++d) {
    CAPTURE(d);
    for (Model m : {Model::AllPort, Model::SinglePortFull})
      for (Node root : {Node{0}, Node{(1u << d) - 1}}) CHECK(agree(constructions::sbt_broadcast(d, root, m)).valid);
    CHECK(agree(constructions::gray_ring_mnb(d, Model::SinglePortFull)).valid);
  }
}

TEST_CASE("smt: greedy schedules of every problem kind, model and network agree with native") {
  int count = 0;
  for (const char* spec : kNetworks)
    for (ProblemKind k : all_problem_kinds())
      for (Model m : all_models()) {
        Network net = Network::parse(spec);
        const bool big = net.size() > 6 && k == ProblemKind::TotalExchange;
        Problem p = problem(k, big ? 1 : 2, k == ProblemKind::Scatter || k == ProblemKind::Broadcast ? 2 : 1, 1);
        Schedule s = greedy(net, m, p, static_cast<unsigned>(count));
        CAPTURE(spec);
        CAPTURE(to_string(k));
        CAPTURE(to_string(m));
        CHECK(agree(s).valid);
        ++count;
      }
  CHECK(count == 6 * 9 * 4);  // 9 problem kinds with allreduce
}

// Random corruptions of valid schedules: drop, move to an earlier or later step, duplicate a
// transmission (link overload), redirect to another node (non-adjacent or out of range), change
// an item, swap two steps, reverse a step, add a random hop, and check under another model.
TEST_CASE("smt: random corruptions agree with native on the first violation") {
  std::mt19937 rng(20240611);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  struct Base {
    const char* net;
    ProblemKind kind;
    Model model;
    std::uint32_t m, b;
  };
  const Base bases[] = {
      {"Q3", ProblemKind::Broadcast, Model::AllPort, 1, 1},
      {"Q2", ProblemKind::Broadcast, Model::ShoutWhisper, 2, 2},
      {"Q3", ProblemKind::MultinodeBroadcast, Model::SinglePortFull, 1, 1},
      {"C5", ProblemKind::MultinodeBroadcast, Model::SinglePortHalf, 1, 1},
      {"Q2", ProblemKind::TotalExchange, Model::AllPort, 2, 1},
      {"C3xP2", ProblemKind::Scatter, Model::SinglePortFull, 2, 2},
      {"P3", ProblemKind::Gather, Model::ShoutWhisper, 2, 1},
      {"Q3", ProblemKind::Accumulation, Model::AllPort, 1, 1},
      {"Q2", ProblemKind::MultinodeAccumulation, Model::SinglePortFull, 1, 1},
      {"K3", ProblemKind::MultinodeAccumulation, Model::ShoutWhisper, 1, 1},
      {"C5", ProblemKind::SuccessiveBroadcast, Model::AllPort, 1, 1},
      {"Q2", ProblemKind::SuccessiveBroadcast, Model::ShoutWhisper, 1, 2},
  };
  int invalid = 0, total = 0;
  std::map<std::string, int> by_rule;
  for (const Base& base : bases) {
    Network net = Network::parse(base.net);
    const Node n = net.num_nodes();
    Problem p = problem(base.kind, base.m, base.b, 1);
    const Schedule valid = greedy(net, base.model, p);
    const std::uint64_t items = p.num_items(n);
    for (int trial = 0; trial < 40; ++trial) {
      Steps st = steps_of(valid);
      Model model = base.model;
      const std::size_t a = pick(st.size());
      std::vector<smt_test::Tx>& step = st[a];
      const int kind = static_cast<int>(pick(10));
      if (step.empty() && kind < 7) continue;
      const std::size_t k = step.empty() ? 0 : pick(step.size());
      switch (kind) {
        case 0: step.erase(step.begin() + static_cast<long>(k)); break;
        case 1:
          if (a > 0) st[a - 1].push_back(step[k]), step.erase(step.begin() + static_cast<long>(k));
          break;
        case 2:
          if (a + 1 < st.size()) st[a + 1].insert(st[a + 1].begin(), step[k]), step.erase(step.begin() + static_cast<long>(k));
          break;
        case 3: {
          const smt_test::Tx copy = step[k];
          step.insert(step.begin() + static_cast<long>(pick(step.size() + 1)), copy);
          break;
        }
        case 4: (rng() % 2 ? step[k].to : step[k].from) = static_cast<Node>(pick(n + 1)); break;
        case 5: step[k].packet[pick(step[k].packet.size())] = pick(items + 1); break;
        case 6:
          if (step[k].packet.size() < 3) step[k].packet.push_back(pick(items));
          break;
        case 7: std::reverse(step.begin(), step.end()); break;
        case 8:
          if (a + 1 < st.size()) std::swap(st[a], st[a + 1]);
          break;
        case 9: model = all_models()[pick(4)]; break;
      }
      if (kind == 7 || kind == 8 || kind == 9) {
        // plus one random hop between neighbours, so these also break more than the order
        const Node u = static_cast<Node>(pick(n));
        Node w = u;
        net.for_each_neighbour(u, [&](Node x, int) { if (w == u || rng() % 2) w = x; });
        st[pick(st.size())].push_back({u, w, {pick(items)}});
      }
      Schedule s = build(net, model, p, st);
      CAPTURE(base.net);
      CAPTURE(to_string(base.kind));
      CAPTURE(trial);
      CAPTURE(kind);
      Verdict native = verify_native(s), smt = verify_smt(s);
      agree(s, native, smt);
      invalid += !smt.valid;
      ++total;
      if (smt.violation) ++by_rule[to_string(smt.violation->rule)];
    }
  }
  std::string hist;
  for (const auto& [rule, c] : by_rule) hist += " " + rule + "=" + std::to_string(c);
  MESSAGE("corruptions: " << total << " schedules, " << invalid << " invalid:" << hist);
  CHECK(invalid > total / 2);
  CHECK(by_rule.size() == 8);  // every rule is hit at least once
}

TEST_CASE("smt: one tiny schedule per rule") {
  Network q2 = Network::parse("Q2"), p3 = Network::parse("P3");
  struct Case {
    const char* name;
    Network net;
    Model model;
    Problem prob;
    Steps steps;
    Rule rule;
    std::int64_t tx;
  };
  const Problem bc = problem(ProblemKind::Broadcast), acc = problem(ProblemKind::MultinodeAccumulation);
  Problem sb = problem(ProblemKind::SuccessiveBroadcast), sb00 = sb;
  sb.sources = {0, 2};
  sb00.sources = {0, 0};
  const Case cases[] = {
      {"non-adjacent hop", q2, Model::AllPort, bc, {{{0, 3, {0}}}}, Rule::Adjacency, 0},
      {"node out of range", q2, Model::AllPort, bc, {{{0, 1, {0}}, {1, 9, {0}}}}, Rule::Adjacency, 1},
      {"item out of range", q2, Model::AllPort, bc, {{{0, 1, {5}}}}, Rule::Packet, 0},
      {"packet too large", q2, Model::AllPort, problem(ProblemKind::Broadcast, 2), {{{0, 1, {0, 1}}}}, Rule::Packet, 0},
      {"mixed targets", q2, Model::AllPort, acc, {{{0, 1, {1, 2}}}}, Rule::Packet, 0},
      {"link twice", q2, Model::AllPort, problem(ProblemKind::Broadcast, 2), {{{0, 1, {0}}, {0, 1, {1}}}}, Rule::LinkCapacity, 1},
      {"send twice", q2, Model::SinglePortFull, bc, {{{0, 1, {0}}, {0, 2, {0}}}}, Rule::Port, 1},
      {"receive twice", q2, Model::SinglePortFull, bc, {{{0, 1, {0}}}, {{0, 2, {0}}, {3, 2, {0}}}}, Rule::Port, 2},
      {"half duplex", q2, Model::SinglePortHalf, bc, {{{0, 1, {0}}}, {{0, 2, {0}}, {1, 0, {0}}}}, Rule::Port, 2},
      {"shout two packets", q2, Model::ShoutWhisper, problem(ProblemKind::Broadcast, 2), {{{0, 1, {0}}, {0, 2, {1}}}}, Rule::Port, 1},
      {"shout send+receive", q2, Model::ShoutWhisper, bc, {{{0, 1, {0}}}, {{0, 2, {0}}, {1, 0, {0}}}}, Rule::Port, 2},
      {"causality", q2, Model::AllPort, bc, {{{0, 1, {0}}, {1, 3, {0}}}}, Rule::Causality, 1},
      {"duplicate", q2, Model::AllPort, acc, {{{1, 0, {4}}}, {{1, 0, {4}}}}, Rule::Duplicate, 1},
      {"order receiver", p3, Model::AllPort, sb00, {{{0, 1, {1}}}}, Rule::Order, 0},
      {"order source", p3, Model::AllPort, sb, {{{0, 1, {0}}, {2, 1, {1}}}}, Rule::Order, 1},
      {"completion", q2, Model::AllPort, bc, {{{0, 1, {0}}}}, Rule::Completion, -1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    Verdict v = agree(build(c.net, c.model, c.prob, c.steps));
    REQUIRE_FALSE(v.valid);
    CHECK(v.violation->rule == c.rule);
    CHECK(v.violation->transmission == c.tx);
  }
}

// verdict.hpp: at one transmission the rules rank in enum order, whatever the item order in the
// packet (the native verifier reported the lower item's rule here before commit a4a94f9).
TEST_CASE("smt: at one transmission the lower rule wins, not the lower item") {
  Network q2 = Network::parse("Q2");
  // Node 0 already holds contribution 4 (duplicate), node 1 never held 12 (causality).
  Schedule s = build(q2, Model::AllPort, problem(ProblemKind::MultinodeAccumulation), {{{1, 0, {4}}}, {{1, 0, {4, 12}}}});
  Verdict v = agree(s);
  REQUIRE_FALSE(v.valid);
  CHECK(v.violation->rule == Rule::Causality);
  CHECK(v.violation->transmission == 1);
  CHECK(v.violation->item == 12);
  // Successive broadcasts, packet [1, 2]: the receiver lacks item 0 (order for item 1) and the
  // sender never held item 2 (causality).
  Problem sb = problem(ProblemKind::SuccessiveBroadcast, 1, 2);
  sb.sources = {0, 0, 0};
  Verdict w = agree(build(Network::parse("P3"), Model::AllPort, sb, {{{0, 1, {0}}}, {{0, 1, {1}}}, {{1, 2, {1, 2}}}}));
  REQUIRE_FALSE(w.valid);
  CHECK(w.violation->rule == Rule::Causality);
  CHECK(w.violation->item == 2);
}

TEST_CASE("smt: fixture files agree with their expect block and with native") {
  int count = 0;
  for (const std::string& path : schedcert::tests::schedule_fixture_paths()) {
    CAPTURE(std::filesystem::path(path).filename().string());
    ScheduleFile f = read_schedule_file(path);
    Verdict smt = verify_smt(f.schedule), native = verify_native(f.schedule);
    ++count;
    if (f.expect) {
      INFO("smt: " << (smt.violation ? smt.violation->message : "valid"));
      CHECK(smt.valid == f.expect->valid);
      if (f.expect->rule && smt.violation) CHECK(to_string(smt.violation->rule) == to_string(*f.expect->rule));
      if (f.expect->step && smt.violation) CHECK(smt.violation->step + 1 == *f.expect->step);
      if (f.expect->transmission && smt.violation) CHECK(smt.violation->transmission == *f.expect->transmission);
    }
    agree(f.schedule, native, smt);
  }
  MESSAGE(count << " fixtures");
  CHECK(count > 0);
}

TEST_CASE("smt: a 1 ms timeout gives UnknownResult on a large schedule") {
  // Total exchange by flooding on Q5 under all-port: the query is large (about 2,500
  // transmissions) and sat, so Z3 needs well over 1 ms. (On Q4, 512 transmissions, Z3 answered
  // within 1 ms in about half of the runs on a fast machine, and the case failed at random.)
  Schedule s = greedy(Network::parse("Q5"), Model::AllPort, problem(ProblemKind::TotalExchange));
  REQUIRE(s.num_transmissions() >= 2000);
  bool unknown = false;
  try {
    Verdict v = verify_smt(s, encodings::smt::SmtOptions{1});
    CHECK(v.valid == verify_native(s).valid);  // genuinely instant: must still be right
  } catch (const UnknownResult& e) {
    unknown = true;
    CHECK(std::string(e.what()).find("timeout") != std::string::npos);
  }
  CHECK(unknown);
}

}  // namespace schedcert_test_encodings_smt_verifier_test
