// Lower bounds on time (see time_bounds.hpp; proofs in docs/cost-model.md "Lower bound").
// Cuts are evaluated from a membership vector in O(links); the crossing bytes of a cut depend
// only on |S|, whether the root is in S and how many successive-broadcast sources are, so each
// cut costs one pass over the links of S.
#include "verifier/time_bounds.hpp"

#include <algorithm>
#include <cmath>

#include "schedules/units.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::verifier {

using schedules::Model;
using schedules::Node;
using schedules::ProblemKind;

namespace {

constexpr std::uint64_t kCutPassNodes = 1u << 20;  // halves and node cuts up to this size

struct CutShape {
  std::uint64_t inside = 0;  // |S|
  bool root_in = false;
  std::uint64_t sources_in = 0;  // successive broadcast: broadcasts whose source is in S
};

// Bytes that must cross from S to the rest, as a fraction of the size S.
double crossing_fraction(const schedules::Problem& p, std::uint64_t n, const CutShape& c) {
  const double N = static_cast<double>(n), s = static_cast<double>(c.inside),
               o = static_cast<double>(n - c.inside);
  if (c.inside == 0 || c.inside == n) return 0;
  switch (p.kind) {
    case ProblemKind::Broadcast: return c.root_in ? 1 : 0;
    case ProblemKind::Scatter: return c.root_in ? o / N : 0;
    case ProblemKind::Gather: return c.root_in ? 0 : s / N;
    case ProblemKind::MultinodeBroadcast: return s / N;
    case ProblemKind::TotalExchange: return s * o / N;
    case ProblemKind::SuccessiveBroadcast: return static_cast<double>(c.sources_in);
    case ProblemKind::Accumulation: return c.root_in ? 0 : 1;
    case ProblemKind::MultinodeAccumulation: return o / N;
    case ProblemKind::Allreduce: return 1;
  }
  return 0;
}

std::string fraction_text(double f) {
  return f == 1 ? "the whole size" : schedules::format_sig3(f) + " x the size";
}

}  // namespace

