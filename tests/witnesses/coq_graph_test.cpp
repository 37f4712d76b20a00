// The Coq companion on graph networks and allreduce (issue 25, item 5): coqc accepts the
// witnesses of valid schedules on dgx1 (double NVLinks), on a graph file with a double link
// (tests/fixtures/coq/double-link.json) and of every allreduce construction; it rejects mutants
// (a third packet on a double link, a second one on a single link, an allreduce partial sum
// combined twice, a partial sum after a complete value) naming the native verifier's first
// violation. `export coq` writes and `--check` re-derives the witnesses of such files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "schedules/io/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/encodings/smt_test_schedules.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert_test_witnesses_coq_graph_test {

using namespace schedcert;
using namespace coq_test;
using schedules::Item;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;
using schedules::Schedule;
using verifier::Rule;

namespace {

std::string double_link_graph() {
  return (fs::path(SCHEDCERT_TEST_DIR) / "fixtures" / "coq" / "double-link.json").string();
}

Problem broadcast(std::uint32_t messages) {
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.messages = messages;
  return p;
}

// A valid all-port schedule for a problem whose items every node needs: every step, every arc
// u -> w carries up to its multiplicity of one-item packets, items u held at the start of the
// step that w neither holds nor gets in this step. Uses the parallel links of a multigraph.
Schedule flood(const Network& net, const Problem& p) {
  const Node n = net.num_nodes();
  const std::uint64_t items = p.num_items(n);
  std::vector<std::vector<bool>> has(n, std::vector<bool>(items, false));
  for (Item i = 0; i < items; ++i) has[p.origin(i, n)][i] = true;
  Schedule s(net, Model::AllPort, p);
  for (int st = 0; st < 64; ++st) {
    bool done = true;
    for (Node v = 0; v < n; ++v)
      for (Item i = 0; i < items; ++i) done = done && has[v][i];
    if (done) break;
    s.begin_step();
    auto next = has;
    for (Node u = 0; u < n; ++u)
      net.for_each_neighbour(u, [&](Node w, int dim) {
        std::uint32_t cap = net.link_capacity(u, w, dim);
        for (Item i = 0; i < items && cap > 0; ++i)
          if (has[u][i] && !next[w][i]) {
            s.add(u, w, i);
            next[w][i] = true;
            --cap;
          }
      });
    has = next;
  }
  return s;
}

// s plus one transmission appended to step st.
Schedule with_extra(const Schedule& s, std::size_t at_step, Node f, Node t, Item i) {
  smt_test::Steps st = smt_test::steps_of(s);
  st[at_step].push_back({f, t, {i}});
  return smt_test::build(s.network(), s.model(), s.problem(), st);
}

// Writes every schedule as sK in one file, proves `valid sK` for each; returns coqc's run.
Run check_all(const CoqDir& d, const std::string& name, const std::vector<Schedule>& v) {
  {
    std::ofstream out(d.dir / (name + ".v"));
    out << "From Schedcert Require Import Schedcert.\nFrom Coq Require Import List NArith String.\n"
           "Import ListNotations.\nOpen Scope N_scope.\n\n";
    for (std::size_t k = 0; k < v.size(); ++k)
      out << "Definition s" << k << " : schedule := " << witnesses::coq_schedule_term(v[k])
          << ".\nTheorem v" << k << " : valid s" << k << ".\nProof. schedcert_valid. Qed.\n";
    out << "Print Assumptions v0.\n";
  }
  return d.coqc(name);
}

struct Mutant {
  std::string label;
  Schedule s;
  Rule rule;
};

// One coqc run for all mutants: `~ valid mK` proved by schedcert_invalid for each, and the
// fast checker's verdicts, each the start of the native verifier's message. The first mutant is
// also written as a witness (`valid`), which coqc must reject naming the same violation.
void expect_rejected(const CoqDir& d, const std::string& name, const std::vector<Mutant>& ms) {
  std::vector<std::string> native;
  for (const Mutant& m : ms) {
    INFO(m.label);
    const auto v = verifier::verify_native(m.s);
    REQUIRE_FALSE(v.valid);
    CHECK(v.violation->rule == m.rule);
    native.push_back(v.violation->message);
  }
  {
    std::ofstream out(d.dir / (name + ".v"));
    out << "From Schedcert Require Import Schedcert.\nFrom Coq Require Import List NArith String.\n"
           "Import ListNotations.\nOpen Scope N_scope.\n\n";
    for (std::size_t k = 0; k < ms.size(); ++k)
      out << "(* " << ms[k].label << " *)\nDefinition m" << k << " : schedule := "
          << witnesses::coq_schedule_term(ms[k].s) << ".\nTheorem not_valid" << k
          << " : ~ valid m" << k << ".\nProof. schedcert_invalid. Qed.\n";
    out << "Eval vm_compute in map verdict [";
    for (std::size_t k = 0; k < ms.size(); ++k) out << (k ? "; " : "") << "m" << k;
    out << "].\nPrint Assumptions not_valid0.\n";
  }
  const Run r = d.coqc(name);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(no_axioms(r.out));
  const auto got = parse_verdicts(r.out);
  REQUIRE(got.size() == ms.size());
  for (std::size_t k = 0; k < ms.size(); ++k) {
    INFO(ms[k].label << ": coq " << got[k] << ", native " << native[k]);
    CHECK(same_violation(got[k], native[k]));
  }
  const Run w = d.check(ms[0].s, name + "_witness");
  INFO(w.out);
  CHECK(w.code != 0);
  CHECK(same_violation(coq_violation(w.out), native[0]));
}

}  // namespace

