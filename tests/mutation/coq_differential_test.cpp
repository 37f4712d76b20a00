// Differential testing of the Coq checker against the native verifier (issue 9, part 3).
// Schedules: greedy valid schedules (tests/encodings/smt_test_schedules.hpp) for every problem,
// every model and seven small networks (Q2, Q3, C3xC3, P3xK2, K4, and since issue 25 the graph
// networks dgx1 and a square with a double link), two mutants of each (six for the combining
// problems and successive broadcasts; tests/mutation/mutants.hpp), for the combining problems
// also the base plus an extra step repeating one of its transmissions (a duplicate), random
// small schedules drawn as in differential_test.cpp but with combining packets for the
// accumulations and B = 2 for successive broadcasts, and every schedule fixture of
// tests/fixtures/schedules, plus nine hand-made corner cases of the duplicate and order rules.
// They are written in batches into one .v file
// each: `Eval vm_compute in map check [...]` prints Coq's verdicts, which must equal the native
// ones, and `Example agree : map check [...] = [expected]` must be proved by vm_compute;
// `Eval vm_compute in map verdict [...]` prints the fast checker's first violations, which must
// be the native verifier's (same rule, step and transmission: a prefix of its message). coqc
// runs a few times, not once per schedule. Counts: docs/coq.md.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/mutation/agreement.hpp"
#include "tests/mutation/mutants.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace schedcert_test_mutation_coq_differential_test {

using namespace trust;
using schedcert::InputError;
using schedcert::verifier::verify_native;

