// First-arrival trees of constructions (extract.hpp has the design note).
#include "encodings/tree/extract.hpp"

#include "schedules/error.hpp"
#include "schedules/registry.hpp"

namespace schedcert::encodings::tree {

RootedTree tree_of_schedule(const schedules::Schedule& s) {
  using schedules::ProblemKind;
  const auto& pr = s.problem();
  if (pr.kind != ProblemKind::Broadcast && pr.kind != ProblemKind::Scatter)
    throw InputError("--than: the schedule solves " + pr.describe() +
                     ", not a single-node broadcast or scatter");
  const Network& net = s.network();
  const Node n = net.num_nodes();
  const bool scatter = pr.kind == ProblemKind::Scatter;
  RootedTree t{pr.root, std::vector<Node>(n, kNoParent)};
  std::vector<bool> done(n, false);
  done[pr.root] = true;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t x = s.step_begin(k); x < s.step_end(k); ++x) {
      const Node v = s.to(x);
      if (v >= n || done[v]) continue;
      bool counts = !scatter;
      if (scatter)
        for (schedules::Item i : s.packet(x))
          if (pr.target(i, n) == v) counts = true;
      if (!counts) continue;
      done[v] = true;
      t.parent[v] = s.from(x);
    }
  std::string why;
  if (!check_tree(net, t, &why))
    throw InputError("--than: the arrivals of " + s.provenance().construction +
                     " do not form a spanning tree: " + why);
  return t;
}

RootedTree tree_of_construction(const std::string& name, const Network& net, Node root,
                                const std::string& variant) {
  const auto& c = schedules::Registry::instance().find(name);
  schedules::Params p;
  p.dim = net.dims();
  // Only what the construction takes (it refuses the rest); a root it cannot take is refused.
  if (!net.is_hypercube() && !net.factors().empty() && takes_option(c, "--radix"))
    p.radix = static_cast<int>(net.factors()[0].size);
  if (takes_option(c, "--network")) p.network = net.name();
  p.root = root;
  p.model = c.models.front();
  p.variant = variant;
  if (c.problem != schedules::ProblemKind::Broadcast && c.problem != schedules::ProblemKind::Scatter)
    throw InputError("--than: construction " + name + " solves " + to_string(c.problem) +
                     ", not a single-node broadcast or scatter");
  const schedules::Schedule s = schedules::generate(c, p);
  if (s.network().name() != net.name())
    throw InputError("--than: construction " + name + " builds a schedule on " + s.network().name() +
                     ", not on " + net.name());
  if (s.problem().root != root)
    throw InputError("--than: construction " + name + " ignored --root " + std::to_string(root));
  return tree_of_schedule(s);
}

}  // namespace schedcert::encodings::tree
