// Mutation operators for the trust tests (issue 9): each turns a schedule (as editable steps)
// into a nearby schedule that is usually, not always, invalid. The verdict of a mutant is never
// predicted here: engines are compared with each other and with reference_check.hpp.
#pragma once
#include <random>
#include <string>
#include <vector>

#include "../encodings/smt_test_schedules.hpp"

namespace trust {

using smt_test::Steps;
using smt_test::Tx;

enum class Mutation {
  Drop, Duplicate, ShiftEarlier, ShiftLater, RedirectNeighbour, RedirectFar, SwapItems,
  MergePackets, ChangeModel, ItemOutOfRange, NodeOutOfRange, SwapSteps,
};
inline constexpr int kMutations = 12;

inline const char* mutation_name(Mutation m) {
  static const char* names[] = {"drop", "duplicate", "shift-earlier", "shift-later",
                                "redirect-neighbour", "redirect-far", "swap-items",
                                "merge-packets", "change-model", "item-out-of-range",
                                "node-out-of-range", "swap-steps"};
  return names[static_cast<int>(m)];
}

struct Mutant {
  Schedule schedule;
  Mutation kind;
};

// Position of a random transmission (step, index), or false when the schedule has none.
inline bool pick(const Steps& st, std::mt19937_64& rng, std::size_t& s, std::size_t& i) {
  std::size_t total = 0;
  for (const auto& x : st) total += x.size();
  if (total == 0) return false;
  std::size_t k = std::uniform_int_distribution<std::size_t>(0, total - 1)(rng);
  for (s = 0; k >= st[s].size(); ++s) k -= st[s].size();
  i = k;
  return true;
}

// One mutant of `base` of kind m; nullopt when m does not apply (e.g. no second transmission).
inline std::optional<Mutant> mutate(const Schedule& base, Mutation m, std::mt19937_64& rng) {
  Steps st = smt_test::steps_of(base);
  const Network& net = base.network();
  const Node n = net.num_nodes();
  Model model = base.model();
  std::size_t s = 0, i = 0, s2 = 0, i2 = 0;
  if (!pick(st, rng, s, i)) return std::nullopt;
  auto rnd = [&](std::uint64_t hi) { return std::uniform_int_distribution<std::uint64_t>(0, hi)(rng); };
  switch (m) {
    case Mutation::Drop: st[s].erase(st[s].begin() + static_cast<long>(i)); break;
    case Mutation::Duplicate: {
      const Tx t = st[s][i];
      st[s].insert(st[s].begin() + static_cast<long>(rnd(st[s].size())), t);
      break;
    }
    case Mutation::ShiftEarlier:
    case Mutation::ShiftLater: {
      const Tx t = st[s][i];
      if (m == Mutation::ShiftEarlier && s == 0) return std::nullopt;
      st[s].erase(st[s].begin() + static_cast<long>(i));
      const std::size_t d = m == Mutation::ShiftEarlier ? s - 1 : s + 1;
      if (d == st.size()) st.emplace_back();
      st[d].insert(st[d].begin() + static_cast<long>(rnd(st[d].size())), t);
      break;
    }
    case Mutation::RedirectNeighbour: {
      std::vector<Node> nb;
      net.for_each_neighbour(st[s][i].from, [&](Node w, int) {
        if (w != st[s][i].to) nb.push_back(w);
      });
      if (nb.empty()) return std::nullopt;
      st[s][i].to = nb[rnd(nb.size() - 1)];
      break;
    }
    case Mutation::RedirectFar: {
      const Node w = static_cast<Node>(rnd(n - 1));
      if (w == st[s][i].to) return std::nullopt;
      st[s][i].to = w;
      break;
    }
    case Mutation::SwapItems:
    case Mutation::MergePackets: {
      if (!pick(st, rng, s2, i2) || (s == s2 && i == i2)) return std::nullopt;
      if (m == Mutation::SwapItems) {
        if (st[s][i].packet == st[s2][i2].packet) return std::nullopt;
        std::swap(st[s][i].packet, st[s2][i2].packet);
      } else {
        auto& a = st[s][i].packet;
        const auto b = st[s2][i2].packet;
        a.insert(a.end(), b.begin(), b.end());
        st[s2].erase(st[s2].begin() + static_cast<long>(i2));
      }
      break;
    }
    case Mutation::ChangeModel: {
      const auto all = all_models();
      Model other = all[rnd(all.size() - 1)];
      if (other == model) return std::nullopt;
      model = other;
      break;
    }
    case Mutation::ItemOutOfRange:
      st[s][i].packet[rnd(st[s][i].packet.size() - 1)] =
          base.problem().num_items(n) + rnd(2);
      break;
    case Mutation::NodeOutOfRange:
      (rnd(1) ? st[s][i].from : st[s][i].to) = n + static_cast<Node>(rnd(3));
      break;
    case Mutation::SwapSteps: {
      if (st.size() < 2) return std::nullopt;
      const std::size_t a = rnd(st.size() - 2);
      std::swap(st[a], st[a + 1]);
      break;
    }
  }
  Schedule out = smt_test::build(net, model, base.problem(), st);
  return Mutant{std::move(out), m};
}

// The valid-looking base schedules: every registered construction, each model it supports,
// d = 2..3 (skipping parameters it rejects), plus the greedy schedules of smt_test_schedules.hpp
// for the small networks of the differential test.
struct Base {
  std::string label;
  Schedule schedule;
};

}  // namespace trust