namespace {

// The problems coq/Rules.v states: every kind (allreduce since issue 25).
std::vector<ProblemKind> coq_problem_kinds() { return all_problem_kinds(); }

// The last two are graph networks with links of multiplicity 2 (dgx1's double NVLinks; a square
// with one double link, tests/fixtures/coq/double-link.json).
const std::vector<std::string>& nets() {
  static const std::vector<std::string> v = {
      "Q2", "Q3", "C3xC3", "P3xK2", "K4", "dgx1",
      "graph:" + (std::filesystem::path(SCHEDCERT_TEST_DIR) / "fixtures" / "coq" / "double-link.json").string()};
  return v;
}

struct Case {
  std::string label;
  Schedule schedule;
  bool native_valid;
};

Problem problem_of(std::mt19937_64& rng, ProblemKind kind, Node n) {
  auto rnd = [&](std::uint64_t hi) { return std::uniform_int_distribution<std::uint64_t>(0, hi)(rng); };
  Problem p;
  p.kind = kind;
  if (p.has_root()) p.root = static_cast<Node>(rnd(n - 1));
  if (kind == ProblemKind::SuccessiveBroadcast) {
    for (std::uint64_t j = 0, m = 1 + rnd(3); j < m; ++j) p.sources.push_back(static_cast<Node>(rnd(n - 1)));
    p.packet_items = static_cast<std::uint32_t>(1 + rnd(1));
  } else if (kind == ProblemKind::Allreduce) {
    p.messages = static_cast<std::uint32_t>(1 + rnd(1));
  } else if (!p.combining()) {
    p.messages = static_cast<std::uint32_t>(1 + rnd(1));
    p.packet_items = static_cast<std::uint32_t>(1 + rnd(1));
  }
  return p;
}

// Random transmissions, mostly along edges, mostly with items the sender probably holds; in
// the accumulations packets of up to 3 items, usually for one target.
Schedule random_schedule(std::mt19937_64& rng) {
  auto rnd = [&](std::uint64_t hi) { return std::uniform_int_distribution<std::uint64_t>(0, hi)(rng); };
  const Network net = Network::parse(nets()[rnd(nets().size() - 1)]);
  const Node n = net.num_nodes();
  const auto models = all_models();
  const auto kinds = coq_problem_kinds();
  const Problem prob = problem_of(rng, kinds[rnd(kinds.size() - 1)], n);
  prob.validate(net);
  const std::uint64_t items = prob.num_items(n);
  std::set<std::pair<Node, Item>> has;
  for (Item i = 0; i < items; ++i) has.insert({prob.origin(i, n), i});
  Schedule s(net, models[rnd(models.size() - 1)], prob);
  for (std::uint64_t st = 0, steps = 1 + rnd(5); st < steps; ++st) {
    s.begin_step();
    std::vector<std::pair<Node, Item>> got;
    for (std::uint64_t t = 0, m = rnd(n); t < m; ++t) {
      const Node f = static_cast<Node>(rnd(n - 1));
      std::vector<Node> nb;
      net.for_each_neighbour(f, [&](Node w, int) { nb.push_back(w); });
      const Node to = rnd(9) == 0 ? static_cast<Node>(rnd(n)) : nb[rnd(nb.size() - 1)];
      std::vector<Item> held;
      for (auto [v, i] : has)
        if (v == f) held.push_back(i);
      std::vector<Item> pk;
      const std::uint64_t size = prob.combining() ? 1 + rnd(2) : (rnd(4) == 0 ? 2 : 1);
      for (std::uint64_t j = 0; j < size; ++j) {
        Item i = !held.empty() && rnd(4) != 0 ? held[rnd(held.size() - 1)] : rnd(items);
        if (prob.combining() && j > 0 && rnd(3) != 0) {  // prefer an item for the same target
          for (Item h : held)
            if (h != pk[0] && prob.target(h, n) == prob.target(pk[0], n) && rnd(1) == 0) i = h;
        }
        pk.push_back(i);
      }
      s.add(f, to, std::span<const Item>(pk));
      for (Item i : pk) got.push_back({to, i});
    }
    for (auto g : got) has.insert(g);
  }
  return s;
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  auto push = [&](std::string label, Schedule s) {
    const bool v = verify_native(s).valid;
    if (std::getenv("COQ_DIFF_TRACE") && label.rfind("corner/", 0) == 0) {
      const auto nv = verify_native(s);
      std::cout << label << ": " << (nv.valid ? std::string("valid") : nv.violation->message) << "\n";
    }
    out.push_back({std::move(label), std::move(s), v});
  };
  std::mt19937_64 rng(2026);
  // Greedy valid schedules and two mutants of each.
  for (const std::string& spec : nets())
    for (Model m : all_models())
      for (ProblemKind k : coq_problem_kinds()) {
        const Network net = Network::parse(spec);
        const Problem prob = problem_of(rng, k, net.num_nodes());
        std::optional<Schedule> base;
        try {
          base.emplace(smt_test::greedy(net, m, prob, static_cast<unsigned>(out.size())));
        } catch (const InputError&) {
          continue;
        }
        const std::string label = std::string("greedy/") + spec + "/" + to_string(m) + "/" + to_string(k);
        // More mutants for the problems with the duplicate and order rules.
        const int want = prob.combining() || prob.ordered() ? 6 : 2;
        for (int j = 0, made = 0; j < 4 * want && made < want; ++j) {
          const auto kind = static_cast<Mutation>(std::uniform_int_distribution<int>(0, kMutations - 1)(rng));
          if (auto mu = mutate(*base, kind, rng)) {
            push(label + "/" + mutation_name(kind), std::move(mu->schedule));
            ++made;
          }
        }
        if (prob.combining() && base->num_transmissions() > 0)
          for (int j = 0; j < 2; ++j) {  // a contribution delivered a second time
            Steps st = smt_test::steps_of(*base);
            std::size_t a = 0, b = 0;
            pick(st, rng, a, b);
            const Tx again = st[a][b];
            st.push_back({again});
            push(label + "/repeat-at-end", smt_test::build(net, m, prob, st));
          }
        push(label, std::move(*base));
      }
  // Random schedules.
  for (int r = 0, made = 0; made < 300 && r < 3000; ++r) {
    try {
      push("random/" + std::to_string(r), random_schedule(rng));
      ++made;
    } catch (const InputError&) {
    }
  }
  // Corner cases of the duplicate and order rules that random schedules rarely reach while
  // obeying every other rule (each list: one step per entry, transmissions {from, to, items}).
  auto corner = [&](const std::string& label, const char* spec, ProblemKind k,
                    std::vector<Node> sources, std::uint32_t b, const Steps& st) {
    Problem p;
    p.kind = k;
    p.sources = std::move(sources);
    p.packet_items = b;
    push("corner/" + label, smt_test::build(Network::parse(spec), Model::AllPort, p, st));
  };
  using A = ProblemKind;
  // Accumulation on Q2 to root 0: contribution 3 goes to 1 and 2, both forward it to 0.
  const Steps fan = {{{3, 1, {3}}, {3, 2, {3}}}, {{1, 0, {1, 3}}, {2, 0, {2, 3}}}};
  corner("acc-same-step-duplicate", "Q2", A::Accumulation, {}, 1, fan);
  corner("acc-later-duplicate", "Q2", A::Accumulation, {}, 1,
         {fan[0], {{1, 0, {1, 3}}}, {{2, 0, {2, 3}}}});
  corner("acc-own-value-back", "Q2", A::Accumulation, {}, 1,
         {{{1, 0, {1}}, {3, 2, {3}}}, {{2, 0, {2, 3}}, {0, 1, {1}}}});
  corner("acc-valid", "Q2", A::Accumulation, {}, 1, {{{3, 1, {3}}}, {{1, 0, {1, 3}}, {2, 0, {2}}}});
  // Successive broadcasts on Q2 from 0 then 1.
  const std::vector<Tx> s1 = {{0, 1, {0}}, {0, 2, {0}}};
  corner("sb-valid", "Q2", A::SuccessiveBroadcast, {0, 1}, 1,
         {s1, {{1, 3, {0}}, {1, 0, {1}}}, {{0, 2, {1}}, {1, 3, {1}}}});
  corner("sb-both-in-one-packet", "Q2", A::SuccessiveBroadcast, {0, 1}, 2,
         {{{0, 1, {0}}}, {{1, 3, {0, 1}}, {1, 0, {1}}, {0, 2, {0}}}, {{0, 2, {1}}}});
  corner("sb-both-in-one-step", "Q2", A::SuccessiveBroadcast, {0, 1}, 1,
         {{{0, 1, {0}}}, {{1, 3, {1}}, {2, 3, {0}}, {1, 0, {1}}, {0, 2, {0}}}, {{0, 2, {1}}}});
  corner("sb-source-too-early", "Q2", A::SuccessiveBroadcast, {0, 1}, 1,
         {{{1, 0, {1}}, {0, 2, {0}}}, {{0, 1, {0}}, {2, 3, {0}}, {0, 2, {1}}}, {{1, 3, {1}}}});
  corner("sb-repeat-after-valid", "Q2", A::SuccessiveBroadcast, {0, 1}, 1,
         {s1, {{1, 3, {0}}, {1, 0, {1}}}, {{0, 2, {1}}, {1, 3, {1}}}, {{3, 1, {1}}}});
  // Every schedule fixture.
  for (const auto& e : std::filesystem::directory_iterator(coq_test::fixtures())) {
    if (e.path().extension() != ".json") continue;
    try {
      auto f = schedcert::schedules::io::read_schedule_file(e.path().string());
      push("fixture/" + e.path().filename().string(), std::move(f.schedule));
    } catch (const InputError&) {
    }
  }
  return out;
}

// The booleans of the line(s) after "= [" in coqc's output of `Eval ... in map check [...]`.
std::vector<bool> parse_bools(const std::string& out) {
  std::vector<bool> v;
  const auto a = out.find("= [");
  if (a == std::string::npos) return v;
  const auto b = out.find(']', a);
  std::istringstream in(out.substr(a + 3, b - a - 3));
  std::string w;
  while (std::getline(in, w, ';')) {
    if (w.find("true") != std::string::npos) v.push_back(true);
    else if (w.find("false") != std::string::npos) v.push_back(false);
  }
  return v;
}

}  // namespace

