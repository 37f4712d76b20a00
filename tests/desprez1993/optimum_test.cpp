// Successive broadcasts with the allocation left free (encodings/synth/successive.hpp): the
// exact optimum on Q2 and Q3 under shout-whisper, the UNSAT query for one step less re-answered
// by the z3 and cvc5 command-line tools, and the comparison with Desprez, Fraigniaud &
// Tourancheau 1993 (Prop. 1: 2p + log2 p - 2; Prop. 2: 2p - alpha(d) - 1 with alpha(2) = 2,
// alpha(3) = 4). The optima themselves are our measurements (docs/successive-optimum.md).
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <set>

#include "encodings/synth/successive.hpp"
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/error.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_desprez1993_optimum_test {

using namespace schedcert;
using namespace schedcert::schedules;
using namespace schedcert::encodings::synth;

namespace {

std::string run(const std::string& cmd) {
  std::string out;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return out;
  std::array<char, 256> buf{};
  std::size_t k;
  while ((k = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), k);
  pclose(p);
  return out;
}

unsigned prop1(unsigned d) { return 2 * (1u << d) + d - 2; }
unsigned prop2(unsigned d, unsigned alpha) { return 2 * (1u << d) - alpha - 1; }

// The least T over every allocation, its witness (checked afresh) and the T - 1 certificate.
unsigned check_optimum(int d, const std::vector<Node>& fixed, const std::string& smt2) {
  const Network net = Network::hypercube(d);
  SuccessiveOptions o;
  o.timeout_ms = 120000;
  o.fixed_sources = fixed;
  o.emit_smt2_path = smt2;
  const unsigned lo = successive_free_lower_bound(net, Model::ShoutWhisper).steps;
  const OptimumResult r = minimize_successive(net, Model::ShoutWhisper, lo, lo + 16, o);
  REQUIRE(r.optimum.has_value());
  REQUIRE(r.at_optimum.schedule.has_value());
  const Schedule& s = *r.at_optimum.schedule;
  const auto v = verifier::verify_native(s);
  CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
  CHECK(v.metrics.steps <= *r.optimum);
  CHECK(s.problem().kind == ProblemKind::SuccessiveBroadcast);
  const auto& src = s.problem().sources;
  CHECK(src.size() == net.size());
  CHECK(std::set<Node>(src.begin(), src.end()).size() == net.size());  // a bijection
  if (!fixed.empty()) CHECK(src == fixed);
  CHECK(r.below.status == SynthesisStatus::Impossible);
  CHECK(r.below.certificate.find("UNSAT of query " + smt2) != std::string::npos);
  return *r.optimum;
}

}  // namespace

TEST_CASE("successive optimum: Q2, free allocation vs Gray code, certified by z3 and cvc5") {
  const auto dir = std::filesystem::temp_directory_path() / "schedcert-succ-opt-test";
  std::filesystem::create_directories(dir);
  const std::string free_smt2 = (dir / "q2-free.smt2").string();
  const unsigned opt = check_optimum(2, {}, free_smt2);
  CHECK(opt == 6);  // measured (docs/successive-optimum.md): 2p - 2, two below Prop. 1
  CHECK(opt <= prop1(2));
  CHECK(opt >= prop2(2, 2));
  CHECK(run("z3 " + free_smt2) == "unsat\n");
  CHECK(run("cvc5 " + free_smt2) == "unsat\n");

  const std::string gray_smt2 = (dir / "q2-gray.smt2").string();
  const unsigned gray = check_optimum(2, constructions::desprez1993::brgc(2), gray_smt2);
  CHECK(gray >= opt);
  CHECK(gray == 6);  // measured
  CHECK(run("z3 " + gray_smt2) == "unsat\n");
  CHECK(run("cvc5 " + gray_smt2) == "unsat\n");
  std::filesystem::remove_all(dir);
}

TEST_CASE("successive optimum: symmetry breaking keeps the Q2 answers") {
  const Network net = Network::hypercube(2);
  SuccessiveOptions o;
  o.timeout_ms = 60000;
  o.symmetry_breaking = false;
  o.solver_logic = "QF_FD";  // the Z3 engine here, CaDiCaL (the default) elsewhere
  const OptimumResult r = minimize_successive(net, Model::ShoutWhisper, 1, 20, o);
  REQUIRE(r.optimum.has_value());
  CHECK(*r.optimum == 6);
  // Each rule only picks another image under an automorphism: T = opt stays SAT with them.
  o.symmetry_breaking = true;
  CHECK(synthesize_successive(net, Model::ShoutWhisper, 6, o).status == SynthesisStatus::Found);
  CHECK(synthesize_successive(net, Model::ShoutWhisper, 5, o).status ==
        SynthesisStatus::Impossible);
}

TEST_CASE("successive optimum: Q3 free allocation with its certificate") {
  const auto dir = std::filesystem::temp_directory_path() / "schedcert-succ-opt-q3";
  std::filesystem::create_directories(dir);
  const std::string smt2 = (dir / "q3-free.smt2").string();
  const unsigned opt = check_optimum(3, {}, smt2);
  CHECK(opt == 14);  // measured: 2p - 2, three below Prop. 1
  CHECK(opt < prop1(3));
  CHECK(opt >= prop2(3, 4));
  CHECK(run("z3 " + smt2) == "unsat\n");
  CHECK(run("cvc5 " + smt2) == "unsat\n");
  // The Gray-code allocation of Prop. 1 reaches the same optimum: free allocation gains nothing.
  const std::string gray_smt2 = (dir / "q3-gray.smt2").string();
  CHECK(check_optimum(3, constructions::desprez1993::brgc(3), gray_smt2) == opt);
  std::filesystem::remove_all(dir);
}

TEST_CASE("successive optimum: bad fixed allocations are input errors") {
  const Network net = Network::hypercube(2);
  SuccessiveOptions o;
  o.fixed_sources = {0, 1, 1, 2};
  CHECK_THROWS_AS(synthesize_successive(net, Model::ShoutWhisper, 6, o), InputError);
  o.fixed_sources = {0, 1};
  CHECK_THROWS_AS(synthesize_successive(net, Model::ShoutWhisper, 6, o), InputError);
}

}  // namespace schedcert_test_desprez1993_optimum_test