TimeBounds::TimeBounds(const LinkTimes& L, const TimeBoundInput& in, Timing t)
    : links_(L), in_(in), timing_(t) {
  const auto& net = L.network();
  const auto& p = in.problem;
  const std::uint64_t n = net.num_nodes();
  const Model model = in.model;
  // Chain: the largest distance an item must travel.
  switch (p.kind) {
    case ProblemKind::Broadcast:
    case ProblemKind::Scatter:
      hops_ = net.eccentricity(p.root);
      hops_why_ = "the root's eccentricity";
      break;
    case ProblemKind::Gather:
    case ProblemKind::Accumulation:
      if (net.directed()) {
        for (Node v = 0; v < n; ++v) hops_ = std::max<std::uint64_t>(hops_, net.distance(v, p.root));
      } else {
        hops_ = net.eccentricity(p.root);
      }
      hops_why_ = "the largest distance to the root";
      break;
    case ProblemKind::SuccessiveBroadcast:
      for (Node s : p.sources) hops_ = std::max<std::uint64_t>(hops_, net.eccentricity(s));
      hops_why_ = "the largest eccentricity of a source";
      break;
    default:
      hops_ = net.diameter();
      hops_why_ = "the diameter";
  }
  hop_fraction_ = item_bytes(p, n, 1.0);

  // Cuts.
  const bool single = model != Model::AllPort;
  const bool shared_port = model == Model::SinglePortHalf || model == Model::ShoutWhisper;
  auto sources_at = [&](Node v) {
    return static_cast<std::uint64_t>(std::count(p.sources.begin(), p.sources.end(), v));
  };
  auto consider = [&](double fraction, double capacity, const std::string& what) {
    if (fraction <= 0 || capacity <= 0) return;
    const double r = fraction / capacity;
    if (r > cut_ratio_) {
      cut_ratio_ = r;
      cut_why_ = what + ": " + fraction_text(fraction) + " must cross it at " +
                 schedules::eng_bandwidth(capacity);
    }
  };
  if (n <= kCutPassNodes) {
    // Node cuts: sums and maxima of in- and out-capacities per node.
    std::vector<double> out_sum(n, 0), out_max(n, 0), in_sum(n, 0), in_max(n, 0);
    for (Node u = 0; u < n; ++u)
      net.for_each_neighbour(u, [&](Node v, int dim) {
        const double c = L.capacity(u, v, dim);
        out_sum[u] += c;
        out_max[u] = std::max(out_max[u], c);
        in_sum[v] += c;
        in_max[v] = std::max(in_max[v], c);
      });
    const std::uint64_t total_sources = p.sources.size();
    for (Node v = 0; v < n; ++v) {
      const CutShape out{1, p.has_root() && p.root == v, sources_at(v)};
      const CutShape inn{n - 1, !(p.has_root() && p.root == v), total_sources - sources_at(v)};
      const double fo = crossing_fraction(p, n, out), fi = crossing_fraction(p, n, inn);
      const std::string node = "node " + std::to_string(v);
      consider(fo, single ? out_max[v] : out_sum[v], "the links out of " + node);
      consider(fi, single ? in_max[v] : in_sum[v], "the links into " + node);
      if (shared_port) consider(fo + fi, std::max(out_max[v], in_max[v]), "the one port of " + node + " (sends and receives)");
    }
    // A general cut S given by membership.
    std::vector<char> in_s(n, 0);
    std::vector<double> recv_max(n, 0);
    auto cut = [&](const std::string& what) {
      CutShape c;
      double all = 0, send_side = 0;
      std::fill(recv_max.begin(), recv_max.end(), 0.0);
      for (Node u = 0; u < n; ++u) {
        if (!in_s[u]) continue;
        ++c.inside;
        if (p.has_root() && p.root == u) c.root_in = true;
        if (!p.sources.empty()) c.sources_in += sources_at(u);
        double mx = 0;
        net.for_each_neighbour(u, [&](Node v, int dim) {
          if (in_s[v]) return;
          const double cap = L.capacity(u, v, dim);
          all += cap;
          mx = std::max(mx, cap);
          recv_max[v] = std::max(recv_max[v], cap);
        });
        send_side += mx;
      }
      double capacity = all;
      if (single) {
        double recv_side = 0;
        for (Node v = 0; v < n; ++v) recv_side += recv_max[v];
        capacity = std::min({all, send_side, recv_side});
      }
      consider(crossing_fraction(p, n, c), capacity, what);
      // The reverse direction is the complement's cut, tried when the complement is tried.
    };
    if (n <= kAllCutsNodes) {
      for (std::uint64_t mask = 1; mask + 1 < (std::uint64_t{1} << n); ++mask) {
        std::string members;
        for (Node u = 0; u < n; ++u) {
          in_s[u] = static_cast<char>((mask >> u) & 1);
          if (in_s[u]) members += (members.empty() ? "" : ",") + std::to_string(u);
        }
        cut("the cut S = {" + members + "}");
      }
    } else {
      for (int d = 0; d < net.dims(); ++d) {
        const std::uint32_t half = net.factors()[static_cast<std::size_t>(d)].size / 2;
        for (int side = 0; side < 2; ++side) {
          for (Node u = 0; u < n; ++u) in_s[u] = static_cast<char>((net.digit(u, d) < half) != (side == 1));
          cut(std::string("the ") + (side ? "upper" : "lower") + " half of dimension " + std::to_string(d));
        }
      }
    }
  }
}

TimeBound TimeBounds::at(double size) const {
  TimeBound b;
  const double amin = links_.min_latency(), cmax = links_.max_capacity();
  const double hop = amin + hop_fraction_ * size / cmax;
  const double chain = static_cast<double>(hops_) * hop;
  const double cut = cut_ratio_ * size;
  const std::string chain_why = std::to_string(hops_) + (hops_ == 1 ? " hop (" : " hops (") + hops_why_ + ") of at least " +
                                schedules::eng_seconds(hop) + " each (least latency " +
                                schedules::eng_seconds(amin) + " + one item of " +
                                schedules::eng_bytes(hop_fraction_ * size) + " at the largest capacity " +
                                schedules::eng_bandwidth(cmax) + ")";
  b.bandwidth_part = cut;
  b.bandwidth_argument = cut_why_.empty() ? "no cut argument" : cut_why_;
  if (timing_ == Timing::Synchronised) {
    const double steps = static_cast<double>(in_.step_lower_bound) * amin;
    if (steps >= chain) {
      b.latency_part = steps;
      b.latency_argument = std::to_string(in_.step_lower_bound) + " steps (" + in_.step_argument +
                           ") of at least the least latency " + schedules::eng_seconds(amin);
    } else {
      b.latency_part = chain;
      b.latency_argument = chain_why;
    }
    b.seconds = std::max(chain, steps + cut);
  } else {
    b.latency_part = chain;
    b.latency_argument = chain_why;
    b.seconds = std::max(chain, cut);
  }
  return b;
}

}  // namespace schedcert::verifier