TEST_CASE("coq differential: the Coq checker agrees with the native verifier on random schedules") {
  const coq_test::CoqDir& d = coq_test::coq_dir();
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<Case> cases = all_cases();
  const std::size_t kBatch = 150;
  std::uint64_t valid = 0, disagree = 0, runs = 0, first_differs = 0;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> by_problem;  // valid, invalid
  std::map<std::string, std::uint64_t> by_rule;  // native verdict: valid or its first rule
  for (std::size_t b0 = 0; b0 < cases.size(); b0 += kBatch) {
    const std::size_t b1 = std::min(cases.size(), b0 + kBatch);
    const std::string name = "diff" + std::to_string(b0 / kBatch);
    {
      std::ofstream v(d.dir / (name + ".v"));
      v << "From Schedcert Require Import Schedcert.\nFrom Coq Require Import List NArith String.\n"
           "Import ListNotations.\nOpen Scope string_scope.\nOpen Scope N_scope.\n\n";
      for (std::size_t k = b0; k < b1; ++k)
        v << "(* " << cases[k].label << " *)\nDefinition s" << k
          << " : schedule := " << schedcert::witnesses::coq_schedule_term(cases[k].schedule)
          << ".\n";
      v << "\nDefinition verdicts := map check [";
      for (std::size_t k = b0; k < b1; ++k) v << (k > b0 ? "; " : "") << "s" << k;
      v << "].\nDefinition expected := [";
      for (std::size_t k = b0; k < b1; ++k) v << (k > b0 ? "; " : "") << (cases[k].native_valid ? "true" : "false");
      v << "].\nEval vm_compute in verdicts.\n"
           "Example agree : verdicts = expected.\nProof. vm_compute. reflexivity. Qed.\n"
           "Eval vm_compute in map verdict [";
      for (std::size_t k = b0; k < b1; ++k) v << (k > b0 ? "; " : "") << "s" << k;
      v << "].\n";
    }
    const coq_test::Run r = d.coqc(name);
    ++runs;
    const std::vector<bool> got = parse_bools(r.out);
    INFO(name << ".v:\n" << r.out.substr(0, 2000));
    REQUIRE(got.size() == b1 - b0);
    const auto second = r.out.find("= [", r.out.find("= [") + 1);
    REQUIRE(second != std::string::npos);
    const std::vector<std::string> first = coq_test::parse_verdicts(r.out, second);
    REQUIRE(first.size() == b1 - b0);
    CHECK(r.code == 0);
    for (std::size_t k = b0; k < b1; ++k) {
      const Case& c = cases[k];
      auto& cnt = by_problem[to_string(c.schedule.problem().kind)];
      (c.native_valid ? cnt.first : cnt.second)++;
      if (c.native_valid) ++valid;
      const auto nv = verify_native(c.schedule);
      ++by_rule[nv.valid ? "valid" : schedcert::verifier::to_string(nv.violation->rule)];
      // The fast checker's first violation (rule, step, transmission) is the native one.
      const bool same_first = nv.valid ? first[k - b0] == "None"
                                       : coq_test::same_violation(first[k - b0], nv.violation->message);
      if (!same_first) {
        ++first_differs;
        if (first_differs <= 5)
          MESSAGE("FIRST VIOLATION DIFFERS on " << c.label << ": native "
                  << (nv.valid ? std::string("valid") : nv.violation->message) << ", coq "
                  << first[k - b0] << "\n" << to_json(c.schedule));
      }
      if (got[k - b0] != c.native_valid) {
        ++disagree;
        if (disagree <= 5)
          MESSAGE("COQ DISAGREEMENT on " << c.label << ": native "
                                         << std::string(c.native_valid ? "valid" : "invalid")
                                         << ", coq " << std::string(got[k - b0] ? "true" : "false")
                                         << "\n" << to_json(c.schedule));
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "[coq-differential] schedules " << cases.size() << " (valid " << valid
            << ", invalid " << cases.size() - valid << "), disagreements " << disagree
            << ", first violations differing " << first_differs
            << ", coqc runs " << runs << ", " << secs << " s\n[coq-differential] by problem (valid/invalid):";
  for (const auto& [k, c] : by_problem) std::cout << " " << k << "=" << c.first << "/" << c.second;
  std::cout << "\n[coq-differential] native verdicts:";
  for (const auto& [k, c] : by_rule) std::cout << " " << k << "=" << c;
  std::cout << "\n";
  CHECK(disagree == 0);
  CHECK(first_differs == 0);
  for (const char* rule : {"duplicate", "order", "causality", "port", "packet", "completion"}) {
    INFO(rule);
    CHECK(by_rule[rule] > 0);  // the sample exercises the rules the Coq checker must match
  }
  CHECK(cases.size() >= 300);
  for (const auto& entry : by_problem) {  // not a structured binding: clang 14 cannot capture one
    const auto& k = entry.first;
    const auto& c = entry.second;
    INFO(k);
    CHECK(c.first > 0);   // every problem has valid schedules ...
    CHECK(c.second > 0);  // ... and invalid ones in the sample
  }
}

}  // namespace schedcert_test_mutation_coq_differential_test