TEST_CASE("coq: graph networks with multiplicities: valid witnesses check, overloaded links do not") {
  const CoqDir& d = coq_dir();
  const Network dgx1 = Network::parse("dgx1");
  const Network kite = Network::parse("graph:" + double_link_graph());
  REQUIRE(dgx1.multi_links());
  REQUIRE(kite.multi_links());
  REQUIRE(kite.link_capacity(0, 1, 0) == 2);
  Problem mnb;
  mnb.kind = ProblemKind::MultinodeBroadcast;
  const std::vector<Schedule> valid = {
      flood(dgx1, broadcast(2)), flood(dgx1, mnb), flood(kite, broadcast(2)),
      smt_test::greedy(dgx1, Model::SinglePortFull, mnb),
      smt_test::greedy(Network::parse("petersen"), Model::AllPort, mnb)};
  for (const Schedule& s : valid) REQUIRE(verifier::verify_native(s).valid);
  // Both parallel links of 0 -> 1 are used in step 1.
  const Schedule& kb = valid[2];
  REQUIRE(kb.step_end(0) - kb.step_begin(0) >= 2);
  REQUIRE(kb.from(kb.step_begin(0)) == 0);
  REQUIRE(kb.to(kb.step_begin(0)) == 1);
  REQUIRE(kb.to(kb.step_begin(0) + 1) == 1);
  const Run r = check_all(d, "graphs_valid", valid);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(no_axioms(r.out));

  // A third packet on the double link 0 -> 1 of the square, and of dgx1; a second one on dgx1's
  // single link 0 -> 2; a packet where dgx1 has no arc (0 and 5 are not joined).
  REQUIRE(dgx1.link_capacity(0, 1, 0) == 2);
  REQUIRE(dgx1.link_capacity(0, 2, 0) == 1);
  const Schedule db = flood(dgx1, broadcast(2));
  expect_rejected(d, "graphs_rejected",
                  {{"square_third_packet", with_extra(kb, 0, 0, 1, 0), Rule::LinkCapacity},
                   {"dgx1_third_packet", with_extra(db, 0, 0, 1, 0), Rule::LinkCapacity},
                   {"dgx1_second_packet", with_extra(db, 0, 0, 2, 1), Rule::LinkCapacity},
                   {"dgx1_no_arc", with_extra(db, 0, 0, 5, 0), Rule::Adjacency}});
}

TEST_CASE("coq: export coq of a graph file with a double link, and its --check") {
  const CoqDir& d = coq_dir();
  const Schedule s = flood(Network::parse("graph:" + double_link_graph()), broadcast(2));
  const fs::path json = d.dir / "kite.json";
  schedules::io::write_schedule_file(s, json.string());
  const fs::path w = d.dir / "kite_export.v";
  auto r = testing::run_cli("export coq '" + json.string() + "' -o '" + w.string() + "'");
  INFO(r.out);
  REQUIRE(r.code == 0);
  const Run c = d.coqc("kite_export");
  INFO(c.out);
  CHECK(c.code == 0);
  CHECK(no_axioms(c.out));
  r = testing::run_cli("export coq '" + json.string() + "' --check '" + w.string() + "'");
  CHECK(r.code == 0);
}

