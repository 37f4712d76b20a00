// Issue 27: the sender-count rules of the exact time-indexed query (EncodeFlags::leaf_bound,
// SynthesisOptions::cds_rules; timeindexed.hpp): the senders of an item every node needs form a
// connected dominating set, so there are at least n - alpha of them; under shout-whisper the idle
// rules follow (at most G idle node-steps, at most D + G relay senders); for combining problems
// the receivers of packets for each target are counted the same way. All are implied by
// validity, so they never change an answer: optima and optima minus one agree with and without
// them, for every model, several messages, successive broadcasts with fixed sources and product
// networks. With CaDiCaL every UNSAT comes with a checked DRAT + LRAT proof, every Found schedule
// is valid.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/synthesis.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_encodings_synth_cds_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;

namespace {

Problem make(ProblemKind k, std::uint32_t m = 1) {
  Problem p;
  p.kind = k;
  p.messages = m;
  return p;
}

// Exact mode: every answer comes from the time-indexed query; only the sender counts vary.
SynthesisOptions exact(bool cds, const std::string& engine) {
  SynthesisOptions o;
  o.timeout_ms = 60000;
  o.cayley_first = false;
  o.routes_first = false;
  o.counting_bounds = false;
  o.cds_rules = cds;
  o.solver_logic = engine;
  return o;
}

SynthesisResult answer(const std::string& net_spec, Model m, const Problem& p, unsigned t,
                       const SynthesisOptions& o) {
  const Network net = Network::parse(net_spec);
  SynthesisResult r = synthesize(net, m, p, t, o);
  if (r.schedule) {
    const bool valid = verifier::verify_native(*r.schedule).valid;
    CHECK(valid);
  }
  if (r.status == SynthesisStatus::Impossible && o.solver_logic == "cadical") {
    INFO(r.certificate);
    CHECK(r.certificate.find("DRAT checked") != std::string::npos);
    CHECK(r.certificate.find("VERIFIED UNSAT") != std::string::npos);
  }
  return r;
}

}  // namespace

TEST_CASE("synthesis cds: sender-count and idle rules do not change answers") {
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
  succ.sources = {0, 3, 1, 2};
  const std::vector<Row> rows = {
      {"Q2", SW, make(K::MultinodeBroadcast)},    {"K3", SW, make(K::MultinodeBroadcast)},
      {"C3", SW, make(K::MultinodeBroadcast)},    {"P3", SW, make(K::MultinodeBroadcast)},
      {"Q2", HALF, make(K::MultinodeBroadcast)},  {"Q3", SLA, make(K::MultinodeBroadcast)},
      {"Q3", MLA, make(K::Broadcast)},            {"Q3", SW, make(K::Broadcast)},
      {"Q2", SW, make(K::Broadcast, 3)},           {"Q2", SW, succ},
      {"P2xP3", SW, make(K::MultinodeBroadcast)}, {"Q2", SW, make(K::TotalExchange)},
      // Combining: the receiver counts towards each target (and the idle rules under shout-whisper).
      {"Q2", SW, make(K::MultinodeAccumulation)}, {"K3", SW, make(K::MultinodeAccumulation)},
      {"P3", SW, make(K::MultinodeAccumulation)}, {"Q3", SW, make(K::Accumulation)},
      {"Q2", HALF, make(K::MultinodeAccumulation)},
  };
  for (const auto& row : rows) {
    const std::string net = row.net;
    const std::string what = net + " " + to_string(row.m) + " " + row.p.describe();
    // The reference optimum: Z3 on the query without the rules, T - 1 refuted.
    INFO(what);
    const OptimumResult ref = minimize_steps(Network::parse(net), row.m, row.p, 0, 40, exact(false, ""));
    REQUIRE(ref.optimum.has_value());
    const unsigned opt = *ref.optimum;
    INFO(what << " optimum " << opt);
    REQUIRE(opt >= 1);
    for (const std::string engine : {"", "cadical"}) {
      INFO("engine " << (engine.empty() ? "z3" : engine));
      CHECK(answer(net, row.m, row.p, opt, exact(true, engine)).status == SynthesisStatus::Found);
      CHECK(answer(net, row.m, row.p, opt - 1, exact(true, engine)).status ==
            SynthesisStatus::Impossible);
    }
  }
}

TEST_CASE("synthesis cds: the rules are in the query where they apply, with the leaf bound") {
  const Problem mnb = make(ProblemKind::MultinodeBroadcast);
  // Q3: alpha(3) = 4 certified, so at least 4 senders per item; at T = 11 = 7 + 4 the idle
  // rules leave no idle node-step. T = 11 is the counting bound: ask the query for its notes only
  // (a timeout of 1 ms ends the solve at once; the answer is not what this case checks).
  SynthesisOptions o = exact(true, "cadical");
  o.timeout_ms = 1;
  const SynthesisResult r = synthesize(Network::parse("Q3"), Model::ShoutWhisper, mnb, 11, o);
  INFO(r.stats);
  CHECK(r.status != SynthesisStatus::Found);
  CHECK(r.stats.find("8 sender-count rules (at least 4 senders per broadcast item, leaves <= 4)") !=
        std::string::npos);
  CHECK(r.stats.find("idle rules (at most 0 idle node-steps, at most 24 relay senders)") !=
        std::string::npos);
  // Without them, neither note.
  SynthesisOptions off = o;
  off.cds_rules = false;
  const SynthesisResult r2 = synthesize(Network::parse("Q3"), Model::ShoutWhisper, mnb, 11, off);
  CHECK(r2.stats.find("sender-count") == std::string::npos);
  // The leaf bound: certified alpha(3) = 4 is below the degree count 5.
  CHECK(encodings::alpha::best_leaf_bound(Network::parse("Q3")) == 4);
  CHECK(encodings::alpha::best_leaf_bound(Network::parse("C3xC3")) == 6);
}

}  // namespace schedcert_test_encodings_synth_cds_test
