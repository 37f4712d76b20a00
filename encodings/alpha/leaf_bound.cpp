// The certified leaf bound (issue 19: "use the best certified value"): for Q_d with a small d,
// alpha(d) (the most leaves of a spanning tree) computed by search_alpha and trusted only when its
// UNSAT certificate checked twice (DRAT by our checker, the LRAT by the checker proved in Coq).
// Desprez et al. 1993 Prop. 2 and the exclusive-model arguments of verifier/bounds_*.cpp take any
// upper bound on the leaves; the exact alpha makes them as strong as the paper states them.
#include "encodings/alpha/leaf_bound.hpp"

#include <map>
#include <mutex>

#include "encodings/alpha/alpha.hpp"

namespace schedcert::encodings::alpha {

std::optional<verifier::LeafBound> certified_leaf_bound(const schedules::Network& net) {
  if (!net.is_hypercube() || net.dims() < 2 || net.dims() > kCertifiedAlphaMaxDim) return std::nullopt;
  static std::mutex m;
  static std::map<int, std::optional<verifier::LeafBound>> cache;  // per d, for the process
  const std::lock_guard<std::mutex> lock(m);
  const int d = net.dims();
  if (const auto it = cache.find(d); it != cache.end()) return it->second;
  AlphaOptions o;
  o.d = d;
  o.timeout_s = 60;
  o.check_proof = true;
  const AlphaResult r = search_alpha(o);
  std::optional<verifier::LeafBound> out;
  if (r.alpha && r.proof_checked && r.lrat_verified)
    out = verifier::LeafBound{
        *r.alpha, "every spanning tree of " + net.name() + " has at most alpha(" + std::to_string(d) +
                      ") = " + std::to_string(*r.alpha) + " leaves (schedcert search alpha: no connected "
                      "dominating set of " + std::to_string(net.size() - *r.alpha - 1) +
                      " nodes, UNSAT with its DRAT and LRAT proofs checked)"};
  cache.emplace(d, out);
  return out;
}

std::uint64_t best_leaf_bound(const schedules::Network& net) {
  const std::uint64_t degree = verifier::max_leaves_upper_bound(net);
  const auto certified = certified_leaf_bound(net);
  return certified ? std::min(certified->value, degree) : degree;
}

verifier::LowerBounds best_lower_bounds(const schedules::Network& net, schedules::Model model,
                                        const schedules::Problem& p) {
  // Only the exclusive models' arguments use the leaves; elsewhere no solver is run.
  const bool exclusive = model == schedules::Model::ShoutWhisper || model == schedules::Model::SinglePortHalf;
  if (exclusive) {
    p.validate(net);
    if (const auto leaves = certified_leaf_bound(net);
        leaves && leaves->value < verifier::max_leaves_upper_bound(net))
      return verifier::lower_bounds(net, model, p, *leaves);
  }
  return verifier::lower_bounds(net, model, p);
}

}  // namespace schedcert::encodings::alpha
