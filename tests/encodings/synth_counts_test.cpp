// Issue 19: the per-node reception-count rules of the exact time-indexed query and the same
// counts across slab cuts (EncodeFlags::counts, SynthesisOptions::count_rules; the rows on
// products exercise the cuts) are implied by the port and link rules, so
// they never change an answer: optima and optima minus one agree with and without them, for every
// model, several messages and multi-item packets, multi-links and successive broadcasts. With
// CaDiCaL every UNSAT comes with a checked DRAT + LRAT proof, every Found schedule is valid.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "encodings/synth/synthesis.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_encodings_synth_counts_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;

namespace {

Problem make(ProblemKind k, std::uint32_t m = 1, std::uint32_t b = 1) {
  Problem p;
  p.kind = k;
  p.messages = m;
  p.packet_items = b;
  return p;
}

// Exact mode: every answer comes from the time-indexed query.
SynthesisOptions exact(bool counts, const std::string& engine) {
  SynthesisOptions o;
  o.timeout_ms = 60000;
  o.cayley_first = false;
  o.counting_bounds = false;
  o.slack_rules = false;
  o.count_rules = counts;
  o.solver_logic = engine;
  return o;
}

SynthesisStatus answer(const std::string& net_spec, Model m, const Problem& p, unsigned t,
                       const SynthesisOptions& o) {
  const Network net = Network::parse(net_spec);
  const SynthesisResult r = synthesize(net, m, p, t, o);
  if (r.schedule) {
    const bool valid = verifier::verify_native(*r.schedule).valid;
    CHECK(valid);
  }
  if (r.status == SynthesisStatus::Impossible && o.solver_logic == "cadical") {
    const std::string cert = r.certificate;
    INFO(cert);
    CHECK(cert.find("DRAT checked") != std::string::npos);
    CHECK(cert.find("VERIFIED UNSAT") != std::string::npos);
  }
  return r.status;
}

}  // namespace

TEST_CASE("synthesis counts: reception-count rules do not change answers") {
  constexpr auto MLA = Model::AllPort, SLA = Model::SinglePortFull, HALF = Model::SinglePortHalf,
                 SW = Model::ShoutWhisper;
  using K = ProblemKind;
  struct Row {
    const char* net;
    Model m;
    Problem p;
  };
  Problem succ;
  succ.kind = K::SuccessiveBroadcast;
  succ.sources = {0, 0};
  const std::vector<Row> rows = {
      {"Q3", MLA, make(K::MultinodeBroadcast)}, {"Q3", SLA, make(K::MultinodeBroadcast)},
      {"Q2", HALF, make(K::MultinodeBroadcast)}, {"K3", SW, make(K::MultinodeBroadcast)},
      {"Q2", SLA, make(K::TotalExchange)},       {"C3xC3", MLA, make(K::Scatter)},
      {"Q2", SLA, make(K::Broadcast, 2)},         {"Q2", MLA, make(K::MultinodeBroadcast, 2, 2)},
      {"Q2", SLA, make(K::Gather)},               {"Q2", MLA, succ},
      {"P3", HALF, make(K::TotalExchange)},       {"Q3", MLA, make(K::TotalExchange)},
      {"P2xP3", SLA, make(K::Scatter)},
  };
  for (const auto& row : rows) {
    const std::string net = row.net;
    const std::string what = net + " " + to_string(row.m) + " " + row.p.describe();
    // The reference optimum: Z3 on the query without the rules, T - 1 refuted.
    const OptimumResult ref = minimize_steps(Network::parse(net), row.m, row.p, 0, 40, exact(false, ""));
    REQUIRE(ref.optimum.has_value());
    const unsigned opt = *ref.optimum;
    INFO(what << " optimum " << opt);
    REQUIRE(opt >= 1);
    for (const std::string engine : {"", "cadical"}) {
      INFO("engine " << (engine.empty() ? "z3" : engine));
      const SynthesisStatus with_at = answer(net, row.m, row.p, opt, exact(true, engine));
      CHECK(with_at == SynthesisStatus::Found);
      const SynthesisStatus with_below = answer(net, row.m, row.p, opt - 1, exact(true, engine));
      CHECK(with_below == SynthesisStatus::Impossible);
    }
    const SynthesisStatus cadical_without = answer(net, row.m, row.p, opt - 1, exact(false, "cadical"));
    CHECK(cadical_without == SynthesisStatus::Impossible);
  }
}

TEST_CASE("synthesis counts: a graph with a double link (all-port capacity is the multiplicity)") {
  // dgx1 has double NVLinks: a node may receive more than its degree per step.
  const Problem p = make(ProblemKind::MultinodeBroadcast);
  const SynthesisStatus with_counts = answer("dgx1", Model::AllPort, p, 2, exact(true, "cadical"));
  CHECK(with_counts == SynthesisStatus::Found);
}

TEST_CASE("synthesis counts: Q4 single-port allgather, T = 15 found and T = 14 refuted with a checked proof") {
  const Problem p = make(ProblemKind::MultinodeBroadcast);
  const SynthesisStatus at = answer("Q4", Model::SinglePortFull, p, 15, exact(true, "cadical"));
  CHECK(at == SynthesisStatus::Found);
  const SynthesisStatus below = answer("Q4", Model::SinglePortFull, p, 14, exact(true, "cadical"));
  CHECK(below == SynthesisStatus::Impossible);
}

TEST_CASE("synthesis counts: the slab-cut counts refute Q4 total exchange in 7 steps (checked proof)" *
          doctest::test_suite("slow")) {
  // 64 items must cross each dimension cut of Q4 one way over 8 directed links: 8 steps at least
  // (Bertsekas et al. 1991's hop count gives the same 8). In exact mode the cut counts fold at
  // t = 0; the proof is CaDiCaL's, checked.
  const Problem p = make(ProblemKind::TotalExchange);
  const Network q4 = Network::parse("Q4");
  const SynthesisResult r = synthesize(q4, Model::AllPort, p, 7, exact(true, "cadical"));
  INFO(r.certificate << " | " << r.stats);
  CHECK(r.status == SynthesisStatus::Impossible);
  CHECK(r.certificate.find("cut-count rules") != std::string::npos);
  CHECK(r.certificate.find("VERIFIED UNSAT") != std::string::npos);
}

}  // namespace schedcert_test_encodings_synth_counts_test
