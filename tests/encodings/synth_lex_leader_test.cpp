// Lex-leader symmetry breaking (encodings/sat/lex_chain.hpp, encodings/synth/lex_leader.hpp):
// the chain encoding against a brute-force lexicographic comparison, and the claim of the design
// note that the constraints keep every answer: optima and optima - 1 of the successive-broadcast
// query (free allocation on Q2, Q3, a ring and a product; a fixed allocation) and of the exact
// time-indexed query agree with and without them, with the encoding's own rules and with none,
// on both engines where both apply. The optima are computed here without symmetry rules (or are
// the oracles of docs/successive-optimum.md: 6 on Q2 and 14 on Q3, shout-whisper), not typed in.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "encodings/sat/lex_chain.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/synthesis.hpp"
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_encodings_synth_lex_leader_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;

namespace {

// Is the clause set (over variables 1..vars) satisfied by `fixed` on 1..k for some values of the
// other variables? Brute force over the chain's variables.
bool extends(const std::vector<std::vector<int>>& clauses, int vars, const std::vector<bool>& fixed) {
  const int k = static_cast<int>(fixed.size()) - 1;
  for (unsigned rest = 0; rest < (1u << (vars - k)); ++rest) {
    auto val = [&](int v) { return v <= k ? bool(fixed[v]) : bool((rest >> (v - k - 1)) & 1u); };
    bool all = true;
    for (const auto& c : clauses) {
      bool sat = false;
      for (int l : c) sat = sat || (l > 0 ? val(l) : !val(-l));
      if (!sat) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

// The successive-broadcast optimum with a symmetry setting and an engine, checking the schedule
// at the optimum afresh and that the walk proved optimum - 1 impossible.
unsigned successive_optimum(const std::string& spec, Model m, bool symmetry, bool lex, const std::string& engine,
                            const std::vector<Node>& fixed = {}) {
  const Network net = Network::parse(spec);
  SuccessiveOptions o;
  o.timeout_ms = 120000;
  o.symmetry_breaking = symmetry;
  o.lex_leader = lex;
  o.solver_logic = engine;
  o.fixed_sources = fixed;
  const OptimumResult r = minimize_successive(net, m, 1, 64, o);
  INFO(spec << " " << to_string(m) << " symmetry " << symmetry << " lex " << lex << " " << engine);
  REQUIRE(r.optimum.has_value());
  REQUIRE(r.at_optimum.schedule.has_value());
  CHECK(verifier::verify_native(*r.at_optimum.schedule).valid);
  if (!fixed.empty()) CHECK(r.at_optimum.schedule->problem().sources == fixed);
  CHECK(r.below.status == SynthesisStatus::Impossible);
  if (lex && symmetry) CHECK(r.below.certificate.find("lex-leader") != std::string::npos);
  return *r.optimum;
}

}  // namespace

TEST_CASE("lex chain: the clauses accept exactly X <=lex Y (all prefixes and both polarities)") {
  // X = (x_1..x_4), Y = X o sigma for a permutation with one fixed point, pairs in order.
  const int sigma[] = {0, 3, 2, 4, 1};  // sigma[i] for variables 1..4 (2 is fixed)
  for (std::size_t max : {1u, 2u, 4u}) {
    for (int polarity : {1, -1}) {
      std::vector<std::vector<int>> clauses;
      int vars = 4;
      schedcert::encodings::sat::LexChain chain([&vars] { return ++vars; },
                                                [&](std::vector<int> c) { clauses.push_back(std::move(c)); }, max);
      for (int i = 1; i <= 4; ++i) chain.add(polarity * i, polarity * sigma[i]);
      CHECK(chain.positions() == std::min<std::size_t>(max, 3));  // the fixed point is skipped
      for (unsigned x = 0; x < 16; ++x) {
        std::vector<bool> fixed(5, false);
        for (int i = 1; i <= 4; ++i) fixed[i] = (x >> (i - 1)) & 1u;
        // Brute-force comparison over the first `max` non-fixed positions.
        int cmp = 0;
        std::size_t seen = 0;
        for (int i = 1; i <= 4 && cmp == 0 && seen < max; ++i) {
          if (sigma[i] == i) continue;
          ++seen;
          const bool a = polarity > 0 ? fixed[i] : !fixed[i], b = polarity > 0 ? fixed[sigma[i]] : !fixed[sigma[i]];
          cmp = int(a) - int(b);
        }
        CAPTURE(x);
        CAPTURE(max);
        CAPTURE(polarity);
        CHECK(extends(clauses, vars, fixed) == (cmp <= 0));
      }
    }
  }
}

TEST_CASE("successive lex-leader: Q2 free allocation: the optimum on both engines with every setting") {
  for (const std::string engine : {"cadical", "QF_FD"}) {
    const unsigned none = successive_optimum("Q2", Model::ShoutWhisper, false, false, engine);
    CHECK(none == 6);  // docs/successive-optimum.md
    CHECK(successive_optimum("Q2", Model::ShoutWhisper, true, false, engine) == none);
    CHECK(successive_optimum("Q2", Model::ShoutWhisper, true, true, engine) == none);
  }
  const Network q2 = Network::hypercube(2);
  SuccessiveOptions o;
  o.lex_leader = true;
  const SynthesisResult r = synthesize_successive(q2, Model::ShoutWhisper, 5, o);
  CHECK(r.status == SynthesisStatus::Impossible);
  CHECK(r.certificate.find("lex-leader: 2 of 2 generators of Aut (order 8)") != std::string::npos);
}

TEST_CASE("successive lex-leader: a fixed allocation keeps only the identity (nothing added) and the optimum") {
  const auto gray = constructions::desprez1993::brgc(2);
  for (const std::string engine : {"cadical", "QF_FD"}) {
    const unsigned none = successive_optimum("Q2", Model::ShoutWhisper, false, false, engine, gray);
    CHECK(successive_optimum("Q2", Model::ShoutWhisper, true, true, engine, gray) == none);
  }
  SuccessiveOptions o;
  o.lex_leader = true;
  o.fixed_sources = gray;
  const SynthesisResult r = synthesize_successive(Network::hypercube(2), Model::ShoutWhisper, 5, o);
  CHECK(r.status == SynthesisStatus::Impossible);
  CHECK(r.certificate.find("lex-leader: none (the automorphisms fixing every source are the identity alone)") !=
        std::string::npos);
}

TEST_CASE("successive lex-leader: a ring and a product (no coordinate rules there) on both engines") {
  for (const char* spec : {"C5", "K2xC3"}) {
    for (const Model m : {Model::ShoutWhisper, Model::SinglePortFull}) {
      const unsigned none = successive_optimum(spec, m, false, false, "cadical");
      CHECK(successive_optimum(spec, m, true, true, "cadical") == none);
      CHECK(successive_optimum(spec, m, true, true, "QF_FD") == none);
    }
  }
}

TEST_CASE("successive lex-leader: Q3 free allocation: 13 impossible and 14 found as with the coordinate rules") {
  const Network q3 = Network::hypercube(3);
  SuccessiveOptions o;
  o.timeout_ms = 300000;
  o.lex_leader = true;
  const SynthesisResult below = synthesize_successive(q3, Model::ShoutWhisper, 13, o);
  CHECK(below.status == SynthesisStatus::Impossible);
  CHECK(below.certificate.find("lex-leader: 3 of 3 generators of Aut (order 48)") != std::string::npos);
  const SynthesisResult at = synthesize_successive(q3, Model::ShoutWhisper, 14, o);
  REQUIRE(at.status == SynthesisStatus::Found);
  CHECK(verifier::verify_native(*at.schedule).valid);
}

TEST_CASE("synthesis lex-leader: optima and optima - 1 as without symmetry rules and with the anchor rules") {
  SynthesisOptions plain;
  plain.timeout_ms = 60000;
  plain.cayley_first = false;
  plain.counting_bounds = false;
  plain.slack_rules = false;
  struct Row {
    const char* net;
    Model m;
    ProblemKind k;
  };
  for (const Row& row : {Row{"Q3", Model::AllPort, ProblemKind::MultinodeBroadcast},
                         Row{"C3xC3", Model::AllPort, ProblemKind::Broadcast},
                         Row{"K3", Model::ShoutWhisper, ProblemKind::MultinodeBroadcast},
                         Row{"Q2", Model::SinglePortFull, ProblemKind::TotalExchange},
                         Row{"K4", Model::SinglePortFull, ProblemKind::Scatter}}) {
    const Network net = Network::parse(row.net);
    Problem p;
    p.kind = row.k;
    INFO(row.net << " " << to_string(row.m) << " " << p.describe());
    SynthesisOptions none = plain;
    none.symmetry_breaking = false;
    const OptimumResult base = minimize_steps(net, row.m, p, 0, 16, none);
    REQUIRE(base.optimum.has_value());
    const OptimumResult anchor = minimize_steps(net, row.m, p, 0, 16, plain);
    CHECK(anchor.optimum == base.optimum);
    for (const std::string engine : {"cadical", "QF_FD"}) {
      SynthesisOptions lex = plain;
      lex.lex_leader = true;
      lex.solver_logic = engine;
      const SynthesisResult at = synthesize(net, row.m, p, *base.optimum, lex);
      REQUIRE(at.status == SynthesisStatus::Found);
      CHECK(verifier::verify_native(*at.schedule).valid);
      if (*base.optimum == 0) continue;
      const SynthesisResult below = synthesize(net, row.m, p, *base.optimum - 1, lex);
      CHECK(below.status == SynthesisStatus::Impossible);
    }
  }
}

}  // namespace schedcert_test_encodings_synth_lex_leader_test
