// The alpha cubes' stabiliser lex-leader constraints (search/alpha_cubes.hpp, AlphaQuery::lex):
// the claim of the design note checked by brute force on Q4, independently of nauty (the
// stabiliser of each cube is found by running through all 384 automorphisms of Q4), and runs
// with the constraints giving the known answers with every cube's proof accepted by the
// Coq-verified checker. Oracles: alpha(d) = 2, 4, 10, 22 for d = 2..5 (docs/alpha.md), i.e.
// gamma_c(Q_d) = 2, 4, 6, 10.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>
#include <string>

#include "encodings/sat/backend.hpp"
#include "search/alpha_cubes.hpp"
#include "search/run_dir.hpp"
#include "search/runner.hpp"

namespace schedcert_test_search_alpha_lex_test {

namespace fs = std::filesystem;
using namespace schedcert::search;
using schedcert::schedules::Node;
using nlohmann::json;

namespace {

std::string scratch(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("schedcert-alpha-lex-test-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(p);
  return p.string();
}

RunSummary run_all(const Family& f, const std::string& dir) {
  const auto cubes = f.make_cubes({});
  RunDir run = RunDir::create(dir, f, cubes, f.check_coverage(cubes), json::object());
  RunOptions o;
  o.jobs = 2;
  o.progress = false;
  return run_local(f, run, o);
}

// Every automorphism of Q_d as a vertex map: v -> pi(v) xor t.
std::vector<std::vector<Node>> all_automorphisms(int d) {
  const Node n = Node{1} << d;
  std::vector<int> pi(static_cast<std::size_t>(d));
  std::iota(pi.begin(), pi.end(), 0);
  std::vector<std::vector<Node>> out;
  do {
    for (Node t = 0; t < n; ++t) {
      std::vector<Node> g(n);
      for (Node v = 0; v < n; ++v) {
        Node w = 0;
        for (int i = 0; i < d; ++i)
          if ((v >> i) & 1u) w |= Node{1} << pi[static_cast<std::size_t>(i)];
        g[v] = w ^ t;
      }
      out.push_back(std::move(g));
    }
  } while (std::next_permutation(pi.begin(), pi.end()));
  return out;
}

}  // namespace

TEST_CASE("alpha stabiliser lex-leader on Q4: the lex-largest image of every CDS in a cube passes the cube's clauses") {
  const int d = 4;
  const Node n = 16;
  const unsigned k = 9;  // above gamma_c(Q4) = 6, so that the cubes hold many CDS
  auto f = make_alpha_family({d, k, true});
  CHECK(f->query().value("lex", false));
  const auto cubes = f->make_cubes({});
  const auto auts = all_automorphisms(d);
  REQUIRE(auts.size() == 384);
  // Every CDS of Q4 with 0 in it and at most k nodes, as a bit mask.
  std::vector<std::uint32_t> cds;
  for (std::uint32_t mask = 1; mask < (1u << n); mask += 2) {
    if (static_cast<unsigned>(__builtin_popcount(mask)) > k) continue;
    std::vector<Node> s;
    for (Node v = 0; v < n; ++v)
      if ((mask >> v) & 1u) s.push_back(v);
    if (check_cds(d, s).empty()) cds.push_back(mask);
  }
  REQUIRE(!cds.empty());
  std::size_t checked = 0, rejected = 0, with_lex = 0;
  const auto without = make_alpha_family({d, k, false});
  for (const Cube& c : cubes) {
    CAPTURE(c.label);
    const auto clauses = f->cube_clauses(c);
    const auto plain = without->cube_clauses(c);
    if (clauses.size() > plain.size()) ++with_lex;
    auto solver = schedcert::encodings::sat::make_cadical();
    for (const auto& cl : clauses) solver->add(cl);
    int m = 0;
    for (int l : c.lits)
      for (int i = 0; i < d; ++i) m += l == static_cast<int>((Node{1} << i) + 1);
    // The cube's pattern and its stabiliser, found without nauty.
    auto in_cube = [&](std::uint32_t s) {
      for (int l : c.lits)
        if ((((s >> (std::abs(l) - 1)) & 1u) != 0) != (l > 0)) return false;
      if (m == 0 || m >= d) return true;
      for (Node v = 0; v < n; ++v) {
        if (!((s >> v) & 1u)) continue;
        int deg = 0;
        for (int i = 0; i < d; ++i) deg += (s >> (v ^ (Node{1} << i))) & 1u;
        if (deg > m) return false;
      }
      return true;
    };
    auto image = [&](const std::vector<Node>& g, std::uint32_t s) {
      std::uint32_t out = 0;
      for (Node v = 0; v < n; ++v)
        if ((s >> v) & 1u) out |= 1u << g[v];
      return out;
    };
    std::vector<int> pattern(n, 0);  // 1 in S, 2 not in S, 0 free; node 0 from the base's x_0
    pattern[0] = 1;
    for (int l : c.lits) pattern[static_cast<std::size_t>(std::abs(l) - 1)] = l > 0 ? 1 : 2;
    std::vector<const std::vector<Node>*> stab;
    for (const auto& g : auts) {
      bool keeps = true;
      for (Node v = 0; v < n && keeps; ++v) keeps = pattern[g[v]] == pattern[v];
      if (keeps) stab.push_back(&g);
    }
    // Lex-largest in the order 0, 1, ..., n-1 with 1 > 0: the bit-reversed mask is largest.
    auto key = [&](std::uint32_t s) {
      std::uint32_t r = 0;
      for (Node v = 0; v < n; ++v)
        if ((s >> v) & 1u) r |= 1u << (n - 1 - v);
      return r;
    };
    auto passes = [&](std::uint32_t s) {
      std::vector<int> assume;
      for (Node v = 0; v < n; ++v) assume.push_back(((s >> v) & 1u) ? static_cast<int>(v + 1) : -static_cast<int>(v + 1));
      return solver->solve(assume, 0) == schedcert::encodings::sat::SatAnswer::Sat;
    };
    for (std::uint32_t s : cds) {
      if (!in_cube(s)) continue;
      std::uint32_t best = s;
      for (const auto* g : stab) {
        const std::uint32_t t = image(*g, s);
        REQUIRE(in_cube(t));  // the stabiliser keeps the cube's CDS in the cube
        if (key(t) > key(best)) best = t;
      }
      CHECK(passes(best));
      ++checked;
      if (!passes(s)) ++rejected;
    }
  }
  MESSAGE(checked << " (cube, CDS) pairs, " << rejected << " CDS rejected by the lex clauses, " << with_lex << " of "
                  << cubes.size() << " cubes with lex clauses");
  CHECK(checked > 0);
  CHECK(rejected > 0);  // the constraints do remove symmetric copies
  CHECK(with_lex > 0);
}

TEST_CASE("alpha stabiliser lex-leader: gamma_c(Q_d) - 1 refuted and gamma_c(Q_d) found for d = 2..4 with every LRAT accepted") {
  const unsigned gamma[] = {0, 0, 2, 4, 6};
  for (int d = 2; d <= 4; ++d) {
    CAPTURE(d);
    auto below = make_alpha_family({d, gamma[d] - 1, true});
    const RunSummary s = run_all(*below, scratch("below" + std::to_string(d)));
    CHECK(s.verdict == RunVerdict::Unsat);
    CHECK(s.coverage_ok);
    CHECK(s.unsat == s.cubes);
    CHECK(s.unsat_lrat == s.unsat);
    auto at = make_alpha_family({d, gamma[d], true});
    const RunSummary t = run_all(*at, scratch("at" + std::to_string(d)));
    REQUIRE(t.verdict == RunVerdict::Sat);
    CHECK(at->check_witness(t.sat_cube->witness) == "");
  }
}

TEST_CASE("alpha stabiliser lex-leader: Q5 with at most 9 nodes refuted (alpha(5) <= 22) as without" *
          doctest::test_suite("slow")) {
  auto below = make_alpha_family({5, 9, true});
  const RunSummary s = run_all(*below, scratch("below5"));
  CHECK(s.verdict == RunVerdict::Unsat);
  CHECK(s.unsat_lrat == s.unsat);
  auto at = make_alpha_family({5, 10, true});
  const RunSummary t = run_all(*at, scratch("at5"));
  REQUIRE(t.verdict == RunVerdict::Sat);
  CHECK(at->check_witness(t.sat_cube->witness) == "");
}

}  // namespace schedcert_test_search_alpha_lex_test
