// The paths of the native verifier agree (finding F3, docs/trust.md). The compact path (per-node
// and per-item arrays over the touched nodes and items only) must give the same verdict, first
// violation, message and metrics as the bucket path, and the bitset path where it applies: on the
// schedule fixtures, on greedy valid schedules of every problem kind and model and their mutants
// (tests/mutation/mutants.hpp), and on random sparse schedules on networks with untouched nodes
// and items. The directed-link count from the factors equals the sum of the degrees.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "schedules/io/schedule_json.hpp"
#include "tests/fixture_list.hpp"
#include "tests/mutation/agreement.hpp"
#include "tests/mutation/mutants.hpp"
#include "verifier/native.hpp"
#include "verifier/native_detail.hpp"

namespace schedcert_test_verifier_native_paths_test {

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;
using schedcert::verifier::NativePath;
using schedcert::verifier::Verdict;
using schedcert::verifier::verify_native;

namespace {

struct Tally {
  std::uint64_t compared = 0, invalid = 0, completion = 0, disagree = 0;
};

std::string show(const Verdict& v) {
  return v.valid ? std::string("valid") : v.violation->message;
}

bool equal(const Verdict& a, const Verdict& b) {
  if (a.valid != b.valid) return false;
  if (a.metrics.max_link_load != b.metrics.max_link_load ||
      a.metrics.item_transmissions != b.metrics.item_transmissions ||
      a.metrics.directed_links != b.metrics.directed_links)
    return false;
  if (a.valid) return true;
  const auto &x = *a.violation, &y = *b.violation;
  return x.rule == y.rule && x.transmission == y.transmission && x.step == y.step &&
         x.item == y.item && x.node == y.node && x.from == y.from && x.to == y.to &&
         x.message == y.message;
}

// Compact vs buckets (and bitset when it applies); reports the first few differences.
void compare(const Schedule& s, Tally& t, const std::string& label) {
  const Verdict compact = verify_native(s, NativePath::Compact);
  const Verdict buckets = verify_native(s, NativePath::Buckets);
  bool ok = equal(compact, buckets);
  std::string bitset_text;
  const auto& p = s.problem();
  const std::uint64_t n = s.network().size();
  if (!p.combining() && !p.ordered() && n * p.num_items(n) <= (std::uint64_t{1} << 31)) {
    const Verdict bitset = verify_native(s, NativePath::Bitset);
    ok = ok && equal(compact, bitset);
    bitset_text = show(bitset);
  }
  ++t.compared;
  if (!buckets.valid) ++t.invalid;
  if (!buckets.valid && buckets.violation->rule == schedcert::verifier::Rule::Completion) ++t.completion;
  if (!ok) {
    ++t.disagree;
    if (t.disagree <= 5)
      MESSAGE("paths disagree on " << label << ": compact " << show(compact) << " | buckets "
                                   << show(buckets) << " | bitset " << bitset_text << "\n"
                                   << trust::to_json(s));
  }
}

Problem random_problem(std::mt19937_64& rng, Node n) {
  auto rnd = [&](std::uint64_t hi) { return std::uniform_int_distribution<std::uint64_t>(0, hi)(rng); };
  const auto kinds = all_problem_kinds();
  Problem p;
  p.kind = kinds[rnd(kinds.size() - 1)];
  p.root = static_cast<Node>(rnd(n - 1));
  if (p.kind == ProblemKind::SuccessiveBroadcast)
    for (std::uint64_t j = 0, m = 1 + rnd(4); j < m; ++j) p.sources.push_back(static_cast<Node>(rnd(n - 1)));
  if (p.kind != ProblemKind::Accumulation && p.kind != ProblemKind::MultinodeAccumulation &&
      p.kind != ProblemKind::SuccessiveBroadcast) {
    p.messages = static_cast<std::uint32_t>(1 + rnd(2));
    p.packet_items = static_cast<std::uint32_t>(1 + rnd(1));
  }
  return p;
}

// Few transmissions on a network much larger than they cover: most senders really hold what
// they send (exact holdings, tracked step by step), so completion failures on untouched items
// and nodes are frequent, and every other rule still occurs.
Schedule random_sparse(std::mt19937_64& rng) {
  static const char* const kNets[] = {"Q2", "Q3", "Q5", "C3xC3", "P3xK2", "K4", "C5xP3", "Q2xC3"};
  auto rnd = [&](std::uint64_t hi) { return std::uniform_int_distribution<std::uint64_t>(0, hi)(rng); };
  const Network net = Network::parse(kNets[rnd(7)]);
  const Node n = net.num_nodes();
  const auto models = all_models();
  const Model model = rnd(2) == 0 ? models[rnd(models.size() - 1)] : Model::AllPort;
  Problem prob = random_problem(rng, n);
  prob.validate(net);
  const std::uint64_t items = prob.num_items(n);
  std::set<std::pair<Node, Item>> has;
  for (Item i = 0; i < items; ++i) has.insert({prob.origin(i, n), i});
  Schedule s(net, model, prob);
  for (std::uint64_t st = 0, steps = rnd(6); st < steps; ++st) {
    s.begin_step();
    std::vector<std::pair<Node, Item>> got;
    for (std::uint64_t t = 0, m = rnd(4); t < m; ++t) {
      Node f;
      std::vector<Item> pk;
      if (rnd(4) != 0) {  // a real holding
        auto it = has.begin();
        std::advance(it, static_cast<long>(rnd(has.size() - 1)));
        f = it->first;
        pk.push_back(it->second);
        if (rnd(6) == 0) pk.push_back(rnd(items));
      } else {
        f = static_cast<Node>(rnd(n - 1));
        pk.push_back(rnd(items));
      }
      std::vector<Node> nb;
      net.for_each_neighbour(f, [&](Node w, int) { nb.push_back(w); });
      const Node to = rnd(12) == 0 ? static_cast<Node>(rnd(n)) : nb[rnd(nb.size() - 1)];
      s.add(f, to, std::span<const Item>(pk));
      for (Item i : pk) got.push_back({to, i});
    }
    for (auto g : got) has.insert(g);
  }
  return s;
}

}  // namespace

TEST_CASE("native paths: compact = buckets = bitset on every schedule fixture") {
  Tally t;
  for (const auto& path : schedcert::tests::schedule_fixture_paths()) {
    ScheduleFile f = read_schedule_file(path);
    compare(f.schedule, t, path);
  }
  MESSAGE("fixtures: " << t.compared << " compared, " << t.invalid << " invalid");
  CHECK(t.compared >= 30);
  CHECK(t.disagree == 0);
}

TEST_CASE("native paths: compact = buckets on greedy schedules and their mutants") {
  Tally t;
  std::mt19937_64 rng(9031);
  for (const char* spec : {"Q2", "Q3", "C3xC3", "P3xK2", "K4"}) {
    const Network net = Network::parse(spec);
    for (Model m : all_models())
      for (ProblemKind k : all_problem_kinds()) {
        Problem prob;
        prob.kind = k;
        prob.root = 1;
        if (k == ProblemKind::SuccessiveBroadcast) prob.sources = {1, 0, 2};
        if (k == ProblemKind::Scatter || k == ProblemKind::TotalExchange) prob.messages = 2;
        Schedule base(net, m, prob);
        try {
          base = smt_test::greedy(net, m, prob, 1);
        } catch (const schedcert::InputError&) {
          continue;
        }
        const std::string label = std::string(spec) + "/" + to_string(m) + "/" + to_string(k);
        compare(base, t, label);
        for (int kind = 0; kind < trust::kMutations; ++kind)
          for (int r = 0; r < 4; ++r)
            if (auto mu = trust::mutate(base, static_cast<trust::Mutation>(kind), rng))
              compare(mu->schedule, t, label + "/" + trust::mutation_name(mu->kind));
      }
  }
  MESSAGE("greedy + mutants: " << t.compared << " compared, " << t.invalid << " invalid, "
                               << t.completion << " completion");
  CHECK(t.compared > 1000);
  CHECK(t.disagree == 0);
}

TEST_CASE("native paths: compact = buckets = bitset on random sparse schedules") {
  Tally t;
  std::mt19937_64 rng(20261122);
  for (int r = 0; r < 6000; ++r) compare(random_sparse(rng), t, "random #" + std::to_string(r));
  MESSAGE("random sparse: " << t.compared << " compared, " << t.invalid << " invalid, "
                            << t.completion << " completion");
  CHECK(t.completion > 500);
  CHECK(t.disagree == 0);
}

TEST_CASE("native paths: directed links from the factors = sum of degrees") {
  for (const char* spec : {"Q1", "Q4", "C3", "C5", "P2", "P4", "K2", "K5", "C3xC3", "C5xP4xK3",
                           "P3xK2", "Q2xC3", "P2xP3xP4", "C3^3", "K1", "P1", "C2"}) {
    std::optional<Network> parsed;
    try {
      parsed = Network::parse(spec);
    } catch (const schedcert::InputError&) {
      continue;
    }
    const Network& net = *parsed;
    std::uint64_t sum = 0;
    for (Node v = 0; v < net.size(); ++v) sum += net.degree(v);
    INFO(spec);
    CHECK(schedcert::verifier::detail::directed_links(net) == sum);
  }
  CHECK(schedcert::verifier::detail::directed_links(Network::parse("Q31")) == 31ull << 31);
}

}  // namespace schedcert_test_verifier_native_paths_test
