// Stabiliser symmetry breaking (design note and soundness argument in synth_symmetry.hpp).
#include "encodings/synth_symmetry.hpp"

#include <map>
#include <utility>

namespace schedcert::encodings::synth {

using schedules::FactorKind;

std::string add_stabilizer_rules(Formula& f, const Topology& topo, Node anchor,
                                 const std::function<Lit(Node)>& activity,
                                 bool value_permutations) {
  const Network& net = topo.net();
  const int dims = net.dims();
  // a[k][delta-index]: activity of the anchor's neighbours in dimension k, in offset order.
  std::vector<std::vector<Lit>> a(static_cast<std::size_t>(dims));
  std::vector<bool> usable(static_cast<std::size_t>(dims), false);
  std::string desc;
  auto note = [&](const std::string& s) { desc += (desc.empty() ? "" : "; ") + s; };
  for (int k = 0; k < dims; ++k) {
    const auto& fa = net.factors()[static_cast<std::size_t>(k)];
    const std::uint32_t base = net.digit(anchor, k);
    auto neighbour = [&](std::uint32_t delta) {
      return net.with_digit(anchor, k, (base + delta) % fa.size);
    };
    auto& ak = a[static_cast<std::size_t>(k)];
    switch (fa.kind) {
      case FactorKind::K2:
        ak.push_back(activity(neighbour(1)));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Ring:
        ak.push_back(activity(neighbour(1)));
        ak.push_back(activity(neighbour(fa.size - 1)));
        f.implies(ak[1], ak[0]);
        note("reflection in dim " + std::to_string(k));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Complete:
        if (!value_permutations) break;
        for (std::uint32_t d = 1; d < fa.size; ++d) ak.push_back(activity(neighbour(d)));
        for (std::size_t j = 0; j + 1 < ak.size(); ++j) f.implies(ak[j + 1], ak[j]);
        note("value permutation in dim " + std::to_string(k));
        usable[static_cast<std::size_t>(k)] = true;
        break;
      case FactorKind::Path:
      case FactorKind::Graph: break;  // no rotation or value permutation known to be a symmetry
    }
  }
  // Permutations of identical factors: consecutive usable dims of one (kind, size) class.
  std::map<std::pair<int, std::uint32_t>, std::vector<int>> classes;
  for (int k = 0; k < dims; ++k)
    if (usable[static_cast<std::size_t>(k)]) {
      const auto& fa = net.factors()[static_cast<std::size_t>(k)];
      classes[{static_cast<int>(fa.kind), fa.size}].push_back(k);
    }
  for (const auto& [key, ks] : classes) {
    if (ks.size() < 2) continue;
    for (std::size_t j = 0; j + 1 < ks.size(); ++j) {
      const auto& hi = a[static_cast<std::size_t>(ks[j])];
      const auto& lo = a[static_cast<std::size_t>(ks[j + 1])];
      for (std::size_t p = 0; p < hi.size(); ++p) f.implies(lo[p], hi[p]);
    }
    std::string list;
    for (int k : ks) list += (list.empty() ? "" : ",") + std::to_string(k);
    note("dims {" + list + "} sorted by step-1 use");
  }
  if (!desc.empty()) desc = "anchor " + std::to_string(anchor) + ": " + desc;
  return desc;
}

}  // namespace schedcert::encodings::synth