TEST_CASE("coq: every allreduce construction's witness checks, double combining does not") {
  const CoqDir& d = coq_dir();
  struct C {
    const char* name;
    Model model;
    int dim, radix;
  };
  const C cs[] = {{"allreduce-recursive-doubling", Model::AllPort, 3, 0},
                  {"allreduce-recursive-doubling", Model::SinglePortFull, 2, 0},
                  {"allreduce-halving-doubling", Model::AllPort, 3, 0},
                  {"allreduce-mna-mnb", Model::SinglePortFull, 3, 0},
                  {"allreduce-tree", Model::AllPort, 3, 0},
                  {"allreduce-mna-mnb-torus", Model::AllPort, 2, 3},
                  {"allreduce-tree-torus", Model::AllPort, 2, 3},
                  {"allreduce-torus-rings", Model::AllPort, 2, 3}};
  std::vector<Schedule> valid;
  for (const C& c : cs) {
    schedules::Params p;
    p.dim = c.dim;
    p.model = c.model;
    p.radix = c.radix;
    valid.push_back(schedules::generate(schedules::Registry::instance().find(c.name), p));
    INFO(c.name);
    REQUIRE(valid.back().problem().kind == ProblemKind::Allreduce);
    REQUIRE(verifier::verify_native(valid.back()).valid);
  }
  const Run r = check_all(d, "allreduce_valid", valid);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(no_axioms(r.out));

  // Q1, one chunk: node 0's partial sum {0} reaches 1 twice (duplicate); the complete value
  // {0, 1} arriving at 0, which holds 0, overwrites (valid); a partial sum {1} after the complete
  // value in the same step is a duplicate; a complete value after a partial sum is not.
  Problem ar;
  ar.kind = ProblemKind::Allreduce;
  const Network q1 = Network::parse("Q1");
  using smt_test::Steps;
  auto mk = [&](const Steps& st, Model m = Model::AllPort) { return smt_test::build(q1, m, ar, st); };
  const Schedule ok = mk({{{0, 1, {0}}}, {{1, 0, {0, 1}}}});
  REQUIRE(verifier::verify_native(ok).valid);
  const Schedule ok2 = mk({{{0, 1, {0}}}, {{1, 0, {1}}}});
  REQUIRE(verifier::verify_native(ok2).valid);

  // On the square with the double link a - b (nodes 0..3): b gathers the complete value
  // {0,1,2,3} in step 2 and sends it to a (holding {0,3}) over one parallel link in step 3, and
  // its own partial sum {1} over the other: valid when the partial sum comes first, a duplicate
  // when it comes after the complete value (it would be added to the complete value).
  const Network sq = Network::parse("graph:" + double_link_graph());
  const Steps head = {{{2, 1, {2}}, {3, 0, {3}}}, {{0, 1, {0, 3}}}};
  Steps good = head, bad = head;
  good.push_back({{1, 0, {1}}, {1, 0, {0, 1, 2, 3}}, {1, 2, {0, 1, 2, 3}}});
  good.push_back({{0, 3, {0, 1, 2, 3}}});
  bad.push_back({{1, 0, {0, 1, 2, 3}}, {1, 0, {1}}, {1, 2, {0, 1, 2, 3}}});
  bad.push_back({{0, 3, {0, 1, 2, 3}}});
  const Schedule sq_good = smt_test::build(sq, Model::AllPort, ar, good);
  REQUIRE(verifier::verify_native(sq_good).valid);
  const Run r2 = check_all(d, "allreduce_small_valid", {ok, ok2, sq_good});
  INFO(r2.out);
  CHECK(r2.code == 0);
  expect_rejected(
      d, "allreduce_rejected",
      {{"partial_after_complete", smt_test::build(sq, Model::AllPort, ar, bad), Rule::Duplicate},
       {"twice", mk({{{0, 1, {0}}}, {{0, 1, {0}}, {1, 0, {1}}}}), Rule::Duplicate},
       {"own_back", mk({{{0, 1, {0}}}, {{1, 0, {0}}}}), Rule::Duplicate},
       {"incomplete", mk({{{0, 1, {0}}}}), Rule::Completion},
       // The same partial sum twice in one step over the two parallel links.
       {"same_step_twice", smt_test::build(sq, Model::AllPort, ar, {{{0, 1, {0}}, {0, 1, {0}}}}),
        Rule::Duplicate}});
}

}  // namespace schedcert_test_witnesses_coq_graph_test
