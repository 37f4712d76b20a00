// Issue 26, the free allocation with symmetry: coq/synth/SynthSym.v's free_sym_cnf (free_cnf, the
// unit "broadcast 0 starts at node 0", the early-send units) and its C++ mirror
// (encodings/synth/coq_cnf.cpp, FreeAllocation::Symmetric); the network's translations that the
// .v file hands to transb (encodings/synth/coq_translations.hpp). The checker regenerates the CNF
// with the extracted free_sym_cnf: identical on the real encoder (Q2, Q3); an encoder without the
// unit or without the early units is caught (EnginesDisagree; through the CLI, exit 4 and no
// file). The closed theorems that coqc accepts are in synth_coq_free_test.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "../cli/run_cli.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "encodings/synth/coq_cnf.hpp"
#include "encodings/synth/coq_translations.hpp"
#include "schedules/disagree.hpp"

namespace schedcert_test_encodings_synth_coq_sym_test {

namespace {

namespace fs = std::filesystem;
using schedcert::encodings::synth::FreeAllocation;
using schedcert::encodings::synth::SynthCoqRefutation;
using schedcert::schedules::Network;
using schedcert::schedules::Node;

schedcert::schedules::Problem successive_free(std::size_t n) {
  schedcert::schedules::Problem p;
  p.kind = schedcert::schedules::ProblemKind::SuccessiveBroadcast;
  for (std::size_t v = 0; v < n; ++v) p.sources.push_back(static_cast<Node>(v));
  return p;
}

}  // namespace

TEST_CASE("synth coq sym: free_sym_cnf is free_cnf, the unit H(0,0,0), then -S(t,i,u,v) for t < i in order") {
  const auto net = Network::parse("Q2");
  const auto m = schedcert::schedules::Model::ShoutWhisper;
  const unsigned T = 5;
  const long long n = 4, arcs = 8;
  const auto plain = schedcert::encodings::synth::synth_coq_cnf(net, m, successive_free(4), T, {}, FreeAllocation::Plain);
  const auto sym = schedcert::encodings::synth::synth_coq_cnf(net, m, successive_free(4), T, {}, FreeAllocation::Symmetric);
  // Early units: step t has the items t+1 .. n-1, each on every arc: (3 + 2 + 1) * 8.
  long long early = 0;
  for (long long t = 0; t < T; ++t) early += std::max(0LL, n - 1 - t) * arcs;
  REQUIRE(sym.size() == plain.size() + 1 + static_cast<std::size_t>(early));
  for (std::size_t k = 0; k < plain.size(); ++k) REQUIRE(sym[k] == plain[k]);
  CHECK(sym[plain.size()] == schedcert::encodings::sat::Clause{1});  // H(0, 0, 0) is variable 1
  // The first early unit: t = 0, item 1, the first arc 0 -> 1: S base (T+1) I n, then (i n + u) n + v.
  const int s_base = (T + 1) * n * n;
  CHECK(sym[plain.size() + 1] == schedcert::encodings::sat::Clause{-(s_base + (1 * n + 0) * n + 1 + 1)});
  // The last: t = 2, item 3, the last arc 3 -> 2 (3's neighbours are 1 and 2).
  CHECK(sym.back() == schedcert::encodings::sat::Clause{-(s_base + ((2 * n + 3) * n + 3) * n + 2 + 1)});
  CHECK(schedcert::encodings::synth::synth_coq_spec(net, m, successive_free(4), T, FreeAllocation::Symmetric)
            .find("allocation free-sym\n") != std::string::npos);
  CHECK(schedcert::encodings::synth::coq_generator_name(FreeAllocation::Symmetric) ==
        "free_sym_cnf (coq/synth/SynthSym.v)");
}

TEST_CASE("synth coq sym: translations onto node 0 for products of K2, rings and complete graphs, none for paths") {
  for (const char* name : {"Q3", "C3xC3", "K2xC4xK3", "C5"}) {
    CAPTURE(name);
    const auto net = Network::parse(name);
    const auto auts = schedcert::encodings::synth::coq_translations(net);
    REQUIRE(auts.has_value());
    const Node n = net.num_nodes();
    REQUIRE(auts->size() == n);
    for (Node a = 0; a < n; ++a) {
      const auto& p = (*auts)[a];
      CHECK(p.perm[a] == 0);
      for (Node u = 0; u < n; ++u) {
        CHECK(p.inv[p.perm[u]] == u);
        for (Node v = 0; v < n; ++v) CHECK(net.adjacent(u, v) == net.adjacent(p.perm[u], p.perm[v]));
      }
    }
  }
  // Q2 as Coq reads it (the xor translations).
  CHECK(schedcert::encodings::synth::coq_translations_term(*schedcert::encodings::synth::coq_translations(
            Network::parse("Q2"))) ==
        "[([0; 1; 2; 3], [0; 1; 2; 3]);\n   ([1; 0; 3; 2], [1; 0; 3; 2]);\n   ([2; 3; 0; 1], [2; 3; 0; 1]);\n"
        "   ([3; 2; 1; 0], [3; 2; 1; 0])]");
  for (const char* name : {"P4", "K2xP3"}) {
    CAPTURE(name);
    CHECK_FALSE(schedcert::encodings::synth::coq_translations(Network::parse(name)).has_value());
  }
}

TEST_CASE("synth coq sym: the extracted free_sym_cnf regenerates the mirror identically (Q2 T = 5 and 6, Q3 T = 13)") {
  if (schedcert::encodings::sat::lrat_checker_path().empty()) {
    FAIL("schedcert-lrat is not built");
    return;
  }
  const auto m = schedcert::schedules::Model::ShoutWhisper;
  const auto q2 = Network::parse("Q2");
  const SynthCoqRefutation no =
      schedcert::encodings::synth::refute_synth_coq(q2, m, successive_free(4), 5, 60, 0, {}, FreeAllocation::Symmetric);
  CHECK_MESSAGE(no.status == SynthCoqRefutation::Status::Refuted, no.detail);
  CHECK(no.comparison == "identical");
  CHECK_MESSAGE(no.detail.find("free_sym_cnf (coq/synth/SynthSym.v) (sha256") != std::string::npos, no.detail);
  const SynthCoqRefutation yes =
      schedcert::encodings::synth::refute_synth_coq(q2, m, successive_free(4), 6, 60, 0, {}, FreeAllocation::Symmetric);
  CHECK_MESSAGE(yes.status == SynthCoqRefutation::Status::Satisfiable, yes.detail);
  CHECK(yes.comparison == "identical");
  const SynthCoqRefutation q3 = schedcert::encodings::synth::refute_synth_coq(
      Network::parse("Q3"), m, successive_free(8), 13, 120, 0, {}, FreeAllocation::Symmetric);
  CHECK_MESSAGE(q3.status == SynthCoqRefutation::Status::Refuted, q3.detail);
  CHECK(q3.comparison == "identical");
}

TEST_CASE("synth coq sym: an encoder without the unit or the early units is caught (library and CLI, exit 4)") {
  const auto net = Network::parse("Q2");
  const auto m = schedcert::schedules::Model::ShoutWhisper;
  const fs::path dir = fs::temp_directory_path() / ("schedcert-synthcoq-sym-mut-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  for (const char* rule : {"unit", "early"}) {
    CAPTURE(rule);
    schedcert::encodings::synth::SynthCoqMutation mut;
    mut.drop = rule;
    CHECK(schedcert::encodings::synth::synth_coq_cnf(net, m, successive_free(4), 5, mut, FreeAllocation::Symmetric)
              .size() <
          schedcert::encodings::synth::synth_coq_cnf(net, m, successive_free(4), 5, {}, FreeAllocation::Symmetric).size());
    CHECK_THROWS_AS(
        schedcert::encodings::synth::refute_synth_coq(net, m, successive_free(4), 5, 60, 0, mut, FreeAllocation::Symmetric),
        schedcert::EnginesDisagree);
    const auto run = schedcert::testing::run_cli(
        "synthesize -n Q2 -m shout-whisper -p successive-broadcast --allocation free -q --coq '" + dir.string() +
        "' --coq-test-drop " + rule);
    CHECK_MESSAGE(run.code == 4, run.out);
    CHECK_MESSAGE(run.out.find("engines disagree") != std::string::npos, run.out);
    CHECK_MESSAGE(run.out.find("free_sym_cnf (coq/synth/SynthSym.v) is not the C++ one") != std::string::npos, run.out);
    CHECK_MESSAGE(run.out.find("the CNFs differ") != std::string::npos, run.out);
    CHECK(!fs::exists(dir / "optimum_Q2_shout_whisper_successive_broadcast_free.v"));
  }
  fs::remove_all(dir);
}

}  // namespace schedcert_test_encodings_synth_coq_sym_test
