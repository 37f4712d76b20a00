// Mutation testing of the verifiers (issue 9): mutants of valid schedules of every registered
// construction (each model, d = 2..3) and of greedy schedules on small product networks. The
// native verifier must agree with the naive reference checker (reference_check.hpp) on every
// mutant (validity and the first violation's rule, transmission, step, item and node); the Z3
// verifier must agree with native on a time-capped sample. Counts: docs/trust.md.
#include <doctest/doctest.h>

#include <chrono>
#include <iostream>
#include <map>

#include "schedules/registry.hpp"
#include "tests/mutation/agreement.hpp"
#include "tests/mutation/mutants.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_mutation_mutation_test {

using namespace trust;
using schedcert::InputError;
using schedcert::verifier::verify_native;

namespace {

std::vector<Base> registry_bases() {
  std::vector<Base> out;
  for (const auto& c : Registry::instance().all()) {
    for (Model m : c.models) {
      for (int d = 2; d <= 3; ++d) {
        if (d < c.min_dim || d > c.max_dim) continue;
        Params p;
        p.dim = d;
        p.model = m;
        for (int attempt = 0; attempt < 2; ++attempt) {
          if (attempt == 1) {  // constructions over a torus or any network
            p.radix = 3;
            p.network = "Q" + std::to_string(d);
          }
          try {
            Schedule s = generate(c, p);
            if (s.num_transmissions() == 0 || s.num_transmissions() > 600) break;
            out.push_back({c.name + "/" + to_string(m) + "/d" + std::to_string(d), std::move(s)});
            break;
          } catch (const InputError&) {
          }
        }
      }
    }
  }
  return out;
}

std::vector<Base> greedy_bases() {
  std::vector<Base> out;
  for (const char* spec : {"Q2", "Q3", "C3xC3", "P3xK2", "K4"}) {
    const Network net = Network::parse(spec);
    for (Model m : all_models())
      for (ProblemKind k : {ProblemKind::Broadcast, ProblemKind::Accumulation, ProblemKind::Scatter,
                            ProblemKind::SuccessiveBroadcast, ProblemKind::MultinodeBroadcast}) {
        Problem prob;
        prob.kind = k;
        prob.root = 1;
        if (k == ProblemKind::SuccessiveBroadcast) prob.sources = {1, 0, 2};
        try {
          out.push_back({std::string("greedy/") + spec + "/" + to_string(m) + "/" + to_string(k),
                         smt_test::greedy(net, m, prob, 1)});
        } catch (const InputError&) {
        }
      }
  }
  return out;
}

}  // namespace

TEST_CASE("mutation: native agrees with the reference checker on every mutant / smt on a sample") {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Base> bases = registry_bases();
  const std::size_t from_registry = bases.size();
  for (auto& b : greedy_bases()) bases.push_back(std::move(b));
  REQUIRE(from_registry > 0);

  std::mt19937_64 rng(20261122);
  std::uint64_t tried = 0, invalid = 0, native_caught = 0, ref_caught = 0, disagree = 0;
  std::uint64_t smt_tried = 0, smt_caught = 0, smt_disagree = 0, smt_unknown = 0;
  std::uint64_t base_invalid = 0;
  std::map<std::string, std::uint64_t> by_rule;
  const int per_kind = 12;
  const double smt_budget_s = 25.0;
  double smt_seconds = 0;
  for (const Base& b : bases) {
    {
      const RefResult nat = from_verdict(verify_native(b.schedule));
      const RefResult ref = reference_check(b.schedule);
      if (!nat.valid) ++base_invalid;
      if (!same(nat, ref)) {
        ++disagree;
        MESSAGE("base " << b.label << ": native " << describe(nat) << " vs reference " << describe(ref));
      }
    }
    for (int k = 0; k < kMutations; ++k) {
      for (int r = 0; r < per_kind; ++r) {
        auto mu = mutate(b.schedule, static_cast<Mutation>(k), rng);
        if (!mu) continue;
        ++tried;
        const Schedule& s = mu->schedule;
        const Verdict nv = verify_native(s);
        const RefResult nat = from_verdict(nv);
        const RefResult ref = reference_check(s);
        if (!ref.valid) ++invalid, ++by_rule[to_string(ref.rule)];
        if (!nat.valid) ++native_caught;
        if (!ref.valid) ++ref_caught;
        // The bucket path of the item rules (Auto picks the bitset path where it can).
        const RefResult buckets =
            from_verdict(verify_native(s, schedcert::verifier::NativePath::Buckets));
        if (!same(nat, ref) || !same(buckets, ref)) {
          ++disagree;
          if (disagree <= 5)
            MESSAGE("DISAGREEMENT on " << b.label << " / " << mutation_name(mu->kind)
                                       << ": native " << describe(nat) << ", native buckets "
                                       << describe(buckets) << ", reference " << describe(ref) << "\n" << to_json(s));
        }
        // Z3 on a sample: every 7th mutant while the time budget lasts.
        if (tried % 7 == 0 && smt_seconds < smt_budget_s && s.num_transmissions() <= 120 &&
            s.num_transmissions() > 0) {  // open finding F1, docs/trust.md
          const auto a = std::chrono::steady_clock::now();
          try {
            schedcert::encodings::smt::SmtOptions o;
            o.timeout_ms = 20000;
            const RefResult smt = from_verdict(schedcert::encodings::smt::verify_smt(s, o));
            ++smt_tried;
            if (!smt.valid) ++smt_caught;
            if (!same(smt, nat)) {
              ++smt_disagree;
              if (smt_disagree <= 5)
                MESSAGE("SMT DISAGREEMENT on " << b.label << " / " << mutation_name(mu->kind)
                                               << ": native " << describe(nat) << ", smt "
                                               << describe(smt) << "\n" << to_json(s));
            }
          } catch (const schedcert::UnknownResult&) {
            ++smt_unknown;
          }
          smt_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
        }
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "[mutation] bases " << bases.size() << " (registry " << from_registry
            << ", base schedules invalid " << base_invalid << "), mutants " << tried
            << ", invalid (reference) " << invalid << ", caught by native " << native_caught
            << ", by reference " << ref_caught << ", native/reference disagreements " << disagree
            << "; smt sample " << smt_tried << " (invalid " << smt_caught << ", unknown "
            << smt_unknown << ", disagreements " << smt_disagree << ", " << smt_seconds
            << " s); total " << secs << " s\n[mutation] first violation by rule:";
  for (const auto& [r, c] : by_rule) std::cout << " " << r << "=" << c;
  std::cout << "\n";
  CHECK(tried >= 2000);
  CHECK(disagree == 0);
  CHECK(smt_disagree == 0);
  CHECK(smt_tried >= 50);
}

}  // namespace schedcert_test_mutation_mutation_test
